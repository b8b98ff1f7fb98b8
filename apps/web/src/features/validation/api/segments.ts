/**
 * `GET /api/segments`: segments with their violations and READY / NOT_READY counts, parsed with the
 * contract schema (STYLE.md s.12). Starting a validation is `useStartValidation` (components/validation).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { validationEndpoints, type SegmentListQuery } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { validationKeys } from '../../../components/validation/validation-api.ts';

/** One page of segments for the filter. */
export const useSegments = (query: SegmentListQuery) =>
  useQuery({
    queryKey: validationKeys.segments(query),
    queryFn: ({ signal }) => apiCall(validationEndpoints.findSegments, { query, signal }),
    placeholderData: keepPreviousData,
  });
