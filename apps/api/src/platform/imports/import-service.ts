/**
 * The one CSV import pipeline every import kind goes through (docs/decisions/0008-import-kinds.md;
 * spec s.3 CSVFile, ProcessingJob; house rule "imports keep the raw file, report every rejected row
 * and can be re-run without doubling anything"):
 *   upload → raw file kept in the `imports` bucket under the kind's folder → `csv_file` row →
 *   analysis (encoding, delimiter, header; the mapping saved for the same header is offered again) →
 *   preview of the first parsed rows → start (mapping saved on the CSVFile, job queued) → the job
 *   streams the file in batches through the kind's writer, with progress → summary (every rejected
 *   row: line, field, reason).
 * A kind (`ImportKindDefinition`) brings its column-map rules, its row parser and its batch writer;
 * everything else lives here once. Which kind an upload belongs to is the folder of its stored path
 * (`<folder>/<date>/<uuid>-<name>`), so no upload can be read or imported as another kind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { AuditAction, ImportKind, JobStatus, ProcessingJob, RejectedRecord } from '@tend/contracts';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { RequestContext } from '../http/context.ts';
import { AppError, notFound } from '../http/errors.ts';
import { JobInputError, type JobContext, type JobRunner } from '../jobs/jobs.service.ts';
import type { StorageService } from '../storage/storage.service.ts';
import { processingJobs } from '../jobs/jobs.table.ts';
import { csvFiles } from './imports.table.ts';
import { headerSignature } from './column-map.ts';
import {
  CsvFormatError,
  readCsvRows,
  sniffCsv,
  type CsvRow,
  type CsvSniff,
  type OpenStream,
} from './csv-reader.ts';

export const IMPORTS_BUCKET = 'imports';
/** Records written per transaction. */
export const IMPORT_BATCH_SIZE = 1000;
/**
 * Rows parsed between two turns of the event loop. Parsing is synchronous work on the thread that also
 * reads the database's answers: without a turn, each round trip of the batch being written waits for a
 * whole batch of parsing, and the database sits idle (decision 0022, session 8).
 */
const ROWS_PER_TURN = 100;
/** Rows parsed for the preview. */
const PREVIEW_ROWS = 10;

export interface ImportDeps {
  db: Database;
  storage: StorageService;
  jobs: JobRunner;
  /** IANA zone for local times without one (config AGENCY_TIME_ZONE). */
  agencyTimeZone: string;
}
export type ImportReaderDeps = Omit<ImportDeps, 'jobs'>;
export type CsvFileRow = typeof csvFiles.$inferSelect;
export type ColumnMapOf = Record<string, string>;

/** One problem of a row: the file's header (or the field's label) and the reason in words. */
export interface RowProblem {
  field: string;
  reason: string;
}

/** A row read into a record of the kind, or every problem of the row. `key`: the row's identity. */
export type ParsedRow<R> =
  | {
      ok: true;
      record: R;
      key: string;
      /** The row's id as reports show it, when `key` is not one a person reads (e.g. a hash). */
      label?: string | null;
    }
  | { ok: false; key: string | null; problems: RowProblem[] };

/** A record with the 1-based line it came from. */
export interface LineRecord<R> {
  line: number;
  key: string;
  record: R;
}

/** What one run of an import job has at hand. Kinds push rejected records into `rejected`. */
export interface ImportRun {
  ctx: RequestContext;
  file: CsvFileRow;
  job: JobContext;
  /** IANA zone for local times without one (chosen at start, else the agency's). */
  timeZone: string;
  rejected: RejectedRecord[];
}

