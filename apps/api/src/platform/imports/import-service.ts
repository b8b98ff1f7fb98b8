/**
 * The HTTP steps of the one import pipeline every import kind goes through (docs/decisions/
 * 0008-import-kinds.md, 0031-one-import-framework.md; spec s.3 CSVFile, ProcessingJob; house rule
 * "imports keep the raw file, report every rejected row and can be re-run without doubling anything"):
 *   upload → raw file kept in the `imports` bucket under the kind's folder → `csv_file` row of the kind →
 *   analysis (encoding, delimiter, header; the mapping saved for the same header is offered again) →
 *   preview of the first parsed rows → start (mapping saved on the CSVFile, job queued). The job is
 *   `import-job.ts`. Each function takes the app's `deps`, the request context and one options object
 *   naming the kind (`ImportKindDefinition`, import-kind.ts); an upload is only ever read as the kind on
 *   its `csv_file.kind` (the routes of one kind answer 404 for another kind's upload).
 */
import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { ImportFateCounts, JobStatus, ProcessingJob } from '@tend/contracts';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { RequestContext } from '../http/context.ts';
import { AppError, notFound } from '../http/errors.ts';
import { processingJobs } from '../jobs/jobs.table.ts';
import { csvFiles } from './imports.table.ts';
import { headerSignature } from './column-map.ts';
import { CsvFormatError, readCsvRows, sniffCsv, type CsvSniff, type OpenStream } from './csv-reader.ts';
import type {
  ColumnMapOf,
  CsvFileRow,
  FileRecords,
  ImportAnalysisOut,
  ImportDeps,
  ImportFileSummaryOut,
  ImportKindDefinition,
  ImportKindTypes,
  ImportUploadedOut,
  ParsedRow,
} from './import-kind.ts';

export const IMPORTS_BUCKET = 'imports';
/** Rows parsed for the preview. */
const PREVIEW_ROWS = 10;

/** Opens the stored raw file of an upload. */
export function openStoredFile(
  deps: Pick<ImportDeps, 'storage'>,
  ctx: RequestContext,
  file: CsvFileRow,
): OpenStream {
  return async () => (await deps.storage.download(ctx, file.bucket ?? IMPORTS_BUCKET, file.filePath)).body;
}

/** The encoding the upload's first sniff recorded, so later reads skip the whole-file encoding pass. */
export function recordedEncoding(file: CsvFileRow): CsvSniff['encoding'] | undefined {
  return file.encoding === 'utf-8' || file.encoding === 'windows-1252' ? file.encoding : undefined;
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

/** The upload `id` of `kind`. Errors: NOT_FOUND (unknown, or an upload of another kind). */
async function findFile(
  db: Database,
  kind: ImportKindDefinition<ImportKindTypes>,
  id: string,
): Promise<CsvFileRow> {
  const [file] = await db
    .select()
    .from(csvFiles)
    .where(and(eq(csvFiles.id, id), eq(csvFiles.kind, kind.kind)));
  if (!file) throw notFound('Upload');
  return file;
}

/** A CSV upload of `kind`. Errors: NOT_FOUND; CONFLICT when it is of a format needing no mapping. */
async function findCsvFile(
  db: Database,
  kind: ImportKindDefinition<ImportKindTypes>,
  id: string,
): Promise<CsvFileRow> {
  const file = await findFile(db, kind, id);
  if (file.format !== 'csv')
    throw new AppError('CONFLICT', 'This upload is not a CSV file: it needs no column mapping');
  return file;
}

/**
 * The column map saved on an upload. The pipeline saves only maps the kind accepted (`start`), so its
 * values are the kind's fields (the column is typed with the shift fields in Drizzle).
 */
function storedColumnMap<F extends string>(map: CsvFileRow['columnMap']): ColumnMapOf<F> | null {
  return (map as ColumnMapOf<F> | null) ?? null;
}

/** The saved mapping of the newest earlier upload of the kind with the same header, if any. */
async function savedMapping<T extends ImportKindTypes>(
  db: Database,
  kind: ImportKindDefinition<T>,
  file: CsvFileRow,
) {
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
        eq(csvFiles.kind, kind.kind),
        eq(csvFiles.headerSignature, file.headerSignature),
        ne(csvFiles.id, file.id),
        isNotNull(csvFiles.columnMap),
      ),
    )
    .orderBy(desc(csvFiles.uploadDate))
    .limit(1);
  const columnMap = storedColumnMap<T['field']>(earlier?.columnMap ?? null);
  return earlier && columnMap ? { ...earlier, columnMap } : null;
}

