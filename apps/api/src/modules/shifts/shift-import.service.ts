/**
 * Shift import (issue "shift records with EVV"; spec s.3 CSVFile, ProcessingJob; docs/evv-import.md).
 * An upload keeps the raw file in the `imports` bucket and records a CSVFile with the format detected
 * from the content:
 *   - Sandata OpenEVV JSON is queued for import at once;
 *   - a CSV is read (encoding, delimiter, header) and waits for its column mapping: the mapping saved
 *     for the same header is offered again, a preview shows the first parsed rows, and starting the
 *     import saves the mapping on the CSVFile and queues the job.
 * The `shift-import` job streams the file in batches through `importVisitBatch` (visit-import.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { text as streamToText } from 'node:stream/consumers';
import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import {
  columnMapProblems,
  type ColumnMap,
  type CsvAnalysis,
  type CsvFileSummary,
  type JobStatus,
  type ShiftImportDetail,
  type ShiftImportFormat,
  type ShiftImportOptions,
  type ShiftImportPreview,
  type ShiftImportResult,
  type ShiftImportStarted,
  type ShiftImportUploaded,
} from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { JobInputError, type JobContext, type JobRunner } from '../../platform/jobs/jobs.service.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { ImportPeopleIndex } from '../people/people-matching.ts';
import { headerSignature, suggestColumnMap } from './csv/column-map.ts';
import { CsvFormatError, readCsvRows, sniffCsv, type CsvSniff, type OpenStream } from './csv/csv-reader.ts';
import { csvRowToVisit } from './csv/csv-visit.ts';
import {
  extractSandataVisits,
  normalizeSandataVisit,
  sandataFieldNames,
  sandataVisit,
} from './evv-sandata.ts';
import { csvFiles, processingJobs } from './shifts.table.ts';
import { emptyTally, importVisitBatch, type ImportTally, type SourceFieldNames } from './visit-import.ts';
import type { VisitRecord } from './visit-record.ts';

export const SHIFT_IMPORT_JOB = 'shift-import';
export const IMPORTS_BUCKET = 'imports';
/** Records written per transaction. */
const BATCH_SIZE = 1000;
/** Rows parsed for the preview. */
const PREVIEW_ROWS = 10;

export interface ShiftImportDeps {
  db: Database;
  storage: StorageService;
  jobs: JobRunner;
  agencyTimeZone: string;
}

type CsvFileRow = typeof csvFiles.$inferSelect;
type ReaderDeps = Omit<ShiftImportDeps, 'jobs'>;

function opener(deps: Pick<ShiftImportDeps, 'storage'>, ctx: RequestContext, file: CsvFileRow): OpenStream {
  return async () => (await deps.storage.download(ctx, file.bucket ?? IMPORTS_BUCKET, file.filePath)).body;
}

/** Detects the format from the first non-blank characters: `[` or `{` is JSON, anything else CSV. */
async function detectFormat(open: OpenStream): Promise<ShiftImportFormat> {
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
  return first === '[' || first === '{' ? 'sandata-openevv' : 'csv';
}

async function findFile(db: Database, id: string): Promise<CsvFileRow> {
  const [file] = await db.select().from(csvFiles).where(eq(csvFiles.id, id));
  if (!file) throw notFound('Upload');
  return file;
}

/** The saved mapping of the newest earlier upload with the same header, if any. */
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
      ),
    )
    .orderBy(desc(csvFiles.uploadDate))
    .limit(1);
  return earlier?.columnMap ? { ...earlier, columnMap: earlier.columnMap } : null;
}

async function analyse(deps: ShiftImportDeps, file: CsvFileRow, sniff: CsvSniff): Promise<CsvAnalysis> {
  const saved = await savedMapping(deps.db, file);
  const usable = saved && Object.keys(saved.columnMap).every((header) => sniff.headers.includes(header));
  return {
    headers: sniff.headers,
    encoding: sniff.encoding,
    delimiter: sniff.delimiter,
    sampleRows: sniff.sampleRows.slice(0, 5),
    suggestedColumnMap: usable ? saved.columnMap : suggestColumnMap(sniff.headers),
    savedFrom: usable
      ? { csvFileId: saved.id, originalName: saved.originalName, uploadDate: saved.uploadDate.toISOString() }
      : null,
  };
}

/** The encoding the upload's first sniff recorded, so later reads skip the whole-file encoding pass. */
function recordedEncoding(file: CsvFileRow): CsvSniff['encoding'] | undefined {
  return file.encoding === 'utf-8' || file.encoding === 'windows-1252' ? file.encoding : undefined;
}