/** Writes the parsed records of one run, batch by batch, and counts what it did. */
export interface ImportWriter<R, S> {
  /** Writes one batch (distinct keys). Pushes records refused at write time into `run.rejected`. */
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
 * Everything that makes one import kind. `P` is the kind's preview row, `S` its writer's summary and
 * `Result` what the job stores (contracts `importResult`, or `shiftImportResult` for shifts).
 */
export interface ImportKindDefinition<R, P, S, Result extends Record<string, unknown>> {
  /** Kind name (contracts `importKinds`), stored on each upload's `csv_file.kind`. */
  kind: ImportKind;
  /** Job type of the import job. */
  jobType: string;
  /** Storage folder of the kind's uploads inside the `imports` bucket (storage layout only). */
  folder: string;
  audit: { import: AuditAction; read: AuditAction; preview: AuditAction };
  /** A first column map from the header names. */
  suggestColumnMap(headers: string[]): ColumnMapOf;
  /** What a column map lacks, doubles or names wrongly, in words (empty = importable). */
  columnMapProblems(map: ColumnMapOf): string[];
  /** Reads one row with `map` over `headers` (unique names, as `sniffCsv` gives them). Pure. */
  parseRow(row: CsvRow, headers: string[], map: ColumnMapOf, options: { timeZone: string }): ParsedRow<R>;
  /** The preview line of a parsed row. */
  previewRow(line: number, parsed: ParsedRow<R>): P;
  /** The field whose column names a row's identity, and the rejection reason of a second row with it. */
  duplicate: { field: string; reason: (key: string, firstLine: number) => string };
  /** Opens the writer of one run (loads what it needs, e.g. the people index). */
  openWriter(deps: ImportReaderDeps, run: ImportRun): Promise<ImportWriter<R, S>>;
  /** Builds the stored result. */
  result(base: { format: string; total: number; rejected: RejectedRecord[] }, summary: S): Result;
  /** Whether the run changed anything `afterImport` should follow up. */
  changed(summary: S): boolean;
  /**
   * A non-CSV format of the kind, detected from content at upload (`[` or `{` first = JSON): queued at
   * once without a mapping, read by `importFile` (returns the number of records read).
   */
  json?: {
    format: string;
    importFile(
      deps: ImportReaderDeps,
      run: ImportRun,
      open: OpenStream,
      add: (record: LineRecord<R>) => Promise<void>,
    ): Promise<number>;
  };
}

/** The summary of an upload as the history lists it (contracts `csvFileSummary` / `importFileSummary`). */
export interface ImportFileSummaryOut {
  id: string;
  originalName: string;
  uploadDate: string;
  processed: boolean;
  format: string | null;
  columnMap: ColumnMapOf | null;
  latestJob: { id: string; status: JobStatus; progress: number; completedAt: string | null } | null;
}

export interface ImportAnalysisOut {
  headers: string[];
  encoding: 'utf-8' | 'windows-1252';
  delimiter: string;
  sampleRows: string[][];
  suggestedColumnMap: ColumnMapOf;
  savedFrom: { csvFileId: string; originalName: string; uploadDate: string } | null;
}

export type ImportUploadedOut =
  | { format: 'csv'; csvFileId: string; analysis: ImportAnalysisOut }
  | { format: string; csvFileId: string; job: ProcessingJob };

function opener(deps: Pick<ImportDeps, 'storage'>, ctx: RequestContext, file: CsvFileRow): OpenStream {
  return async () => (await deps.storage.download(ctx, file.bucket ?? IMPORTS_BUCKET, file.filePath)).body;
}

/** Detects the format from the first non-blank characters: `[` or `{` is JSON, anything else CSV. */
async function startsLikeJson(open: OpenStream): Promise<boolean> {
  const stream = await open();
  let head = '';
  try {
    for await (const chunk of stream) {
      head += (chunk as Buffer).toString('latin1');
      if (head.replace(/^(\xEF\xBB\xBF|\s)+/, '').length > 0 || head.length > 4096) break;
    }
  } finally {
    stream.destroy();
  }
  const first = head.replace(/^(\xEF\xBB\xBF|\s)+/, '').charAt(0);
  return first === '[' || first === '{';
}

/** The encoding the upload's first sniff recorded, so later reads skip the whole-file encoding pass. */
function recordedEncoding(file: CsvFileRow): CsvSniff['encoding'] | undefined {
  return file.encoding === 'utf-8' || file.encoding === 'windows-1252' ? file.encoding : undefined;
}

/** The file's header mapped to `field`, for rejection reports (the first candidate's name without one). */
export function csvFieldName(map: ColumnMapOf, ...candidates: string[]): string {
  for (const field of candidates) {
    const header = Object.entries(map).find(([, mapped]) => mapped === field)?.[0];
    if (header) return header;
  }
  return candidates[0] ?? 'row';
}

/**
 * Collects records into batches of distinct keys and hands them to the writer: up to `writers` batches
 * are written at a time (each its own transaction), while the next one is being read and parsed. A
 * record whose key is already in the open batch closes the batch first, and one whose key is in a batch
 * still being written waits for the batches in flight, so each batch sees every earlier version of its
 * records as existing.
 */
class Batcher<R> {
  private records: LineRecord<R>[] = [];
  private keys = new Set<string>();
  /** Batches being written, oldest first, with their keys. */
  private inFlight: { written: Promise<void>; keys: Set<string> }[] = [];
  private failure: unknown = null;

