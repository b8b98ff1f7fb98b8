/**
 * The import framework's contracts (docs/decisions/0008-import-kinds.md, 0031-one-import-framework.md):
 * every kind — shift records, shift notes, client prime (clients + budgets) — goes through the same
 * steps (spec s.3 CSVFile, ProcessingJob): upload (raw file kept) → analysis → column mapping (saved on
 * the CSVFile, offered again for the same header) → preview of the first parsed rows → a job with
 * progress → summary with every rejected row. These generic shapes are the base: a kind with fields of
 * its own (shifts, `shift-import.ts`; claims, `claims.ts`) extends or instantiates them, never the
 * other way round.
 */
import { z } from 'zod';
import { idParams, isoDateTime, text } from './common.ts';
import { defineEndpointAt } from './endpoint.ts';
import { jobStatus } from './enums.ts';
import { processingJob } from './jobs.ts';

/** The import kinds Tend knows; each upload's `csv_file.kind`. */
export const importKinds = ['shifts', 'shift-notes', 'client-prime', 'claims', 'staging-shifts'] as const;
export const importKind = z.enum(importKinds);
export type ImportKind = z.infer<typeof importKind>;

/** Source column header → field name of the kind (checked against the kind's fields by the API). */
export const importColumnMap = z.record(text().max(200), text().max(64));
export type ImportColumnMap = z.infer<typeof importColumnMap>;

const instant = isoDateTime();

/** An IANA zone for local times without one (e.g. America/Los_Angeles). */
export const importTimeZone = text()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as America/Los_Angeles');

/** Options for previewing and importing a CSV of any kind (`timeZone`: IANA zone for local times). */
export const importOptions = z.object({ columnMap: importColumnMap, timeZone: importTimeZone.optional() });
export type ImportOptions = z.infer<typeof importOptions>;

/** What Tend read from an uploaded CSV before anything is imported. */
export const importAnalysis = z.object({
  headers: z.array(z.string()),
  /** Character encoding detected: UTF-8 (with or without BOM) or the Windows-1252 fallback. */
  encoding: z.enum(['utf-8', 'windows-1252']),
  delimiter: z.string(),
  /** The first rows as text, in header order (at most 5). */
  sampleRows: z.array(z.array(z.string())),
  /** A mapping to start from: the one saved for the same header, else guessed from the header names. */
  suggestedColumnMap: importColumnMap,
  /** The earlier upload whose saved mapping is offered (same header), or null when guessed. */
  savedFrom: z.object({ csvFileId: z.uuid(), originalName: z.string(), uploadDate: z.string() }).nullable(),
});
export type ImportAnalysis = z.infer<typeof importAnalysis>;

/** Answer to the upload of a CSV: it waits for its column mapping. */
export const importUploaded = z.object({
  format: z.literal('csv'),
  csvFileId: z.uuid(),
  analysis: importAnalysis,
});
export type ImportUploaded = z.infer<typeof importUploaded>;

/** Answer to the upload of a file in `format`, a format read without a mapping: queued at once. */
export const importQueued = <F extends string>(format: F) =>
  z.object({ format: z.literal(format), csvFileId: z.uuid(), job: processingJob });

/**
 * How many records of a finished import met each fate (docs/decisions/0036-a-fate-for-every-row.md):
 * `rejected` counts lines (a line with several problems once); `duplicates` and `stale` are 0 for a
 * result stored before decision 0036 (its duplicates are among `rejected`).
 */
export const importFateCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  duplicates: z.number().int(),
  stale: z.number().int(),
  rejected: z.number().int(),
});
export type ImportFateCounts = z.infer<typeof importFateCounts>;

/** An uploaded file as the import history lists it (spec s.3 CSVFile plus its latest job). */
export const importFileSummary = z.object({
  id: z.uuid(),
  originalName: z.string(),
  uploadDate: instant,
  processed: z.boolean(),
  format: z.string().nullable(),
  columnMap: importColumnMap.nullable(),
  latestJob: z
    .object({
      id: z.uuid(),
      status: jobStatus,
      progress: z.number().int(),
      completedAt: instant.nullable(),
      /** The fates of its records once completed; null before, or for a result without them (claims). */
      fates: importFateCounts.nullable().default(null),
    })
    .nullable(),
});
export type ImportFileSummary = z.infer<typeof importFileSummary>;
export const importFileList = z.object({ items: z.array(importFileSummary) });

