/**
 * Shift-note calls (docs/shift-notes.md), one hook each (STYLE.md s.12): the notes import kind
 * (`/api/shift-note-imports`, components/imports), and over contracts' `shiftNoteEndpoints` (decision
 * 0032) the notes waiting for review, one note with its candidate shifts, resolving and dismissing a
 * note. Responses are parsed with the contract schemas.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  importPreview,
  importUploaded,
  shiftNoteEndpoints,
  type DismissShiftNote,
  type ImportPreviewRow,
  type MismatchedShiftNoteQuery,
  type ResolveShiftNote,
} from '@tend/contracts';
import type { ImportKindClient } from '../../../components/imports/import-api.ts';
import { apiCall } from '../../../lib/api-client.ts';

/** The notes import page: the mismatched-notes page in its import view. */
export const NOTES_IMPORT_PAGE = '/admin/mismatched-shift-notes?view=import';

export const shiftNoteImportClient: ImportKindClient<ImportPreviewRow> = {
  key: 'shift-note-imports',
  basePath: '/api/shift-note-imports',
  pagePath: NOTES_IMPORT_PAGE,
  uploaded: importUploaded,
  preview: importPreview,
};

export const shiftNoteKeys = {
  all: ['shift-notes'] as const,
  mismatched: (query: MismatchedShiftNoteQuery) => ['shift-notes', 'mismatched', query] as const,
  review: (id: string | null) => ['shift-notes', 'review', id ?? 'next'] as const,
};

/** Fetches one page of notes waiting for review. */
export const fetchMismatchedNotes = (query: MismatchedShiftNoteQuery, signal?: AbortSignal) =>
  apiCall(shiftNoteEndpoints.listMismatchedShiftNotes, { query, signal });

/** Notes waiting for review under `query` (filters, page), with totals per reason kind. */
export const useMismatchedNotes = (query: MismatchedShiftNoteQuery) =>
  useQuery({
    queryKey: shiftNoteKeys.mismatched(query),
    queryFn: ({ signal }) => fetchMismatchedNotes(query, signal),
    placeholderData: keepPreviousData,
  });

/** One note in full with its candidate shifts; without `id` the oldest note waiting. NOT_FOUND (404). */
export const useNoteReview = (id: string | null) =>
  useQuery({
    queryKey: shiftNoteKeys.review(id),
    queryFn: ({ signal }) =>
      apiCall(shiftNoteEndpoints.getShiftNoteReview, { query: { id: id ?? undefined }, signal }),
    retry: false,
  });

/** Matches a note to the picked shift (204). Errors: VALIDATION_FAILED on `shiftId`, NOT_FOUND. */
export const useResolveNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveShiftNote }) =>
      apiCall(shiftNoteEndpoints.resolveShiftNote, { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shiftNoteKeys.all }),
  });
};

/** Dismisses a note that belongs to no shift (204). Errors: VALIDATION_FAILED on `reason`, NOT_FOUND. */
export const useDismissNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DismissShiftNote }) =>
      apiCall(shiftNoteEndpoints.dismissShiftNote, { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shiftNoteKeys.all }),
  });
};
