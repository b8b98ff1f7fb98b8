/**
 * Caregiver sign-in by SMS code (spec issue 4 `/caregiver/login`, `/caregiver/confirm`;
 * docs/decisions/0019-caregiver-sms-codes.md) through better-auth's phone endpoints, asked for by the caregiver page
 * (`x-tend-sign-in-as: caregiver`: only an active caregiver account gets a code or signs in with one):
 * `POST /api/auth/phone-number/send-otp { phoneNumber }` texts a 6-digit code (the answer is the same whether or not
 * the number belongs to a caregiver), then `POST /api/auth/phone-number/verify { phoneNumber, code }` signs in and
 * `GET /api/me` gives the actor. The number is sent as typed; the server reads it in its default country. Errors:
 * `SignInError` with words for better-auth's codes (not a number, wrong, expired or spent code, rate limit) or the
 * network failure.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SignInSmsCodeInput } from '@tend/contracts';
import { authPostJson, type BetterAuthError } from './auth-client.ts';
import { currentActor, SignInError, unreachable } from './sign-in.ts';
import { meQueryKey } from '../../../lib/me.ts';

/** The header that narrows a phone code to caregiver accounts (the server's `CAREGIVER_SIGN_IN_HEADER`). */
const caregiverPage = { 'x-tend-sign-in-as': 'caregiver' };

/** Words for the better-auth error codes of the SMS code sign-in. */
const smsMessages: Record<string, string> = {
  INVALID_PHONE_NUMBER:
    'That is not a phone number we can text. Enter your mobile number as you dial it, e.g. (503) 555-0100; a number from another country starts with + and its country code.',
  INVALID_OTP: 'That code is not right. Check the latest text message from Tend and try again.',
  OTP_EXPIRED: 'That code has expired (codes last 5 minutes). Send a new code.',
  TOO_MANY_ATTEMPTS: 'Too many wrong tries: that code no longer works. Send a new code.',
  FAILED_TO_CREATE_SESSION: 'This account cannot sign in. Ask your agency’s administrator.',
};

function toSmsError(error: BetterAuthError): SignInError {
  const code = error.code;
  const message =
    (code && smsMessages[code]) ??
    (error.status === 429
      ? 'Too many attempts. Wait a few minutes and try again.'
      : (error.message ?? 'Sign-in failed. Try again.'));
  return new SignInError(message, error.status, code);
}

async function post(path: string, body: unknown): Promise<void> {
  let error: BetterAuthError | null;
  try {
    ({ error } = await authPostJson(path, body, caregiverPage));
  } catch {
    throw unreachable();
  }
  if (error) throw toSmsError(error);
}

/** Asks for a sign-in code by SMS to `phone` (as typed). Resolves when the server accepted the request. */
export async function requestSmsSignInCode(phone: string): Promise<void> {
  await post('/phone-number/send-otp', { phoneNumber: phone.trim() });
}

/** Signs in with the texted 6-digit code; resolves to the actor of the new (strict, aal1) session. */
export async function signInWithSmsCode(input: SignInSmsCodeInput): Promise<Me> {
  await post('/phone-number/verify', { phoneNumber: input.phone.trim(), code: input.otp.trim() });
  return currentActor();
}

/** Mutation that requests a sign-in code by SMS. */
export function useRequestSmsSignInCode() {
  return useMutation({ mutationFn: requestSmsSignInCode });
}

/** Mutation that signs in with an SMS code and stores the actor as the `me` query's data (as `useSignIn`). */
export function useSignInWithSmsCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithSmsCode,
    onSuccess: (actor) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, actor);
    },
  });
}
