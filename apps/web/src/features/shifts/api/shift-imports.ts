/**
 * Shift import endpoints (docs/evv-import.md), one hook each (STYLE.md s.12):
 *   `POST /api/shift-imports` (multipart upload → JSON queued at once, CSV analysed),
 *   `GET /api/shift-imports` (recent uploads), `GET /api/shift-imports/:id` (one upload, to resume),
 *   `POST /api/shift-imports/:id/preview` (first rows parsed with a column map),
 *   `POST /api/shift-imports/:id/start` (save the map, queue the job), `GET /api/jobs/:id` (live progress).
 * Responses are parsed with the contract schemas.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  csvFileList,
  processingJob,
  shiftImportDetail,
  shiftImportPreview,
  shiftImportStarted,
  shiftImportUploaded,
  type ShiftImportOptions,
} from '@tend/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const shiftImportKeys = {
  all: ['shift-imports'] as const,
  list: () => ['shift-imports', 'list'] as const,
  detail: (id: string) => ['shift-imports', 'detail', id] as const,
  preview: (id: string, options: ShiftImportOptions) => ['shift-imports', 'preview', id, options] as const,
  job: (id: string) => ['jobs', id] as const,
};

/** Job states after which nothing changes any more (polling stops). */
export const finishedJobStatuses: readonly string[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

const importPath = (id: string) => `/api/shift-imports/${encodeURIComponent(id)}`;

/**
 * Uploads an EVV file (multipart field `file`). A Sandata OpenEVV JSON export answers 202 with its
 * queued job; a CSV answers 201 with its analysis (headers, samples, suggested column map) and waits
 * for `useStartShiftImport`. Errors: VALIDATION_FAILED on `file`, PAYLOAD_TOO_LARGE.
 */
export const useUploadShiftImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(shiftImportUploaded, '/api/shift-imports', { method: 'POST', body: form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shiftImportKeys.list() }),
  });
};

/** The newest uploads with their latest job; polled every 2 s while one of them is importing. */
export const useShiftImports = () =>
  useQuery({
    queryKey: shiftImportKeys.list(),
    queryFn: ({ signal }) => apiRequest(csvFileList, '/api/shift-imports', { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some(
        (item) => item.latestJob && !finishedJobStatuses.includes(item.latestJob.status),
      )
        ? 2000
        : false,
  });

/** One upload with its latest job and, for a CSV, its analysis and the agency's time zone. NOT_FOUND (404). */
export const useShiftImport = (id: string | null) =>
  useQuery({
    queryKey: shiftImportKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest(shiftImportDetail, importPath(id ?? ''), { signal }),
    enabled: Boolean(id),
    staleTime: 30_000,
  });

/**
 * The first rows of a CSV parsed with `options` (per-row errors, mapping problems). Only asked for
 * when `enabled` (the map has no problems); the previous preview stays on screen while a new one loads.
 */
export const useShiftImportPreview = (id: string, options: ShiftImportOptions, enabled: boolean) =>
  useQuery({
    queryKey: shiftImportKeys.preview(id, options),
    queryFn: ({ signal }) =>
      apiRequest(shiftImportPreview, `${importPath(id)}/preview`, { method: 'POST', body: options, signal }),
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: false,
  });

/**
 * Saves the column map (and zone) on the CSV upload and queues its import (202). Errors:
 * VALIDATION_FAILED with `errors[].path = 'columnMap'` when the map is unusable, CONFLICT (409) when
 * the file is already being imported.
 */
export const useStartShiftImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, options }: { id: string; options: ShiftImportOptions }) =>
      apiRequest(shiftImportStarted, `${importPath(id)}/start`, { method: 'POST', body: options }),
    onSuccess: (_started, { id }) => {
      void queryClient.invalidateQueries({ queryKey: shiftImportKeys.list() });
      void queryClient.invalidateQueries({ queryKey: shiftImportKeys.detail(id) });
    },
  });
};

/** A job's live state, polled every second until it finishes. NOT_FOUND (404) for an unknown id. */
export const useJob = (id: string | null) =>
  useQuery({
    queryKey: shiftImportKeys.job(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(processingJob, `/api/jobs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      query.state.data && finishedJobStatuses.includes(query.state.data.status) ? false : 1000,
  });
