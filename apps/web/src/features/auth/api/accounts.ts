/**
 * The account links of `/confirm` and the account page (spec issue 4; docs/accounts.md):
 * - invitations: `POST /api/invitations/lookup` and `POST /api/invitations/accept` (contracts `linkTokenInput`,
 *   `invitationAcceptInput`), then the ordinary sign-in with the chosen password;
 * - recovery: better-auth's `POST /api/auth/reset-password` (password policy reasons come back as field errors
 *   on `password`; asking for the link is password-recovery.ts, part of /login);
 * - email change: `POST /api/account/email-change` (signed in: new email + current password) and
 *   `POST /api/account/email-change/confirm` (from the link);
 * - password change: better-auth's `POST /api/auth/change-password` (signed in: current password + new one,
 *   optionally ending the other sessions; policy reasons on `password`, a wrong current password on
 *   `currentPassword`).
 * Errors are `ApiError` (problem+json: `code`, words in `message`, `fieldErrors`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountsEndpoints,
  type EmailChangeInput,
  type InvitationAcceptInput,
  type PasswordChangeInput,
  type PasswordResetInput,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/me.ts';
import { authCall } from './auth-client.ts';

/** The invitation behind a link token (who it is for, role, expiry); errors say used, replaced or expired. */
export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => apiCall(accountsEndpoints.getInvitation, { body: { token: token ?? '' } }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** Accepts an invitation with the chosen password; resolves to the account's sign-in email. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: InvitationAcceptInput) =>
      apiCall(accountsEndpoints.acceptInvitation, { body: input }),
  });
}

/** Sets a new password from a recovery link; every session of the account ends (sign in again). */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      authCall('/reset-password', input, {
        INVALID_TOKEN:
          'This reset link has already been used, was replaced by a newer one, or has expired (links last 60 minutes). Ask for a new link from the sign-in page.',
      }),
  });
}

/** Asks to change the sign-in email (re-authentication with the current password). */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (input: EmailChangeInput) => apiCall(accountsEndpoints.requestEmailChange, { body: input }),
  });
}

/** Confirms an email change from its link; refreshes who is signed in (the email changed). */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiCall(accountsEndpoints.confirmEmailChange, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/**
 * Changes the signed-in account's password (better-auth `POST /api/auth/change-password`, contracts
 * `passwordChangeInput`). With `revokeOtherSessions` every other session ends and this browser continues on a
 * replacing session (same sign-in time and second factor). Errors: `ApiError` with the policy's reasons on
 * `password`, a wrong current password on `currentPassword`, CREDENTIAL_ACCOUNT_NOT_FOUND without a password.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      authCall('/change-password', input, {
        CREDENTIAL_ACCOUNT_NOT_FOUND:
          'Your account has no password yet. Sign out and choose “Forgot your password?” on the sign-in page to set one.',
        UNAUTHORIZED: 'Your session has ended. Sign in again and retry.',
      }),
  });
}
