/**
 * Email + password sign-in through better-auth (`POST /api/auth/sign-in/email`), then `GET /api/me`
 * for the actor. Errors: `SignInError` with better-auth's message (invalid credentials, deactivated
 * account, rate limit) or the network failure; `TwoFactorRequiredError` when the account has a TOTP factor and
 * the code step must follow (`verifyTotpSignIn`; docs/decisions/0009-mfa.md). The sign-in tells the server which
 * path it returns to (`x-tend-sign-in-path`) so a matchmaking sign-in starts in the relaxed tier.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SignInInput } from '@tend/contracts';
import { authPostJson, type BetterAuthError } from './auth-client.ts';
import { getMe, meQueryKey } from '../../../lib/me.ts';

export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

/** The password was right; the account has two-step verification, so a code from the app must follow. */
export class TwoFactorRequiredError extends SignInError {
  constructor() {
    super('Enter the 6-digit code from your authenticator app.', 200, 'TWO_FACTOR_REQUIRED');
    this.name = 'TwoFactorRequiredError';
  }
}

/** Words for the better-auth error codes a user can meet here. */
const signInMessages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'The email or password is not right. Check them and try again.',
  FAILED_TO_CREATE_SESSION: 'This account cannot sign in. It may be deactivated; ask an administrator.',
  EMAIL_NOT_VERIFIED:
    'This email address is not confirmed yet. Open the link we emailed you when you signed up, or send it again.',
  INVALID_CODE: 'That code is not right. Enter the current code from your authenticator app.',
  INVALID_TWO_FACTOR_COOKIE: 'The sign-in took too long. Enter your email and password again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Enter your email and password again.',
  ACCOUNT_TEMPORARILY_LOCKED:
    'Too many wrong codes: two-step verification is locked for a while. Try again later.',
};

function toSignInError(error: BetterAuthError): SignInError {
  const code = error.code;
  const message =
    (code && signInMessages[code]) ??
    (error.status === 429
      ? 'Too many attempts. Wait a minute and try again.'
      : (error.message ?? 'Sign-in failed. Try again.'));
  return new SignInError(message, error.status, code);
}

/** The error for a sign-in request that never reached the server. */
export const unreachable = () =>
  new SignInError('Tend could not be reached. Check your connection and try again.', 0, 'NETWORK');

/** Sign-in input plus the same-origin path the user returns to (decides the session's starting tier). */
export type SignInVariables = SignInInput & { returnTo?: string | null };

export async function signIn(input: SignInVariables): Promise<Me> {
  let answer: Awaited<ReturnType<typeof authPostJson>>;
  try {
    answer = await authPostJson(
      '/sign-in/email',
      { email: input.email, password: input.password },
      input.returnTo ? { 'x-tend-sign-in-path': input.returnTo } : {},
    );
  } catch {
    throw unreachable();
  }
  if (answer.error) throw toSignInError(answer.error);
  if (answer.data?.twoFactorRedirect === true) throw new TwoFactorRequiredError();
  return currentActor();
}

/**
 * The sign-in's second step: the TOTP code (or a backup code, 10 characters) for the pending sign-in whose
 * cookie the first step set. Resolves to the actor of the new aal2 session.
 */
export async function verifyTotpSignIn(code: string): Promise<Me> {
  const trimmed = code.replace(/\s+/g, '');
  const backup = !/^\d{6}$/.test(trimmed);
  let error: BetterAuthError | null;
  try {
    ({ error } = await authPostJson(backup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp', {
      code: trimmed,
    }));
  } catch {
    throw unreachable();
  }
  if (error) throw toSignInError(error);
  return currentActor();
}

/** The actor of the session just created (`GET /api/me`); errors when the browser did not keep the cookie. */
export async function currentActor(): Promise<Me> {
  const actor = await getMe();
  if (!actor)
    throw new SignInError(
      'Signed in, but the session was not kept. Allow cookies and try again.',
      401,
      undefined,
    );
  return actor;
}

/** Mutation that signs in and stores the actor as the `me` query's data. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (actor) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, actor);
    },
  });
}

/** Mutation for the sign-in's code step; stores the actor like `useSignIn`. */
export function useVerifyTotpSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotpSignIn,
    onSuccess: (actor) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, actor);
    },
  });
}