async function sniffStored(deps: ShiftImportDeps, ctx: RequestContext, file: CsvFileRow): Promise<CsvSniff> {
  try {
    return await sniffCsv(opener(deps, ctx, file), recordedEncoding(file));
  } catch (error) {
    if (error instanceof CsvFormatError) throw AppError.field('file', error.message);
    throw error;
  }
}

/**
 * Stores an uploaded EVV file (raw bytes kept in the `imports` bucket), records it as a CSVFile and
 * detects its format. JSON is queued at once; a CSV answers with its analysis and waits for
 * `startCsvImport`. Errors: PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE (storage); VALIDATION_FAILED on
 * `file` for an empty or unreadable CSV. Audited as `shift.import` on the csv_file.
 */
export async function uploadShiftImport(
  deps: ShiftImportDeps,
  ctx: RequestContext,
  upload: { originalName: string; contentType: string; body: Readable },
): Promise<ShiftImportUploaded> {
  const hash = createHash('sha256');
  const tee = new PassThrough();
  upload.body.on('data', (chunk: Buffer) => hash.update(chunk));
  upload.body.on('error', (error) => tee.destroy(error));
  upload.body.pipe(tee);
  const safeName = upload.originalName.replace(/[^\w.-]+/g, '_').slice(-120) || 'upload';
  const path = `evv/${new Date().toISOString().slice(0, 10)}/${randomUUID()}-${safeName}`;
  await deps.storage.upload(ctx, {
    bucketId: IMPORTS_BUCKET,
    path,
    body: tee,
    contentType: upload.contentType,
  });
  const [inserted] = await deps.db
    .insert(csvFiles)
    .values({
      fileName: path.split('/').at(-1) ?? safeName,
      originalName: upload.originalName.slice(0, 500),
      filePath: path,
      bucket: IMPORTS_BUCKET,
      contentHash: hash.digest('hex'),
    })
    .returning();
  if (!inserted) throw new AppError('INTERNAL');
  let file: CsvFileRow = inserted;
  const format = await detectFormat(opener(deps, ctx, file));
  await recordAudit(deps.db, ctx, {
    action: 'shift.import',
    entityType: 'csv_file',
    entityId: file.id,
    details: { format, step: 'upload' },
  });
  if (format === 'sandata-openevv') {
    await deps.db.update(csvFiles).set({ format }).where(eq(csvFiles.id, file.id));
    const job = await enqueue(deps, ctx, file, {});
    return { format, csvFileId: file.id, job };
  }
  const sniff = await sniffStored(deps, ctx, file);
  [file] = (await deps.db
    .update(csvFiles)
    .set({ format, headerSignature: headerSignature(sniff.headers), encoding: sniff.encoding })
    .where(eq(csvFiles.id, file.id))
    .returning()) as [CsvFileRow];
  return { format, csvFileId: file.id, analysis: await analyse(deps, file, sniff) };
}

function enqueue(
  deps: ShiftImportDeps,
  ctx: RequestContext,
  file: CsvFileRow,
  metadata: Record<string, unknown>,
) {
  return deps.jobs.enqueue({
    jobType: SHIFT_IMPORT_JOB,
    csvFileId: file.id,
    triggeredBy: ctx.actor?.userAccountId ?? null,
    metadata: { originalName: file.originalName.slice(0, 200), ...metadata },
  });
}

/** Checks a column map against the file's header. Errors: VALIDATION_FAILED on `columnMap`. */
function checkColumnMap(map: ColumnMap, headers: string[]): void {
  const unknown = Object.keys(map).filter((header) => !headers.includes(header));
  const problems = [
    ...unknown.map((header) => `Column ${JSON.stringify(header)} is not in the file`),
    ...columnMapProblems(map),
  ];
  if (problems.length)
    throw new AppError(
      'VALIDATION_FAILED',
      `columnMap: ${problems.join('; ')}`,
      problems.map((message) => ({ path: 'columnMap', message })),
    );
}

async function csvUpload(deps: ShiftImportDeps, id: string) {
  const file = await findFile(deps.db, id);
  if (file.format !== 'csv')
    throw new AppError('CONFLICT', 'This upload is not a CSV file: it needs no column mapping');
  return file;
}

/**
 * Parses the first rows with `options` to show what would be imported (and each row's problems).
 * Errors: NOT_FOUND, CONFLICT (not a CSV), VALIDATION_FAILED (`columnMap` names a missing column).
 * Audited as `shift_import.preview`.
 */