async function analyse<T extends ImportKindTypes>(
  db: Database,
  kind: ImportKindDefinition<T>,
  file: CsvFileRow,
  sniff: CsvSniff,
): Promise<ImportAnalysisOut<T>> {
  const saved = await savedMapping(db, kind, file);
  const usable = saved && Object.keys(saved.columnMap).every((header) => sniff.headers.includes(header));
  return {
    headers: sniff.headers,
    encoding: sniff.encoding,
    delimiter: sniff.delimiter,
    sampleRows: sniff.sampleRows.slice(0, 5),
    suggestedColumnMap: usable ? saved.columnMap : kind.suggestColumnMap(sniff.headers),
    savedFrom: usable
      ? { csvFileId: saved.id, originalName: saved.originalName, uploadDate: saved.uploadDate.toISOString() }
      : null,
  };
}

/** Sniffs a stored CSV. Errors: VALIDATION_FAILED on `file` when it cannot be read as CSV. */
async function sniffStored(deps: ImportDeps, ctx: RequestContext, file: CsvFileRow): Promise<CsvSniff> {
  try {
    return await sniffCsv(openStoredFile(deps, ctx, file), recordedEncoding(file));
  } catch (error) {
    if (error instanceof CsvFormatError) throw AppError.field('file', error.message);
    throw error;
  }
}

/**
 * Queues the import job of an upload (`kind.jobType`, the file's id, the uploader, `metadata` and the
 * file's original name). Used by every kind's steps, and by a kind with its own upload step (claims).
 */
export function enqueueImport(
  deps: Pick<ImportDeps, 'jobs'>,
  ctx: RequestContext,
  options: {
    kind: Pick<ImportKindDefinition<ImportKindTypes>, 'jobType'>;
    file: CsvFileRow;
    metadata: Record<string, unknown>;
  },
): Promise<ProcessingJob> {
  const { kind, file, metadata } = options;
  return deps.jobs.enqueue({
    jobType: kind.jobType,
    csvFileId: file.id,
    triggeredBy: ctx.actor?.userAccountId ?? null,
    metadata: { originalName: file.originalName.slice(0, 200), ...metadata },
  });
}

/** Checks a column map against the file's header and the kind. Errors: VALIDATION_FAILED on `columnMap`. */
function checkColumnMap(kind: ImportKindDefinition<ImportKindTypes>, map: ColumnMapOf, headers: string[]) {
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

interface JobOfFile {
  id: string;
  csvFileId: string | null;
  status: JobStatus;
  progress: number;
  completedAt: Date | null;
  createdAt: Date;
  fates: ImportFateCounts | null;
}

/** A result's array `field` as JSON (empty when absent or not an array). */
const resultArray = (field: string) =>
  sql`(case when jsonb_typeof(${processingJobs.result} -> ${field}) = 'array' then ${processingJobs.result} -> ${field} else '[]'::jsonb end)`;

/**
 * The fate counts of a job's stored result, worked out by the database (a result can hold thousands of
 * rejected records; only the counts travel): null unless the result has `created` (claims' has not).
 */
const fateCounts = sql<ImportFateCounts | null>`case when ${processingJobs.result} ->> 'created' is not null then jsonb_build_object(
  'created', (${processingJobs.result} ->> 'created')::int,
  'updated', coalesce((${processingJobs.result} ->> 'updated')::int, 0),
  'unchanged', coalesce((${processingJobs.result} ->> 'unchanged')::int, 0),
  'duplicates', jsonb_array_length(${resultArray('duplicates')}),
  'stale', jsonb_array_length(${resultArray('stale')}),
  'rejected', (select count(distinct r ->> 'line')::int from jsonb_array_elements(${resultArray('rejected')}) r)
) end`;

/** The import jobs of the kind on `fileIds`. */
async function importJobsOf(db: Database, jobType: string, fileIds: string[]): Promise<JobOfFile[]> {
  if (!fileIds.length) return [];
  return db
    .select({
      id: processingJobs.id,
      csvFileId: processingJobs.csvFileId,
      status: processingJobs.status,
      progress: processingJobs.progress,
      completedAt: processingJobs.completedAt,
      createdAt: processingJobs.createdAt,
      fates: fateCounts,
    })
    .from(processingJobs)
    .where(and(inArray(processingJobs.csvFileId, fileIds), eq(processingJobs.jobType, jobType)));
}

/** Each file as the history lists it, with its newest job. */
function fileSummaries<T extends ImportKindTypes>(
  files: CsvFileRow[],
  jobs: JobOfFile[],
): ImportFileSummaryOut<T>[] {
  const latest = new Map<string, JobOfFile>();
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
      // The pipeline writes `csv` or the kind's JSON format only.
      format: file.format ?? null,
      columnMap: storedColumnMap<T['field']>(file.columnMap),
      latestJob: job
        ? {
            id: job.id,
            status: job.status,
            progress: job.progress,
            completedAt: job.completedAt?.toISOString() ?? null,
            fates: job.status === 'COMPLETED' ? job.fates : null,
          }
        : null,
    };
  });
}

