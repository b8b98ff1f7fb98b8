/**
 * The import job of every kind (docs/decisions/0008-import-kinds.md, 0031-one-import-framework.md):
 * streams the stored file — a CSV through the kind's `parseRow` with the saved column map, or a format
 * the kind reads without a mapping (Sandata JSON) — hands every row to the pipeline as a `ParsedRow`,
 * rejects a row's problems and sets a repeated key apart as a duplicate (the kind's `duplicate` rule)
 * here and only here (decision 0036), and
 * writes the rest in batches through the kind's writer with progress. A module registers its kind's
 * job with `importJobHandler(importHandlerDeps(app.deps, <imported event>), kind)`.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { DuplicateRecord, RejectedRecord, StaleRecord } from '@tend/contracts';
import type { Database } from '../db/client.ts';
import type { RequestContext } from '../http/context.ts';
import type { JobEvent, JobEvents } from '../jobs/events.ts';
import { JobInputError, type JobContext } from '../jobs/jobs.service.ts';
import type { StorageService } from '../storage/storage.service.ts';
import { csvFiles } from './imports.table.ts';
import { CsvFormatError, readCsvRows, sniffCsv } from './csv-reader.ts';
import { Batcher, IMPORT_BATCH_SIZE } from './import-batcher.ts';
import {
  csvFieldName,
  type ColumnMapOf,
  type CsvFileRow,
  type DuplicateRule,
  type ImportKindDefinition,
  type ImportKindTypes,
  type ImportReaderDeps,
  type ImportRejections,
  type ImportRun,
  type ParsedRow,
} from './import-kind.ts';
import { IMPORTS_BUCKET, openStoredFile, recordedEncoding } from './import-service.ts';

/**
 * Rows parsed between two turns of the event loop. Parsing is synchronous work on the thread that also
 * reads the database's answers: without a turn, each round trip of the batch being written waits for a
 * whole batch of parsing, and the database sits idle (decision 0022, session 8).
 */
const ROWS_PER_TURN = 100;

/** What the job handler needs; `afterImport` runs when the kind says a run changed something. */
export type ImportJobDeps = ImportReaderDeps & { afterImport?: (jobId: string) => Promise<void> };

/**
 * The rejected, duplicate and stale records of one run (`ImportRejections`), each list apart
 * (decision 0036): a duplicate was imported once, from its first copy, and is no problem to fix.
 */
export function createRejections(): ImportRejections {
  const rejected: RejectedRecord[] = [];
  const duplicates: DuplicateRecord[] = [];
  const stale: StaleRecord[] = [];
  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  return {
    reject: (record) => rejected.push(record),
    duplicate: (record) => duplicates.push(record),
    stale: (record) => stale.push(record),
    list: () => rejected.sort(byLine),
    duplicates: () => duplicates.sort(byLine),
    staleVersions: () => stale.sort(byLine),
  };
}

/**
 * The pipeline's one intake of parsed rows, whatever the format: a row with problems is rejected (one
 * record per problem), a row whose key an earlier row had is a duplicate of that row (`duplicate`'s
 * words; the first copy is the one imported), every other row goes to the batcher (keyed by its
 * `writeKey`).
 */
export function rowIntake<R>(options: {
  rejections: ImportRejections;
  duplicate: DuplicateRule<R>;
  batcher: Batcher<R>;
}): (line: number, parsed: ParsedRow<R>) => Promise<void> {
  const { rejections, duplicate, batcher } = options;
  const seen = new Map<string, number>();
  return async (line, parsed) => {
    if (!parsed.ok) {
      for (const problem of parsed.problems)
        // Named fields, not `{ line, ...problem, … }`: V8 gives every object spread and extended
        // that way a hidden class of its own (kilobytes each; 0022, session 6).
        rejections.reject({ line, field: problem.field, reason: problem.reason, externalId: parsed.key });
      return;
    }
    const firstLine = seen.get(parsed.key);
    if (firstLine !== undefined) {
      rejections.duplicate({
        line,
        firstLine,
        field: duplicate.field,
        reason: duplicate.reason(parsed, firstLine),
        externalId: parsed.label === undefined ? parsed.key : parsed.label,
      });
      return;
    }
    seen.set(parsed.key, line);
    await batcher.add({ line, key: parsed.writeKey ?? parsed.key, record: parsed.record });
  };
}

/** Reads a CSV upload with its saved column map into `add`; returns the number of rows read. */
async function readCsvUpload<T extends ImportKindTypes>(
  deps: ImportReaderDeps,
  run: ImportRun,
  options: {
    kind: ImportKindDefinition<T>;
    add: (line: number, parsed: ParsedRow<T['record']>) => Promise<void>;
  },
): Promise<number> {
  const { kind, add } = options;
  const { file } = run;
  // Saved by `startImport` after the kind accepted it.
  const map = file.columnMap as ColumnMapOf<T['field']> | null;
  if (!map) throw new JobInputError('The CSV has no column mapping yet: map its columns on the import page');
  const size = (await deps.storage.info(run.ctx, file.bucket ?? IMPORTS_BUCKET, file.filePath)).size;
  const open = openStoredFile(deps, run.ctx, file);
  const sniff = await sniffCsv(open, recordedEncoding(file)).catch((error: unknown) => {
    throw error instanceof CsvFormatError ? new JobInputError(error.message) : error;
  });
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
      await add(row.line, kind.parseRow(row, sniff.headers, map, { timeZone: run.timeZone }));
    }
    if (Date.now() - reported > 500) {
      reported = Date.now();
      await run.job.progress(1 + Math.min(1, bytes / Math.max(size, 1)) * 98, `${rows} rows read`);
    }
  }
  return rows;
}

