/**
 * Claim import (issue 6 "Claim import and reconciliation"; spec s.3 BillingImportBatch, ExprsRecord;
 * docs/claim-reconciliation.md, decision record "claim import runs in the request"). One upload:
 *   SHA-256 of the bytes → an earlier batch of the same file is returned as is (nothing doubled) →
 *   format detected (`ISA` first = X12 835, else eXPRS CSV) and the whole file parsed (rejected lines
 *   collected) → raw file kept in the `imports` bucket under `claims/` → ONE transaction: the batch, its
 *   ExprsRecords already matched (`claim-matching.ts`), items EXPORTED → MATCHED and the claim statuses
 *   in BillingStatusHistory (`billing-item-status.ts`), the audit event.
 * Candidate items are loaded in bulk (one statement per 20,000 ids or per chunk of dates), never per
 * line; the writes are a fixed number of statements per 5,000 lines (`json_to_recordset` of one JSON
 * parameter, the next chunk built while the database writes the last; the item status change set-based): no ORM multi-row `values(…)`, whose building cost more than the
 * database work at 100,000 lines (decision 0013; scripts/bench-billing-reconcile.ts prints figures).
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ClaimImportDetail, ClaimImportResult } from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { IMPORTS_BUCKET } from '../../platform/imports/import-service.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { findSegmentsByBillingIds } from '../shifts/claim-matching-source.service.ts';
import { markItemsMatchedByImport, recordBillingStatusHistory } from './billing-item-status.ts';
import { billingImportBatches, billingItems, exprsRecords } from './billing.table.ts';
import { parseClaimCsv } from './claim-csv.ts';
import { ClaimFileError, type ClaimLine, type ParsedClaimFile } from './claim-line.ts';
import { matchClaimLines, type MatchItem, type MatchOutcome } from './claim-matching.ts';
import { claimImportDetail } from './claim-reconciliation.service.ts';
import { looksLikeX12, parse835 } from './x12-835.ts';

/** Largest claim file accepted (bytes): about 500,000 CSV lines. */
export const MAX_CLAIM_FILE_BYTES = 100 * 1024 * 1024;
/** Storage folder of claim files in the `imports` bucket. */
export const CLAIMS_FOLDER = 'claims';
/** Rows per bulk insert (one array parameter per column, so the statement size does not grow with it). */
const CHUNK = 5000;
/** Ids per candidate look-up (one array parameter). */
const LOOKUP_CHUNK = 20_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ClaimImportDeps {
  db: Database;
  storage: StorageService;
}

/** Parses a claim file of either format. Throws `ClaimFileError` for a file that is not one. */
export async function parseClaimFile(bytes: Buffer): Promise<ParsedClaimFile> {
  if (bytes.length === 0) throw new ClaimFileError('The file is empty.');
  return looksLikeX12(bytes) ? parse835(bytes) : parseClaimCsv(bytes);
}

const chunks = <T>(values: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
};

type ItemRow = { id: string; shiftSegmentId: string; clientPid: string | null } & Pick<
  MatchItem,
  'date' | 'billingCode' | 'modifier' | 'units' | 'hours' | 'status'
>;

const itemColumns = {
  id: billingItems.id,
  shiftSegmentId: billingItems.shiftSegmentId,
  clientPid: sql<string | null>`upper(${billingItems.snapshotData}->>'clientPid')`,
  date: billingItems.date,
  billingCode: billingItems.billingCode,
  modifier: billingItems.modifier,
  units: billingItems.units,
  hours: billingItems.hours,
  status: billingItems.status,
};

/**
 * Loads, in bulk, every billing item a line could match: by id (billing ids that are UUIDs), by the
 * segment's GIV billing id, and (for lines whose billing id found nothing) EXPORTED items of the lines'
 * service dates whose billed client prime (`snapshotData.clientPid`) is one of the lines'. Also which
 * of them a MATCHED line already points at, with that line's claim status (newest import first).
 */
