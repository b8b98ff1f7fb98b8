/**
 * Sign-out (`POST /api/auth/sign-out`). With the session monitor running (anyone signed in, spec s.4), it is
 * the monitor's logout sequence: store the reason, tell the other tabs (they go to
 * `/login?reason=session_expired_other_tab`), clear the session storage, sign out, go to
 * `/login?reason=<reason>&redirect=<this page>`, drop every cached query (no PHI left in memory) and `me`.
 * Before the monitor's code has loaded: the same without the other tabs. Deleting the session also ends every API
 * token family minted from it (a database trigger, decision 0039), so a script's bearer token stops with it.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LogoutReason } from '@tend/contracts/session-tiers';
import { authPost } from './auth-client.ts';
import { meQueryKey } from '../../../lib/me.ts';
import { useSessionMonitorActions } from '../session/session-context.ts';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const monitor = useSessionMonitorActions();
  return useCallback(
    async (reason: LogoutReason = 'manual_logout') => {
      if (monitor) {
        await monitor.logout(reason);
        return;
      }
      try {
        await authPost('/sign-out');
      } catch {
        // The server may be unreachable; the local state is cleared anyway and the cookie expires.
      }
      // flushSync: the guarded page must be gone before `me` turns null, or its guard would redirect
      // to /login?redirect=… instead.
      await navigate(`/login?reason=${reason}`, { replace: true, flushSync: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    [monitor, navigate, queryClient],
  );
}