/** Marks an upload imported (`csv_file.processed`), once its import job has written it. */
export async function markFileProcessed(db: Database, csvFileId: string): Promise<void> {
  await db.update(csvFiles).set({ processed: true }).where(eq(csvFiles.id, csvFileId));
}

/**
 * The run of `job`: its upload, zone and rejections. Errors: JobInputError when the upload is gone. Used
 * by `runImportJob` and by a kind with its own job (claims).
 */
export async function openRun(deps: ImportReaderDeps, job: JobContext): Promise<ImportRun> {
  const ctx: RequestContext = { actor: null, requestId: `job:${job.jobId}`, ip: null, userAgent: null };
  if (!job.csvFileId) throw new JobInputError('The job names no uploaded file');
  const [file]: CsvFileRow[] = await deps.db.select().from(csvFiles).where(eq(csvFiles.id, job.csvFileId));
  if (!file) throw new JobInputError('The uploaded file record is missing');
  const timeZone = (job.metadata.timeZone as string | undefined) ?? file.timeZone ?? deps.agencyTimeZone;
  return { ctx, file, job, timeZone, rejections: createRejections() };
}

/**
 * Runs the import of `job`'s upload as `kind`: streams it in batches of {@link IMPORT_BATCH_SIZE}
 * records through the kind's writer and returns the kind's result (counts and every rejected record).
 * `deps.afterImport` runs once the file is imported when the kind says the run changed something.
 * Errors: `JobInputError` in words when the file cannot be read (no mapping, not CSV, not the format).
 */
export async function runImportJob<T extends ImportKindTypes>(
  deps: ImportJobDeps,
  job: JobContext,
  options: { kind: ImportKindDefinition<T> },
): Promise<T['result']> {
  const { kind } = options;
  const run = await openRun(deps, job);
  const writer = await kind.openWriter(deps, run);
  const batcher = new Batcher<T['record']>((records) => writer.write(records), writer.writers ?? 1);
  const json = kind.json && run.file.format === kind.json.format ? kind.json : null;
  const duplicate = json
    ? json.duplicate
    : { ...kind.duplicate, field: csvFieldName(run.file.columnMap ?? {}, kind.duplicate.field) };
  const add = rowIntake({ rejections: run.rejections, duplicate, batcher });
  const total = json
    ? await json.read(deps, run, openStoredFile(deps, run.ctx, run.file), add)
    : await readCsvUpload(deps, run, { kind, add });
  await batcher.flush();
  await markFileProcessed(deps.db, run.file.id);
  const summary = writer.summary();
  const { rejections } = run;
  const rejected = rejections.list();
  const duplicates = rejections.duplicates();
  const stale = rejections.staleVersions();
  const format = json ? json.format : 'csv';
  const result = kind.result({ format, total, rejected, duplicates, stale }, summary);
  const rejectedRows = new Set(rejected.map((r) => r.line)).size;
  await job.log(
    `Created ${String(result.created)}, updated ${String(result.updated)}, unchanged ${String(result.unchanged)}, ` +
      `duplicates ${duplicates.length}, stale updates ignored ${stale.length}, rejected ${rejectedRows}`,
  );
  if (deps.afterImport && kind.changed(summary)) await deps.afterImport(job.jobId);
  return result;
}

/** The job handler of `kind` (register it under `kind.jobType`). */
export function importJobHandler<T extends ImportKindTypes>(
  deps: ImportJobDeps,
  kind: ImportKindDefinition<T>,
): (job: JobContext) => Promise<T['result']> {
  return (job) => runImportJob(deps, job, { kind });
}

/**
 * The dependencies of an import kind's job handler from the app's: the database, storage, the agency's
 * time zone, and `afterImport` publishing `imported` `{ importJobId }` (the import's ProcessingJob id)
 * once the file is imported and the kind reports a change (`ImportKindDefinition.changed`).
 */
export function importHandlerDeps(
  deps: {
    config: { agencyTimeZone: string };
    database: { db: Database };
    storage: StorageService;
    events: Pick<JobEvents, 'publish'>;
  },
  imported: JobEvent<{ importJobId: string }>,
): ImportJobDeps & { afterImport: (importJobId: string) => Promise<void> } {
  return {
    db: deps.database.db,
    storage: deps.storage,
    agencyTimeZone: deps.config.agencyTimeZone,
    afterImport: (importJobId) => deps.events.publish(imported, { importJobId }),
  };
}
