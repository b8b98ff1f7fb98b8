/**
 * Claim import, the `claims` kind of the import pipeline (issue 6 "Claim import and reconciliation";
 * spec s.3 CSVFile, BillingImportBatch, ExprsRecord; docs/claim-reconciliation.md, decisions 0013, 0021,
 * 0023, 0031). A claim file has a documented layout, so there is no column mapping and no preview:
 *   upload (`uploadClaimImport`): SHA-256 of the bytes → an earlier COMPLETED batch of the same bytes is
 *   answered as is (`duplicate: true`, nothing written, no job) → format detected from content (`ISA`
 *   first = X12 835, else eXPRS CSV) and the columns checked (400 on `file`) → raw file kept by the
 *   pipeline (`storeUpload`: `imports` bucket, folder `claims`, `csv_file` of kind `claims` with the
 *   hash) → the claim import job queued (`enqueueImport`);
 *   job (`runClaimImportJob`): ONE transaction (`reconcileClaimFile`): the batch (naming its upload), the
 *   file read and written chunk by chunk — its ExprsRecords already matched (`claim-matching.ts`), items
 *   EXPORTED → MATCHED and the claim statuses in BillingStatusHistory (`billing-item-status.ts`) — and
 *   the audit event; progress per chunk. A file unreadable part way rolls everything back and fails the
 *   job (`JobInputError`). Its result is the batch's detail (contracts `claimImportResult`).
 * Candidate items are loaded in bulk (per chunk, one statement per kind of look-up), never per line; each
 * chunk is written by ONE statement (`json_to_recordset` of one JSON parameter; item updates, history and
 * lines together) while the next chunk is parsed. No ORM multi-row `values(…)`, whose building cost more
 * than the database work at 100,000 lines (decision 0013; scripts/bench-billing-reconcile.ts prints figures).
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { ClaimImportQueued, ClaimImportResult, RejectedRecord } from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { markFileProcessed, openRun } from '../../platform/imports/import-job.ts';
import type { ImportDeps, ImportReaderDeps } from '../../platform/imports/import-kind.ts';
import { enqueueImport, IMPORTS_BUCKET, storeUpload } from '../../platform/imports/import-service.ts';
import { JobInputError, type JobContext } from '../../platform/jobs/jobs.service.ts';
import { findSegmentsByBillingIds } from './claim-matching-source.ts';
import { importMatchChanges, type ImportMatch } from './billing-item-status.ts';
import { billingImportBatches } from './billing.table.ts';
import { openClaimCsv } from './claim-csv.ts';
import { CLAIM_CHUNK_LINES, ClaimFileError, type ClaimFileReader, type ClaimLine } from './claim-line.ts';
import {
  matchByBillingId,
  matchByFacts,
  type MatchItem,
  type MatchLine,
  type MatchOutcome,
} from './claim-matching.ts';
import { claimImportDetail } from './claim-reconciliation.service.ts';
import { looksLikeX12, parse835 } from './x12-835.ts';

/** Largest claim file accepted (bytes): about 500,000 CSV lines. */
export const MAX_CLAIM_FILE_BYTES = 100 * 1024 * 1024;
/**
 * The `claims` import kind as the pipeline's upload and queue see it: its `csv_file.kind`, its folder in
 * the `imports` bucket and its job type. Not an `ImportKindDefinition`: claims have no column map, no
 * preview and no per-batch writer (the whole file is one transaction, decision 0013).
 */
export const claimImportKind = { kind: 'claims', folder: 'claims', jobType: 'claim-import' } as const;
/** Lines per write statement: a chunk of the file (see CLAIM_CHUNK_LINES). */
const CHUNK = CLAIM_CHUNK_LINES;
/** Ids per candidate look-up (one text parameter, about 3.7 MB). */
const LOOKUP_CHUNK = 100_000;
/** (client prime, service date) pairs per by-facts candidate look-up. */
const PAIR_CHUNK = 20_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Opens a claim file of either format: the first characters `ISA` (after a BOM or blanks) = X12 835
 * (parsed whole by node-x12, then handed out in chunks), anything else = eXPRS claim CSV (read chunk by
 * chunk). Throws `ClaimFileError` for a file that is not one (empty, no usable columns, broken X12).
 */