  constructor(
    private readonly writeBatch: (records: LineRecord<R>[]) => Promise<void>,
    private readonly writers: number,
  ) {}

  async add(record: LineRecord<R>): Promise<void> {
    if (this.keys.has(record.key)) await this.send();
    if (this.inFlight.some((batch) => batch.keys.has(record.key))) await this.settled();
    this.records.push(record);
    this.keys.add(record.key);
    if (this.records.length >= IMPORT_BATCH_SIZE) await this.send();
  }

  /** Writes what is left and waits for every write; rethrows a failed write. */
  async flush(): Promise<void> {
    await this.send();
    await this.settled();
  }

  private async send(): Promise<void> {
    while (this.inFlight.length >= this.writers) await this.inFlight[0]?.written;
    if (this.failure) throw this.failure;
    if (!this.records.length) return;
    const records = this.records;
    const batch = {
      keys: this.keys,
      written: this.writeBatch(records).then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= error;
        },
      ),
    };
    batch.written = batch.written.finally(() => this.inFlight.splice(this.inFlight.indexOf(batch), 1));
    this.inFlight.push(batch);
    this.records = [];
    this.keys = new Set();
  }

  /** Waits for every batch in flight; rethrows the first failed write. */
  private async settled(): Promise<void> {
    while (this.inFlight.length) await this.inFlight[0]?.written;
    if (this.failure) throw this.failure;
  }
}

/**
 * The import service of one kind: the HTTP steps (upload, detail, list, preview, start) and the job
 * handler. Errors are `AppError`s naming the field (`file`, `columnMap`); the job fails with a
 * `JobInputError` in words when the file cannot be read.
 */
