/**
 * Matchmaking entry calls (issue 21 "Entry"; decision 0057) over contracts' `matchmakingEntryEndpoints`: the caller's
 * matchmaking home (role, guardian record, listings with the step to resume at) and the role choice.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchmakingEntryEndpoints as e, type MatchmakingRoleInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const entryKeys = { home: ['matchmaking', 'home'] as const };

/** The caller's matchmaking home; only asked for when `enabled` (signed in). */
export const useMatchmakingHome = (enabled: boolean) =>
  useQuery({
    queryKey: entryKeys.home,
    queryFn: ({ signal }) => apiCall(e.getMatchmakingHome, { signal }),
    enabled,
    retry: false,
  });

/** Chooses the caller's side; resolves with the role after and the path to go to next. */
export function useChooseRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchmakingRoleInput) => apiCall(e.chooseMatchmakingRole, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['matchmaking'] }),
  });
}
