/**
 * Sign-out (`POST /api/auth/sign-out`): ends the session, goes to `/login?reason=manual_logout`,
 * drops every cached query (no PHI left in memory) and refetches `me`.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LogoutReason } from '@tend/contracts/session-tiers';
import { authPost } from './auth-client.ts';
import { meQueryKey } from '../../../lib/me.ts';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (reason: LogoutReason = 'manual_logout') => {
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
    [navigate, queryClient],
  );
}