export async function openClaimFile(bytes: Buffer): Promise<ClaimFileReader> {
  if (bytes.length === 0) throw new ClaimFileError('The file is empty.');
  if (!looksLikeX12(bytes)) return openClaimCsv(bytes);
  const parsed = parse835(bytes);
  let handedOut = 0;
  return {
    format: parsed.format,
    rawHeaders: parsed.rawHeaders,
    readFraction: () => (parsed.lines.length ? handedOut / parsed.lines.length : 1),
    async *chunks() {
      for (let at = 0; at === 0 || at < parsed.lines.length; at += CLAIM_CHUNK_LINES) {
        handedOut = Math.min(parsed.lines.length, at + CLAIM_CHUNK_LINES);
        yield {
          lines: parsed.lines.slice(at, at + CLAIM_CHUNK_LINES),
          rejected: at === 0 ? parsed.rejected : [],
        };
      }
    },
  };
}

const chunks = <T>(values: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
};

/** A billing item as the candidate look-ups return it (`numeric` read as float8, dates as text). */
type CandidateRow = {
  id: string;
  shift_segment_id: string;
  client_pid: string | null;
  date: string;
  billing_code: string;
  modifier: string | null;
  units: number | null;
  hours: number;
  status: MatchItem['status'];
};

/** The candidate columns, for `billing_item b`. */
const candidateColumns = sql`b.id, b.shift_segment_id, upper(b.snapshot_data->>'clientPid') as client_pid,
  b.date::text as date, b.billing_code, b.modifier, b.units::float8 as units, b.hours::float8 as hours, b.status`;

/**
 * UUIDs (already checked against {@link UUID}) as ONE comma-separated parameter read back as `uuid[]`: a
 * constant when planned, so `= any(…)` is a hash look-up; no array-literal escaping of 100,000 values.
 */
