/**
 * The activity heartbeat (docs/decisions/0009-mfa.md): the server measures inactivity from authenticated API
 * requests, so while the user is active on a page that makes none (reading, typing a long note), the monitor
 * tells it at most once a minute (`POST /api/session/activity`). A session the server has already ended stays
 * ended: the 401 carries the reason, which is recorded, and `me` is refreshed so the route guard sends the user
 * to `/login?reason=…&redirect=…`.
 */
import type { QueryClient } from '@tanstack/react-query';
import { lazyEndpoint } from '@tend/contracts/endpoint';
import { ApiError, apiCall } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/me.ts';

/** At most one heartbeat per minute: the server writes activity at most that often anyway. */
export const HEARTBEAT_INTERVAL_MS = 60_000;

// Part of the app shell: the (empty) response schema loads with the request, zod stays out of /login.
const recordSessionActivity = lazyEndpoint({ method: 'POST', path: '/api/session/activity' }, () =>
  import('@tend/contracts').then((m) => m.authEndpoints.recordSessionActivity),
);

/**
 * Sends one heartbeat; on 401 (whose reason `apiCall` records) refreshes `me`. Other errors, and the
 * network failing after the client's retries, are ignored: the next activity tries again.
 */
export async function sendHeartbeat(queryClient: QueryClient): Promise<void> {
  try {
    await apiCall(recordSessionActivity);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401)
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }
}
