/**
 * Google sign-in and linked identities (issue 4 "Accounts"; docs/google-sign-in.md), on better-auth's endpoints:
 * - `POST /api/auth/sign-in/social` `{ provider: 'google', callbackURL, errorCallbackURL }` answers
 *   `{ url }` (Google's authorization URL with PKCE and state), which the browser follows;
 * - `GET /api/auth/list-accounts` lists the signed-in account's identities (`providerId`: credential, google…);
 * - `POST /api/auth/unlink-account` `{ accountId }` removes one (the last one is refused);
 * - `POST /api/auth/link-social` `{ provider: 'google', callbackURL, errorCallbackURL }` (signed in) answers Google's
 *   URL for linking a Google account; Google comes back to `/account` (`?linked=google`, or `?error=<code>`).
 * Errors are `ApiError` with the words of identity-errors.ts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Identity } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { identityErrorMessage } from '../identity-errors.ts';
import { authRequest } from './auth-client.ts';

export type { Identity };

const identitiesKey = ['auth', 'identities'] as const;

/** {@link authRequest} with the words of identity-errors.ts for its error codes. */
const authFetch = (path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}) =>
  authRequest(path, init, identityErrorMessage);

/**
 * Starts "Continue with Google": asks better-auth for Google's URL and goes there. Google comes back through
 * better-auth to `/auth/callback` (with `redirect` = `returnTo`, a same-origin path, when given).
 */
export async function startGoogleSignIn(returnTo: string | null): Promise<void> {
  const callbackURL = returnTo ? `/auth/callback?redirect=${encodeURIComponent(returnTo)}` : '/auth/callback';
  const answer = await authFetch('/sign-in/social', {
    body: { provider: 'google', callbackURL, errorCallbackURL: '/auth/callback' },
  });
  const url = answer.url;
  if (typeof url !== 'string')
    throw new ApiError(500, 'NO_URL', identityErrorMessage('no_url'), undefined, []);
  window.location.assign(url);
}

/** `useMutation` around `startGoogleSignIn`. */
export function useGoogleSignIn() {
  return useMutation({ mutationFn: startGoogleSignIn });
}

/** The signed-in account's identities (ways to sign in), oldest first. */
export function useIdentities() {
  return useQuery({
    queryKey: identitiesKey,
    // The schema loads on use: the sign-in page imports this file for "Continue with Google" and stays zod-free.
    queryFn: async () =>
      (await import('@tend/contracts')).signInIdentityList.parse(
        await authFetch('/list-accounts', { method: 'GET' }),
      ),
  });
}

/** Removes one identity; refreshes the list. The last one is refused (`FAILED_TO_UNLINK_LAST_ACCOUNT`). */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => authFetch('/unlink-account', { body: { accountId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: identitiesKey }),
  });
}

/** Where "Link Google account" comes back to: `/account?linked=google` through `/auth/callback`. */
export const GOOGLE_LINK_CALLBACK = `/auth/callback?redirect=${encodeURIComponent('/account?linked=google')}`;
/** Where a failed link comes back to: `/account?error=<code>` (words from `googleLinkErrorMessage`). */
export const GOOGLE_LINK_ERROR_CALLBACK = '/account';

/**
 * Starts "Link Google account" on `/account` (docs/google-sign-in.md): asks better-auth for Google's URL (signed in
 * only) and goes there. Only a Google account with the same verified email as the Tend account can be linked.
 */
export async function startGoogleLink(): Promise<void> {
  const answer = await authFetch('/link-social', {
    body: {
      provider: 'google',
      callbackURL: GOOGLE_LINK_CALLBACK,
      errorCallbackURL: GOOGLE_LINK_ERROR_CALLBACK,
      disableRedirect: true,
    },
  });
  const url = answer.url;
  if (typeof url !== 'string')
    throw new ApiError(500, 'NO_URL', identityErrorMessage('no_url'), undefined, []);
  window.location.assign(url);
}

/** `useMutation` around `startGoogleLink`. */
export function useLinkGoogle() {
  return useMutation({ mutationFn: startGoogleLink });
}
