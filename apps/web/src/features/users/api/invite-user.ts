/**
 * Invitations (spec issue 4; docs/accounts.md), admin only:
 * - `POST /api/users/invitations` (contracts `invitationInput` → 201 `userAccount`, pending: `authUserId` null):
 *   creates the account and emails a link valid 7 days;
 * - `POST /api/users/:id/invitation` (→ `invitationSent`): sends a new link; the old one stops working.
 * Errors (`ApiError`): 400 VALIDATION_FAILED with field errors (an email in use is one, on `email`); 409 CONFLICT
 * when resending to an accepted or deactivated account; 503 UNAVAILABLE when the email could not be sent.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountsEndpoints, type InvitationInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { userKeys } from './user-keys.ts';

export const inviteUser = (input: InvitationInput) => apiCall(accountsEndpoints.inviteUser, { body: input });

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

export const resendInvitation = (userAccountId: string) =>
  apiCall(accountsEndpoints.resendInvitation, { params: { id: userAccountId } });

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
