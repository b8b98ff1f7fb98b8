/**
 * "Forgot your password?" on `/login` (spec s.7 "POST recover"; docs/accounts.md):
 * - by email: better-auth's `POST /api/auth/request-password-reset { email }` sends a link;
 * - by phone, for accounts made with a phone number only (docs/decisions/0019-caregiver-sms-codes.md):
 *   `POST /api/auth/phone-number/request-password-reset { phoneNumber }` texts a 6-digit code, then
 *   `POST /api/auth/phone-number/reset-password { phoneNumber, otp, newPassword }` sets the new password (the
 *   password policy's reasons come back as field errors on `password`) and ends every session.
 * The server answers a request the same whether or not the email or number has an account, so the page always says
 * "if an account uses this …". Zod-free: part of the sign-in page (docs/decisions/0005-api-performance.md).
 */
import { useMutation } from '@tanstack/react-query';
import { authCall, authPostJson } from './auth-client.ts';
import { SignInError, unreachable } from './sign-in.ts';

/** Asks for a reset link for `email`. Errors: `SignInError` for a rate limit or an unreachable server. */
export async function requestPasswordReset(email: string): Promise<void> {
  let answer: Awaited<ReturnType<typeof authPostJson>>;
  try {
    answer = await authPostJson('/request-password-reset', { email: email.trim() });
  } catch {
    throw unreachable();
  }
  const { error } = answer;
  if (!error) return;
  throw new SignInError(
    error.status === 429
      ? 'Too many requests. Wait a few minutes and try again.'
      : error.status === 400
        ? 'Enter the email address you sign in with.'
        : (error.message ?? 'The request failed. Try again.'),
    error.status,
    error.code,
  );
}

/** Words for better-auth's codes on the phone reset paths. */
const phoneResetWords: Record<string, string> = {
  INVALID_PHONE_NUMBER:
    'That is not a phone number we can text. Enter it as you dial it, e.g. (503) 555-0100; a number from another country starts with + and its country code.',
  INVALID_OTP: 'That code is not right. Check the latest text message from Tend and try again.',
  OTP_EXPIRED: 'That code has expired (codes last 5 minutes). Send a new code.',
  TOO_MANY_ATTEMPTS: 'Too many wrong tries: that code no longer works. Send a new code.',
  VALIDATION_FAILED: 'Choose another password.',
};

/** Asks for a reset code by SMS to `phone` (as typed; the same answer whatever the number). */
export function requestPhonePasswordReset(phone: string): Promise<void> {
  return authCall('/phone-number/request-password-reset', { phoneNumber: phone.trim() }, phoneResetWords);
}

/** Sets a new password with the texted code; every session of the account ends (sign in again). */
export function resetPasswordWithPhoneCode(input: { phone: string; otp: string; newPassword: string }) {
  return authCall(
    '/phone-number/reset-password',
    {
      phoneNumber: input.phone.trim(),
      otp: input.otp.trim(),
      newPassword: input.newPassword,
    },
    phoneResetWords,
  );
}

/** Mutation that asks for a reset link. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** Mutation that asks for a reset code by SMS. */
export function useRequestPhonePasswordReset() {
  return useMutation({ mutationFn: requestPhonePasswordReset });
}

/** Mutation that sets a new password with an SMS code. */
export function useResetPasswordWithPhoneCode() {
  return useMutation({ mutationFn: resetPasswordWithPhoneCode });
}