export function createImportService<R, P, S, Result extends Record<string, unknown>>(
  kind: ImportKindDefinition<R, P, S, Result>,
) {
  const inKind = eq(csvFiles.kind, kind.kind);

  async function findFile(db: Database, id: string): Promise<CsvFileRow> {
    const [file] = await db
      .select()
      .from(csvFiles)
      .where(and(eq(csvFiles.id, id), inKind));
    if (!file) throw notFound('Upload');
    return file;
  }

  /** The saved mapping of the newest earlier upload of the kind with the same header, if any. */
  async function savedMapping(db: Database, file: CsvFileRow) {
    if (!file.headerSignature) return null;
    const [earlier] = await db
      .select({
        id: csvFiles.id,
        originalName: csvFiles.originalName,
        uploadDate: csvFiles.uploadDate,
        columnMap: csvFiles.columnMap,
      })
      .from(csvFiles)
      .where(
        and(
          eq(csvFiles.headerSignature, file.headerSignature),
          ne(csvFiles.id, file.id),
          isNotNull(csvFiles.columnMap),
          inKind,
        ),
      )
      .orderBy(desc(csvFiles.uploadDate))
      .limit(1);
    return earlier?.columnMap ? { ...earlier, columnMap: earlier.columnMap as ColumnMapOf } : null;
  }

  async function analyse(deps: ImportDeps, file: CsvFileRow, sniff: CsvSniff): Promise<ImportAnalysisOut> {
    const saved = await savedMapping(deps.db, file);
    const usable = saved && Object.keys(saved.columnMap).every((header) => sniff.headers.includes(header));
    return {
      headers: sniff.headers,
      encoding: sniff.encoding,
      delimiter: sniff.delimiter,
      sampleRows: sniff.sampleRows.slice(0, 5),
      suggestedColumnMap: usable ? saved.columnMap : kind.suggestColumnMap(sniff.headers),
      savedFrom: usable
        ? {
            csvFileId: saved.id,
            originalName: saved.originalName,
            uploadDate: saved.uploadDate.toISOString(),
          }
        : null,
    };
  }

  async function sniffStored(deps: ImportDeps, ctx: RequestContext, file: CsvFileRow): Promise<CsvSniff> {
    try {
      return await sniffCsv(opener(deps, ctx, file), recordedEncoding(file));
    } catch (error) {
      if (error instanceof CsvFormatError) throw AppError.field('file', error.message);
      throw error;
    }
  }

  function enqueue(
    deps: ImportDeps,
    ctx: RequestContext,
    file: CsvFileRow,
    metadata: Record<string, unknown>,
  ) {
    return deps.jobs.enqueue({
      jobType: kind.jobType,
      csvFileId: file.id,
      triggeredBy: ctx.actor?.userAccountId ?? null,
      metadata: { originalName: file.originalName.slice(0, 200), ...metadata },
    });
  }

  /** Checks a column map against the file's header and the kind. Errors: VALIDATION_FAILED on `columnMap`. */
  function checkColumnMap(map: ColumnMapOf, headers: string[]): void {
    const unknown = Object.keys(map).filter((header) => !headers.includes(header));
    const problems = [
      ...unknown.map((header) => `Column ${JSON.stringify(header)} is not in the file`),
      ...kind.columnMapProblems(map),
    ];
    if (problems.length)
      throw new AppError(
        'VALIDATION_FAILED',
        `columnMap: ${problems.join('; ')}`,
        problems.map((message) => ({ path: 'columnMap', message })),
      );
  }

  async function csvUpload(deps: ImportDeps, id: string) {
    const file = await findFile(deps.db, id);
    if (file.format !== 'csv')
      throw new AppError('CONFLICT', 'This upload is not a CSV file: it needs no column mapping');
    return file;
  }

  function summaries(
    files: CsvFileRow[],
    jobs: {
      id: string;
      csvFileId: string | null;
      status: JobStatus;
      progress: number;
      completedAt: Date | null;
      createdAt: Date;
    }[],
  ): ImportFileSummaryOut[] {
    const latest = new Map<string, (typeof jobs)[number]>();
    for (const job of jobs) {
      const current = job.csvFileId ? latest.get(job.csvFileId) : undefined;
      if (job.csvFileId && (!current || current.createdAt < job.createdAt)) latest.set(job.csvFileId, job);
    }
    return files.map((file) => {
      const job = latest.get(file.id);
      return {
        id: file.id,
        originalName: file.originalName,
        uploadDate: file.uploadDate.toISOString(),
        processed: file.processed,
        format: file.format ?? null,
        columnMap: file.columnMap ?? null,
        latestJob: job
          ? {
              id: job.id,
              status: job.status,
              progress: job.progress,
              completedAt: job.completedAt?.toISOString() ?? null,
            }
          : null,
      };
    });
  }

  async function latestJobs(db: Database, fileIds: string[]) {
    if (!fileIds.length) return [];
    return db
      .select({
        id: processingJobs.id,
        csvFileId: processingJobs.csvFileId,
        status: processingJobs.status,
        progress: processingJobs.progress,
        completedAt: processingJobs.completedAt,
        createdAt: processingJobs.createdAt,
      })
      .from(processingJobs)
      .where(and(inArray(processingJobs.csvFileId, fileIds), eq(processingJobs.jobType, kind.jobType)));
  }

  async function importCsv(
    deps: ImportReaderDeps,
    run: ImportRun,
    batcher: Batcher<R>,
    size: number,
  ): Promise<number> {
    const { file } = run;
    const map = file.columnMap as ColumnMapOf | null;
    if (!map)
      throw new JobInputError('The CSV has no column mapping yet: map its columns on the import page');
    const open = opener(deps, run.ctx, file);
    const sniff = await sniffCsv(open, recordedEncoding(file)).catch((error: unknown) => {
      throw error instanceof CsvFormatError ? new JobInputError(error.message) : error;
    });
    const seen = new Map<string, number>();
    let rows = 0;
    let bytes = 0;
    let reported = 0;
    for await (const batch of readCsvRows(open, sniff, {
      batchSize: IMPORT_BATCH_SIZE,
      onBytes: (read) => (bytes = read),
    })) {
      for (const row of batch) {
        rows += 1;
        if (rows % ROWS_PER_TURN === 0) await nextTurn();
        const parsed = kind.parseRow(row, sniff.headers, map, { timeZone: run.timeZone });
        if (!parsed.ok) {
          for (const problem of parsed.problems)
            // Named fields, not `{ line, ...problem, … }`: V8 gives every object spread and extended
            // that way a hidden class of its own (kilobytes each; 0022, session 6).
            run.rejected.push({
              line: row.line,
              field: problem.field,
              reason: problem.reason,
              externalId: parsed.key,
            });
          continue;
        }
        const firstLine = seen.get(parsed.key);
        if (firstLine !== undefined) {
          run.rejected.push({
            line: row.line,
            field: csvFieldName(map, kind.duplicate.field),
            reason: kind.duplicate.reason(parsed.key, firstLine),
            externalId: parsed.label === undefined ? parsed.key : parsed.label,
          });
          continue;
        }
        seen.set(parsed.key, row.line);
        await batcher.add({ line: row.line, key: parsed.key, record: parsed.record });
      }
      if (Date.now() - reported > 500) {
        reported = Date.now();
        await run.job.progress(1 + Math.min(1, bytes / Math.max(size, 1)) * 98, `${rows} rows read`);
      }
    }
    return rows;
  }

  return {
    kind,

    /**
     * Stores an uploaded file (raw bytes kept in the `imports` bucket under the kind's folder), records
     * it as a CSVFile and detects its format. A JSON format of the kind is queued at once; a CSV answers
     * with its analysis and waits for `start`. Errors: PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE
     * (storage); VALIDATION_FAILED on `file` for an empty or unreadable CSV. Audited (`audit.import`).
     */
    async upload(
      deps: ImportDeps,
      ctx: RequestContext,
      upload: { originalName: string; contentType: string; body: Readable },
    ): Promise<ImportUploadedOut> {
      const hash = createHash('sha256');
      const tee = new PassThrough();
      upload.body.on('data', (chunk: Buffer) => hash.update(chunk));
      upload.body.on('error', (error) => tee.destroy(error));
      upload.body.pipe(tee);
      const safeName = upload.originalName.replace(/[^\w.-]+/g, '_').slice(-120) || 'upload';
      const path = `${kind.folder}/${new Date().toISOString().slice(0, 10)}/${randomUUID()}-${safeName}`;
      await deps.storage.upload(ctx, {
        bucketId: IMPORTS_BUCKET,
        path,
        body: tee,
        contentType: upload.contentType,
      });
      const [inserted] = await deps.db
        .insert(csvFiles)
        .values({
          kind: kind.kind,
          fileName: path.split('/').at(-1) ?? safeName,
          originalName: upload.originalName.slice(0, 500),
          filePath: path,
          bucket: IMPORTS_BUCKET,
          contentHash: hash.digest('hex'),
        })
        .returning();
      if (!inserted) throw new AppError('INTERNAL');
      let file: CsvFileRow = inserted;
      const json = kind.json && (await startsLikeJson(opener(deps, ctx, file))) ? kind.json : null;
      const format = json ? json.format : 'csv';
      await recordAudit(deps.db, ctx, {
        action: kind.audit.import,
        entityType: 'csv_file',
        entityId: file.id,
        details: { format, step: 'upload' },
      });
      if (json) {
        await deps.db.update(csvFiles).set({ format }).where(eq(csvFiles.id, file.id));
        const job = await enqueue(deps, ctx, file, {});
        return { format, csvFileId: file.id, job };
      }
      const sniff = await sniffStored(deps, ctx, file);
      [file] = (await deps.db
        .update(csvFiles)
        .set({ format: 'csv', headerSignature: headerSignature(sniff.headers), encoding: sniff.encoding })
        .where(eq(csvFiles.id, file.id))
        .returning()) as [CsvFileRow];
      return { format: 'csv', csvFileId: file.id, analysis: await analyse(deps, file, sniff) };
    },

    /**
     * Parses the first rows with `options` to show what would be imported (and each row's problems).
     * Errors: NOT_FOUND, CONFLICT (not a CSV), VALIDATION_FAILED (`columnMap` names a missing column).
     * Audited (`audit.preview`).
     */
    async preview(
      deps: ImportDeps,
      ctx: RequestContext,
      id: string,
      options: { columnMap: ColumnMapOf; timeZone?: string | undefined },
    ): Promise<{ rows: P[]; problems: string[] }> {
      const file = await csvUpload(deps, id);
      const sniff = await sniffStored(deps, ctx, file);
      const unknown = Object.keys(options.columnMap).filter((header) => !sniff.headers.includes(header));
      if (unknown.length) checkColumnMap(options.columnMap, sniff.headers);
      const rows: P[] = [];
      const timeZone = options.timeZone ?? deps.agencyTimeZone;
      for await (const batch of readCsvRows(opener(deps, ctx, file), sniff, { batchSize: PREVIEW_ROWS })) {
        for (const row of batch.slice(0, PREVIEW_ROWS - rows.length))
          rows.push(
            kind.previewRow(row.line, kind.parseRow(row, sniff.headers, options.columnMap, { timeZone })),
          );
        if (rows.length >= PREVIEW_ROWS) break;
      }
      await recordAudit(deps.db, ctx, {
        action: kind.audit.preview,
        entityType: 'csv_file',
        entityId: file.id,
        details: { rows: rows.length },
      });
      return { rows, problems: kind.columnMapProblems(options.columnMap) };
    },

    /**
     * Saves the column map (and zone) on the CSVFile and queues the import. Errors: NOT_FOUND, CONFLICT
     * (not a CSV, or an import of it is already queued or running), VALIDATION_FAILED on `columnMap`.
     */
    async start(
      deps: ImportDeps,
      ctx: RequestContext,
      id: string,
      options: { columnMap: ColumnMapOf; timeZone?: string | undefined },
    ): Promise<{ csvFileId: string; job: ProcessingJob }> {
      const file = await csvUpload(deps, id);
      const sniff = await sniffStored(deps, ctx, file);
      checkColumnMap(options.columnMap, sniff.headers);
      const [running] = await deps.db
        .select({ id: processingJobs.id })
        .from(processingJobs)
        .where(
          and(eq(processingJobs.csvFileId, file.id), inArray(processingJobs.status, ['QUEUED', 'RUNNING'])),
        )
        .limit(1);
      if (running) throw new AppError('CONFLICT', 'This file is already being imported');
      const timeZone = options.timeZone ?? deps.agencyTimeZone;
      await deps.db
        .update(csvFiles)
        // The column is typed with the shift fields; other kinds store their own field names.
        .set({ columnMap: options.columnMap as typeof csvFiles.$inferInsert.columnMap, timeZone })
        .where(eq(csvFiles.id, file.id));
      const job = await enqueue(deps, ctx, file, { timeZone });
      await recordAudit(deps.db, ctx, {
        action: kind.audit.import,
        entityType: 'csv_file',
        entityId: file.id,
        details: { jobId: job.id, step: 'start' },
      });
      return { csvFileId: file.id, job };
    },

    /** The newest uploads of the kind (at most 200), each with its latest import job. Audited (`audit.read`). */
    async list(db: Database, ctx: RequestContext): Promise<{ items: ImportFileSummaryOut[] }> {
      const files = await db
        .select()
        .from(csvFiles)
        .where(inKind)
        .orderBy(desc(csvFiles.uploadDate))
        .limit(200);
      const jobs = await latestJobs(
        db,
        files.map((f) => f.id),
      );
      await recordAudit(db, ctx, {
        action: kind.audit.read,
        entityType: 'csv_file',
        details: { returned: files.length },
      });
      return { items: summaries(files, jobs) };
    },

    /** One upload with its latest job and, for a CSV, its analysis. Errors: NOT_FOUND. Audited. */
    async get(
      deps: ImportDeps,
      ctx: RequestContext,
      id: string,
    ): Promise<{ file: ImportFileSummaryOut; analysis: ImportAnalysisOut | null; agencyTimeZone: string }> {
      const file = await findFile(deps.db, id);
      const [summary] = summaries([file], await latestJobs(deps.db, [file.id]));
      const analysis =
        file.format === 'csv' ? await analyse(deps, file, await sniffStored(deps, ctx, file)) : null;
      await recordAudit(deps.db, ctx, { action: kind.audit.read, entityType: 'csv_file', entityId: file.id });
      return { file: summary as ImportFileSummaryOut, analysis, agencyTimeZone: deps.agencyTimeZone };
    },

    /**
     * The import job's handler: streams the stored file in batches of {@link IMPORT_BATCH_SIZE} records
     * through the kind's writer and returns the kind's result (counts and every rejected record).
     * `afterImport` runs once the file is imported when the kind says the run changed something.
     */
    handler(deps: ImportReaderDeps & { afterImport?: (jobId: string) => Promise<void> }) {
      return async (job: JobContext): Promise<Result> => {
        const ctx: RequestContext = { actor: null, requestId: `job:${job.jobId}`, ip: null, userAgent: null };
        if (!job.csvFileId) throw new JobInputError('The job names no uploaded file');
        const [file] = await deps.db.select().from(csvFiles).where(eq(csvFiles.id, job.csvFileId));
        if (!file) throw new JobInputError('The uploaded file record is missing');
        const timeZone =
          (job.metadata.timeZone as string | undefined) ?? file.timeZone ?? deps.agencyTimeZone;
        const run: ImportRun = { ctx, file, job, timeZone, rejected: [] };
        const writer = await kind.openWriter(deps, run);
        const batcher = new Batcher<R>((records) => writer.write(records), writer.writers ?? 1);
        const json = kind.json && file.format === kind.json.format ? kind.json : null;
        let total: number;
        if (json) {
          total = await json.importFile(deps, run, opener(deps, ctx, file), (record) => batcher.add(record));
        } else {
          const stored = await deps.storage.info(ctx, file.bucket ?? IMPORTS_BUCKET, file.filePath);
          total = await importCsv(deps, run, batcher, stored.size);
        }
        await batcher.flush();
        run.rejected.sort((a, b) => a.line - b.line);
        await deps.db.update(csvFiles).set({ processed: true }).where(eq(csvFiles.id, file.id));
        const summary = writer.summary();
        const result = kind.result(
          { format: json ? json.format : 'csv', total, rejected: run.rejected },
          summary,
        );
        await job.log(
          `Created ${String(result.created)}, updated ${String(result.updated)}, unchanged ${String(result.unchanged)}, rejected ${run.rejected.length}`,
        );
        if (deps.afterImport && kind.changed(summary)) await deps.afterImport(job.jobId);
        return result;
      };
    },
  };
}

/** The service of some import kind, as the routes take it. */
export type ImportService = ReturnType<
  typeof createImportService<unknown, unknown, unknown, Record<string, unknown>>
>;
