/**
 * Shift endpoints: `GET /api/shifts` (page), `GET /api/shifts/:id` (with change history),
 * `POST /api/shift-imports` (multipart upload → job), `GET /api/jobs/:id` (live progress).
 * Responses are parsed with the contract schemas (STYLE.md s.12).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  processingJob,
  shiftDetail,
  shiftImportStarted,
  shiftPage,
  type ShiftListQuery,
} from '@tend/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const shiftKeys = {
  all: ['shifts'] as const,
  list: (query: ShiftListQuery) => ['shifts', 'list', query] as const,
  detail: (id: string) => ['shifts', 'detail', id] as const,
  job: (id: string) => ['jobs', id] as const,
};

/** One page of shifts for the filter. */
export const findShifts = (query: ShiftListQuery, signal?: AbortSignal) =>
  apiRequest(shiftPage, '/api/shifts', { query, signal });

export const useShifts = (query: ShiftListQuery) =>
  useQuery(
    queryOptions({
      queryKey: shiftKeys.list(query),
      queryFn: ({ signal }) => findShifts(query, signal),
      placeholderData: keepPreviousData,
    }),
  );

/** One shift with its change history; NOT_FOUND (404) when it does not exist. */
export const useShift = (id: string | null) =>
  useQuery({
    queryKey: shiftKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(shiftDetail, `/api/shifts/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });

/** Uploads an EVV file; the server stores it and queues the import job (202). */
export const useStartShiftImport = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(shiftImportStarted, '/api/shift-imports', { method: 'POST', body: form });
    },
  });

/** A job's live state, polled every second until it finishes. */
export const useJob = (id: string | null) =>
  useQuery({
    queryKey: shiftKeys.job(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(processingJob, `/api/jobs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      query.state.data && ['COMPLETED', 'FAILED', 'CANCELLED'].includes(query.state.data.status)
        ? false
        : 1000,
  });
