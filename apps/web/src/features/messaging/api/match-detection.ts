/**
 * Match detection calls (issue 22; decision 0061) over contracts `matchReviewEndpoints`: the flags with their
 * thresholds, dismissing a flag and hiding a flagged listing.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchReviewEndpoints as e, type DismissFlagInput, type HideListingInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

const detectionKey = ['match-detection'] as const;

/** The open flags (computed on the server on every read). */
export const useMatchDetection = () =>
  useQuery({
    queryKey: detectionKey,
    queryFn: ({ signal }) => apiCall(e.getMatchDetection, { signal }),
  });

/** Dismisses a flag by its key. */
export function useDismissFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DismissFlagInput) => apiCall(e.dismissFlag, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: detectionKey }),
  });
}

/** Hides a flagged listing from everyone but its owner and admins. */
export function useHideListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HideListingInput) => apiCall(e.hideListing, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: detectionKey }),
  });
}