export async function previewShiftImport(
  deps: ShiftImportDeps,
  ctx: RequestContext,
  id: string,
  options: ShiftImportOptions,
): Promise<ShiftImportPreview> {
  const file = await csvUpload(deps, id);
  const sniff = await sniffStored(deps, ctx, file);
  const unknown = Object.keys(options.columnMap).filter((header) => !sniff.headers.includes(header));
  if (unknown.length) checkColumnMap(options.columnMap, sniff.headers);
  const rows: ShiftImportPreview['rows'] = [];
  const timeZone = options.timeZone ?? deps.agencyTimeZone;
  for await (const batch of readCsvRows(opener(deps, ctx, file), sniff, { batchSize: PREVIEW_ROWS })) {
    for (const row of batch.slice(0, PREVIEW_ROWS - rows.length)) {
      const parsed = csvRowToVisit(row, sniff.headers, options.columnMap, { timeZone });
      if (parsed.ok) {
        const v = parsed.visit;
        rows.push({
          line: row.line,
          givShiftId: v.externalId,
          caregiver: v.caregiver.name ?? v.caregiver.externalId,
          client: v.client.name ?? v.client.pid,
          date: v.serviceDate,
          evvInTime: v.evvInTime?.toISOString() ?? null,
          evvOutTime: v.evvOutTime?.toISOString() ?? null,
          evvInLat: v.evvInLat,
          evvInLong: v.evvInLong,
          evvOutLat: v.evvOutLat,
          evvOutLong: v.evvOutLong,
          billingCode: v.billingCode,
          mod1: v.mod1,
          timeZone: v.timeZone,
          errors: [],
        });
      } else {
        rows.push({
          line: row.line,
          givShiftId: parsed.externalId,
          caregiver: null,
          client: null,
          date: null,
          evvInTime: null,
          evvOutTime: null,
          evvInLat: null,
          evvInLong: null,
          evvOutLat: null,
          evvOutLong: null,
          billingCode: null,
          mod1: null,
          timeZone: null,
          errors: parsed.problems,
        });
      }
    }
    if (rows.length >= PREVIEW_ROWS) break;
  }
  await recordAudit(deps.db, ctx, {
    action: 'shift_import.preview',
    entityType: 'csv_file',
    entityId: file.id,
    details: { rows: rows.length },
  });
  return { rows, problems: columnMapProblems(options.columnMap) };
}

/**
 * Saves the column map (and zone) on the CSVFile and queues the import. Errors: NOT_FOUND, CONFLICT
 * (not a CSV, or an import of it is already queued or running), VALIDATION_FAILED on `columnMap`.
 */
export async function startCsvImport(
  deps: ShiftImportDeps,
  ctx: RequestContext,
  id: string,
  options: ShiftImportOptions,
): Promise<ShiftImportStarted> {
  const file = await csvUpload(deps, id);
  const sniff = await sniffStored(deps, ctx, file);
  checkColumnMap(options.columnMap, sniff.headers);
  const [running] = await deps.db
    .select({ id: processingJobs.id })
    .from(processingJobs)
    .where(and(eq(processingJobs.csvFileId, file.id), inArray(processingJobs.status, ['QUEUED', 'RUNNING'])))
    .limit(1);
  if (running) throw new AppError('CONFLICT', 'This file is already being imported');
  const timeZone = options.timeZone ?? deps.agencyTimeZone;
  await deps.db
    .update(csvFiles)
    .set({ columnMap: options.columnMap, timeZone })
    .where(eq(csvFiles.id, file.id));
  const job = await enqueue(deps, ctx, file, { timeZone });
  await recordAudit(deps.db, ctx, {
    action: 'shift.import',
    entityType: 'csv_file',
    entityId: file.id,
    details: { jobId: job.id, step: 'start' },
  });
  return { csvFileId: file.id, job };
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
): CsvFileSummary[] {
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
      format: (file.format as ShiftImportFormat | null) ?? null,
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
    .where(and(inArray(processingJobs.csvFileId, fileIds), eq(processingJobs.jobType, SHIFT_IMPORT_JOB)));
}

/** The newest uploads (at most 200), each with its latest import job. Audited as `shift_import.read`. */
export async function listShiftImports(
  db: Database,
  ctx: RequestContext,
): Promise<{ items: CsvFileSummary[] }> {
  const files = await db.select().from(csvFiles).orderBy(desc(csvFiles.uploadDate)).limit(200);
  const jobs = await latestJobs(
    db,
    files.map((f) => f.id),
  );
  await recordAudit(db, ctx, {
    action: 'shift_import.read',
    entityType: 'csv_file',
    details: { returned: files.length },
  });
  return { items: summaries(files, jobs) };
}

