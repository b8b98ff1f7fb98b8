/**
 * Access grants (admin; contracts `accessGrantEndpoints`; docs/accounts.md "Access grants"): the grants of one
 * account, add one (400 naming the field: an AUDITOR grant must end, at most a year ahead; no grants for admins),
 * revoke one, and what an account did (the audit events it caused, newest first). The client and case-manager
 * pickers search the people lists.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessGrantEndpoints, peopleEndpoints, type AccessGrantInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

const grantKeys = {
  all: ['access-grants'] as const,
  ofAccount: (userAccountId: string) => ['access-grants', 'account', userAccountId] as const,
  activity: (userAccountId: string, page: number) =>
    ['access-grants', 'activity', userAccountId, page] as const,
};

/** Every grant of the account (live, scheduled, expired, revoked), newest first. */
export function useAccountGrants(userAccountId: string) {
  return useQuery({
    queryKey: grantKeys.ofAccount(userAccountId),
    queryFn: ({ signal }) =>
      apiCall(accessGrantEndpoints.findAccessGrants, { query: { userAccountId }, signal }),
  });
}

/** Adds a grant; the account's grants refresh. */
export function useCreateGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccessGrantInput) => apiCall(accessGrantEndpoints.createAccessGrant, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: grantKeys.all }),
  });
}

/** Revokes a grant at once; the account's grants refresh. */
export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(accessGrantEndpoints.revokeAccessGrant, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: grantKeys.all }),
  });
}

/** One page (25) of the audit events the account caused, newest first. */
export function useAccountActivity(userAccountId: string, page: number) {
  return useQuery({
    queryKey: grantKeys.activity(userAccountId, page),
    queryFn: ({ signal }) =>
      apiCall(accessGrantEndpoints.findAccountActivity, {
        query: { userAccountId, page, pageSize: 25 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Up to 20 clients or case managers whose name (or email) contains `q`, for the grant's target picker. */
export function useGrantTargets(target: 'client' | 'case_manager', q: string) {
  return useQuery({
    queryKey: ['access-grants', 'targets', target, q],
    queryFn: async ({ signal }) => {
      const query = { q: q || undefined, pageSize: 20 };
      const page =
        target === 'client'
          ? await apiCall(peopleEndpoints.findClients, { query, signal })
          : await apiCall(peopleEndpoints.findCaseManagers, { query, signal });
      return page.items.map((item) => ({ value: item.id, label: item.name }));
    },
    placeholderData: keepPreviousData,
  });
}
