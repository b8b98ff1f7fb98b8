/**
 * "Forgot your password?" on `/login` (spec s.7 "POST recover"; docs/accounts.md): better-auth's
 * `POST /api/auth/request-password-reset { email }`. The server answers the same whether or not the email has an
 * account, so the page always says "if an account uses this email, a link is on its way". Zod-free: part of the
 * sign-in page (docs/decisions/0005-api-performance.md).
 */
import { useMutation } from '@tanstack/react-query';
import { authPostJson } from './auth-client.ts';
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

/** Mutation that asks for a reset link. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
