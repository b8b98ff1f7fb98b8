/**
 * Shift endpoints: `GET /api/shifts` (page with totals), `GET /api/shifts/export` (CSV download URL),
 * `GET /api/shifts/:id` (with change history), `POST /api/shift-imports` (multipart upload → job),
 * `GET /api/jobs/:id` (live progress), and the people look-ups the shift filters need
 * (`GET /api/caregivers|clients?q=` and `/:id`). Responses are parsed with the contract schemas
 * (STYLE.md s.12).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { shiftsEndpoints, stagingEndpoints, type ShiftListQuery } from '@tend/contracts';
import { apiCall, endpointUrl } from '../../../lib/api-client.ts';

export const shiftKeys = {
  all: ['shifts'] as const,
  list: (query: ShiftListQuery) => ['shifts', 'list', query] as const,
  detail: (id: string) => ['shifts', 'detail', id] as const,
  job: (id: string) => ['jobs', id] as const,
};

/** One page of shifts for the filter, with `totals` (shifts, hours) for the whole filter. */
export const findShifts = (query: ShiftListQuery, signal?: AbortSignal) =>
  apiCall(shiftsEndpoints.findShifts, { query, signal });

/** The page of shifts for the query; the previous page stays shown while the next one loads. */
export const useShifts = (query: ShiftListQuery) =>
  useQuery(
    queryOptions({
      queryKey: shiftKeys.list(query),
      queryFn: ({ signal }) => findShifts(query, signal),
      placeholderData: keepPreviousData,
    }),
  );

/**
 * The page of production shifts (`GET /api/production-shifts`): the shifts promoted from staging, with
 * the same filters and totals as {@link useShifts}.
 */
export const useProductionShifts = (query: ShiftListQuery) =>
  useQuery(
    queryOptions({
      queryKey: [...shiftKeys.all, 'production', query] as const,
      queryFn: ({ signal }) => apiCall(stagingEndpoints.findProductionShifts, { query, signal }),
      placeholderData: keepPreviousData,
    }),
  );

/**
 * The URL of the CSV export of every shift matching the query's filters (paging and sort are not
 * sent: the server writes the whole set, by date). A plain link: the browser streams the download.
 */
export function shiftExportUrl(query: ShiftListQuery): string {
  const { from, to, caregiverId, clientId, billingCode, evvStatus, csvFileId, state } = query;
  return endpointUrl(shiftsEndpoints.exportShifts, {
    query: {
      from,
      to,
      caregiverId,
      clientId,
      billingCode,
      evvStatus,
      csvFileId,
      state: state === 'active' ? undefined : state,
    },
  });
}
