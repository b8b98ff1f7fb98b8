/**
 * Sign-up and the other ways in besides email + password (issue 4 "Accounts"; docs/decisions/0018-sign-up.md):
 * - `POST /api/sign-up` (contracts `signUpInput` → `signUpResult`): an email or phone number plus a password;
 * - email confirmation: `GET /api/auth/verify-email?token=…` (signs in), resend with
 *   `POST /api/auth/send-verification-email`;
 * - sign-in by emailed link: `POST /api/auth/sign-in/magic-link`, then `GET /api/auth/magic-link/verify?token=…`;
 * - phone: `POST /api/auth/sign-in/phone-number` (phone + password), `POST /api/auth/phone-number/send-otp` and
 *   `POST /api/auth/phone-number/verify` (the SMS code; signs in).
 * Each sign-in sends the return path (`x-tend-sign-in-path`) so a matchmaking sign-in starts relaxed. Errors are
 * `SignInError` with words for better-auth's codes, or `ApiError` from `/api/sign-up` (field errors included).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SignUpInput } from '@tend/contracts';
import { lazyEndpoint } from '@tend/contracts/endpoint';
import { apiCall } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/me.ts';
import { authPostJson, type BetterAuthError } from './auth-client.ts';
import { currentActor, SignInError, unreachable } from './sign-in.ts';

/** Words for the better-auth error codes met on these paths. */
const messages: Record<string, string> = {
  INVALID_OTP: 'That code is not right. Check the latest text message from Tend and try again.',
  OTP_EXPIRED: 'That code has expired (codes last 5 minutes). Send a new code.',
  TOO_MANY_ATTEMPTS: 'Too many wrong tries: that code no longer works. Send a new code.',
  INVALID_PHONE_NUMBER: 'Enter the phone number in international form, e.g. +15035550100.',
  INVALID_PHONE_NUMBER_OR_PASSWORD: 'The phone number or password is not right. Check them and try again.',
  PHONE_NUMBER_NOT_VERIFIED:
    'This phone number is not confirmed yet. We texted you a code: enter it below to confirm and sign in.',
  EMAIL_NOT_VERIFIED:
    'This email address is not confirmed yet. Open the link we emailed you, or send the email again.',
  FAILED_TO_CREATE_SESSION: 'This account cannot sign in. It may be deactivated; ask an administrator.',
};

function toError(error: BetterAuthError): SignInError {
  const code = error.code;
  const message =
    (code && messages[code]) ??
    (error.status === 429
      ? 'Too many attempts. Wait a few minutes and try again.'
      : (error.message ?? 'That did not work. Try again.'));
  return new SignInError(message, error.status, code);
}

/** The `x-tend-sign-in-path` header for a return path (none without one). */
const returnHeader = (returnTo?: string | null): Record<string, string> =>
  returnTo ? { 'x-tend-sign-in-path': returnTo } : {};

async function post(path: string, body: unknown, returnTo?: string | null) {
  let error: BetterAuthError | null;
  try {
    ({ error } = await authPostJson(path, body, returnHeader(returnTo)));
  } catch {
    throw unreachable();
  }
  if (error) throw toError(error);
}

// The result schema loads with the request: the sign-in page (which offers sign-up) stays zod-free.
const signUpEndpoint = lazyEndpoint({ method: 'POST', path: '/api/sign-up' }, () =>
  import('@tend/contracts').then((m) => m.signUpEndpoints.signUp),
);

/** Creates an account; resolves to how it is confirmed (`email` link or `sms` code). */
export function signUp(input: SignUpInput) {
  return apiCall(signUpEndpoint, { body: input });
}

/** Emails the confirmation link again (same answer whatever the email). */
export const resendConfirmation = (email: string) =>
  post('/send-verification-email', { email: email.trim() });

/** Emails a sign-in link (same answer whatever the email). */
export const requestMagicLink = (email: string) => post('/sign-in/magic-link', { email: email.trim() });

/** Texts a sign-in code (same answer whatever the number). */
export const requestPhoneCode = (phoneNumber: string) =>
  post('/phone-number/send-otp', { phoneNumber: phoneNumber.trim() });

/**
 * Opens a session from an emailed link (`kind` signup or magiclink): GETs better-auth's verify endpoint without
 * following redirects (better-auth answers a bad link with a redirect) and resolves to the actor.
 */
export async function openLink(kind: 'signup' | 'magiclink', token: string, returnTo?: string | null) {
  const path = kind === 'signup' ? '/verify-email' : '/magic-link/verify';
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}?token=${encodeURIComponent(token)}`, {
      headers: { accept: 'application/json', ...returnHeader(returnTo) },
      credentials: 'same-origin',
      redirect: 'manual',
    });
  } catch {
    throw unreachable();
  }
  if (!response.ok) {
    throw new SignInError(
      'This link does not work any more: it was used already, or it expired. Ask for a new one on the sign-in page.',
      response.status,
      'INVALID_TOKEN',
    );
  }
  return currentActor();
}

/** Signs in with phone + password; resolves to the actor. */
export async function signInWithPhone(input: {
  phoneNumber: string;
  password: string;
  returnTo?: string | null;
}): Promise<Me> {
  await post(
    '/sign-in/phone-number',
    { phoneNumber: input.phoneNumber.trim(), password: input.password },
    input.returnTo,
  );
  return currentActor();
}

/** Signs in (and confirms the number) with an SMS code; resolves to the actor. */
export async function signInWithPhoneCode(input: {
  phoneNumber: string;
  code: string;
  returnTo?: string | null;
}): Promise<Me> {
  await post(
    '/phone-number/verify',
    { phoneNumber: input.phoneNumber.trim(), code: input.code.trim() },
    input.returnTo,
  );
  return currentActor();
}

/** Wraps a sign-in function as a mutation that stores the actor as the `me` query's data (as `useSignIn`). */
function useSignInMutation<T>(fn: (input: T) => Promise<Me>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (actor) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, actor);
    },
  });
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
export const useRequestMagicLink = () => useMutation({ mutationFn: requestMagicLink });
export const useRequestPhoneCode = () => useMutation({ mutationFn: requestPhoneCode });
export const useOpenLink = () =>
  useSignInMutation((input: { kind: 'signup' | 'magiclink'; token: string }) =>
    openLink(input.kind, input.token),
  );
export const useSignInWithPhone = () => useSignInMutation(signInWithPhone);
export const useSignInWithPhoneCode = () => useSignInMutation(signInWithPhoneCode);
