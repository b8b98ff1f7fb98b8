/**
 * Suspicious-location endpoints (issue 5; STYLE.md s.12, responses parsed with the contracts):
 * - `GET /api/suspicious-locations` (review queue page with totals by level),
 *   `POST /api/suspicious-locations/:id/review` (note required);
 * - `GET /api/baseline-locations` (page), `GET /api/baseline-locations/:clientId` (one client in full);
 * - `POST|PATCH|DELETE /api/approved-locations[/:id]` (the server re-screens the client at once);
 * - `POST /api/location-screening/runs` (→ job) and `GET /api/jobs/:id` (live progress);
 * - `GET /api/client-config` (map tiles) and the people look-ups of the filters.
 * Every change refreshes the queue and the baselines.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  approvedLocation,
  baselineDetail,
  baselinePage,
  processingJob,
  suspiciousLocation,
  suspiciousLocationPage,
  type ApprovedLocationInput,
  type ApprovedLocationUpdate,
  type BaselineListQuery,
  type LocationScreeningRun,
  type SuspiciousLocationListQuery,
} from '@tend/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const locationKeys = {
  all: ['screening-locations'] as const,
  queue: (query: SuspiciousLocationListQuery) => ['screening-locations', 'queue', query] as const,
  baselines: (query: BaselineListQuery) => ['screening-locations', 'baselines', query] as const,
  baseline: (clientId: string) => ['screening-locations', 'baseline', clientId] as const,
};

/** One page of the review queue. */
export const findSuspiciousLocations = (query: SuspiciousLocationListQuery, signal?: AbortSignal) =>
  apiRequest(suspiciousLocationPage, '/api/suspicious-locations', { query, signal });

/** One page of baselines. */
export const findBaselines = (query: BaselineListQuery, signal?: AbortSignal) =>
  apiRequest(baselinePage, '/api/baseline-locations', { query, signal });

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
      apiRequest(baselineDetail, `/api/baseline-locations/${encodeURIComponent(clientId ?? '')}`, { signal }),
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
      apiRequest(suspiciousLocation, `/api/suspicious-locations/${encodeURIComponent(id)}/review`, {
        method: 'POST',
        body: { reviewNote },
      }),
    onSuccess: () => invalidate(),
  });
}

/** Adds an approved location (the client's shifts are re-screened by the server). */
export function useCreateApprovedLocation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: ApprovedLocationInput) =>
      apiRequest(approvedLocation, '/api/approved-locations', { method: 'POST', body: input }),
    onSuccess: () => invalidate(),
  });
}

/** Changes an approved location (the client's shifts are re-screened by the server). */
export function useUpdateApprovedLocation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, ...input }: ApprovedLocationUpdate & { id: string }) =>
      apiRequest(approvedLocation, `/api/approved-locations/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: () => invalidate(),
  });
}

/** Removes an approved location (the client's shifts are re-screened by the server). */
export function useDeleteApprovedLocation() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(approvedLocation, `/api/approved-locations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => invalidate(),
  });
}

/** Starts a screening run; answers the queued job. */
export function useStartScreening() {
  return useMutation({
    mutationFn: (input: LocationScreeningRun) =>
      apiRequest(z.object({ job: processingJob }), '/api/location-screening/runs', {
        method: 'POST',
        body: input,
      }),
  });
}
