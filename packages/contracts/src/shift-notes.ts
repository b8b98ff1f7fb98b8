/**
 * Shift notes (spec s.3 ShiftNote): the notes CSV import's fields, and the review of notes that could
 * not be matched to one shift (`/admin/mismatched-shift-notes`, `/admin/misctools/shiftnotes/review`).
 * Matching rules: docs/shift-notes.md.
 */
import { z } from 'zod';
import { idParams, isoDate, isoDateTime, pageOf, pageQuery, text } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import {
  importDetail,
  importEndpointSet,
  importFileList,
  importOptions,
  importPreview,
  importStarted,
  importUploaded,
  type ImportFieldSpec,
} from './imports.ts';

export const shiftNoteCsvFields = [
  'givShiftId',
  'caregiverName',
  'caregiverExternalId',
  'clientName',
  'pid',
  'date',
  'submittedAt',
  'prompt',
  'documentation',
  'sectionType',
  'staffName',
] as const;
export type ShiftNoteCsvField = (typeof shiftNoteCsvFields)[number];

/** Fields, labels and required columns of a shift-notes CSV (one row per note). */
export const shiftNoteFieldSpec: ImportFieldSpec<ShiftNoteCsvField> = {
  fields: shiftNoteCsvFields,
  labels: {
    givShiftId: 'Shift id',
    caregiverName: 'Caregiver name',
    caregiverExternalId: 'Caregiver id',
    clientName: 'Client name',
    pid: 'Client Medicaid id (pid)',
    date: 'Service date',
    submittedAt: 'Submitted at',
    prompt: 'Prompt',
    documentation: 'Documentation',
    sectionType: 'Section type',
    staffName: 'Staff name',
  },
  groups: [
    { group: 'Note', fields: ['documentation', 'prompt', 'sectionType', 'staffName', 'submittedAt'] },
    { group: 'Shift', fields: ['givShiftId', 'date'] },
    { group: 'People', fields: ['caregiverName', 'caregiverExternalId', 'clientName', 'pid'] },
  ],
  required: [
    { anyOf: ['documentation'], message: 'Map a column to Documentation' },
    {
      anyOf: ['givShiftId', 'caregiverName', 'caregiverExternalId'],
      message: 'Map a column to Shift id, Caregiver name or Caregiver id (to find the note’s shift)',
    },
    {
      anyOf: ['givShiftId', 'clientName', 'pid'],
      message: 'Map a column to Shift id, Client name or Client Medicaid id (to find the note’s shift)',
    },
    {
      anyOf: ['givShiftId', 'submittedAt', 'date'],
      message: 'Map a column to Shift id, Submitted at or Service date (to find the note’s shift)',
    },
  ],
};

/**
 * Why a note waits for review, as a kind (derived from `reviewReason`'s first words, docs/shift-notes.md):
 * `unknown-person` (caregiver or client not in Tend, or a name shared by several), `no-shift` (no shift
 * of that caregiver and client at that time), `ambiguous` (several shifts fit).
 */
export const shiftNoteReasonKinds = ['unknown-person', 'no-shift', 'ambiguous'] as const;
export const shiftNoteReasonKind = z.enum(shiftNoteReasonKinds);
export type ShiftNoteReasonKind = z.infer<typeof shiftNoteReasonKind>;
export const shiftNoteReasonKindLabels: Record<ShiftNoteReasonKind, string> = {
  'unknown-person': 'Unknown person',
  'no-shift': 'No shift',
  ambiguous: 'Ambiguous',
};
/** The `reviewReason` prefix of each kind (the import writes reasons starting with these words). */
export const shiftNoteReasonPrefixes: Record<ShiftNoteReasonKind, string> = {
  'unknown-person': 'Unknown',
  'no-shift': 'No shift',
  ambiguous: 'Ambiguous',
};

/** The kind of a review reason, or null for a reason written otherwise. */
export function shiftNoteReasonKindOf(reason: string | null): ShiftNoteReasonKind | null {
  if (!reason) return null;
  for (const kind of shiftNoteReasonKinds) if (reason.startsWith(shiftNoteReasonPrefixes[kind])) return kind;
  return null;
}

const instant = isoDateTime();

