/**
 * Access-link calls (issue 20; docs/access-links.md): opening a DASHBOARD link (better-auth's
 * `POST /api/auth/access-link/open`, which sets the session cookie and answers where to go) and asking for a new
 * link (contracts `accessLinkEndpoints.renewAccessLink`, the same answer whatever the token).
 */
import { useMutation } from '@tanstack/react-query';
import { accessLinkEndpoints as e, accessLinkOpened, type AccessLinkOpened } from '@tend/contracts';
import { ApiError, apiCall } from '../../../lib/api-client.ts';

/** Opens the link `token`: resolves where to go; rejects with an `ApiError` (400 for a refused link). */
export async function openAccessLink(token: string): Promise<AccessLinkOpened> {
  const response = await fetch('/api/auth/access-link/open', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ token }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const problem = (body ?? {}) as { code?: string; detail?: string };
    throw new ApiError(
      response.status,
      problem.code ?? 'UNKNOWN',
      problem.detail ?? 'refused',
      undefined,
      [],
    );
  }
  return accessLinkOpened.parse(body);
}

/** Opening the link (see {@link openAccessLink}). */
export const useOpenAccessLink = () => useMutation({ mutationFn: openAccessLink });

/** "Email me a new link" for the link `token`. */
export const useRenewAccessLink = () =>
  useMutation({ mutationFn: (token: string) => apiCall(e.renewAccessLink, { body: { token } }) });
