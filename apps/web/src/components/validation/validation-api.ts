/**
 * Segment validation as every page sees it (the API's `validation` module): `POST /api/segments/validate`
 * (→ a job) and the query keys of the segment lists, which a finished validation job refreshes. Shared
 * here because billing (drift, billing-code rules) starts and follows validation jobs too.
 */
import { useMutation } from '@tanstack/react-query';
import { validationEndpoints, type SegmentListQuery, type SegmentValidationRequest } from '@tend/contracts';
import { apiCall } from '../../lib/api-client.ts';

export const validationKeys = {
  all: ['validation'] as const,
  segments: (query: SegmentListQuery) => ['validation', 'segments', query] as const,
};

/** Queues validation of a date range; answers the job. */
export function useStartValidation() {
  return useMutation({
    mutationFn: (input: SegmentValidationRequest) =>
      apiCall(validationEndpoints.startSegmentValidation, { body: input }),
  });
}
