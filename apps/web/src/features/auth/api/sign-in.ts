/**
 * Email + password sign-in through better-auth (`POST /api/auth/sign-in/email`), then `GET /api/me`
 * for the actor. Errors: `SignInError` with better-auth's message (invalid credentials, deactivated
 * account, rate limit) or the network failure.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SignInInput } from '@tend/contracts';
import { authPost, type BetterAuthError } from './auth-client.ts';
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

/** Words for the better-auth error codes a user can meet here. */
const signInMessages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'The email or password is not right. Check them and try again.',
  FAILED_TO_CREATE_SESSION: 'This account cannot sign in. It may be deactivated; ask an administrator.',
};

export async function signIn(input: SignInInput): Promise<Me> {
  let error: BetterAuthError | null;
  try {
    error = await authPost('/sign-in/email', { email: input.email, password: input.password });
  } catch {
    throw new SignInError('Tend could not be reached. Check your connection and try again.', 0, 'NETWORK');
  }
  if (error) {
    const code = error.code;
    const message =
      (code && signInMessages[code]) ??
      (error.status === 429
        ? 'Too many sign-in attempts. Wait a minute and try again.'
        : (error.message ?? 'Sign-in failed. Try again.'));
    throw new SignInError(message, error.status, code);
  }
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
