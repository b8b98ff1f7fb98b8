/**
 * Reconciliation reads and actions (issue 6 "Claim import and reconciliation"; docs/claim-reconciliation.md):
 * claim imports (list, detail with counts and rejected rows), imported lines with their matched item,
 * unpaid items (exported, not VOID, whose newest matched claim line is not `paid`), link candidates, and
 * the two admin actions on a line: acknowledge, and link an orphaned line to a billing item by hand.
 * Reads are audited by the routes' services here; actions write and audit in one transaction.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  ClaimBillingItemSummary,
  ClaimImportBatch,
  ClaimImportDetail,
  ClaimImportListQuery,
  ClaimImportPage,
  ExprsRecordItem,
  ExprsRecordPage,
  ReconciliationItemPage,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { recordBillingStatusHistory, setBillingItemStatus } from './billing-item-status.ts';
import { billingImportBatches, billingItems, exprsRecords } from './billing.table.ts';

type BatchRow = typeof billingImportBatches.$inferSelect;
type RecordRow = typeof exprsRecords.$inferSelect;
type ItemRow = typeof billingItems.$inferSelect;

const toBatch = (row: BatchRow): ClaimImportBatch => ({
  id: row.id,
  importDate: row.importDate.toISOString(),
  importedBy: row.importedBy,
  fileName: row.fileName,
  format: row.format,
  status: row.status,
  rowCount: row.rowCount,
  matchedCount: row.matchedCount,
  orphanedCount: row.orphanedCount,
  rejectedCount: row.rejectedRows.length,
});

/** The batch, its counts and rejected rows (not audited: callers audit). Errors: NOT_FOUND. */
export async function claimImportDetail(executor: Executor, id: string): Promise<ClaimImportDetail> {
  const [batch] = await executor.select().from(billingImportBatches).where(eq(billingImportBatches.id, id));
  if (!batch) throw notFound('Claim import');
  const e = exprsRecords;
  const [counts] = await executor
    .select({
      matched: sql<number>`count(*) filter (where ${e.matchStatus} = 'MATCHED')::int`,
      orphaned: sql<number>`count(*) filter (where ${e.matchStatus} = 'ORPHANED')::int`,
      paid: sql<number>`count(*) filter (where ${e.claimStatus} = 'paid')::int`,
      denied: sql<number>`count(*) filter (where ${e.claimStatus} = 'denied')::int`,
      pended: sql<number>`count(*) filter (where ${e.claimStatus} = 'pended')::int`,
      reversed: sql<number>`count(*) filter (where ${e.claimStatus} = 'reversed')::int`,
      toReview: sql<number>`count(*) filter (where (${e.claimStatus} = 'denied' or ${e.matchStatus} = 'ORPHANED') and ${e.acknowledgedAt} is null)::int`,
      paidAmount: sql<string>`coalesce(sum(${e.paidAmount}), 0)::text`,
    })
    .from(e)
    .where(eq(e.importBatchId, id));
  return {
    batch: toBatch(batch),
    counts: {
      matched: Number(counts?.matched ?? 0),
      orphaned: Number(counts?.orphaned ?? 0),
      paid: Number(counts?.paid ?? 0),
      denied: Number(counts?.denied ?? 0),
      pended: Number(counts?.pended ?? 0),
      reversed: Number(counts?.reversed ?? 0),
      toReview: Number(counts?.toReview ?? 0),
      rejected: batch.rejectedRows.length,
      paidAmount: Number(counts?.paidAmount ?? 0),
    },
    // Batches written before the pipeline (decision 0031) stored no external id.
    rejectedRows: batch.rejectedRows.map((r) => ({ ...r, externalId: r.externalId ?? null })),
  };
}

/** `GET /api/claim-imports/:id`. Audited `billing_import.read`. Errors: NOT_FOUND. */
export async function getClaimImport(
  db: Database,
  ctx: RequestContext,
  id: string,
): Promise<ClaimImportDetail> {
  const detail = await claimImportDetail(db, id);
  await recordAudit(db, ctx, {
    action: 'billing_import.read',
    entityType: 'billing_import_batch',
    entityId: id,
  });
  return detail;
}

