import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { sendHeartbeat } from './heartbeat.ts';
import { SESSION_END_REASON_KEY } from '../../../lib/session-end.ts';
import { meQueryKey } from '../../../lib/me.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function stubFetch(response: () => Promise<Response>) {
  const fetchMock = vi.fn(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('sendHeartbeat (server-side inactivity, decision 0009)', () => {
  it('posts the activity and leaves a live session alone', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(new Response(null, { status: 204 })));
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await sendHeartbeat(client);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/session/activity',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin' }),
    );
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('on 401 records the server reason and refreshes me (the guard then goes to /login?reason=)', async () => {
    stubFetch(() =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 401, code: 'SESSION_EXPIRED', reason: 'absolute_timeout' }), {
          status: 401,
          headers: { 'content-type': 'application/problem+json' },
        }),
      ),
    );
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await sendHeartbeat(client);
    expect(sessionStorage.getItem(SESSION_END_REASON_KEY)).toBe('absolute_timeout');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: meQueryKey });
  });

  it('ignores a network failure', async () => {
    stubFetch(() => Promise.reject(new TypeError('offline')));
    await expect(sendHeartbeat(new QueryClient())).resolves.toBeUndefined();
    expect(sessionStorage.getItem(SESSION_END_REASON_KEY)).toBeNull();
  });
});
