/**
 * Matchmaking entry calls (issue 21 "Entry"; decision 0057) over contracts' `matchmakingEntryEndpoints`: the caller's
 * matchmaking home (role, guardian record, listings with the step to resume at) and the role choice.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchmakingEntryEndpoints as e, type MatchmakingRoleInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/me.ts';

export const entryKeys = { home: ['matchmaking', 'home'] as const };

/** The caller's matchmaking home; only asked for when `enabled` (signed in). */
export const useMatchmakingHome = (enabled: boolean) =>
  useQuery({
    queryKey: entryKeys.home,
    queryFn: ({ signal }) => apiCall(e.getMatchmakingHome, { signal }),
    enabled,
    retry: false,
  });

/**
 * Chooses the caller's side; resolves with the role after and the path to go to next. The account's role changes,
 * so `me` (the guards' and header's view of the account) is fetched again before the caller navigates: the next
 * page's guard must see the new role, not the USER it had (the rehearsal caught a redirect home).
 */
export function useChooseRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchmakingRoleInput) => apiCall(e.chooseMatchmakingRole, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['matchmaking'] }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
