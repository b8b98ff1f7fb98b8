/**
 * The endpoints of one import kind (docs/decisions/0008-import-kinds.md, 0031, 0032), one hook each
 * (STYLE.md s.12). Every kind has the same five endpoints from contracts (`importEndpointSet`): `upload`
 * (multipart → CSV analysed, or a format detected from content queued), `list` (recent uploads), `get`
 * (one upload, to resume), `preview` (first rows parsed with a column map), `start` (save the map, queue
 * the job); the job's endpoint gives the live progress. Responses are parsed with the kind's schemas.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ImportDetail,
  ImportEndpoints,
  ImportFileSummary,
  ImportOptions,
  ImportStarted,
  ProcessingJob,
} from '@tend/contracts';
import { apiCall } from '../../lib/api-client.ts';
import { finishedJobStatuses } from '../../lib/jobs.ts';

/** What an upload answers: a CSV with its analysis, or a file queued at once (a JSON format). */
export type ImportUploadedAny =
  | { format: 'csv'; csvFileId: string; analysis: NonNullable<ImportDetail['analysis']> }
  | { format: Exclude<string, 'csv'>; csvFileId: string; job: ProcessingJob };

/** What the web app reads of a kind's endpoints: the generic shapes, its own preview rows `P`. */
export type ImportClientEndpoints<P extends { line: number; errors: unknown[] }> = ImportEndpoints<{
  uploaded: z.ZodType<ImportUploadedAny>;
  list: z.ZodType<{ items: ImportFileSummary[] }>;
  detail: z.ZodType<ImportDetail>;
  options: z.ZodType<unknown, ImportOptions>;
  preview: z.ZodType<{ rows: P[]; problems: string[] }>;
  started: z.ZodType<ImportStarted>;
}>;

/** One import kind as the web app calls it. `P` is the kind's preview row. */
export interface ImportKindClient<P extends { line: number; errors: unknown[] }> {
  /** Query-key root, e.g. `shift-imports`. */
  key: string;
  /** The kind's endpoints (contracts, e.g. `shiftImportEndpoints`). */
  endpoints: ImportClientEndpoints<P>;
  /** The page of the kind (resumed with `?file=&job=`). */
  pagePath: string;
}

/** A kind as the hooks that need no preview rows take it. */
type AnyImportKind = { key: string; endpoints: ImportClientEndpoints<{ line: number; errors: unknown[] }> };

export const importKeys = (key: string) => ({
  all: [key] as const,
  list: () => [key, 'list'] as const,
  detail: (id: string) => [key, 'detail', id] as const,
  preview: (id: string, options: ImportOptions) => [key, 'preview', id, options] as const,
});

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
      return apiCall(kind.endpoints.upload, { body: form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: importKeys(kind.key).list() }),
  });
};

/** The newest uploads of the kind with their latest job; polled every 2 s while one is importing. */
export const useImports = (kind: AnyImportKind) =>
  useQuery({
    queryKey: importKeys(kind.key).list(),
    queryFn: ({ signal }) => apiCall(kind.endpoints.list, { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some(
        (item) => item.latestJob && !finishedJobStatuses.includes(item.latestJob.status),
      )
        ? 2000
        : false,
  });

/** One upload with its latest job and, for a CSV, its analysis and the agency's time zone. NOT_FOUND (404). */
export const useImportDetail = (kind: AnyImportKind, id: string | null) =>
  useQuery({
    queryKey: importKeys(kind.key).detail(id ?? ''),
    queryFn: ({ signal }) => apiCall(kind.endpoints.get, { params: { id: id ?? '' }, signal }),
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
    queryFn: ({ signal }) => apiCall(kind.endpoints.preview, { params: { id }, body: options, signal }),
    enabled,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: false,
  });

/**
 * Saves the column map (and zone) on the CSV upload and queues its import (202). Errors:
 * VALIDATION_FAILED with `errors[].path = 'columnMap'`, CONFLICT (409) when already being imported.
 */
export const useStartImport = (kind: AnyImportKind) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, options }: { id: string; options: ImportOptions }): Promise<ImportStarted> =>
      apiCall(kind.endpoints.start, { params: { id }, body: options }),
    onSuccess: (_started, { id }) => {
      void queryClient.invalidateQueries({ queryKey: importKeys(kind.key).list() });
      void queryClient.invalidateQueries({ queryKey: importKeys(kind.key).detail(id) });
    },
  });
};