/**
 * Keeps the raw upload in the `imports` bucket under the kind's folder and records its `csv_file` row of
 * the kind with the SHA-256 of its bytes (`contentHash`) and, when already known, its `format`. Used by
 * `uploadImport` and by a kind with its own upload step (claims, which checks the hash first).
 */
export async function storeUpload(
  deps: Pick<ImportDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  options: {
    kind: Pick<ImportKindDefinition<ImportKindTypes>, 'kind' | 'folder'>;
    originalName: string;
    contentType: string;
    body: Readable;
    format?: string;
  },
): Promise<CsvFileRow> {
  const { kind, originalName, contentType, body, format } = options;
  const hash = createHash('sha256');
  const tee = new PassThrough();
  body.on('data', (chunk: Buffer) => hash.update(chunk));
  body.on('error', (error) => tee.destroy(error));
  body.pipe(tee);
  const safeName = originalName.replace(/[^\w.-]+/g, '_').slice(-120) || 'upload';
  const path = `${kind.folder}/${new Date().toISOString().slice(0, 10)}/${randomUUID()}-${safeName}`;
  await deps.storage.upload(ctx, { bucketId: IMPORTS_BUCKET, path, body: tee, contentType });
  const [inserted] = await deps.db
    .insert(csvFiles)
    .values({
      kind: kind.kind,
      fileName: path.split('/').at(-1) ?? safeName,
      originalName: originalName.slice(0, 500),
      filePath: path,
      bucket: IMPORTS_BUCKET,
      contentHash: hash.digest('hex'),
      format: format ?? null,
    })
    .returning();
  if (!inserted) throw new AppError('INTERNAL');
  return inserted;
}

/**
 * Stores an uploaded file of `kind` (raw bytes kept in the `imports` bucket under the kind's folder),
 * records it as a CSVFile of the kind and detects its format. A JSON format of the kind is queued at
 * once; a CSV answers with its analysis and waits for `startImport`. Errors: PAYLOAD_TOO_LARGE,
 * UNSUPPORTED_MEDIA_TYPE (storage); VALIDATION_FAILED on `file` for an empty or unreadable CSV.
 * Audited (`kind.audit.import`).
 */
export async function uploadImport<T extends ImportKindTypes>(
  deps: ImportDeps,
  ctx: RequestContext,
  options: { kind: ImportKindDefinition<T>; originalName: string; contentType: string; body: Readable },
): Promise<ImportUploadedOut<T>> {
  const { kind } = options;
  let file = await storeUpload(deps, ctx, options);
  const json = kind.json && (await startsLikeJson(openStoredFile(deps, ctx, file))) ? kind.json : null;
  const format = json ? json.format : 'csv';
  await recordAudit(deps.db, ctx, {
    action: kind.audit.import,
    entityType: 'csv_file',
    entityId: file.id,
    details: { format, step: 'upload' },
  });
  if (json) {
    await deps.db.update(csvFiles).set({ format: json.format }).where(eq(csvFiles.id, file.id));
    const job = await enqueueImport(deps, ctx, { kind, file, metadata: {} });
    // The queued answer exists for kinds with a JSON format (`json` is set): this is one.
    return { format: json.format, csvFileId: file.id, job } as ImportUploadedOut<T>;
  }
  const sniff = await sniffStored(deps, ctx, file);
  [file] = (await deps.db
    .update(csvFiles)
    .set({ format: 'csv', headerSignature: headerSignature(sniff.headers), encoding: sniff.encoding })
    .where(eq(csvFiles.id, file.id))
    .returning()) as [CsvFileRow];
  return { format: 'csv', csvFileId: file.id, analysis: await analyse(deps.db, kind, file, sniff) };
}

