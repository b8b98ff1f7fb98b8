/**
 * CSV import kinds (docs/decisions/0008-import-kinds.md): every kind — shift records, shift notes,
 * client prime (clients + budgets) — goes through the same steps (spec s.3 CSVFile, ProcessingJob):
 * upload (raw file kept) → analysis → column mapping (saved on the CSVFile, offered again for the same
 * header) → preview of the first parsed rows → a job with progress → summary with every rejected row.
 * A kind brings its fields, labels and mapping rules; these shapes are shared by all of them.
 */
import { z } from 'zod';
import { processingJob } from './jobs.ts';
import { csvAnalysis, csvFileSummary, rejectedRecord, shiftImportOptions } from './shift-import.ts';

/** The import kinds Tend knows. `shifts` keeps its own routes (`/api/shift-imports`). */
export const importKinds = ['shifts', 'shift-notes', 'client-prime'] as const;
export const importKind = z.enum(importKinds);
export type ImportKind = z.infer<typeof importKind>;

/** Source column header → field name of the kind (checked against the kind's fields by the API). */
export const importColumnMap = z.record(z.string().max(200), z.string().max(64));
export type ImportColumnMap = z.infer<typeof importColumnMap>;

/** Options for previewing and importing a CSV of any kind (`timeZone`: IANA zone for local times). */
export const importOptions = shiftImportOptions.extend({ columnMap: importColumnMap });
export type ImportOptions = z.infer<typeof importOptions>;

export const importAnalysis = csvAnalysis.extend({ suggestedColumnMap: importColumnMap });
export type ImportAnalysis = z.infer<typeof importAnalysis>;

/** Answer to an upload of a kind without a JSON format: the CSV waits for its column mapping. */
export const importUploaded = z.object({
  format: z.literal('csv'),
  csvFileId: z.uuid(),
  analysis: importAnalysis,
});
export type ImportUploaded = z.infer<typeof importUploaded>;

export const importFileSummary = csvFileSummary.extend({
  format: z.string().nullable(),
  columnMap: importColumnMap.nullable(),
});
export type ImportFileSummary = z.infer<typeof importFileSummary>;
export const importFileList = z.object({ items: z.array(importFileSummary) });

export const importDetail = z.object({
  file: importFileSummary,
  analysis: importAnalysis.nullable(),
  agencyTimeZone: z.string(),
});
export type ImportDetail = z.infer<typeof importDetail>;

export const importStarted = z.object({ csvFileId: z.uuid(), job: processingJob });
export type ImportStarted = z.infer<typeof importStarted>;

/** One parsed row of a preview: the kind's fields as text (label order is the kind's), or the row's problems. */
export const importPreviewRow = z.object({
  line: z.number().int(),
  /** The row's identity in words (a shift id, a client and code…), when it has one. */
  key: z.string().nullable(),
  values: z.record(z.string(), z.string().nullable()),
  errors: z.array(z.object({ field: z.string(), reason: z.string() })),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;
export const importPreview = z.object({ rows: z.array(importPreviewRow), problems: z.array(z.string()) });
export type ImportPreview = z.infer<typeof importPreview>;

/**
 * The summary an import job of a kind stores as its result: created / updated / unchanged records,
 * every rejected row (line, field, reason) and the kind's own counts (e.g. `matched`, `newClients`).
 */
export const importResult = z.object({
  kind: importKind,
  format: z.literal('csv'),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(rejectedRecord),
  counts: z.record(z.string(), z.number().int()),
});
export type ImportResult = z.infer<typeof importResult>;

/** What a kind's column map must hold: its fields, their labels and groups, the required ones. */
export interface ImportFieldSpec<F extends string> {
  fields: readonly F[];
  labels: Record<F, string>;
  /** Field groups for the mapping step's menus. */
  groups: { group: string; fields: F[] }[];
  /** Each entry: at least one of `anyOf` must be mapped, else `message`. */
  required: { anyOf: F[]; message: string }[];
}

/**
 * What `map` lacks, doubles or names wrongly for `spec`, in words (empty when it can be imported):
 * unknown field names, a field mapped from several columns, a required field with no column.
 */
export function importColumnMapProblems<F extends string>(
  spec: ImportFieldSpec<F>,
  map: Record<string, string>,
): string[] {
  const fields = Object.values(map);
  const known = new Set<string>(spec.fields);
  const problems: string[] = [];
  for (const field of new Set(fields))
    if (!known.has(field)) problems.push(`${JSON.stringify(field)} is not a field of this import`);
  for (const field of spec.fields) {
    const times = fields.filter((f) => f === field).length;
    if (times > 1) problems.push(`${spec.labels[field]} is mapped from ${times} columns`);
  }
  for (const rule of spec.required)
    if (!rule.anyOf.some((field) => fields.includes(field))) problems.push(rule.message);
  return problems;
}
