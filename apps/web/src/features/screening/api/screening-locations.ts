/**
 * Suspicious-location calls (issue 5; STYLE.md s.12) over contracts' `locationScreeningEndpoints`
 * (decision 0032; responses parsed with their schemas):
 * - the review queue page (with totals by level) and reviewing a finding (note required);
 * - the baselines page and one client's baseline in full;
 * - adding, changing and removing approved locations (the server re-screens the client at once);
 * - starting a screening run (→ job; its live progress is the job's, `GET /api/jobs/:id`).
 * Every change refreshes the queue and the baselines.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  locationScreeningEndpoints,
  type ApprovedLocationInput,
  type ApprovedLocationUpdate,
  type BaselineListQuery,
  type LocationScreeningRun,
  type SuspiciousLocationListQuery,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const locationKeys = {
  all: ['screening-locations'] as const,
  queue: (query: SuspiciousLocationListQuery) => ['screening-locations', 'queue', query] as const,
  baselines: (query: BaselineListQuery) => ['screening-locations', 'baselines', query] as const,
  baseline: (clientId: string) => ['screening-locations', 'baseline', clientId] as const,
};

/** One page of the review queue. */
export const findSuspiciousLocations = (query: SuspiciousLocationListQuery, signal?: AbortSignal) =>
  apiCall(locationScreeningEndpoints.findSuspiciousLocations, { query, signal });

/** One page of baselines. */
export const findBaselines = (query: BaselineListQuery, signal?: AbortSignal) =>
  apiCall(locationScreeningEndpoints.findBaselines, { query, signal });

/** The review queue page for the filter (the previous page stays shown while the next loads). */
export const useSuspiciousLocations = (query: SuspiciousLocationListQuery) =>
  useQuery({
    queryKey: locationKeys.queue(query),
    queryFn: ({ signal }) => findSuspiciousLocations(query, signal),
    placeholderData: keepPreviousData,
  });

/** The baselines page for the filter. */
export const useBaselines = (query: BaselineListQuery) =>
  useQuery({
    queryKey: locationKeys.baselines(query),
    queryFn: ({ signal }) => findBaselines(query, signal),
    placeholderData: keepPreviousData,
  });

/** One client's baseline with punches and approved locations; disabled while `clientId` is undefined. */
export const useBaselineDetail = (clientId: string | undefined) =>
  useQuery({
    queryKey: locationKeys.baseline(clientId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(locationScreeningEndpoints.getBaselineDetail, { params: { clientId: clientId ?? '' }, signal }),
    enabled: Boolean(clientId),
    retry: false,
  });

/** Refreshes everything this feature shows after a change. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: locationKeys.all });
}

/** Marks a finding reviewed with a note. */
export function useReviewSuspiciousLocation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, reviewNote }: { id: string; reviewNote: string }) =>
      apiCall(locationScreeningEndpoints.reviewSuspiciousLocation, { params: { id }, body: { reviewNote } }),
    onSuccess: () => invalidate(),
  });
}

/** Adds an approved location (the client's shifts are re-screened by the server). */
export function useCreateApprovedLocation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: ApprovedLocationInput) =>
      apiCall(locationScreeningEndpoints.createApprovedLocation, { body: input }),
    onSuccess: () => invalidate(),
  });
}

/** Changes an approved location (the client's shifts are re-screened by the server). */
export function useUpdateApprovedLocation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, ...input }: ApprovedLocationUpdate & { id: string }) =>
      apiCall(locationScreeningEndpoints.updateApprovedLocation, { params: { id }, body: input }),
    onSuccess: () => invalidate(),
  });
}

/** Removes an approved location (the client's shifts are re-screened by the server). */
export function useDeleteApprovedLocation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiCall(locationScreeningEndpoints.deleteApprovedLocation, { params: { id } }),
    onSuccess: () => invalidate(),
  });
}

/** Starts a screening run; answers the queued job. */
export function useStartScreening() {
  return useMutation({
    mutationFn: (input: LocationScreeningRun) =>
      apiCall(locationScreeningEndpoints.startLocationScreening, { body: input }),
  });
}