export async function loadMatchCandidates(
  executor: Executor,
  lines: readonly ClaimLine[],
): Promise<{ items: MatchItem[]; previousClaimStatus: Map<string, string | null> }> {
  const rows = new Map<string, ItemRow & { segmentBillingId: string | null }>();
  const add = (row: ItemRow, segmentBillingId: string | null = null) => {
    const current = rows.get(row.id);
    rows.set(row.id, { ...row, segmentBillingId: segmentBillingId ?? current?.segmentBillingId ?? null });
  };
  const uuidIds = [
    ...new Set(lines.map((l) => l.billingId?.trim().toLowerCase()).filter((id) => id && UUID.test(id))),
  ] as string[];
  for (const chunk of chunks(uuidIds, LOOKUP_CHUNK))
    for (const row of await executor
      .select(itemColumns)
      .from(billingItems)
      .where(sql`${billingItems.id} = any(${sql.param(chunk)}::uuid[])`))
      add(row);
  const otherIds = [
    ...new Set(
      lines
        .map((l) => l.billingId?.trim())
        .filter((id): id is string => Boolean(id) && !rows.has(id!.toLowerCase())),
    ),
  ];
  if (otherIds.length) {
    const segments = await findSegmentsByBillingIds(executor, otherIds);
    const billingIdOf = new Map(segments.map((s) => [s.segmentId, s.billingId]));
    for (const chunk of chunks([...billingIdOf.keys()], LOOKUP_CHUNK))
      for (const row of await executor
        .select(itemColumns)
        .from(billingItems)
        .where(sql`${billingItems.shiftSegmentId} = any(${sql.param(chunk)}::uuid[])`))
        add(row, billingIdOf.get(row.shiftSegmentId) ?? null);
  }
  const segmentIds = new Set(
    [...rows.values()].map((r) => r.segmentBillingId?.toUpperCase()).filter(Boolean),
  );
  const searching = lines.filter((l) => {
    const id = l.billingId?.trim();
    return !id || !(rows.has(id.toLowerCase()) || segmentIds.has(id.toUpperCase()));
  });
  const pids = [...new Set(searching.map((l) => l.clientPid).filter((p): p is string => Boolean(p)))];
  const dates = [...new Set(searching.map((l) => l.serviceDate).filter((d): d is string => Boolean(d)))];
  if (pids.length && dates.length)
    for (const dateChunk of chunks(dates, 400))
      for (const pidChunk of chunks(pids))
        for (const row of await executor
          .select(itemColumns)
          .from(billingItems)
          .where(
            and(
              eq(billingItems.status, 'EXPORTED'),
              sql`${billingItems.date} = any(${sql.param(dateChunk)}::date[])`,
              sql`upper(${billingItems.snapshotData}->>'clientPid') = any(${sql.param(pidChunk)}::text[])`,
            ),
          ))
          add(row);

  const previousClaimStatus = new Map<string, string | null>();
  for (const chunk of chunks([...rows.keys()], LOOKUP_CHUNK)) {
    const matched = await executor
      .select({
        billingItemId: exprsRecords.billingItemId,
        claimStatus: exprsRecords.claimStatus,
      })
      .from(exprsRecords)
      .innerJoin(billingImportBatches, eq(billingImportBatches.id, exprsRecords.importBatchId))
      .where(
        and(
          eq(exprsRecords.matchStatus, 'MATCHED'),
          sql`${exprsRecords.billingItemId} = any(${sql.param(chunk)}::uuid[])`,
        ),
      )
      .orderBy(desc(billingImportBatches.importDate), desc(exprsRecords.lineNumber));
    for (const row of matched)
      if (row.billingItemId && !previousClaimStatus.has(row.billingItemId))
        previousClaimStatus.set(row.billingItemId, row.claimStatus);
  }
  const items: MatchItem[] = [...rows.values()].map((row) => ({
    id: row.id,
    segmentBillingId: row.segmentBillingId,
    clientPids: row.clientPid ? [row.clientPid] : [],
    date: row.date,
    billingCode: row.billingCode,
    modifier: row.modifier,
    units: row.units,
    hours: row.hours,
    status: row.status,
    matchedElsewhere: previousClaimStatus.has(row.id),
  }));
  return { items, previousClaimStatus };
}

/**
 * The statement inserting `lines` (≤ `CHUNK`) of batch `batchId` as `exprs_record` rows with their
 * match outcome: `insert … select from json_to_recordset(…)` of ONE JSON parameter (serialised
 * natively, `rawData` nested as an object, so nothing is escaped twice).
 */
