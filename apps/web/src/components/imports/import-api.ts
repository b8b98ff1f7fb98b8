/**
 * The endpoints of one import kind (docs/decisions/0008-import-kinds.md), one hook each (STYLE.md s.12).
 * Every kind has the same five routes under its `basePath`: `POST` (multipart upload → CSV analysed,
 * or a JSON format queued), `GET` (recent uploads), `GET /:id` (one upload, to resume),
 * `POST /:id/preview` (first rows parsed with a column map), `POST /:id/start` (save the map, queue
 * the job); `GET /api/jobs/:id` gives the live progress. Responses are parsed with the kind's schemas.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  importDetail,
  importFileList,
  importStarted,
  type ImportDetail,
  type ImportFileSummary,
  type ImportOptions,
  type ImportStarted,
  type ProcessingJob,
} from '@tend/contracts';
import { apiRequest } from '../../lib/api-client.ts';
import { finishedJobStatuses } from '../../lib/jobs.ts';

/** What an upload answers: a CSV with its analysis, or a file queued at once (a JSON format). */
export type ImportUploadedAny =
  | { format: 'csv'; csvFileId: string; analysis: NonNullable<ImportDetail['analysis']> }
  | { format: Exclude<string, 'csv'>; csvFileId: string; job: ProcessingJob };

/** One import kind as the web app calls it. `P` is the kind's preview row. */
export interface ImportKindClient<P extends { line: number; errors: unknown[] }> {
  /** Query-key root, e.g. `shift-imports`. */
  key: string;
  /** API path of the kind's routes, e.g. `/api/shift-imports`. */
  basePath: string;
  /** The page of the kind (resumed with `?file=&job=`). */
  pagePath: string;
  uploaded: z.ZodType<ImportUploadedAny>;
  preview: z.ZodType<{ rows: P[]; problems: string[] }>;
}

export const importKeys = (key: string) => ({
  all: [key] as const,
  list: () => [key, 'list'] as const,
  detail: (id: string) => [key, 'detail', id] as const,
  preview: (id: string, options: ImportOptions) => [key, 'preview', id, options] as const,
});

const filePath = (kind: { basePath: string }, id: string) => `${kind.basePath}/${encodeURIComponent(id)}`;

/** The `pagePath` URL (which may carry its own query) that reopens an upload where it stands. */
export function importUrl(pagePath: string, file: Pick<ImportFileSummary, 'id' | 'latestJob'>): string {
  const [path, query] = pagePath.split('?');
  const params = new URLSearchParams(query);
  params.set('file', file.id);
  if (file.latestJob) params.set('job', file.latestJob.id);
  return `${path ?? pagePath}?${params.toString()}`;
}

/** Uploads a file (multipart field `file`). Errors: VALIDATION_FAILED on `file`, PAYLOAD_TOO_LARGE. */
export const useUploadImport = <P extends { line: number; errors: unknown[] }>(kind: ImportKindClient<P>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(kind.uploaded, kind.basePath, { method: 'POST', body: form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: importKeys(kind.key).list() }),
  });
};

/** The newest uploads of the kind with their latest job; polled every 2 s while one is importing. */
export const useImports = (kind: { key: string; basePath: string }) =>
  useQuery({
    queryKey: importKeys(kind.key).list(),
    queryFn: ({ signal }) => apiRequest(importFileList, kind.basePath, { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some(
        (item) => item.latestJob && !finishedJobStatuses.includes(item.latestJob.status),
      )
        ? 2000
        : false,
  });

/** One upload with its latest job and, for a CSV, its analysis and the agency's time zone. NOT_FOUND (404). */
export const useImportDetail = (kind: { key: string; basePath: string }, id: string | null) =>
  useQuery({
    queryKey: importKeys(kind.key).detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest(importDetail, filePath(kind, id ?? ''), { signal }),
    enabled: Boolean(id),
    staleTime: 30_000,
  });

/**
 * The first rows of a CSV parsed with `options` (per-row errors, mapping problems). Only asked for
 * when `enabled` (the map has no problems); the previous preview stays on screen while a new one loads.
 */
export const useImportPreview = <P extends { line: number; errors: unknown[] }>(
  kind: ImportKindClient<P>,
  id: string,
  options: ImportOptions,
  enabled: boolean,
) =>
  useQuery({
    queryKey: importKeys(kind.key).preview(id, options),
    queryFn: ({ signal }) =>
      apiRequest(kind.preview, `${filePath(kind, id)}/preview`, { method: 'POST', body: options, signal }),
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: false,
  });

/**
 * Saves the column map (and zone) on the CSV upload and queues its import (202). Errors:
 * VALIDATION_FAILED with `errors[].path = 'columnMap'`, CONFLICT (409) when already being imported.
 */
export const useStartImport = (kind: { key: string; basePath: string }) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, options }: { id: string; options: ImportOptions }): Promise<ImportStarted> =>
      apiRequest(importStarted, `${filePath(kind, id)}/start`, { method: 'POST', body: options }),
    onSuccess: (_started, { id }) => {
      void queryClient.invalidateQueries({ queryKey: importKeys(kind.key).list() });
      void queryClient.invalidateQueries({ queryKey: importKeys(kind.key).detail(id) });
    },
  });
};