/** One upload with its latest job and, for a CSV, its analysis. Errors: NOT_FOUND. Audited. */
export async function getShiftImport(
  deps: ShiftImportDeps,
  ctx: RequestContext,
  id: string,
): Promise<ShiftImportDetail> {
  const file = await findFile(deps.db, id);
  const [summary] = summaries([file], await latestJobs(deps.db, [file.id]));
  const analysis =
    file.format === 'csv' ? await analyse(deps, file, await sniffStored(deps, ctx, file)) : null;
  await recordAudit(deps.db, ctx, { action: 'shift_import.read', entityType: 'csv_file', entityId: file.id });
  return { file: summary as CsvFileSummary, analysis, agencyTimeZone: deps.agencyTimeZone };
}

/**
 * Collects records into batches of distinct external ids. A record whose id is already in the open
 * batch (a newer Sandata sequence of the same visit) closes the batch first, so it sees the earlier
 * version as existing. One batch is written while the next one is being read and parsed (at most one
 * write in flight, so batches still land in order and each sees the people the previous one created).
 */
class Batcher {
  private records: VisitRecord[] = [];
  private ids = new Set<string>();
  private inFlight: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(private readonly writeBatch: (records: VisitRecord[]) => Promise<void>) {}

  async add(record: VisitRecord): Promise<void> {
    if (this.ids.has(record.externalId)) await this.send();
    this.records.push(record);
    this.ids.add(record.externalId);
    if (this.records.length >= BATCH_SIZE) await this.send();
  }

  /** Writes what is left and waits for every write; rethrows a failed write. */
  async flush(): Promise<void> {
    await this.send();
    await this.settled();
  }

  private async send(): Promise<void> {
    await this.settled();
    if (!this.records.length) return;
    const records = this.records;
    this.records = [];
    this.ids = new Set();
    this.inFlight = this.writeBatch(records).catch((error: unknown) => {
      this.failure = error;
    });
  }

  private async settled(): Promise<void> {
    await this.inFlight;
    if (this.failure) throw this.failure;
  }
}

interface RunState {
  ctx: RequestContext;
  file: CsvFileRow;
  job: JobContext;
  tally: ImportTally;
  batcher: Batcher;
}

async function importSandata(deps: ReaderDeps, state: RunState): Promise<number> {
  const stored = await opener(deps, state.ctx, state.file)();
  const content = (await streamToText(stored)).replace(/^\uFEFF/, '');
  let document: unknown;
  try {
    document = JSON.parse(content);
  } catch {
    throw new JobInputError(
      'The file is not valid JSON. Upload a Sandata OpenEVV visit export (a JSON array of visits) or a CSV export.',
    );
  }
  const visits = extractSandataVisits(document);
  if (!visits)
    throw new JobInputError(
      'No visits found: expected a JSON array of Sandata OpenEVV visits, each with a VisitOtherID.',
    );
  await state.job.progress(1, `Found ${visits.length} visits`);
  const seen = new Map<string, number>();
  for (const [index, raw] of visits.entries()) {
    const line = index + 1;
    const rawId: unknown = raw && typeof raw === 'object' && 'VisitOtherID' in raw ? raw.VisitOtherID : null;
    const externalId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : null;
    const reject = (field: string, reason: string) =>
      state.tally.rejected.push({ line, field, reason, externalId });
    const parsed = sandataVisit.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) reject(issue.path.join('.') || 'visit', issue.message);
    } else {
      const key = `${parsed.data.VisitOtherID}#${parsed.data.SequenceID}`;
      const firstLine = seen.get(key);
      if (firstLine !== undefined) {
        reject(
          'VisitOtherID',
          `duplicates visit ${parsed.data.VisitOtherID} sequence ${parsed.data.SequenceID} at line ${firstLine}`,
        );
      } else {
        seen.set(key, line);
        try {
          await state.batcher.add(
            normalizeSandataVisit(parsed.data, deps.agencyTimeZone, line, raw as Record<string, unknown>),
          );
        } catch (error) {
          const detail = error as { field?: string; reason?: string };
          if (!detail.field) throw error;
          reject(detail.field, detail.reason ?? 'is invalid');
        }
      }
    }
    if (line % BATCH_SIZE === 0)
      await state.job.progress(1 + (line / visits.length) * 98, `${line} of ${visits.length} visits read`);
  }
  return visits.length;
}

