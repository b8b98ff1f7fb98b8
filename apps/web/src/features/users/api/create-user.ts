/**
 * `POST /api/users` (admin only, contracts `userCreateInput` → 201 `userAccount`): creates an account
 * with an initial password. Errors (`ApiError`): 400 VALIDATION_FAILED with field errors (an email
 * already in use is a field error on `email`; a password the server's policy refuses gives one
 * `password` error per reason).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints, type UserCreateInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { userKeys } from './user-keys.ts';

export const createUser = (input: UserCreateInput) => apiCall(usersEndpoints.createUser, { body: input });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