function insertClaimLinesStatement(
  batchId: string,
  lines: readonly ClaimLine[],
  outcomeOf: Map<number, MatchOutcome>,
  now: Date,
) {
  const rows = lines.map((l) => {
    const outcome = outcomeOf.get(l.lineNumber) as MatchOutcome;
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
      raw_data: l.rawData,
      confidence: outcome.confidence,
      failure_reason: outcome.reason,
    };
  });
  return sql`
    insert into exprs_record (import_batch_id, line_number, billing_item_id, claim_id, payer_claim_number,
      billing_id, client_pid, provider_id, service_date, procedure_code, modifier, units,
      billed_amount_cents, paid_amount_cents, payment_date, claim_status, denial_reason, exception_code,
      raw_data, match_status, match_attempts, match_confidence, match_failure_reason, matched_at)
    select ${batchId}::uuid, v.line_number, v.item_id, v.claim_id, v.payer_claim_number, v.billing_id,
      v.client_pid, v.provider_id, v.service_date, v.procedure_code, v.modifier, v.units, v.billed, v.paid,
      v.payment_date, v.claim_status, v.denial_reason, v.exception_code, v.raw_data,
      case when v.item_id is null then 'ORPHANED' else 'MATCHED' end, 1, v.confidence, v.failure_reason,
      case when v.item_id is null then null else ${now.toISOString()}::timestamptz end
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(line_number int, item_id uuid, claim_id text,
      payer_claim_number text, billing_id text, client_pid text, provider_id text, service_date date,
      procedure_code text, modifier text, units numeric, billed int, paid int, payment_date date,
      claim_status text, denial_reason text, exception_code text, raw_data jsonb, confidence float8,
      failure_reason text)`;
}

/**
 * Inserts every line, `CHUNK` per statement; the next chunk's parameter is built while the database
 * writes the previous one (one statement in flight: a transaction is one connection).
 */
async function insertClaimLines(
  tx: Executor,
  batchId: string,
  lines: readonly ClaimLine[],
  outcomeOf: Map<number, MatchOutcome>,
  now: Date,
): Promise<void> {
  let pending: Promise<unknown> = Promise.resolve();
  try {
    for (let i = 0; i < lines.length; i += CHUNK) {
      const statement = insertClaimLinesStatement(batchId, lines.slice(i, i + CHUNK), outcomeOf, now);
      await pending;
      // Started now (`then` runs a Drizzle query); awaited before the next statement.
      pending = tx.execute(statement).then(() => undefined);
      pending.catch(() => undefined);
    }
  } finally {
    await pending;
  }
}

/**
 * Writes one parsed file as a batch in the caller's transaction: the batch row, its lines matched,
 * item statuses and claim history. Returns the batch id. `userId`: the importing account (history).
 */
export async function reconcileClaimLines(
  tx: Executor,
  input: {
    batchId: string;
    fileName: string;
    filePath: string | null;
    fileSha256: string;
    parsed: ParsedClaimFile;
    userId: string | null;
  },
): Promise<{ matched: number; orphaned: number }> {
  const { parsed, batchId, userId } = input;
  const { items, previousClaimStatus } = await loadMatchCandidates(tx, parsed.lines);
  const outcomes = matchClaimLines(
    parsed.lines.map((line) => ({
      key: line.lineNumber,
      billingId: line.billingId,
      clientPid: line.clientPid,
      serviceDate: line.serviceDate,
      procedureCode: line.procedureCode,
      modifier: line.modifier,
      units: line.units,
    })),
    items,
  );
  const outcomeOf = new Map<number, MatchOutcome>(outcomes.map((o) => [o.key, o]));
  const matched = outcomes.filter((o) => o.itemId !== null).length;
  const orphaned = outcomes.length - matched;
  await tx.insert(billingImportBatches).values({
    id: batchId,
    importedBy: userId,
    fileName: input.fileName.slice(0, 500),
    rowCount: parsed.lines.length,
    matchedCount: matched,
    orphanedCount: orphaned,
    status: 'COMPLETED',
    format: parsed.format,
    filePath: input.filePath,
    fileSha256: input.fileSha256,
    rejectedRows: parsed.rejected,
  });
  const now = new Date();
  await insertClaimLines(tx, batchId, parsed.lines, outcomeOf, now);
  const lineByNumber = new Map(parsed.lines.map((line) => [line.lineNumber, line]));
  await markItemsMatchedByImport(tx, batchId, userId, now);
  await recordBillingStatusHistory(
    tx,
    'claim',
    outcomes.flatMap((o) =>
      o.itemId === null
        ? []
        : [
            {
              billingItemId: o.itemId,
              oldStatus: previousClaimStatus.get(o.itemId) ?? null,
              newStatus: lineByNumber.get(o.key)?.claimStatus ?? 'pended',
              reason: `Claim line ${o.key} of import ${batchId} (confidence ${String(o.confidence)})`,
              userId,
            },
          ],
    ),
  );
  return { matched, orphaned };
}