async function importCsv(deps: ReaderDeps, state: RunState, size: number): Promise<number> {
  const { file, tally } = state;
  if (!file.columnMap)
    throw new JobInputError('The CSV has no column mapping yet: map its columns on the import page');
  const open = opener(deps, state.ctx, file);
  const sniff = await sniffCsv(open, recordedEncoding(file)).catch((error: unknown) => {
    throw error instanceof CsvFormatError ? new JobInputError(error.message) : error;
  });
  const timeZone =
    (state.job.metadata.timeZone as string | undefined) ?? file.timeZone ?? deps.agencyTimeZone;
  const seen = new Map<string, number>();
  let rows = 0;
  let bytes = 0;
  let reported = 0;
  for await (const batch of readCsvRows(open, sniff, {
    batchSize: BATCH_SIZE,
    onBytes: (read) => (bytes = read),
  })) {
    for (const row of batch) {
      rows += 1;
      const parsed = csvRowToVisit(row, sniff.headers, file.columnMap, { timeZone });
      if (!parsed.ok) {
        for (const problem of parsed.problems)
          tally.rejected.push({ line: row.line, ...problem, externalId: parsed.externalId });
        continue;
      }
      const firstLine = seen.get(parsed.visit.externalId);
      if (firstLine !== undefined) {
        tally.rejected.push({
          line: row.line,
          field: csvFieldName(file.columnMap, 'givShiftId'),
          reason: `duplicates shift id ${parsed.visit.externalId} at line ${firstLine}`,
          externalId: parsed.visit.externalId,
        });
        continue;
      }
      seen.set(parsed.visit.externalId, row.line);
      await state.batcher.add(parsed.visit);
    }
    if (Date.now() - reported > 500) {
      reported = Date.now();
      await state.job.progress(1 + Math.min(1, bytes / Math.max(size, 1)) * 98, `${rows} rows read`);
    }
  }
  return rows;
}

/** The file's header mapped to `field`, for rejection reports. */
function csvFieldName(map: ColumnMap, ...candidates: string[]): string {
  for (const field of candidates) {
    const header = Object.entries(map).find(([, mapped]) => mapped === field)?.[0];
    if (header) return header;
  }
  return candidates[0] ?? 'row';
}

/**
 * The `shift-import` job: streams the stored file in batches of {@link BATCH_SIZE} records through
 * the importer and returns the summary (counts and every rejected record). Fails with a reason in
 * words (JobInputError) when the file cannot be read as its format.
 */
/**
 * The import job's handler. `afterImport` runs once the file is imported when any shift was created or
 * updated (app.ts queues the screening jobs there: spec "each screening runs as a job over new and
 * changed shifts").
 */
export function createShiftImportHandler(
  deps: Omit<ShiftImportDeps, 'jobs'> & { afterImport?: (jobId: string) => Promise<void> },
) {
  return async (job: JobContext): Promise<ShiftImportResult> => {
    const ctx: RequestContext = { actor: null, requestId: `job:${job.jobId}`, ip: null, userAgent: null };
    if (!job.csvFileId) throw new JobInputError('The job names no uploaded file');
    const [file] = await deps.db.select().from(csvFiles).where(eq(csvFiles.id, job.csvFileId));
    if (!file) throw new JobInputError('The uploaded file record is missing');
    const format: ShiftImportFormat = file.format === 'csv' ? 'csv' : 'sandata-openevv';
    const people = await ImportPeopleIndex.load(deps.db);
    const tally = emptyTally();
    const fields: SourceFieldNames =
      format === 'csv' && file.columnMap
        ? {
            caregiver: csvFieldName(file.columnMap, 'caregiverName', 'caregiverExternalId'),
            client: csvFieldName(file.columnMap, 'clientName', 'pid'),
            externalId: csvFieldName(file.columnMap, 'givShiftId'),
          }
        : sandataFieldNames;
    const batcher = new Batcher((records) =>
      importVisitBatch(deps.db, ctx, { records, csvFileId: file.id, people, fields, tally }),
    );
    const state: RunState = { ctx, file, job, tally, batcher };
    let total: number;
    if (format === 'csv') {
      const stored = await deps.storage.info(ctx, file.bucket ?? IMPORTS_BUCKET, file.filePath);
      total = await importCsv(deps, state, stored.size);
    } else {
      total = await importSandata(deps, state);
    }
    await batcher.flush();
    tally.rejected.sort((a, b) => a.line - b.line);
    await deps.db.update(csvFiles).set({ processed: true }).where(eq(csvFiles.id, file.id));
    await job.log(
      `Created ${tally.created}, updated ${tally.updated}, unchanged ${tally.unchanged}, rejected ${tally.rejected.length}`,
    );
    if (deps.afterImport && tally.created + tally.updated > 0) await deps.afterImport(job.jobId);
    return { format, total, ...tally };
  };
}
