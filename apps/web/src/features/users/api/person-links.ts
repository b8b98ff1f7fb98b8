/**
 * Person links on `/admin/users` (admin only; contracts `accountsEndpoints`; docs/accounts.md):
 * `PUT /api/users/:id/person` (link or unlink; 400/409 on `person`), `GET /api/users/person-options` (the picker)
 * and `GET /api/users/person-confirmations` (CAREGIVER accounts waiting for an admin to pick their caregiver).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsEndpoints, type AccountPersonRef, type PersonKind } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { userKeys } from './user-keys.ts';

const personKeys = {
  options: (kind: PersonKind, q: string) => [...userKeys.all, 'person-options', kind, q] as const,
  confirmations: () => [...userKeys.all, 'person-confirmations'] as const,
};

/** Up to 20 records of `kind` whose name or email contains `q`; off while `kind` is null. */
export function usePersonOptions(kind: PersonKind | null, q: string) {
  return useQuery({
    queryKey: personKeys.options(kind ?? 'caregiver', q),
    queryFn: ({ signal }) =>
      apiCall(accountsEndpoints.findPersonOptions, {
        query: { kind: kind ?? 'caregiver', q: q || undefined },
        signal,
      }),
    enabled: kind !== null,
    placeholderData: keepPreviousData,
  });
}

/** The CAREGIVER accounts whose caregiver record an admin must confirm. */
export function usePersonConfirmations() {
  return useQuery({
    queryKey: personKeys.confirmations(),
    queryFn: ({ signal }) => apiCall(accountsEndpoints.findPersonConfirmations, { signal }),
  });
}

/** Links an account to a person record (`person: null` unlinks); the users list and confirmations refresh. */
export function useSetUserPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, person }: { id: string; person: AccountPersonRef | null }) =>
      apiCall(accountsEndpoints.setUserPerson, { params: { id }, body: { person } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