/**
 * `POST /api/claim-imports`: imports one uploaded claim file (see the module comment). Returns the
 * batch's detail and `duplicate` (true: the same bytes were imported before; that batch is returned and
 * nothing is written). Errors: VALIDATION_FAILED on `file` (empty, not a claim CSV or 835, broken X12),
 * PAYLOAD_TOO_LARGE. Audited `billing_import.create` (counts only).
 */
export async function importClaimFile(
  deps: ClaimImportDeps,
  ctx: RequestContext,
  upload: { originalName: string; contentType: string; bytes: Buffer },
): Promise<ClaimImportResult> {
  const { db } = deps;
  if (upload.bytes.length > MAX_CLAIM_FILE_BYTES)
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than ${MAX_CLAIM_FILE_BYTES / 1024 / 1024} MB`,
    );
  const sha = createHash('sha256').update(upload.bytes).digest('hex');
  const existing = await findBatchBySha(db, sha);
  if (existing) return duplicateOf(db, ctx, existing);
  let parsed: ParsedClaimFile;
  try {
    parsed = await parseClaimFile(upload.bytes);
  } catch (error) {
    if (error instanceof ClaimFileError) throw AppError.field('file', error.message);
    throw error;
  }
  const safeName = upload.originalName.replace(/[^\w.-]+/g, '_').slice(-120) || 'claims';
  const path = `${CLAIMS_FOLDER}/${new Date().toISOString().slice(0, 10)}/${randomUUID()}-${safeName}`;
  await deps.storage.upload(ctx, {
    bucketId: IMPORTS_BUCKET,
    path,
    body: upload.bytes,
    contentType: parsed.format === 'X12_835' ? 'text/plain' : 'text/csv',
  });
  const batchId = randomUUID();
  let duplicateId: string | null = null;
  try {
    await db.transaction(async (tx) => {
      // Two uploads of the same file at once: the second waits, then finds the first's batch.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${sha}))`);
      const twin = await findBatchBySha(tx, sha);
      if (twin) {
        duplicateId = twin;
        return;
      }
      const counts = await reconcileClaimLines(tx, {
        batchId,
        fileName: upload.originalName || 'claims',
        filePath: path,
        fileSha256: sha,
        parsed,
        userId: ctx.actor?.userAccountId ?? null,
      });
      await recordAudit(tx, ctx, {
        action: 'billing_import.create',
        entityType: 'billing_import_batch',
        entityId: batchId,
        details: {
          format: parsed.format,
          lines: parsed.lines.length,
          matched: counts.matched,
          orphaned: counts.orphaned,
          rejected: parsed.rejected.length,
        },
      });
    });
  } catch (error) {
    await deps.storage.remove(ctx, IMPORTS_BUCKET, [path]).catch(() => undefined);
    throw error;
  }
  if (duplicateId) {
    await deps.storage.remove(ctx, IMPORTS_BUCKET, [path]).catch(() => undefined);
    return duplicateOf(db, ctx, duplicateId);
  }
  return { ...(await claimImportDetail(db, batchId)), duplicate: false };
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
  const detail: ClaimImportDetail = await claimImportDetail(db, batchId);
  await recordAudit(db, ctx, {
    action: 'billing_import.create',
    entityType: 'billing_import_batch',
    entityId: batchId,
    details: { duplicate: true },
  });
  return { ...detail, duplicate: true };
}