/** Filters of the mismatched-notes list (all in the URL). `from`/`to`: submitted (or service) date, inclusive. */
export const mismatchedShiftNoteQuery = pageQuery.extend({
  reasonKind: shiftNoteReasonKind.optional(),
  caregiverId: z.uuid().optional(),
  clientId: z.uuid().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type MismatchedShiftNoteQuery = z.infer<typeof mismatchedShiftNoteQuery>;

/** A note waiting for review, as the list shows it (documentation shortened to 200 characters). */
export const mismatchedShiftNote = z.object({
  id: z.uuid(),
  submittedAt: instant.nullable(),
  givShiftId: z.string().nullable(),
  caregiverId: z.uuid().nullable(),
  caregiverName: z.string().nullable(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  staffName: z.string().nullable(),
  prompt: z.string().nullable(),
  excerpt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  reasonKind: shiftNoteReasonKind.nullable(),
  csvFileId: z.uuid().nullable(),
});
export type MismatchedShiftNote = z.infer<typeof mismatchedShiftNote>;
export const mismatchedShiftNotePage = pageOf(mismatchedShiftNote).extend({
  /** Notes waiting for review per reason kind, for the current caregiver/client/date filters. */
  totals: z.record(z.string(), z.number().int()),
});
export type MismatchedShiftNotePage = z.infer<typeof mismatchedShiftNotePage>;

/** A shift the note could belong to. */
export const shiftNoteCandidate = z.object({
  id: z.uuid(),
  givShiftId: z.string().nullable(),
  date: z.string(),
  evvInTime: instant.nullable(),
  evvOutTime: instant.nullable(),
  timeZone: z.string().nullable(),
  caregiverName: z.string().nullable(),
  clientName: z.string().nullable(),
  billingCode: z.string().nullable(),
  /** True when the note's submitted time falls in the shift's window (with the grace). */
  overlaps: z.boolean(),
});
export type ShiftNoteCandidate = z.infer<typeof shiftNoteCandidate>;

/**
 * One note in full with its candidate shifts (same caregiver or client, ± 3 days); `note` is null when
 * the page asked for the next waiting note and none waits.
 */
export const shiftNoteReview = z.object({
  note: mismatchedShiftNote
    .extend({
      documentation: z.string().nullable(),
      sectionType: z.string().nullable(),
      needsManualReview: z.boolean(),
      shiftId: z.uuid().nullable(),
      matchedGivShiftId: z.string().nullable(),
      resolvedAt: instant.nullable(),
    })
    .nullable(),
  candidates: z.array(shiftNoteCandidate),
  /** The next note waiting for review (list order), to go on with. */
  nextId: z.uuid().nullable(),
});
export type ShiftNoteReview = z.infer<typeof shiftNoteReview>;

/** Which note the review page opens: `id`, or the oldest waiting one. */
export const shiftNoteReviewQuery = z.object({ id: z.uuid().optional() });

export const resolveShiftNote = z.object({ shiftId: z.uuid({ message: 'must be a valid shift id' }) });
export type ResolveShiftNote = z.infer<typeof resolveShiftNote>;
export const dismissShiftNote = z.object({
  reason: text()
    .trim()
    .min(1, { message: 'is required' })
    .max(500, { message: 'must be at most 500 characters' })
    .refine((value) => !value.includes('\u0000'), { message: 'must not contain NUL characters' }),
});
export type DismissShiftNote = z.infer<typeof dismissShiftNote>;

/**
 * The shift-note review endpoints (admin only; docs/shift-notes.md): the notes waiting for review (paged,
 * with totals per reason kind), one note with its candidate shifts (`?id=`, else the oldest waiting), and
 * resolving (matched to `shiftId`) or dismissing (with a reason) a note, both 204. The notes import's
 * routes are the import framework's (`/api/shift-note-imports`).
 */
export const shiftNoteEndpoints = {
  listMismatchedShiftNotes: defineEndpoint({
    method: 'GET',
    path: '/api/shift-notes/mismatched',
    query: mismatchedShiftNoteQuery,
    response: { 200: mismatchedShiftNotePage },
  }),
  getShiftNoteReview: defineEndpoint({
    method: 'GET',
    path: '/api/shift-notes/review',
    query: shiftNoteReviewQuery,
    response: { 200: shiftNoteReview },
  }),
  resolveShiftNote: defineEndpoint({
    method: 'POST',
    path: '/api/shift-notes/:id/resolve',
    params: idParams,
    body: resolveShiftNote,
    response: { 204: z.null() },
  }),
  dismissShiftNote: defineEndpoint({
    method: 'POST',
    path: '/api/shift-notes/:id/dismiss',
    params: idParams,
    body: dismissShiftNote,
    response: { 204: z.null() },
  }),
};

/** The shift-note import's five endpoints (`importEndpointSet`, admin only). */
export const shiftNoteImportEndpoints = importEndpointSet('/api/shift-note-imports', {
  uploaded: importUploaded,
  list: importFileList,
  detail: importDetail,
  options: importOptions,
  preview: importPreview,
  started: importStarted,
});
