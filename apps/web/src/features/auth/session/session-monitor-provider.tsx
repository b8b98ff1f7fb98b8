/**
 * `SessionMonitorProvider`: the session monitor (spec s.4 "Session tiers") for whoever is signed in. It is
 * the root route's element (app/router.tsx), so it sits inside the router and sees every route change, and
 * it wraps every layout.
 *
 * It never fetches `GET /api/me` itself: it only watches the cached `me` (which the guards, the header and
 * sign-in fill). With nobody signed in, on /login, /setup or the public pages before anyone signs in,
 * nothing runs and the monitor's code is not even downloaded. Once `me` holds a user, the monitor
 * (`session-monitor.tsx`, lazy) starts with the session's issue time; when `me` turns null it stops.
 *
 * The monitor is rendered beside the page, never around it, so mounting it (and loading its code) does not
 * remount the page; it hands its state and actions up here, to the two contexts of `session-context.ts`.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SessionMonitorState } from '@tend/contracts/session-monitor';
import { meQueryOptions } from '../../../lib/me.ts';
import { reportClientError } from '../../../lib/client-log.ts';
import {
  SessionMonitorActionsContext,
  SessionMonitorStateContext,
  type SessionMonitorActions,
} from './session-context.ts';

const SessionMonitor = lazy(() =>
  import('./session-monitor.tsx').then((m) => ({ default: m.SessionMonitor })),
);

/** The cached actor, without ever starting a request (a disabled observer of the `me` query). */
function useCachedMe() {
  return useQuery({ ...meQueryOptions(), enabled: false }).data;
}

/** The session's issue time in epoch ms, or null when absent or not a valid instant. */
export function issuedAtMs(issuedAt: string | undefined): number | null {
  if (!issuedAt) return null;
  const ms = Date.parse(issuedAt);
  return Number.isFinite(ms) ? ms : null;
}

export function SessionMonitorProvider({ children }: { children: ReactNode }) {
  const actor = useCachedMe();
  const [state, setState] = useState<SessionMonitorState | null>(null);
  const [actions, setActions] = useState<SessionMonitorActions | null>(null);
  const issuedAt = issuedAtMs(actor?.session.issuedAt);
  // Spec s.8 "failed session initialisation" (logged only): a signed-in actor whose session has no usable issue time.
  const initFailed = Boolean(actor) && issuedAt === null;
  useEffect(() => {
    if (initFailed)
      reportClientError('session_init_failed', 'The session monitor could not start: no issue time');
  }, [initFailed]);

  return (
    <SessionMonitorActionsContext.Provider value={actions}>
      <SessionMonitorStateContext.Provider value={state}>
        {children}
        {actor && issuedAt !== null && (
          <Suspense fallback={null}>
            <SessionMonitor
              key={actor.userAccountId}
              issuedAt={issuedAt}
              serverTier={actor.session.tier}
              onState={setState}
              onActions={setActions}
            />
          </Suspense>
        )}
      </SessionMonitorStateContext.Provider>
    </SessionMonitorActionsContext.Provider>
  );
}