/** Options of a preview or a start: the upload, the column map and the zone for local times. */
export interface ImportMappingOptions<T extends ImportKindTypes> {
  kind: ImportKindDefinition<T>;
  csvFileId: string;
  /** Checked against the file's header and the kind (`columnMapProblems`). */
  columnMap: ColumnMapOf<T['field']>;
  timeZone?: string | undefined;
  /** The rest of the request's body: the kind's own fields for `kind.review` (e.g. `namesakes`). */
  extra?: Record<string, unknown>;
}

/** Every record of a CSV upload parsed with `columnMap` (for `kind.review`; rows with problems left out). */
function fileRecords<T extends ImportKindTypes>(
  deps: ImportDeps,
  ctx: RequestContext,
  input: {
    kind: ImportKindDefinition<T>;
    file: CsvFileRow;
    sniff: CsvSniff;
    columnMap: ColumnMapOf<T['field']>;
  },
  timeZone: string,
): FileRecords<T> {
  const { kind, file, sniff, columnMap } = input;
  return {
    columnMap,
    async *records() {
      for await (const batch of readCsvRows(openStoredFile(deps, ctx, file), sniff, { batchSize: 1000 }))
        for (const row of batch) {
          const parsed = kind.parseRow(row, sniff.headers, columnMap, { timeZone });
          if (parsed.ok) yield parsed.record;
        }
    },
  };
}

/**
 * Parses the first rows of a CSV upload with `columnMap` to show what would be imported (and each
 * row's problems). Errors: NOT_FOUND, CONFLICT (not a CSV), VALIDATION_FAILED (`columnMap` names a
 * missing column). Audited (`kind.audit.preview`).
 */
export async function previewImport<T extends ImportKindTypes>(
  deps: ImportDeps,
  ctx: RequestContext,
  options: ImportMappingOptions<T>,
): Promise<{ rows: T['preview'][]; problems: string[] }> {
  const { kind, columnMap } = options;
  const file = await findCsvFile(deps.db, kind, options.csvFileId);
  const sniff = await sniffStored(deps, ctx, file);
  if (Object.keys(columnMap).some((header) => !sniff.headers.includes(header)))
    checkColumnMap(kind, columnMap, sniff.headers);
  const rows: T['preview'][] = [];
  const timeZone = options.timeZone ?? deps.agencyTimeZone;
  for await (const batch of readCsvRows(openStoredFile(deps, ctx, file), sniff, {
    batchSize: PREVIEW_ROWS,
  })) {
    for (const row of batch.slice(0, PREVIEW_ROWS - rows.length))
      rows.push(kind.previewRow(row.line, kind.parseRow(row, sniff.headers, columnMap, { timeZone })));
    if (rows.length >= PREVIEW_ROWS) break;
  }
  const problems = kind.columnMapProblems(columnMap);
  const review =
    kind.review && !problems.length
      ? await kind.review.preview(
          deps,
          ctx,
          fileRecords(deps, ctx, { kind, file, sniff, columnMap }, timeZone),
        )
      : { answer: {}, audit: {} };
  await recordAudit(deps.db, ctx, {
    action: kind.audit.preview,
    entityType: 'csv_file',
    entityId: file.id,
    details: { rows: rows.length, ...review.audit },
  });
  return { rows, problems, ...review.answer };
}

/**
 * Every row of a CSV upload of `kind` parsed with `columnMap`, with its 1-based line, problems
 * included (for a dry run such as staging's `/test-sync`). Errors, before the first row: NOT_FOUND,
 * CONFLICT (not a CSV), VALIDATION_FAILED (`columnMap` names a missing column, or the file is not CSV).
 * Writes and audits nothing (the caller audits).
 */
