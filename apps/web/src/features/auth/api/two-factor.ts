/**
 * TOTP two-step verification through better-auth's `twoFactor` plugin (docs/decisions/0009-mfa.md):
 * enrol (`/two-factor/enable`, password again → otpauth URI and backup codes), confirm with a first code
 * (`/two-factor/verify-totp`: the session becomes aal2) and remove (`/two-factor/disable`, password again).
 * Each success refreshes `me` (the session cookie changes and `mfa`/`aal` with it).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPostJson, type BetterAuthError } from './auth-client.ts';
import { meQueryKey } from '../../../lib/me.ts';

/** An error of a two-step verification call, in words. */
export class TwoFactorError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'TwoFactorError';
  }
}

const messages: Record<string, string> = {
  INVALID_PASSWORD: 'That password is not right. Enter the password you sign in with.',
  INVALID_CODE: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  TOTP_ALREADY_ENABLED: 'Two-step verification is already on for this account.',
};

async function post(path: string, body: unknown): Promise<Record<string, unknown> | null> {
  let answer: Awaited<ReturnType<typeof authPostJson>>;
  try {
    answer = await authPostJson(path, body);
  } catch {
    throw new TwoFactorError('Tend could not be reached. Check your connection and try again.', 0, 'NETWORK');
  }
  if (answer.error) throw toError(answer.error);
  return answer.data;
}

function toError(error: BetterAuthError): TwoFactorError {
  const message =
    (error.code && messages[error.code]) ??
    (error.status === 429
      ? 'Too many attempts. Wait a minute and try again.'
      : (error.message ?? 'That did not work. Try again.'));
  return new TwoFactorError(message, error.status, error.code);
}

/** What enrolment shows once: the otpauth URI (with its base32 secret) and the backup codes. */
export interface TotpEnrolment {
  totpUri: string;
  secret: string;
  backupCodes: string[];
}

/** The base32 secret of an `otpauth://` URI, or '' when it has none. */
export function secretOf(totpUri: string): string {
  try {
    return new URL(totpUri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** Starts enrolment with the account password; the factor counts once `useConfirmTotp` verified a code. */
export function useStartTotpEnrolment() {
  return useMutation({
    mutationFn: async (password: string): Promise<TotpEnrolment> => {
      const data = await post('/two-factor/enable', { password });
      const totpUri = typeof data?.totpURI === 'string' ? data.totpURI : '';
      const backupCodes = Array.isArray(data?.backupCodes)
        ? data.backupCodes.filter((c): c is string => typeof c === 'string')
        : [];
      if (!totpUri) throw new TwoFactorError('The server did not return a key. Try again.', 500, undefined);
      return { totpUri, secret: secretOf(totpUri), backupCodes };
    },
  });
}

/** Confirms enrolment with the first code from the app; `me` then reports MFA on and the session aal2. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      await post('/two-factor/verify-totp', { code: code.replace(/\s+/g, '') });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** Removes the TOTP factor (password again); the session drops to aal1. */
export function useRemoveTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      await post('/two-factor/disable', { password });
    },
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
