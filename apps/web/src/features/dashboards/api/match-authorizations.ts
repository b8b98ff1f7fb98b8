/**
 * Matches waiting for the case manager's authorization (issue 22; decision 0059) over contracts'
 * `matchmakingLikeEndpoints.listAuthorizations` / `decideAuthorization`: the requested matches of the signed-in
 * account's own clients (an admin: all), and the decision.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchmakingLikeEndpoints as e, type AuthorizationInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

const key = ['dashboards', 'match-authorizations'] as const;

/** The matches the account may authorize or decline. */
export const useMatchAuthorizations = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiCall(e.listAuthorizations, { signal }),
    retry: false,
  });

/** Authorizes or declines match `id` (with an optional note); the list is refreshed after. */
export function useDecideMatchAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AuthorizationInput & { id: string }) =>
      apiCall(e.decideAuthorization, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