export async function* readImportRows<T extends ImportKindTypes>(
  deps: ImportDeps,
  ctx: RequestContext,
  options: ImportMappingOptions<T>,
): AsyncGenerator<{ line: number; parsed: ParsedRow<T['record']> }> {
  const { kind, columnMap } = options;
  const file = await findCsvFile(deps.db, kind, options.csvFileId);
  const sniff = await sniffStored(deps, ctx, file);
  checkColumnMap(kind, columnMap, sniff.headers);
  const timeZone = options.timeZone ?? deps.agencyTimeZone;
  for await (const batch of readCsvRows(openStoredFile(deps, ctx, file), sniff, { batchSize: 1000 }))
    for (const row of batch)
      yield { line: row.line, parsed: kind.parseRow(row, sniff.headers, columnMap, { timeZone }) };
}

/**
 * Saves the column map (and zone) on a CSV upload and queues its import. Errors: NOT_FOUND, CONFLICT
 * (not a CSV, or an import of it is already queued or running), VALIDATION_FAILED on `columnMap`.
 * Audited (`kind.audit.import`).
 */
export async function startImport<T extends ImportKindTypes>(
  deps: ImportDeps,
  ctx: RequestContext,
  options: ImportMappingOptions<T>,
): Promise<{ csvFileId: string; job: ProcessingJob }> {
  const { kind, columnMap } = options;
  const file = await findCsvFile(deps.db, kind, options.csvFileId);
  const sniff = await sniffStored(deps, ctx, file);
  checkColumnMap(kind, columnMap, sniff.headers);
  const [running] = await deps.db
    .select({ id: processingJobs.id })
    .from(processingJobs)
    .where(and(eq(processingJobs.csvFileId, file.id), inArray(processingJobs.status, ['QUEUED', 'RUNNING'])))
    .limit(1);
  if (running) throw new AppError('CONFLICT', 'This file is already being imported');
  const timeZone = options.timeZone ?? deps.agencyTimeZone;
  const records = fileRecords(deps, ctx, { kind, file, sniff, columnMap }, timeZone);
  const reviewed = kind.review ? await kind.review.start(deps, ctx, records, options.extra ?? {}) : {};
  await deps.db
    .update(csvFiles)
    // The column is typed with the shift fields; other kinds store their own field names.
    .set({ columnMap: columnMap as typeof csvFiles.$inferInsert.columnMap, timeZone })
    .where(eq(csvFiles.id, file.id));
  const job = await enqueueImport(deps, ctx, { kind, file, metadata: { ...reviewed, timeZone } });
  await recordAudit(deps.db, ctx, {
    action: kind.audit.import,
    entityType: 'csv_file',
    entityId: file.id,
    details: { jobId: job.id, step: 'start' },
  });
  return { csvFileId: file.id, job };
}

/** The newest uploads of `kind` (at most 200), each with its latest import job. Audited (`kind.audit.read`). */
export async function listImports<T extends ImportKindTypes>(
  db: Database,
  ctx: RequestContext,
  options: { kind: ImportKindDefinition<T> },
): Promise<{ items: ImportFileSummaryOut<T>[] }> {
  const { kind } = options;
  const files = await db
    .select()
    .from(csvFiles)
    .where(eq(csvFiles.kind, kind.kind))
    .orderBy(desc(csvFiles.uploadDate))
    .limit(200);
  const jobs = await importJobsOf(
    db,
    kind.jobType,
    files.map((f) => f.id),
  );
  await recordAudit(db, ctx, {
    action: kind.audit.read,
    entityType: 'csv_file',
    details: { returned: files.length },
  });
  return { items: fileSummaries<T>(files, jobs) };
}

/** One upload of `kind` with its latest job and, for a CSV, its analysis. Errors: NOT_FOUND. Audited. */
export async function getImport<T extends ImportKindTypes>(
  deps: ImportDeps,
  ctx: RequestContext,
  options: { kind: ImportKindDefinition<T>; csvFileId: string },
): Promise<{ file: ImportFileSummaryOut<T>; analysis: ImportAnalysisOut<T> | null; agencyTimeZone: string }> {
  const { kind } = options;
  const file = await findFile(deps.db, kind, options.csvFileId);
  const [summary] = fileSummaries<T>([file], await importJobsOf(deps.db, kind.jobType, [file.id]));
  const analysis =
    file.format === 'csv' ? await analyse(deps.db, kind, file, await sniffStored(deps, ctx, file)) : null;
  await recordAudit(deps.db, ctx, { action: kind.audit.read, entityType: 'csv_file', entityId: file.id });
  return { file: summary as ImportFileSummaryOut<T>, analysis, agencyTimeZone: deps.agencyTimeZone };
}
