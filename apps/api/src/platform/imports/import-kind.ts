/**
 * What an import kind is (docs/decisions/0008-import-kinds.md, 0031-one-import-framework.md): the
 * value a module gives the pipeline (`import-service.ts` for the HTTP steps, `import-job.ts` for the
 * job) with only what differs between kinds — its column-map rules, its row parser, its duplicate rule,
 * its batch writer, its result and, for a format read without a mapping (Sandata JSON), a reader. Every
 * format of every kind hands its rows to the pipeline as `ParsedRow`s; the pipeline alone rejects a
 * row's problems and a repeated key (`ImportRejections`).
 */
import type {
  AuditAction,
  DuplicateRecord,
  ImportFateCounts,
  ImportKind,
  JobStatus,
  ProcessingJob,
  RejectedRecord,
  StaleRecord,
} from '@tend/contracts';
import type { Database } from '../db/client.ts';
import type { RequestContext } from '../http/context.ts';
import type { JobContext, JobRunner } from '../jobs/jobs.service.ts';
import type { StorageService } from '../storage/storage.service.ts';
import type { CsvRow, OpenStream } from './csv-reader.ts';
import type { csvFiles } from './imports.table.ts';

export interface ImportDeps {
  db: Database;
  storage: StorageService;
  jobs: JobRunner;
  /** IANA zone for local times without one (config AGENCY_TIME_ZONE). */
  agencyTimeZone: string;
}
/** What the job and the kinds' writers need (no job runner: they do not queue imports). */
export type ImportReaderDeps = Omit<ImportDeps, 'jobs'>;
export type CsvFileRow = typeof csvFiles.$inferSelect;
/** Source column header → field name of a kind (unchecked). */
export type ColumnMapOf<F extends string = string> = Record<string, F>;

/** One problem of a row: the file's header (or the field's label) and the reason in words. */
export interface RowProblem {
  field: string;
  reason: string;
}

/** A row read into a record of the kind. `key`: the row's identity (a second row with it is a duplicate). */
export interface ParsedRecord<R> {
  ok: true;
  record: R;
  key: string;
  /** The row's id as reports show it, when `key` is not one a person reads (e.g. a hash). */
  label?: string | null;
  /**
   * The key two batches written at once must not share, when it is wider than `key` (a Sandata visit's
   * versions share the visit id: they are distinct rows but update one shift). Default `key`.
   */
  writeKey?: string;
}

/** A row read into a record of the kind, or every problem of the row (`key`: its identity if known). */
export type ParsedRow<R> = ParsedRecord<R> | { ok: false; key: string | null; problems: RowProblem[] };

/** A record with the 1-based line (or record number) it came from. */
export interface LineRecord<R> {
  line: number;
  key: string;
  record: R;
}

/**
 * How the pipeline words a second row with the same key (a duplicate, imported once from its first
 * copy): the field reports name, and the reason in words (e.g. "same shift id 7 as line 3").
 */
export interface DuplicateRule<R> {
  field: string;
  reason(row: ParsedRecord<R>, firstLine: number): string;
}

/**
 * The fates of one run's records other than created / updated / unchanged (decision 0036), kept by the
 * pipeline: rejected (row problems, found by the pipeline; or refused by a writer at write time, e.g. a
 * name matching two people, through `reject`), duplicates (recorded by the pipeline alone) and stale
 * versions (recorded by a writer that keeps versions, e.g. Sandata SequenceIDs).
 */
export interface ImportRejections {
  /** Records one problem of a record that is not imported (line, field, reason, external id). */
  reject(record: RejectedRecord): void;
  /** Records a row whose key an earlier row of the file already had (imported once, from that row). */
  duplicate(record: DuplicateRecord): void;
  /** Records a version older than the one stored, ignored (both sequence numbers). */
  stale(record: StaleRecord): void;
  /** Every rejected record so far, by line. */
  list(): RejectedRecord[];
  /** Every duplicate so far, by line. */
  duplicates(): DuplicateRecord[];
  /** Every stale version so far, by line. */
  staleVersions(): StaleRecord[];
}

/** What the pipeline hands a kind's `result`: the format, records read and the fates it kept. */
export interface ImportResultFates<F extends string> {
  format: F;
  total: number;
  rejected: RejectedRecord[];
  duplicates: DuplicateRecord[];
  stale: StaleRecord[];
}

/** What one run of an import job has at hand. */
export interface ImportRun {
  ctx: RequestContext;
  file: CsvFileRow;
  job: JobContext;
  /** IANA zone for local times without one (chosen at start, else the agency's). */
  timeZone: string;
  rejections: ImportRejections;
}

/** Writes the parsed records of one run, batch by batch, and counts what it did. */
export interface ImportWriter<R, S> {
  /** Writes one batch (distinct keys). Records refused at write time go to `run.rejections.reject`. */
  write(records: LineRecord<R>[]): Promise<void>;
  /**
   * How many batches `write` may be given at a time (default 1). Above 1 the kind's writes must be
   * independent transactions whose only shared rows are created one batch at a time: batches never
   * share a key (the batcher waits), but e.g. a new person two batches name must not be created twice.
   */
  writers?: number;
  /** What the run did, once every batch is written. */
  summary(): S;
}

/**
 * The types one kind is made of: `record` what a row is read into, `preview` its preview row (contracts),
 * `summary` what its writer counts, `result` what the job stores (contracts), `field` its column-map
 * field names, `jsonFormat` the name of its format read without a mapping (`never` when it has none).
 */
export interface ImportKindTypes {
  record: unknown;
  preview: unknown;
  summary: unknown;
  result: Record<string, unknown>;
  field: string;
  jsonFormat: string;
}

