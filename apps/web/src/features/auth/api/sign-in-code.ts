/**
 * Caregiver passwordless sign-in (spec issue 4; docs/decisions/0011-caregiver-otp.md) through better-auth's
 * email one-time-code endpoints: `POST /api/auth/email-otp/send-verification-otp` sends a 6-digit code (the
 * answer is the same whether or not the email belongs to an active caregiver), then
 * `POST /api/auth/sign-in/email-otp` signs in with it and `GET /api/me` gives the actor. Errors: `SignInError`
 * with words for better-auth's codes (wrong, expired or spent code, rate limit) or the network failure.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SignInCodeInput } from '@tend/contracts';
import { authPostJson, type BetterAuthError } from './auth-client.ts';
import { currentActor, SignInError, unreachable } from './sign-in.ts';
import { meQueryKey } from '../../../lib/me.ts';

/** How long a code works, in minutes (the server's SIGN_IN_CODE_TTL_S and PHONE_CODE_TTL_S: 5 min, decision 0011). */
export const SIGN_IN_CODE_MINUTES = 5;

/** Seconds before another code may be requested from the confirm page. */
export const RESEND_COOLDOWN_S = 30;

/** Words for the better-auth error codes of the code sign-in. */
const codeMessages: Record<string, string> = {
  INVALID_OTP: 'That code is not right. Check the latest email from Tend and try again.',
  OTP_EXPIRED: 'That code has expired (codes last 5 minutes). Send a new code.',
  TOO_MANY_ATTEMPTS: 'Too many wrong tries: that code no longer works. Send a new code.',
  FAILED_TO_CREATE_SESSION: 'This account cannot sign in. Ask your agency’s administrator.',
};

function toCodeError(error: BetterAuthError): SignInError {
  const code = error.code;
  const message =
    (code && codeMessages[code]) ??
    (error.status === 429
      ? 'Too many attempts. Wait a few minutes and try again.'
      : (error.message ?? 'Sign-in failed. Try again.'));
  return new SignInError(message, error.status, code);
}

/** Asks for a sign-in code for `email`. Resolves when the server accepted the request (not whether it sent one). */
export async function requestSignInCode(email: string): Promise<void> {
  let error: BetterAuthError | null;
  try {
    ({ error } = await authPostJson('/email-otp/send-verification-otp', {
      email: email.trim(),
      type: 'sign-in',
    }));
  } catch {
    throw unreachable();
  }
  if (error) throw toCodeError(error);
}

/** Signs in with the emailed 6-digit code; resolves to the actor of the new (strict, aal1) session. */
export async function signInWithCode(input: SignInCodeInput): Promise<Me> {
  let error: BetterAuthError | null;
  try {
    ({ error } = await authPostJson('/sign-in/email-otp', { email: input.email.trim(), otp: input.otp }));
  } catch {
    throw unreachable();
  }
  if (error) throw toCodeError(error);
  return currentActor();
}

/** Mutation that requests a sign-in code. */
export function useRequestSignInCode() {
  return useMutation({ mutationFn: requestSignInCode });
}

/** Mutation that signs in with a code and stores the actor as the `me` query's data (as `useSignIn`). */
export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    onSuccess: (actor) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, actor);
    },
  });
}
