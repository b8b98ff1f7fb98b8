/**
 * Billing export batches (issue 6 "Billing export"; spec s.3 BillingExportBatch, BillingItem; rules
 * and file layout in docs/billing-export.md; decision docs/decisions/0016-billing-export.md):
 * - preview: READY vs NOT_READY segments of a service-date range and how many READY ones are billed
 *   already (in a non-VOID item) and would be skipped;
 * - create: in one transaction, one BillingItem (status EXPORTED) per READY live segment of the range
 *   without a non-VOID item; then the batch file (eXPRS-ready CSV) is stored in the `exports` bucket
 *   and the batch marked COMPLETED with its row count, total and file hash (undone if that fails). Exports are serialised by a transaction
 *   advisory lock; the partial unique index `billing_item_active_segment_idx` is the last guard
 *   (its violation answers 409). The range is worked through a few service dates at a time (about
 *   5,000 segments: read, price, insert, append to the file on disk; the next window is read and
 *   priced while one is inserted), so memory stays flat whatever the range; bulk SQL: a fixed
 *   number of statements per 5,000 items;
 * - list, read (with items, paged) and download. Batches are immutable: no update or delete.
 * Every read and write is audited (`billing_export.*`, ids and counts only).
 */
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type {
  BillingExportBatch,
  BillingExportBatchPage,
  BillingExportCreate,
  BillingExportCreated,
  BillingExportDetail,
  BillingExportListQuery,
  BillingExportPreview,
  BillingExportPreviewQuery,
  BillingItem,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { serialRunner, type SerialRunner } from '../../platform/db/serial-runner.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { EXPORTS_BUCKET, type StorageService } from '../../platform/storage/storage.service.ts';
import type { GetResult } from '../../platform/storage/storage.driver.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import {
  countReadySegmentsByDate,
  findReadySegmentIds,
  findReadySegmentsForExport,
} from './billing-export-source.ts';
import { findSegmentPage, toSegmentListItem } from '../shifts/segment-list.service.ts';
import { billingCodeRules } from './billing-rules.table.ts';
import { billingExportBatches, billingItems } from './billing.table.ts';
import { billingSnapshotHash, snapshotOf } from './billing-export-snapshot.ts';
import {
  batchCsvHeader,
  batchCsvRow,
  createLocalTimeFormatter,
  dayKey,
  indexRules,
  priceSegments,
  type ExportLine,
  type ExportRule,
} from './billing-export-lines.ts';

/** What export needs besides the database. */
export interface BillingExportDeps {
  db: Database;
  storage: StorageService;
  /** Zone of shifts without their own (config `agencyTimeZone`). */
  agencyTimeZone: string;
  /** Segments per window of service dates (default `WINDOW_SEGMENTS`; tests pass a small one). */
  windowSegments?: number;
}

/** Items written per statement. */
const CHUNK = 5000;
/**
 * Segments read and priced at a time (whole service dates; a date with more is one window): about
 * one statement's worth, so the windows read ahead stay small.
 */
const WINDOW_SEGMENTS = CHUNK;
/** Windows read and priced ahead of the one being inserted (keeps the connection busy). */
const PREPARED_AHEAD = 1;

type BatchRow = typeof billingExportBatches.$inferSelect;
type ItemRow = typeof billingItems.$inferSelect;