/** One upload with, for a CSV, what Tend read from it (to resume the mapping step after a reload). */
export const importDetail = z.object({
  file: importFileSummary,
  analysis: importAnalysis.nullable(),
  /** The agency's default zone for local times (config AGENCY_TIME_ZONE). */
  agencyTimeZone: z.string(),
});
export type ImportDetail = z.infer<typeof importDetail>;

/** Answer to starting an import: the file and its queued job. */
export const importStarted = z.object({ csvFileId: z.uuid(), job: processingJob });
export type ImportStarted = z.infer<typeof importStarted>;

/** One problem of a row: the file's header (or the field's label) and the reason in words. */
export const importRowProblem = z.object({ field: z.string(), reason: z.string() });
export type ImportRowProblem = z.infer<typeof importRowProblem>;

/** One parsed row of a preview: the kind's fields as text (label order is the kind's), or the row's problems. */
export const importPreviewRow = z.object({
  line: z.number().int(),
  /** The row's identity in words (a shift id, a client and code…), when it has one. */
  key: z.string().nullable(),
  values: z.record(z.string(), z.string().nullable()),
  errors: z.array(importRowProblem),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

/** The preview of a kind whose preview rows are `row`, and what its column map lacks. */
export const importPreviewOf = <Row extends z.ZodType>(row: Row) =>
  z.object({ rows: z.array(row), problems: z.array(z.string()) });
export const importPreview = importPreviewOf(importPreviewRow);
export type ImportPreview = z.infer<typeof importPreview>;

/** One input record the import refused: where it is, which field, and why. */
export const rejectedRecord = z.object({
  /** 1-based position: the record number in a JSON array, or the line number in a CSV file. */
  line: z.number().int(),
  field: z.string(),
  reason: z.string(),
  /** The external id of the record when it has one. */
  externalId: z.string().nullable(),
});
export type RejectedRecord = z.infer<typeof rejectedRecord>;

/**
 * A record whose identity an earlier record of the same file already had (the same shift id, the same
 * Sandata visit and SequenceID, the same note): not an error to fix — the file's first copy (`firstLine`)
 * is the one imported, this copy is skipped (docs/decisions/0036-a-fate-for-every-row.md).
 */
export const duplicateRecord = z.object({
  /** 1-based position of this copy (record number in a JSON array, line in a CSV file). */
  line: z.number().int(),
  /** 1-based position of the first copy, the one imported. */
  firstLine: z.number().int(),
  /** The file's name for the identity (a header such as `Visit ID`, or `VisitOtherID`). */
  field: z.string(),
  reason: z.string(),
  externalId: z.string().nullable(),
});
export type DuplicateRecord = z.infer<typeof duplicateRecord>;

/**
 * A version of a record older than the one Tend holds, ignored: a Sandata visit whose `SequenceID` is
 * lower than (or equal to, with other content) the SequenceID already stored for that visit, e.g. a
 * sequence 2 read after sequence 5 (Sandata OpenEVV: the higher SequenceID is the newer version).
 */
export const staleRecord = z.object({
  line: z.number().int(),
  externalId: z.string(),
  /** The SequenceID of this (ignored) version. */
  sequence: z.number().int(),
  /** The SequenceID Tend holds for the record, which this version does not replace. */
  storedSequence: z.number().int(),
  reason: z.string(),
});
export type StaleRecord = z.infer<typeof staleRecord>;

/**
 * What every import job's result holds: the format read, records read, and the fate of each record
 * (docs/decisions/0036-a-fate-for-every-row.md) — created, updated, unchanged (already in Tend as the
 * file has it), `duplicates` (a repeat of an earlier record of the file, imported once), `stale` (an
 * out-of-date version, ignored) and `rejected` (not imported: one entry per problem, several for one
 * line when it has several). A kind extends it with its own counts. Results stored before decision
 * 0036 lack `duplicates` and `stale` (their duplicates are among `rejected`): they read as empty.
 */
export const importResultBase = z.object({
  format: z.string(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(rejectedRecord),
  duplicates: z.array(duplicateRecord).default([]),
  stale: z.array(staleRecord).default([]),
});

/**
 * The summary an import job of a field-spec kind (shift notes, client prime) stores as its result: the
 * base and the kind's own counts (e.g. `matched`, `newClients`).
 */
export const importResult = z.object({
  kind: importKind,
  ...importResultBase.shape,
  format: z.literal('csv'),
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

/** The schemas of a kind's five endpoints: the generic ones above, or a kind's own that extend them. */
export interface ImportEndpointSchemas {
  uploaded: z.ZodType;
  list: z.ZodType;
  detail: z.ZodType;
  /** Body of preview and start: the column map (of the kind's fields) and the time zone. */
  options: z.ZodType;
  preview: z.ZodType;
  started: z.ZodType;
}

/**
 * The five endpoints every import kind has under its `basePath` (decisions 0031, 0032), admin only:
 * - `upload`  POST `<basePath>` multipart `file` → 201 `uploaded` (a CSV, analysed) or 202 (a format
 *   detected from content, queued at once);
 * - `list`    GET `<basePath>` → the newest uploads of the kind with their latest job;
 * - `get`     GET `<basePath>/:id` → one upload (+ its CSV analysis, to resume the mapping step); 404;
 * - `preview` POST `<basePath>/:id/preview` `options` → the first rows parsed with a column map;
 * - `start`   POST `<basePath>/:id/start` `options` → 202, the column map saved and the job queued; 409
 *   when it is already being imported.
 * A kind's contracts file exports the set as `<kind>ImportEndpoints`; the API registers it with
 * `importRoutes` (platform/imports/import-routes.ts), the web app calls it from `components/imports`.
 */
export function importEndpointSet<const B extends `/api/${string}`, S extends ImportEndpointSchemas>(
  basePath: B,
  schemas: S,
): ImportEndpoints<S, B> {
  return {
    upload: defineEndpointAt({
      method: 'POST',
      path: basePath,
      multipart: true,
      response: { 201: schemas.uploaded, 202: schemas.uploaded },
    }),
    list: defineEndpointAt({ method: 'GET', path: basePath, response: { 200: schemas.list } }),
    get: defineEndpointAt({
      method: 'GET',
      path: `${basePath}/:id`,
      params: idParams,
      response: { 200: schemas.detail },
    }),
    preview: defineEndpointAt({
      method: 'POST',
      path: `${basePath}/:id/preview`,
      params: idParams,
      body: schemas.options,
      response: { 200: schemas.preview },
    }),
    start: defineEndpointAt({
      method: 'POST',
      path: `${basePath}/:id/start`,
      params: idParams,
      body: schemas.options,
      response: { 202: schemas.started },
    }),
  };
}

/** The endpoints of one import kind (`importEndpointSet`), with the kind's schemas `S` under `B`. */
export interface ImportEndpoints<
  S extends ImportEndpointSchemas = ImportEndpointSchemas,
  B extends `/api/${string}` = `/api/${string}`,
> {
  upload: {
    readonly method: 'POST';
    readonly path: B;
    readonly multipart: true;
    readonly response: { readonly 201: S['uploaded']; readonly 202: S['uploaded'] };
  };
  list: { readonly method: 'GET'; readonly path: B; readonly response: { readonly 200: S['list'] } };
  get: {
    readonly method: 'GET';
    readonly path: `${B}/:id`;
    readonly params: typeof idParams;
    readonly response: { readonly 200: S['detail'] };
  };
  preview: {
    readonly method: 'POST';
    readonly path: `${B}/:id/preview`;
    readonly params: typeof idParams;
    readonly body: S['options'];
    readonly response: { readonly 200: S['preview'] };
  };
  start: {
    readonly method: 'POST';
    readonly path: `${B}/:id/start`;
    readonly params: typeof idParams;
    readonly body: S['options'];
    readonly response: { readonly 202: S['started'] };
  };
}
