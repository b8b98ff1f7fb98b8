/**
 * The activity heartbeat (docs/decisions/0009-mfa.md): the server measures inactivity from authenticated API
 * requests, so while the user is active on a page that makes none (reading, typing a long note), the monitor
 * tells it at most once a minute (`POST /api/session/activity`). A session the server has already ended stays
 * ended: the 401 carries the reason, which is recorded, and `me` is refreshed so the route guard sends the user
 * to `/login?reason=…&redirect=…`.
 */
import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../../lib/me.ts';
import { recordSessionEnd } from '../../../lib/session-end.ts';

/** At most one heartbeat per minute: the server writes activity at most that often anyway. */
export const HEARTBEAT_INTERVAL_MS = 60_000;

/** Sends one heartbeat; on 401 records the server's reason and refreshes `me`. Network errors are ignored. */
export async function sendHeartbeat(queryClient: QueryClient): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/session/activity', {
      method: 'POST',
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    return; // Offline: the next activity tries again.
  }
  if (response.status !== 401) return;
  try {
    recordSessionEnd(await response.json());
  } catch {
    // No JSON body: no reason to record.
  }
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
}