const uuidArray = (ids: readonly string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

/** Candidate items found so far, by id, with the GIV billing id of their segment when looked up by it. */
type Found = Map<string, { row: CandidateRow; segmentBillingId: string | null }>;

function addFound(found: Found, row: CandidateRow, segmentBillingId: string | null = null): void {
  const current = found.get(row.id);
  found.set(row.id, { row, segmentBillingId: segmentBillingId ?? current?.segmentBillingId ?? null });
}

/**
 * The found items as matching sees them, and which of them a MATCHED line already points at, with that
 * line's claim status (newest import first, then line): one statement per 100,000 items.
 */
async function asMatchItems(
  executor: Executor,
  found: Found,
): Promise<{ items: MatchItem[]; previousClaimStatus: Map<string, string | null> }> {
  const previousClaimStatus = new Map<string, string | null>();
  for (const chunk of chunks([...found.keys()], LOOKUP_CHUNK)) {
    const matched = await executor.execute<{ billing_item_id: string; claim_status: string | null }>(sql`
      select distinct on (e.billing_item_id) e.billing_item_id, e.claim_status
      from exprs_record e join billing_import_batch i on i.id = e.import_batch_id
      where e.match_status = 'MATCHED' and e.billing_item_id = any(${uuidArray(chunk)})
      order by e.billing_item_id, i.import_date desc, e.line_number desc`);
    for (const row of matched.rows) previousClaimStatus.set(row.billing_item_id, row.claim_status);
  }
  const items: MatchItem[] = [];
  for (const { row, segmentBillingId } of found.values())
    items.push({
      id: row.id,
      segmentBillingId,
      clientPids: row.client_pid ? [row.client_pid] : [],
      date: row.date,
      billingCode: row.billing_code,
      modifier: row.modifier,
      units: row.units,
      hours: row.hours,
      status: row.status,
      matchedElsewhere: previousClaimStatus.has(row.id),
    });
  return { items, previousClaimStatus };
}

/**
 * Loads, in bulk, the billing items the lines' billing ids name (for `matchByBillingId`): by id
 * (billing ids that are UUIDs) and by the segment's GIV billing id; with their previous claim status
 * (`asMatchItems`). A fixed number of statements per call (one per 100,000 ids).
 */
export async function loadBillingIdCandidates(
  executor: Executor,
  lines: readonly ClaimLine[],
): Promise<{ items: MatchItem[]; previousClaimStatus: Map<string, string | null> }> {
  const found: Found = new Map();
  const uuidIds = [
    ...new Set(lines.map((l) => l.billingId?.trim().toLowerCase()).filter((id) => id && UUID.test(id))),
  ] as string[];
  for (const chunk of chunks(uuidIds, LOOKUP_CHUNK)) {
    const result = await executor.execute<CandidateRow>(
      sql`select ${candidateColumns} from billing_item b where b.id = any(${uuidArray(chunk)})`,
    );
    for (const row of result.rows) addFound(found, row);
  }
  const otherIds = [
    ...new Set(
      lines
        .map((l) => l.billingId?.trim())
        .filter((id): id is string => Boolean(id) && !found.has(id!.toLowerCase())),
    ),
  ];
  if (otherIds.length) {
    const segments = await findSegmentsByBillingIds(executor, otherIds);
    const billingIdOf = new Map(segments.map((s) => [s.segmentId, s.billingId]));
    for (const chunk of chunks([...billingIdOf.keys()], LOOKUP_CHUNK)) {
      const result = await executor.execute<CandidateRow>(
        sql`select ${candidateColumns} from billing_item b where b.shift_segment_id = any(${uuidArray(chunk)})`,
      );
      for (const row of result.rows) addFound(found, row, billingIdOf.get(row.shift_segment_id) ?? null);
    }
  }
  return asMatchItems(executor, found);
}

/**
 * Loads, in bulk, the EXPORTED items whose billed client prime (`snapshotData.clientPid`) and service
 * date are one of the lines' (for `matchByFacts`), with their previous claim status. One statement per
 * 20,000 (client prime, date) pairs.
 */
export async function loadFactCandidates(
  executor: Executor,
  lines: readonly ClaimLine[],
): Promise<{ items: MatchItem[]; previousClaimStatus: Map<string, string | null> }> {
  const found: Found = new Map();
  // (client prime, service date) of the lines, as `PID|YYYY-MM-DD`.
  const pairs = new Set<string>();
  for (const l of lines) if (l.clientPid && l.serviceDate) pairs.add(`${l.clientPid}|${l.serviceDate}`);
  for (const chunk of chunks([...pairs], PAIR_CHUNK)) {
    const pids = [...new Set(chunk.map((pair) => pair.slice(0, pair.lastIndexOf('|'))))];
    const dates = [...new Set(chunk.map((pair) => pair.slice(pair.lastIndexOf('|') + 1)))];
    // The date and prime conditions narrow the scan (date index); the pair condition keeps only the pairs.
    const result = await executor.execute<CandidateRow>(sql`
      select ${candidateColumns} from billing_item b
      where b.status = 'EXPORTED' and b.date = any(string_to_array(${dates.join(',')}, ',')::date[])
        and upper(b.snapshot_data->>'clientPid') = any(${sql.param(pids)}::text[])
        and upper(b.snapshot_data->>'clientPid') || '|' || b.date::text = any(${sql.param(chunk)}::text[])`);
    for (const row of result.rows) addFound(found, row);
  }
  return asMatchItems(executor, found);
}

/**
 * The statement writing `lines` (≤ `CHUNK`) of batch `batchId`: the chunk's item status changes and
 * history (`importMatchChanges`: items EXPORTED → MATCHED first, `billing` and `claim` history rows), then
 * the `exprs_record` rows with their match outcome, `insert … select from json_to_recordset(…)` of ONE
 * JSON parameter (serialised natively, nothing escaped twice). A CSV line's raw values travel as an array
 * and become the `{ header: value }` object in the database (`jsonb_object` with the header names, one
 * parameter); an 835 line's raw object travels as it is.
 */
function writeClaimLinesStatement(
  input: { batchId: string; userId: string | null; now: Date; rawHeaders: readonly string[] },
  lines: readonly ClaimLine[],
  outcomeOf: Map<number, MatchOutcome>,
  previousClaimStatus: Map<string, string | null>,
) {
  const matches: ImportMatch[] = [];
  const rows = lines.map((l) => {
    const outcome = outcomeOf.get(l.lineNumber) as MatchOutcome;
    if (outcome.itemId !== null)
      matches.push({
        billingItemId: outcome.itemId,
        lineNumber: l.lineNumber,
        confidence: outcome.confidence,
        oldClaimStatus: previousClaimStatus.get(outcome.itemId) ?? null,
        claimStatus: l.claimStatus,
      });
    return {
      line_number: l.lineNumber,
      item_id: outcome.itemId,
      claim_id: l.claimId,
      payer_claim_number: l.payerClaimNumber,
      billing_id: l.billingId,
      client_pid: l.clientPid,
      provider_id: l.providerId,
      service_date: l.serviceDate,
      procedure_code: l.procedureCode,
      modifier: l.modifier,
      units: l.units,
      billed: l.billedAmount,
      paid: l.paidAmount,
      payment_date: l.paymentDate,
      claim_status: l.claimStatus,
      denial_reason: l.denialReason,
      exception_code: l.exceptionCode,
      raw_values: Array.isArray(l.rawData) ? l.rawData : null,
      raw_data: Array.isArray(l.rawData) ? null : l.rawData,
      confidence: outcome.confidence,
      failure_reason: outcome.reason,
    };
  });
  return sql`${importMatchChanges(input.batchId, input.userId, input.now, matches)}
    insert into exprs_record (import_batch_id, line_number, billing_item_id, claim_id, payer_claim_number,
      billing_id, client_pid, provider_id, service_date, procedure_code, modifier, units,
      billed_amount_cents, paid_amount_cents, payment_date, claim_status, denial_reason, exception_code,
      raw_data, match_status, match_attempts, match_confidence, match_failure_reason, matched_at)
    select ${input.batchId}::uuid, v.line_number, v.item_id, v.claim_id, v.payer_claim_number, v.billing_id,
      v.client_pid, v.provider_id, v.service_date, v.procedure_code, v.modifier, v.units, v.billed, v.paid,
      v.payment_date, v.claim_status, v.denial_reason, v.exception_code,
      coalesce(v.raw_data, jsonb_object(${sql.param(input.rawHeaders)}::text[], v.raw_values)),
      case when v.item_id is null then 'ORPHANED' else 'MATCHED' end, 1, v.confidence, v.failure_reason,
      case when v.item_id is null then null else ${input.now.toISOString()}::timestamptz end
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(line_number int, item_id uuid, claim_id text,
      payer_claim_number text, billing_id text, client_pid text, provider_id text, service_date date,
      procedure_code text, modifier text, units numeric, billed int, paid int, payment_date date,
      claim_status text, denial_reason text, exception_code text, raw_values text[], raw_data jsonb,
      confidence float8, failure_reason text)`;
}

/** What a claim import wrote. */
export interface ClaimImportCounts {
  /** Lines stored (`exprs_record` rows). */
  lines: number;
  matched: number;
  orphaned: number;
  rejected: number;
}

const toMatchLine = (line: ClaimLine): MatchLine => ({
  key: line.lineNumber,
  billingId: line.billingId,
  clientPid: line.clientPid,
  serviceDate: line.serviceDate,
  procedureCode: line.procedureCode,
  modifier: line.modifier,
  units: line.units,
});

/**
 * Reads and writes one claim file as batch `batchId` in the caller's transaction (decision 0023), chunk
 * by chunk, so neither the file's lines nor its candidate items are held whole:
 * 1. the batch row (counts written at the end);
 * 2. per chunk of the file (≤ `CLAIM_CHUNK_LINES` lines, in file order): the items its billing ids
 *    name are loaded, `matchByBillingId` decides those lines (the item each line took carries over to
 *    later chunks), and they are written (`writeClaimLinesStatement`: item statuses, history, lines)
 *    while the next chunk is parsed; the lines no billing id found wait;
 * 3. once every line had step 2: the waiting lines (all of the file's) are matched by facts
 *    (`loadFactCandidates`, `matchByFacts`) and written;
 * 4. the batch's `rowCount`, `matchedCount`, `orphanedCount` and `rejectedRows`.
 * The outcome is the one `matchClaimLines` gives for the whole file. `userId`: the importing account
 * (history). Throws `ClaimFileError` when the file turns out unreadable part way (the caller's
 * transaction is then rolled back: nothing is written).
 */
export async function reconcileClaimFile(
  tx: Executor,
  input: {
    batchId: string;
    fileName: string;
    filePath: string | null;
    fileSha256: string;
    file: ClaimFileReader;
    userId: string | null;
    /** The upload (import pipeline, kind `claims`) the batch is imported from. */
    csvFileId?: string | null;
    /** Called after each chunk of the file is read, with the rows read so far (lines and rejected rows). */
    onChunk?: (rowsRead: number) => void;
  },
): Promise<ClaimImportCounts> {
  const { batchId, userId, file } = input;
  await tx.insert(billingImportBatches).values({
    id: batchId,
    importedBy: userId,
    fileName: input.fileName.slice(0, 500),
    status: 'COMPLETED',
    format: file.format,
    filePath: input.filePath,
    fileSha256: input.fileSha256,
    csvFileId: input.csvFileId ?? null,
  });
  const counts: ClaimImportCounts = { lines: 0, matched: 0, orphaned: 0, rejected: 0 };
  const writer = claimLineWriter(
    tx,
    { batchId, userId, now: new Date(), rawHeaders: file.rawHeaders },
    counts,
  );
  const rejected: RejectedRecord[] = [];
  const takenBy = new Map<string, number>();
  const waiting: ClaimLine[] = [];
  let rowsRead = 0;
  try {
    for await (const chunk of file.chunks()) {
      rejected.push(...chunk.rejected);
      rowsRead += chunk.lines.length + chunk.rejected.length;
      await writer.settled();
      const candidates = await loadBillingIdCandidates(tx, chunk.lines);
      const exact = matchByBillingId(chunk.lines.map(toMatchLine), candidates.items, takenBy);
      const decided = new Set(exact.outcomes.map((o) => o.key));
      const decidedLines: ClaimLine[] = [];
      for (const line of chunk.lines) (decided.has(line.lineNumber) ? decidedLines : waiting).push(line);
      await writer.write(decidedLines, exact.outcomes, candidates.previousClaimStatus);
      input.onChunk?.(rowsRead);
    }
    await writer.settled();
    const candidates = await loadFactCandidates(tx, waiting);
    const outcomes = matchByFacts(waiting.map(toMatchLine), candidates.items, takenBy);
    for (let at = 0; at < waiting.length; at += CHUNK)
      await writer.write(
        waiting.slice(at, at + CHUNK),
        outcomes.slice(at, at + CHUNK),
        candidates.previousClaimStatus,
      );
  } finally {
    await writer.settled();
  }
  counts.rejected = rejected.length;
  await tx
    .update(billingImportBatches)
    .set({
      rowCount: counts.lines,
      matchedCount: counts.matched,
      orphanedCount: counts.orphaned,
      rejectedRows: rejected,
    })
    .where(eq(billingImportBatches.id, batchId));
  return counts;
}

/**
 * Writes decided claim lines with one statement in flight at a time (a transaction is one connection):
 * `write` builds the statement at once, sends it when the previous one is done and returns without
 * waiting, so the next chunk is parsed meanwhile; `settled` waits for the one in flight (its failure is
 * rethrown there). Counts matched and orphaned lines into `counts`.
 */
function claimLineWriter(
  tx: Executor,
  writing: Parameters<typeof writeClaimLinesStatement>[0],
  counts: ClaimImportCounts,
) {
  let pending: Promise<unknown> = Promise.resolve();
  return {
    async write(
      lines: readonly ClaimLine[],
      outcomes: readonly MatchOutcome[],
      previousClaimStatus: Map<string, string | null>,
    ): Promise<void> {
      if (!lines.length) return;
      const outcomeOf = new Map(outcomes.map((o) => [o.key, o]));
      for (const outcome of outcomes) counts[outcome.itemId === null ? 'orphaned' : 'matched'] += 1;
      counts.lines += lines.length;
      const statement = writeClaimLinesStatement(writing, lines, outcomeOf, previousClaimStatus);
      await pending;
      // Started now (`then` runs a Drizzle query); awaited before the next statement.
      pending = tx.execute(statement).then(() => undefined);
      pending.catch(() => undefined);
    },
    settled: () => pending,
  };
}

/**
 * `POST /api/claim-imports`: the upload step of the `claims` kind (see the module comment). Returns the
 * earlier batch's detail with `duplicate: true` when the same bytes were imported before (nothing written,
 * no job), else the upload's format, id and queued job. Errors: PAYLOAD_TOO_LARGE; VALIDATION_FAILED on
 * `file` (empty, not a claim CSV or 835, broken X12). Audited `billing_import.create` (step `upload`, or
 * `duplicate`).
 */
export async function uploadClaimImport(
  deps: Pick<ImportDeps, 'db' | 'storage' | 'jobs'>,
  ctx: RequestContext,
  upload: { originalName: string; contentType: string; bytes: Buffer },
): Promise<ClaimImportResult | ClaimImportQueued> {
  const { db } = deps;
  if (upload.bytes.length > MAX_CLAIM_FILE_BYTES)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than ${MAX_CLAIM_FILE_BYTES / 1024 / 1024} MB`,
    );
  const sha = createHash('sha256').update(upload.bytes).digest('hex');
  const existing = await findBatchBySha(db, sha);
  if (existing) return duplicateOf(db, ctx, existing);
  let format: ClaimFileReader['format'];
  try {
    format = (await openClaimFile(upload.bytes)).format;
  } catch (error) {
    if (error instanceof ClaimFileError) throw AppError.field('file', error.message);
    throw error;
  }
  const file = await storeUpload(deps, ctx, {
    kind: claimImportKind,
    originalName: upload.originalName || 'claims',
    contentType: format === 'X12_835' ? 'text/plain' : 'text/csv',
    body: Readable.from([upload.bytes]),
    format,
  });
  await recordAudit(db, ctx, {
    action: 'billing_import.create',
    entityType: 'csv_file',
    entityId: file.id,
    details: { format, step: 'upload' },
  });
  const job = await enqueueImport(deps, ctx, { kind: claimImportKind, file, metadata: {} });
  return { format, csvFileId: file.id, job };
}

/** The whole stored upload (claim files are at most {@link MAX_CLAIM_FILE_BYTES}). */
async function readStoredFile(
  deps: Pick<ImportReaderDeps, 'storage'>,
  ctx: RequestContext,
  file: { bucket: string | null; filePath: string },
): Promise<Buffer> {
  const { body } = await deps.storage.download(ctx, file.bucket ?? IMPORTS_BUCKET, file.filePath);
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * The claim import job (`claimImportKind.jobType`): reconciles the job's upload in ONE transaction (see
 * the module comment), reporting progress per chunk, and returns the batch's detail (`duplicate: true`
 * and nothing written when a batch of the same bytes was completed meanwhile). Errors: `JobInputError`
 * in words when the file cannot be read (nothing written: the transaction is rolled back). Audited
 * `billing_import.create` (counts only) in the transaction.
 */
export async function runClaimImportJob(deps: ImportReaderDeps, job: JobContext): Promise<ClaimImportResult> {
  const { db } = deps;
  const run = await openRun(deps, job);
  const bytes = await readStoredFile(deps, run.ctx, run.file);
  const sha = run.file.contentHash ?? createHash('sha256').update(bytes).digest('hex');
  let file: ClaimFileReader;
  try {
    file = await openClaimFile(bytes);
  } catch (error) {
    throw error instanceof ClaimFileError ? new JobInputError(error.message) : error;
  }
  const batchId = randomUUID();
  let duplicateId: string | null = null;
  // Progress goes through another connection than the transaction's; on an engine with one connection
  // (PGlite) it waits for the transaction, so the reports are awaited once it is over.
  const reports: Promise<void>[] = [];
  try {
    await db.transaction(async (tx) => {
      // Two imports of the same file at once: the second waits, then finds the first's batch.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${sha}))`);
      const twin = await findBatchBySha(tx, sha);
      if (twin) {
        duplicateId = twin;
        return;
      }
      const counts = await reconcileClaimFile(tx, {
        batchId,
        fileName: run.file.originalName,
        filePath: run.file.filePath,
        fileSha256: sha,
        file,
        userId: job.triggeredBy,
        csvFileId: run.file.id,
        onChunk: (rows) => reports.push(job.progress(1 + file.readFraction() * 97, `${rows} rows read`)),
      });
      await recordAudit(tx, run.ctx, {
        action: 'billing_import.create',
        entityType: 'billing_import_batch',
        entityId: batchId,
        details: {
          format: file.format,
          lines: counts.lines,
          matched: counts.matched,
          orphaned: counts.orphaned,
          rejected: counts.rejected,
        },
      });
    });
  } catch (error) {
    // The rest of the file turned out unreadable (CSV syntax): rolled back, nothing written.
    throw error instanceof ClaimFileError ? new JobInputError(error.message) : error;
  } finally {
    await Promise.allSettled(reports);
  }
  await markFileProcessed(db, run.file.id);
  if (duplicateId) return { ...(await claimImportDetail(db, duplicateId)), duplicate: true };
  return { ...(await claimImportDetail(db, batchId)), duplicate: false };
}

/** The handler of the claim import job (register it under `claimImportKind.jobType`). */
export function claimImportJobHandler(
  deps: ImportReaderDeps,
): (job: JobContext) => Promise<ClaimImportResult> {
  return (job) => runClaimImportJob(deps, job);
}

async function findBatchBySha(executor: Executor, sha: string): Promise<string | null> {
  const [row] = await executor
    .select({ id: billingImportBatches.id })
    .from(billingImportBatches)
    .where(and(eq(billingImportBatches.fileSha256, sha), eq(billingImportBatches.status, 'COMPLETED')))
    .orderBy(billingImportBatches.importDate)
    .limit(1);
  return row?.id ?? null;
}

async function duplicateOf(db: Database, ctx: RequestContext, batchId: string): Promise<ClaimImportResult> {
  const detail = await claimImportDetail(db, batchId);
  await recordAudit(db, ctx, {
    action: 'billing_import.create',
    entityType: 'billing_import_batch',
    entityId: batchId,
    details: { duplicate: true },
  });
  return { ...detail, duplicate: true };
}
