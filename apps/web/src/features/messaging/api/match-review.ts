/**
 * Admin match review calls (issue 22; decision 0061) over contracts `matchReviewEndpoints`: one page of matches, one
 * match read-only (audited on the server) and ending a match.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchReviewEndpoints as e, type EndMatchInput, type MatchReviewQuery } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const matchReviewKeys = {
  all: ['match-review'] as const,
  list: (query: MatchReviewQuery) => ['match-review', 'list', query] as const,
  one: (id: string) => ['match-review', 'match', id] as const,
};

/** One page of matches passing the filters, newest first. */
export const useReviewMatches = (query: MatchReviewQuery) =>
  useQuery({
    queryKey: matchReviewKeys.list(query),
    queryFn: ({ signal }) => apiCall(e.findMatches, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Match `id` with its likes, requests and conversation (null: none chosen). */
export const useReviewMatch = (id: string | null) =>
  useQuery({
    queryKey: matchReviewKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiCall(e.getMatch, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });

/** Ends a match (REJECTED). */
export function useEndMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EndMatchInput & { id: string }) =>
      apiCall(e.endMatch, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matchReviewKeys.all }),
  });
}
