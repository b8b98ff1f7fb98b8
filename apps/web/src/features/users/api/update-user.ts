/**
 * `PUT /api/users/:id` (admin only, contracts `userUpdateInput` → `userAccount`): role, functional
 * role, names, phone and active flag. Errors (`ApiError`): 400 VALIDATION_FAILED with field errors
 * (an admin demoting or deactivating themself is one, on `role` / `isActive`), 404 NOT_FOUND.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersEndpoints, type UserUpdateInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/me.ts';
import { userKeys } from './user-keys.ts';

export const updateUser = (id: string, input: UserUpdateInput) =>
  apiCall(usersEndpoints.updateUser, { params: { id }, body: input });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UserUpdateInput }) => updateUser(id, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      // The signed-in admin may have changed their own name or role.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