/** `GET /api/claim-imports`: newest first, paged. Audited `billing_import.list`. */
export async function listClaimImports(
  db: Database,
  ctx: RequestContext,
  query: ClaimImportListQuery,
): Promise<ClaimImportPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(billingImportBatches)
      .orderBy(desc(billingImportBatches.importDate), desc(billingImportBatches.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(billingImportBatches),
  ]);
  await recordAudit(db, ctx, {
    action: 'billing_import.list',
    entityType: 'billing_import_batch',
    details: { returned: rows.length },
  });
  return {
    items: rows.map(toBatch),
    total: Number(total?.value ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Item summaries (with client and caregiver names) by id. */
async function itemSummaries(
  executor: Executor,
  items: ItemRow[],
): Promise<Map<string, ClaimBillingItemSummary>> {
  const names = await findPeopleNames(executor, {
    caregiverIds: [...new Set(items.map((i) => i.caregiverId))],
    clientIds: [...new Set(items.map((i) => i.clientId))],
  });
  return new Map(
    items.map((item) => [
      item.id,
      {
        id: item.id,
        date: item.date,
        billingCode: item.billingCode,
        modifier: item.modifier,
        hours: item.hours,
        units: item.units,
        amount: item.amount,
        status: item.status,
        clientId: item.clientId,
        clientName: names.clients.get(item.clientId) ?? 'Unknown client',
        caregiverId: item.caregiverId,
        caregiverName: names.caregivers.get(item.caregiverId) ?? 'Unknown caregiver',
        exportBatchId: item.exportBatchId,
      },
    ]),
  );
}

function toRecord(row: RecordRow, item: ClaimBillingItemSummary | null): ExprsRecordItem {
  return {
    id: row.id,
    importBatchId: row.importBatchId,
    lineNumber: row.lineNumber,
    claimId: row.claimId,
    payerClaimNumber: row.payerClaimNumber,
    billingId: row.billingId,
    clientPid: row.clientPid,
    providerId: row.providerId,
    serviceDate: row.serviceDate,
    procedureCode: row.procedureCode,
    modifier: row.modifier,
    units: row.units,
    billedAmount: row.billedAmount,
    paidAmount: row.paidAmount,
    paymentDate: row.paymentDate,
    claimStatus: row.claimStatus,
    denialReason: row.denialReason,
    exceptionCode: row.exceptionCode,
    matchStatus: row.matchStatus,
    matchConfidence: row.matchConfidence,
    matchFailureReason: row.matchFailureReason,
    acknowledgedBy: row.acknowledgedBy,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    matchedBy: row.matchedBy,
    matchedAt: row.matchedAt?.toISOString() ?? null,
    billingItem: item,
  };
}

async function recordsWithItems(executor: Executor, rows: RecordRow[]): Promise<ExprsRecordItem[]> {
  const itemIds = [...new Set(rows.map((r) => r.billingItemId).filter((id): id is string => Boolean(id)))];
  const items = itemIds.length
    ? await executor.select().from(billingItems).where(inArray(billingItems.id, itemIds))
    : [];
  const summaries = await itemSummaries(executor, items);
  return rows.map((row) =>
    toRecord(row, row.billingItemId ? (summaries.get(row.billingItemId) ?? null) : null),
  );
}

/** Filters of `GET /api/exprs-records` after parsing. */
export interface ExprsRecordFilter {
  page: number;
  pageSize: number;
  importBatchId?: string | undefined;
  matchStatus?: string | undefined;
  claimStatus?: string | undefined;
  acknowledged?: boolean | undefined;
}

/** `GET /api/exprs-records`: lines by import, match status, claim status, acknowledged; by line. Audited `exprs_record.list`. */
export async function listExprsRecords(
  db: Database,
  ctx: RequestContext,
  query: ExprsRecordFilter,
): Promise<ExprsRecordPage> {
  const e = exprsRecords;
  const where = and(
    query.importBatchId ? eq(e.importBatchId, query.importBatchId) : undefined,
    query.matchStatus ? eq(e.matchStatus, query.matchStatus) : undefined,
    query.claimStatus ? eq(e.claimStatus, query.claimStatus) : undefined,
    query.acknowledged === undefined
      ? undefined
      : query.acknowledged
        ? isNotNull(e.acknowledgedAt)
        : isNull(e.acknowledgedAt),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(e)
      .where(where)
      .orderBy(desc(e.createdAt), e.importBatchId, e.lineNumber)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(e).where(where),
  ]);
  const items = await recordsWithItems(db, rows);
  await recordAudit(db, ctx, {
    action: 'exprs_record.list',
    entityType: 'exprs_record',
    details: {
      importBatchId: query.importBatchId ?? null,
      matchStatus: query.matchStatus ?? null,
      claimStatus: query.claimStatus ?? null,
      acknowledged: query.acknowledged ?? null,
      returned: rows.length,
    },
  });
  return { items, total: Number(total?.value ?? 0), page: query.page, pageSize: query.pageSize };
}

/** The newest MATCHED line's claim status of an item (`''` when none), as SQL over `billing_item`. */
const latestClaimStatus = sql`coalesce((select e.claim_status from exprs_record e
  join billing_import_batch b on b.id = e.import_batch_id
  where e.billing_item_id = ${billingItems.id} and e.match_status = 'MATCHED'
  order by b.import_date desc, e.line_number desc limit 1), '')`;
const hasMatchedLine = sql`exists (select 1 from exprs_record e
  where e.billing_item_id = ${billingItems.id} and e.match_status = 'MATCHED')`;

/**
 * The newest MATCHED claim line of each billing item of `itemIds` (newest import first, then the highest line
 * number), by item id; items without one are absent. Not audited: callers audit.
 */
export async function newestMatchedLines(
  executor: Executor,
  itemIds: string[],
): Promise<Map<string, RecordRow>> {
  const latest = new Map<string, RecordRow>();
  if (!itemIds.length) return latest;
  const lines = await executor
    .select({ line: exprsRecords })
    .from(exprsRecords)
    .innerJoin(billingImportBatches, eq(billingImportBatches.id, exprsRecords.importBatchId))
    .where(and(eq(exprsRecords.matchStatus, 'MATCHED'), inArray(exprsRecords.billingItemId, itemIds)))
    .orderBy(desc(billingImportBatches.importDate), desc(exprsRecords.lineNumber));
  for (const { line } of lines)
    if (line.billingItemId && !latest.has(line.billingItemId)) latest.set(line.billingItemId, line);
  return latest;
}

/** Filters of the item lists after parsing. */
export interface ReconciliationItemFilter {
  page: number;
  pageSize: number;
  clientId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Billing items for reconciliation, by service date then id. `kind` `unpaid`: not VOID and the newest
 * matched claim line is not `paid` (or there is none); `linkable`: EXPORTED with no matched line (what
 * an orphaned line may be linked to). Each with the newest matched line's status, denial reason and
 * exception code. Audited `exprs_record.list` (`view`).
 */
export async function listReconciliationItems(
  db: Database,
  ctx: RequestContext,
  kind: 'unpaid' | 'linkable',
  query: ReconciliationItemFilter,
): Promise<ReconciliationItemPage> {
  const b = billingItems;
  const conditions: (SQL | undefined)[] =
    kind === 'unpaid'
      ? [sql`${b.status} <> 'VOID'`, sql`${latestClaimStatus} <> 'paid'`]
      : [eq(b.status, 'EXPORTED'), sql`not ${hasMatchedLine}`];
  const where = and(
    ...conditions,
    query.clientId ? eq(b.clientId, query.clientId) : undefined,
    query.from ? sql`${b.date} >= ${query.from}` : undefined,
    query.to ? sql`${b.date} <= ${query.to}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(b)
      .where(where)
      .orderBy(b.date, b.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(b).where(where),
  ]);
  const summaries = await itemSummaries(db, rows);
  const latest = await newestMatchedLines(
    db,
    rows.map((r) => r.id),
  );
  await recordAudit(db, ctx, {
    action: 'exprs_record.list',
    entityType: 'billing_item',
    details: { view: kind, clientId: query.clientId ?? null, returned: rows.length },
  });
  return {
    items: rows.map((row) => {
      const line = latest.get(row.id);
      return {
        ...(summaries.get(row.id) as ClaimBillingItemSummary),
        exprsRecordId: line?.id ?? null,
        claimStatus: line?.claimStatus ?? null,
        denialReason: line?.denialReason ?? null,
        exceptionCode: line?.exceptionCode ?? null,
      };
    }),
    total: Number(total?.value ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function lockedRecord(tx: Executor, id: string): Promise<RecordRow> {
  const [row] = await tx.select().from(exprsRecords).where(eq(exprsRecords.id, id)).for('update');
  if (!row) throw notFound('Claim line');
  return row;
}

/**
 * `POST /api/exprs-records/:id/acknowledge`: an admin has seen the line (denial, orphan) and dealt with
 * it; sets `acknowledgedBy`/`acknowledgedAt` (a second call keeps the first acknowledgement). Audited
 * `exprs_record.acknowledge`. Errors: NOT_FOUND.
 */
export async function acknowledgeExprsRecord(
  db: Database,
  ctx: RequestContext,
  id: string,
): Promise<ExprsRecordItem> {
  const row = await db.transaction(async (tx) => {
    const current = await lockedRecord(tx, id);
    if (current.acknowledgedAt) return current;
    const [updated] = await tx
      .update(exprsRecords)
      .set({ acknowledgedBy: ctx.actor?.userAccountId ?? null, acknowledgedAt: new Date() })
      .where(eq(exprsRecords.id, id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'exprs_record.acknowledge',
      entityType: 'exprs_record',
      entityId: id,
      details: { importBatchId: current.importBatchId, matchStatus: current.matchStatus },
    });
    return updated as RecordRow;
  });
  const [item] = await recordsWithItems(db, [row]);
  return item as ExprsRecordItem;
}

/**
 * `POST /api/exprs-records/:id/link`: links a line that is not MATCHED to `billingItemId` by hand:
 * confidence 1, `matchedBy`/`matchedAt`, the item EXPORTED → MATCHED and the claim status in history,
 * the batch's matched/orphaned counts moved. Audited `exprs_record.link`. Errors: NOT_FOUND (line or
 * item), CONFLICT (the line is already matched; the item is VOID; another line is matched to the item).
 */
export async function linkExprsRecord(
  db: Database,
  ctx: RequestContext,
  id: string,
  billingItemId: string,
): Promise<ExprsRecordItem> {
  const userId = ctx.actor?.userAccountId ?? null;
  const row = await db.transaction(async (tx) => {
    const line = await lockedRecord(tx, id);
    if (line.matchStatus === 'MATCHED')
      throw new AppError('CONFLICT', 'This claim line is already matched to a billing item');
    const [item] = await tx
      .select()
      .from(billingItems)
      .where(eq(billingItems.id, billingItemId))
      .for('update');
    if (!item)
      throw new AppError('NOT_FOUND', 'billingItemId: no billing item has this id', [
        { path: 'billingItemId', message: 'was not found' },
      ]);
    if (item.status === 'VOID')
      throw new AppError('CONFLICT', 'The billing item is VOID: link the line to the item that replaced it');
    const [other] = await tx
      .select({ id: exprsRecords.id, lineNumber: exprsRecords.lineNumber })
      .from(exprsRecords)
      .where(and(eq(exprsRecords.billingItemId, billingItemId), eq(exprsRecords.matchStatus, 'MATCHED')))
      .limit(1);
    if (other)
      throw new AppError(
        'CONFLICT',
        `The billing item is already matched by another claim line (line ${String(other.lineNumber)})`,
      );
    const now = new Date();
    const [updated] = await tx
      .update(exprsRecords)
      .set({
        billingItemId,
        matchStatus: 'MATCHED',
        matchConfidence: 1,
        matchFailureReason: null,
        matchAttempts: line.matchAttempts + 1,
        matchedBy: userId,
        matchedAt: now,
      })
      .where(eq(exprsRecords.id, id))
      .returning();
    if (line.importBatchId)
      await tx
        .update(billingImportBatches)
        .set({
          matchedCount: sql`${billingImportBatches.matchedCount} + 1`,
          orphanedCount:
            line.matchStatus === 'ORPHANED'
              ? sql`greatest(${billingImportBatches.orphanedCount} - 1, 0)`
              : billingImportBatches.orphanedCount,
        })
        .where(eq(billingImportBatches.id, line.importBatchId));
    const reason = `Claim line ${String(line.lineNumber)} of import ${String(line.importBatchId)} linked by hand`;
    await setBillingItemStatus(tx, 'MATCHED', [{ billingItemId, oldStatus: item.status, reason, userId }]);
    await recordBillingStatusHistory(tx, 'claim', [
      { billingItemId, oldStatus: null, newStatus: line.claimStatus ?? 'pended', reason, userId },
    ]);
    await recordAudit(tx, ctx, {
      action: 'exprs_record.link',
      entityType: 'exprs_record',
      entityId: id,
      details: { billingItemId, importBatchId: line.importBatchId },
    });
    return updated as RecordRow;
  });
  const [item] = await recordsWithItems(db, [row]);
  return item as ExprsRecordItem;
}