function toBatch(row: BatchRow, exportedByName: string | null): BillingExportBatch {
  return {
    id: row.id,
    exportDate: row.exportDate.toISOString(),
    exportedBy: row.exportedBy,
    exportedByName,
    fileName: row.fileName,
    rowCount: row.rowCount,
    status: row.status,
    notes: row.notes,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    fileSha256: row.fileSha256,
    totalAmount: row.totalAmount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A billing item as the API shows it; `clientName` from `names` (the client's current name). */
export function toBillingItem(row: ItemRow, clientNames: Map<string, string>): BillingItem {
  const snapshot = row.snapshotData;
  return {
    id: row.id,
    shiftSegmentId: row.shiftSegmentId,
    shiftId: typeof snapshot.shiftId === 'string' ? snapshot.shiftId : null,
    clientId: row.clientId,
    clientName: clientNames.get(row.clientId) ?? 'Unknown client',
    caregiverId: row.caregiverId,
    exportBatchId: row.exportBatchId,
    date: row.date,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    hours: Number(row.hours),
    units: row.units === null ? null : Number(row.units),
    mileageMiles: row.mileageMiles === null ? null : Number(row.mileageMiles),
    billingCode: row.billingCode,
    modifier: row.modifier,
    rate: row.rate,
    amount: row.amount,
    evvInLat: row.evvInLat,
    evvInLong: row.evvInLong,
    evvOutLat: row.evvOutLat,
    evvOutLong: row.evvOutLong,
    dspName: row.dspName,
    status: row.status,
    snapshotHash: row.snapshotHash,
    hasDrift: row.hasDrift,
    driftDetectedAt: row.driftDetectedAt?.toISOString() ?? null,
    driftFields: row.driftFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Which of `segmentIds` are in a non-VOID billing item (bounded statements). */
export async function findBilledSegmentIds(executor: Executor, segmentIds: string[]): Promise<Set<string>> {
  const billed = new Set<string>();
  for (let i = 0; i < segmentIds.length; i += 20_000) {
    const slice = segmentIds.slice(i, i + 20_000);
    if (!slice.length) continue;
    const result = await executor.execute<{ id: string }>(sql`
      select shift_segment_id as id from billing_item
      where status <> 'VOID' and shift_segment_id = any(${sql.param(slice)}::uuid[])`);
    for (const row of result.rows) billed.add(String(row.id));
  }
  return billed;
}

/**
 * The preview (contracts `billingExportPreviewQuery` → `billingExportPreview`): counts of the range
 * and one page of its segments with violations and a `billed` flag. Audited `billing_export.preview`
 * (range and counts only).
 */
export async function previewBillingExport(
  db: Database,
  ctx: RequestContext,
  query: BillingExportPreviewQuery,
): Promise<BillingExportPreview> {
  const range = { fromDate: query.dateFrom, toDate: query.dateTo };
  const [page, readyIds] = await Promise.all([
    findSegmentPage(db, {
      from: query.dateFrom,
      to: query.dateTo,
      status: query.status,
      page: query.page,
      pageSize: query.pageSize,
    }),
    findReadySegmentIds(db, range),
  ]);
  const billed = await findBilledSegmentIds(db, readyIds);
  const pageBilled = await findBilledSegmentIds(
    db,
    page.rows.map((row) => row.id),
  );
  const names = await findPeopleNames(db, {
    caregiverIds: [...new Set(page.rows.map((row) => row.caregiverId))],
    clientIds: [...new Set(page.rows.map((row) => row.clientId))],
  });
  const counts = {
    ready: page.counts.READY,
    notReady: page.counts.NOT_READY,
    alreadyBilled: billed.size,
    exportable: readyIds.length - billed.size,
  };
  await recordAudit(db, ctx, {
    action: 'billing_export.preview',
    entityType: 'billing_export_batch',
    details: { dateFrom: query.dateFrom, dateTo: query.dateTo, ...counts, returned: page.rows.length },
  });
  return {
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    counts,
    items: page.rows.map((row) => ({
      ...toSegmentListItem(row, names),
      billed: pageBilled.has(row.id),
    })),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** PostgreSQL unique violation (SQLSTATE 23505), directly or as the cause of a driver error. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : null;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

/** Every billing-code rule with its rate (few rows). */
async function findRulesForExport(executor: Executor): Promise<ExportRule[]> {
  const rows = await executor.select().from(billingCodeRules);
  return rows.map((row) => ({
    id: row.id,
    billingCode: row.billingCode,
    modifier: row.modifier,
    rateCents: row.rateCents,
    unitMeasure: row.unitMeasure,
    effectiveDate: row.effectiveDate,
    expirationDate: row.expirationDate,
  }));
}

/** Client + code + modifier + dates already billed by non-VOID items with units (the `days` measure). */
async function findBilledDays(executor: Executor, range: { from: string; to: string }): Promise<Set<string>> {
  const result = await executor.execute<Record<string, unknown>>(sql`
    select client_id, billing_code, modifier, date::text as date from billing_item
    where status <> 'VOID' and units > 0 and date between ${range.from}::date and ${range.to}::date`);
  return new Set(
    result.rows.map((row) =>
      dayKey(
        String(row.client_id),
        String(row.billing_code),
        (row.modifier as string | null) ?? null,
        String(row.date),
      ),
    ),
  );
}

/**
 * Consecutive service dates grouped into windows of about `limit` segments (a date is never split:
 * the `days` measure and the file order are per date). `counts` by date ascending.
 */
export function exportWindows(
  counts: readonly { date: string; segments: number }[],
  limit: number,
): { fromDate: string; toDate: string }[] {
  const windows: { fromDate: string; toDate: string }[] = [];
  let inWindow = 0;
  for (const { date, segments } of counts) {
    const last = windows[windows.length - 1];
    if (last && inWindow + segments <= limit) {
      last.toDate = date;
      inWindow += segments;
    } else {
      windows.push({ fromDate: date, toDate: date });
      inWindow = segments;
    }
  }
  return windows;
}

/**
 * The statement inserting `chunk` (≤ `CHUNK` items) into batch `batchId` with each item's first
 * history row (creation is the item's first status: old null → EXPORTED, reason `export batch <id>`,
 * `userId`): `insert … select from json_to_recordset(…)` of ONE JSON parameter (serialised natively,
 * the snapshot nested as an object, so nothing is escaped twice) and the history rows from its
 * `returning` in the same statement. The item columns that copy the snapshot (segment, client,
 * caregiver, date, start, end, EVV coordinates, DSP name) are read from the snapshot in the statement
 * rather than sent twice (decision 0021, session 6: the server's JSON parsing is a quarter of the
 * export's database time); `start`/`end` are the segment's times, as ISO instants in the snapshot.
 */
function insertItemsStatement(batchId: string, chunk: readonly ExportLine[], userId: string | null) {
  const rows = chunk.map((l) => ({
    id: l.id,
    snapshot: l.snapshot,
    hash: billingSnapshotHash(l.snapshot),
    hours: l.figures.hoursHundredths,
    units: l.figures.unitsHundredths,
    code: l.rule.billingCode,
    modifier: l.rule.modifier,
    rate: l.rule.rateCents,
    amount: l.figures.amountCents,
  }));
  return sql`
    with inserted as (
    insert into billing_item (id, shift_segment_id, client_id, caregiver_id, export_batch_id,
      snapshot_data, snapshot_hash, date, start, "end", hours, units, billing_code, modifier,
      rate_cents, amount_cents, evv_in_lat, evv_in_long, evv_out_lat, evv_out_long, dsp_name, status)
    select v.id, (v.snapshot->>'segmentId')::uuid, (v.snapshot->>'clientId')::uuid,
      (v.snapshot->>'caregiverId')::uuid, ${batchId}::uuid, v.snapshot, v.hash,
      (v.snapshot->>'date')::date, (v.snapshot->>'evvStart')::timestamptz,
      (v.snapshot->>'evvEnd')::timestamptz, v.hours / 100.0, v.units / 100.0, v.code, v.modifier, v.rate,
      v.amount, (v.snapshot->>'evvInLat')::float8, (v.snapshot->>'evvInLong')::float8,
      (v.snapshot->>'evvOutLat')::float8, (v.snapshot->>'evvOutLong')::float8, v.snapshot->>'dspName',
      'EXPORTED'
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, snapshot jsonb, hash text,
      hours int, units int, code text, modifier text, rate int, amount int)
    returning id
    )
    insert into billing_status_history (billing_item_id, status_type, old_status, new_status, reason, user_id)
    select id, 'billing', null, 'EXPORTED', ${`export batch ${batchId}`}, ${userId}::uuid from inserted`;
}

/** The batch file being written to a temporary file, with its SHA-256 and size as it grows. */
interface BatchFile {
  path: string;
  handle: FileHandle;
  hash: Hash;
  bytes: number;
}

async function appendToFile(file: BatchFile, text: string): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  file.hash.update(bytes);
  file.bytes += bytes.length;
  await file.handle.write(bytes);
}

/** What {@link writeBatchItems} did. */
interface WrittenItems {
  rowCount: number;
  total: number;
  readyCount: number;
  billedCount: number;
  skippedNoRule: number;
}

/** One window read and priced by {@link prepareWindow}: its lines and counts. */
interface PreparedWindow {
  lines: ExportLine[];
  readyCount: number;
  billedCount: number;
  skippedNoRule: number;
}

/**
 * Reads window `window` (whole service dates) through `run`: its READY segments, the ones already in
 * a non-VOID item (left out) and the client + code + modifier + dates already billed (`days`
 * measure), then prices the rest. Windows are disjoint date ranges, so a window may be prepared while an earlier
 * one's items are still being inserted: neither the billed segments nor the billed days of this
 * window can change through them.
 */
async function prepareWindow(
  tx: Executor,
  run: SerialRunner,
  window: { fromDate: string; toDate: string },
  rules: Map<string, ExportRule[]>,
): Promise<PreparedWindow> {
  const readyRead = run(() => findReadySegmentsForExport(tx, window));
  const billedDays = await run(() => findBilledDays(tx, { from: window.fromDate, to: window.toDate }));
  const ready = await readyRead;
  const billed = await run(() =>
    findBilledSegmentIds(
      tx,
      ready.map((segment) => segment.segmentId),
    ),
  );
  const { lines, skipped } = priceSegments(
    ready
      .filter((segment) => !billed.has(segment.segmentId) && segment.evvStart && segment.evvEnd)
      .map((segment) => ({
        snapshot: snapshotOf(segment),
        start: segment.evvStart as Date,
        end: segment.evvEnd as Date,
      })),
    rules,
    billedDays,
    randomUUID,
  );
  return { lines, readyCount: ready.length, billedCount: billed.size, skippedNoRule: skipped.length };
}

/**
 * Bills the range into batch `batchId`, a window of service dates at a time ({@link exportWindows},
 * about `WINDOW_SEGMENTS` segments each): each window's READY segments without a non-VOID item are
 * read and priced ({@link prepareWindow}), inserted (`CHUNK` per statement) and their file rows
 * appended to `file`. The database always has its next statement lined up: the next windows are
 * read and priced (`PREPARED_AHEAD` of them) and the next chunk's statement built while it writes
 * the previous chunk (statements run one at a time through {@link serialRunner}: a transaction is one
 * connection). Memory holds about `PREPARED_AHEAD + 1` windows of lines, whatever the range.
 * Errors: the first database error, after every queued statement has settled.
 */
async function writeBatchItems(
  tx: Executor,
  range: { fromDate: string; toDate: string },
  batchId: string,
  userId: string | null,
  file: BatchFile,
  deps: Pick<BillingExportDeps, 'agencyTimeZone' | 'windowSegments'>,
): Promise<WrittenItems> {
  const { agencyTimeZone } = deps;
  const rules = indexRules(await findRulesForExport(tx));
  const windows = exportWindows(
    await countReadySegmentsByDate(tx, range),
    deps.windowSegments ?? WINDOW_SEGMENTS,
  );
  const localTime = createLocalTimeFormatter();
  const written: WrittenItems = { rowCount: 0, total: 0, readyCount: 0, billedCount: 0, skippedNoRule: 0 };
  const run = serialRunner();
  const ahead: Promise<PreparedWindow>[] = [];
  let nextWindow = 0;
  const prepareNext = () => {
    const window = windows[nextWindow];
    if (!window) return;
    nextWindow += 1;
    const prepared = prepareWindow(tx, run, window, rules);
    // Awaited in order below; a failure is thrown there (this only keeps it from being "unhandled").
    prepared.catch(() => undefined);
    ahead.push(prepared);
  };
  // The statement in flight (one at a time on the transaction's connection).
  const statements = { running: Promise.resolve() as Promise<unknown> };
  try {
    while (ahead.length < PREPARED_AHEAD && nextWindow < windows.length) prepareNext();
    for (let next = ahead.shift(); next; next = ahead.shift()) {
      prepareNext();
      const { lines, readyCount, billedCount, skippedNoRule } = await next;
      written.readyCount += readyCount;
      written.billedCount += billedCount;
      written.skippedNoRule += skippedNoRule;
      await writeWindowLines(
        tx,
        run,
        lines,
        { batchId, userId, file, agencyTimeZone, localTime },
        written,
        statements,
      );
    }
    await statements.running;
  } finally {
    // On an error, nothing may still be running when the transaction rolls back.
    await Promise.allSettled([statements.running, ...ahead]);
  }
  return written;
}

/**
 * Inserts one window's `lines` (`CHUNK` per statement; each chunk's statement is built while the
 * previous statement, `statements.running`, is in flight, and started once it is done) and appends
 * their file rows; adds row count and total to `written`.
 */
async function writeWindowLines(
  tx: Executor,
  run: SerialRunner,
  lines: ExportLine[],
  batch: {
    batchId: string;
    userId: string | null;
    file: BatchFile;
    agencyTimeZone: string;
    localTime: ReturnType<typeof createLocalTimeFormatter>;
  },
  written: WrittenItems,
  statements: { running: Promise<unknown> },
): Promise<void> {
  for (let i = 0; i < lines.length; i += CHUNK) {
    const chunk = lines.slice(i, i + CHUNK);
    const statement = insertItemsStatement(batch.batchId, chunk, batch.userId);
    await statements.running;
    // Queued now behind the windows being read ahead; awaited before the next chunk is queued.
    const running = run(() => tx.execute(statement)).then(() => undefined);
    running.catch(() => undefined);
    statements.running = running;
    let rows = '';
    for (const line of chunk) {
      rows += batchCsvRow(line, batch.localTime, batch.agencyTimeZone);
      written.total += line.figures.amountCents;
    }
    written.rowCount += chunk.length;
    await appendToFile(batch.file, rows);
  }
}

/**
 * Creates a batch for service dates `dateFrom`..`dateTo` (contracts `billingExportCreate`) and
 * stores its file. Steps (docs/decisions/0016-billing-export.md):
 * 1. one transaction under the export lock: the batch (PENDING), then a window of service dates at a
 *    time ({@link exportWindows}): select, price, insert its items (EXPORTED) with their first history
 *    rows and append their file rows to a temporary file (decision 0021: memory stays flat);
 * 2. the file is streamed to the `exports` bucket (storage audits through its own connection, so it
 *    cannot run inside the transaction on the single-connection embedded database);
 * 3. a short transaction marks the batch COMPLETED with its file name, path, SHA-256, row count and
 *    total, and audits `billing_export.create`.
 * If step 2 or 3 fails, the batch, its items and their history are deleted again (nothing else
 * refers to them yet) and the error is thrown: no batch without a file. Errors: CONFLICT when no
 * READY segment of the range is left to bill (nothing is written), or when a segment got billed by
 * another export meanwhile (unique index).
 */
export async function createBillingExport(
  deps: BillingExportDeps,
  ctx: RequestContext,
  input: BillingExportCreate,
): Promise<BillingExportCreated> {
  const userId = ctx.actor?.userAccountId ?? null;
  // The file is written to a temporary file while the items are inserted, then streamed to storage.
  const tempDir = await mkdtemp(path.join(tmpdir(), 'tend-billing-export-'));
  const file: BatchFile = {
    path: path.join(tempDir, 'batch.csv'),
    handle: await open(path.join(tempDir, 'batch.csv'), 'w'),
    hash: createHash('sha256'),
    bytes: 0,
  };
  try {
    return await exportIntoFile(deps, ctx, input, userId, file);
  } finally {
    await file.handle.close().catch(() => undefined);
    await rm(tempDir, { recursive: true, force: true });
  }
}

async function exportIntoFile(
  deps: BillingExportDeps,
  ctx: RequestContext,
  input: BillingExportCreate,
  userId: string | null,
  file: BatchFile,
): Promise<BillingExportCreated> {
  let prepared: { batchId: string } & WrittenItems;
  try {
    prepared = await deps.db.transaction(async (tx) => {
      // One export at a time: a concurrent export of an overlapping range waits, then sees the items.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('billing_export'))`);
      const range = { fromDate: input.dateFrom, toDate: input.dateTo };
      const [batchRow] = await tx
        .insert(billingExportBatches)
        .values({
          exportedBy: userId,
          status: 'PENDING',
          notes: input.notes ?? null,
          dateFrom: input.dateFrom,
          dateTo: input.dateTo,
        })
        .returning();
      if (!batchRow) throw new AppError('INTERNAL');
      await appendToFile(file, batchCsvHeader());
      // Items, their first history rows (old null → EXPORTED) and the file rows, a window at a time.
      const written = await writeBatchItems(tx, range, batchRow.id, userId, file, deps);
      // Nothing billed: the transaction is rolled back, so no empty batch remains.
      if (!written.rowCount)
        throw new AppError(
          'CONFLICT',
          written.readyCount
            ? `Nothing to export: all ${written.readyCount} READY segments of ${input.dateFrom} to ${input.dateTo} are billed already${written.skippedNoRule ? ` or have no billing-code rule in effect (${written.skippedNoRule})` : ''}. Void an item to bill its segment again.`
            : `Nothing to export: no READY segment in ${input.dateFrom} to ${input.dateTo}. Validate the range and fix NOT_READY segments first.`,
        );
      return { batchId: batchRow.id, ...written };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(
        'CONFLICT',
        'A segment of this range was billed by another export meanwhile: nothing was exported. Preview the range again.',
      );
    throw error;
  }
  await file.handle.close();

  const { batchId, total, rowCount } = prepared;
  try {
    const fileSha256 = file.hash.digest('hex');
    const fileName = `billing-export-${input.dateFrom}-to-${input.dateTo}-${batchId.slice(0, 8)}.csv`;
    const filePath = `billing-exports/${batchId}.csv`;
    await deps.storage.upload(ctx, {
      bucketId: EXPORTS_BUCKET,
      path: filePath,
      body: createReadStream(file.path),
      size: file.bytes,
      contentType: 'text/csv',
      cacheControl: 'no-store',
    });
    const completed = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(billingExportBatches)
        .set({
          status: 'COMPLETED',
          fileName,
          filePath,
          fileSha256,
          rowCount,
          totalAmount: total,
          updatedAt: new Date(),
        })
        .where(eq(billingExportBatches.id, batchId))
        .returning();
      if (!row) throw new AppError('INTERNAL');
      await recordAudit(tx, ctx, {
        action: 'billing_export.create',
        entityType: 'billing_export_batch',
        entityId: batchId,
        details: {
          dateFrom: input.dateFrom,
          dateTo: input.dateTo,
          rowCount,
          totalAmountCents: total,
          skippedBilled: prepared.billedCount,
          skippedNoRule: prepared.skippedNoRule,
        },
      });
      return row;
    });
    const names = await findUserNames(deps.db, { ids: [completed.exportedBy] });
    return {
      batch: toBatch(completed, names.get(completed.exportedBy ?? '') ?? null),
      skippedNoRule: prepared.skippedNoRule,
    };
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      await tx.execute(sql`delete from billing_status_history where billing_item_id in
        (select id from billing_item where export_batch_id = ${batchId}::uuid)`);
      await tx.execute(sql`delete from billing_item where export_batch_id = ${batchId}::uuid`);
      await tx.execute(
        sql`delete from billing_export_batch where id = ${batchId}::uuid and status = 'PENDING'`,
      );
    });
    throw error;
  }
}

/** Batches, newest first, paged. Audited `billing_export.list`. */
export async function findBillingExports(
  db: Database,
  ctx: RequestContext,
  query: BillingExportListQuery,
): Promise<BillingExportBatchPage> {
  const rows = await db
    .select()
    .from(billingExportBatches)
    .orderBy(desc(billingExportBatches.exportDate), desc(billingExportBatches.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totals] = await db.select({ total: count() }).from(billingExportBatches);
  const names = await findUserNames(db, { ids: rows.map((row) => row.exportedBy) });
  await recordAudit(db, ctx, {
    action: 'billing_export.list',
    entityType: 'billing_export_batch',
    details: { page: query.page, returned: rows.length },
  });
  return {
    items: rows.map((row) => toBatch(row, names.get(row.exportedBy ?? '') ?? null)),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One batch with a page of its items (by date, start). Errors: NOT_FOUND. Audited `billing_export.read`. */
export async function findBillingExport(
  db: Database,
  ctx: RequestContext,
  id: string,
  query: { page: number; pageSize: number },
): Promise<BillingExportDetail> {
  const [row] = await db.select().from(billingExportBatches).where(eq(billingExportBatches.id, id));
  if (!row) throw notFound('Billing export batch');
  const items = await db
    .select()
    .from(billingItems)
    .where(eq(billingItems.exportBatchId, id))
    .orderBy(asc(billingItems.date), asc(billingItems.start), asc(billingItems.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totals] = await db
    .select({ total: count() })
    .from(billingItems)
    .where(eq(billingItems.exportBatchId, id));
  const [names, people] = await Promise.all([
    findUserNames(db, { ids: [row.exportedBy] }),
    findPeopleNames(db, { caregiverIds: [], clientIds: [...new Set(items.map((item) => item.clientId))] }),
  ]);
  await recordAudit(db, ctx, {
    action: 'billing_export.read',
    entityType: 'billing_export_batch',
    entityId: id,
    details: { page: query.page, returned: items.length },
  });
  return {
    batch: toBatch(row, names.get(row.exportedBy ?? '') ?? null),
    items: {
      items: items.map((item) => toBillingItem(item, people.clients)),
      total: totals?.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    },
  };
}

/**
 * Opens a batch's stored file. Errors: NOT_FOUND (batch, or a batch without a file). Audited
 * `billing_export.download` (the storage read is audited `file.read` too).
 */
export async function openBillingExportFile(
  deps: Pick<BillingExportDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  id: string,
): Promise<{ fileName: string; object: GetResult }> {
  const [row] = await deps.db
    .select()
    .from(billingExportBatches)
    .where(and(eq(billingExportBatches.id, id), ne(billingExportBatches.status, 'PENDING')));
  if (!row?.filePath || !row.fileName) throw notFound('Billing export file');
  const object = await deps.storage.download(ctx, EXPORTS_BUCKET, row.filePath);
  await recordAudit(deps.db, ctx, {
    action: 'billing_export.download',
    entityType: 'billing_export_batch',
    entityId: id,
    details: { rowCount: row.rowCount, fileSha256: row.fileSha256 },
  });
  return { fileName: row.fileName, object };
}