/** Reads a file of a format without a column mapping, handing each record to `add` (returns records read). */
export interface ImportFormatReader<T extends ImportKindTypes> {
  format: T['jsonFormat'];
  /** Names and words of a repeated record of this format. */
  duplicate: DuplicateRule<T['record']>;
  read(
    deps: ImportReaderDeps,
    run: ImportRun,
    open: OpenStream,
    add: (line: number, parsed: ParsedRow<T['record']>) => Promise<void>,
  ): Promise<number>;
}

/** Everything that makes one import kind (see `ImportKindTypes`). */
export interface ImportKindDefinition<T extends ImportKindTypes> {
  /** Kind name (contracts `importKinds`), stored on each upload's `csv_file.kind`. */
  kind: ImportKind;
  /** Job type of the import job. */
  jobType: string;
  /** Storage folder of the kind's uploads inside the `imports` bucket (storage layout only). */
  folder: string;
  audit: { import: AuditAction; read: AuditAction; preview: AuditAction };
  /** A first column map from the header names. */
  suggestColumnMap(headers: string[]): ColumnMapOf<T['field']>;
  /** What a column map lacks, doubles or names wrongly, in words (empty = importable). */
  columnMapProblems(map: ColumnMapOf<T['field']>): string[];
  /** Reads one row with `map` over `headers` (unique names, as `sniffCsv` gives them). Pure. */
  parseRow(
    row: CsvRow,
    headers: string[],
    map: ColumnMapOf<T['field']>,
    options: { timeZone: string },
  ): ParsedRow<T['record']>;
  /** The preview line of a parsed row. */
  previewRow(line: number, parsed: ParsedRow<T['record']>): T['preview'];
  /**
   * The rule for a CSV row whose key an earlier row had: `field` is the kind's field, reported as the
   * file's header mapped to it.
   */
  duplicate: DuplicateRule<T['record']> & { field: T['field'] };
  /** Opens the writer of one run (loads what it needs, e.g. the people index). */
  openWriter(deps: ImportReaderDeps, run: ImportRun): Promise<ImportWriter<T['record'], T['summary']>>;
  /** Builds the stored result (every fate of `base` passed on: decision 0036). */
  result(base: ImportResultFates<'csv' | T['jsonFormat']>, summary: T['summary']): T['result'];
  /** Whether the run changed anything `afterImport` should follow up. */
  changed(summary: T['summary']): boolean;
  /** A format detected from content at upload (`[` or `{` first = JSON), queued at once without a mapping. */
  json?: ImportFormatReader<T>;
  /** Questions about the whole CSV file asked before its import (shifts: namesakes, decision 0035). */
  review?: ImportReview<T>;
}

/** Every parsed record of a CSV upload, read with a column map (rows with problems are left out). */
export interface FileRecords<T extends ImportKindTypes> {
  columnMap: ColumnMapOf<T['field']>;
  records(): AsyncIterable<T['record']>;
}

/**
 * Questions a kind asks about a whole CSV file before importing it (decision 0035). `preview` reads
 * every record and answers what the preview adds (`answer`, merged into the preview's answer) and
 * what its audit event records (`audit`, ids and counts only); `start` checks the kind's own fields of
 * the start's body (`extra`, e.g. shifts' `namesakes`) against the file and returns what to store in
 * the job's metadata, so a retried job does the same. `start` throws VALIDATION_FAILED naming the field.
 */
export interface ImportReview<T extends ImportKindTypes> {
  preview(
    deps: ImportReaderDeps,
    ctx: RequestContext,
    file: FileRecords<T>,
  ): Promise<{ answer: Record<string, unknown>; audit: Record<string, unknown> }>;
  start(
    deps: ImportReaderDeps,
    ctx: RequestContext,
    file: FileRecords<T>,
    extra: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
}

/** The summary of an upload as the history lists it (contracts `importFileSummary` and its kinds'). */
export interface ImportFileSummaryOut<T extends ImportKindTypes = ImportKindTypes> {
  id: string;
  originalName: string;
  uploadDate: string;
  processed: boolean;
  format: 'csv' | T['jsonFormat'] | null;
  columnMap: ColumnMapOf<T['field']> | null;
  latestJob: {
    id: string;
    status: JobStatus;
    progress: number;
    completedAt: string | null;
    fates: ImportFateCounts | null;
  } | null;
}

/** What Tend read from an uploaded CSV (contracts `importAnalysis`). */
export interface ImportAnalysisOut<T extends ImportKindTypes = ImportKindTypes> {
  headers: string[];
  encoding: 'utf-8' | 'windows-1252';
  delimiter: string;
  sampleRows: string[][];
  suggestedColumnMap: ColumnMapOf<T['field']>;
  savedFrom: { csvFileId: string; originalName: string; uploadDate: string } | null;
}

/** The answer to an upload (contracts `importUploaded`, or the kind's union with `importQueued`). */
export type ImportUploadedOut<T extends ImportKindTypes = ImportKindTypes> =
  | { format: 'csv'; csvFileId: string; analysis: ImportAnalysisOut<T> }
  | ([T['jsonFormat']] extends [never]
      ? never
      : { format: T['jsonFormat']; csvFileId: string; job: ProcessingJob });

/** The file's header mapped to `field`, for rejection reports (the first candidate's name without one). */
export function csvFieldName(map: ColumnMapOf, ...candidates: string[]): string {
  for (const field of candidates) {
    const header = Object.entries(map).find(([, mapped]) => mapped === field)?.[0];
    if (header) return header;
  }
  return candidates[0] ?? 'row';
}
