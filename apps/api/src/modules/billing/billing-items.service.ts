/**
 * Billing items: the drift queue and void (issue 6 "Drift"; spec s.3 BillingItem,
 * BillingStatusHistory, s.4 BillingItemStatus; docs/billing-export.md). Voiding goes through
 * `setBillingItemStatus` (history row with old, new, reason, user); a voided item frees its segment,
 * so the next export batch of its date bills it again. Audited `billing_item.list` (filters and
 * counts) and `billing_item.void` (id and reason length only: the reason may name people).
 */
import { and, asc, count, desc, eq, gte, lte, ne, type SQL } from 'drizzle-orm';
import type { BillingItem, BillingItemListQuery, BillingItemPage } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { setBillingItemStatus } from './billing-item-status.ts';
import { billingItems } from './billing.table.ts';
import { toBillingItem } from './billing-export.service.ts';

/**
 * Items for the filters, paged. With `hasDrift=true` and no `status`, VOID items are left out (the
 * queue lists what still needs a decision) and the newest drift comes first; otherwise by service
 * date and start. Audited `billing_item.list`.
 */
export async function findBillingItems(
  db: Database,
  ctx: RequestContext,
  query: BillingItemListQuery,
): Promise<BillingItemPage> {
  const filters: (SQL | undefined)[] = [];
  if (query.hasDrift !== undefined) filters.push(eq(billingItems.hasDrift, query.hasDrift));
  if (query.status) filters.push(eq(billingItems.status, query.status));
  else if (query.hasDrift) filters.push(ne(billingItems.status, 'VOID'));
  if (query.exportBatchId) filters.push(eq(billingItems.exportBatchId, query.exportBatchId));
  if (query.dateFrom) filters.push(gte(billingItems.date, query.dateFrom));
  if (query.dateTo) filters.push(lte(billingItems.date, query.dateTo));
  const where = and(...filters);
  const order = query.hasDrift
    ? [desc(billingItems.driftDetectedAt), asc(billingItems.id)]
    : [asc(billingItems.date), asc(billingItems.start), asc(billingItems.id)];
  const rows = await db
    .select()
    .from(billingItems)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totals] = await db.select({ total: count() }).from(billingItems).where(where);
  const names = await findPeopleNames(db, {
    caregiverIds: [],
    clientIds: [...new Set(rows.map((row) => row.clientId))],
  });
  await recordAudit(db, ctx, {
    action: 'billing_item.list',
    entityType: 'billing_item',
    details: {
      hasDrift: query.hasDrift ?? null,
      status: query.status ?? null,
      exportBatchId: query.exportBatchId ?? null,
      dateFrom: query.dateFrom ?? null,
      dateTo: query.dateTo ?? null,
      returned: rows.length,
    },
  });
  return {
    items: rows.map((row) => toBillingItem(row, names.clients)),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Voids an item with the admin's `reason` (status VOID, history row). Errors: NOT_FOUND; CONFLICT
 * when it is VOID already. Audited `billing_item.void`. Returns the item after the change.
 */
export async function voidBillingItem(
  db: Database,
  ctx: RequestContext,
  id: string,
  reason: string,
): Promise<BillingItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(billingItems).where(eq(billingItems.id, id)).for('update');
    if (!row) throw notFound('Billing item');
    if (row.status === 'VOID') throw new AppError('CONFLICT', 'This billing item is void already');
    await setBillingItemStatus(tx, 'VOID', [
      { billingItemId: id, oldStatus: row.status, reason, userId: ctx.actor?.userAccountId ?? null },
    ]);
    await tx.update(billingItems).set({ updatedAt: new Date() }).where(eq(billingItems.id, id));
    const [updated] = await tx.select().from(billingItems).where(eq(billingItems.id, id));
    if (!updated) throw new AppError('INTERNAL');
    await recordAudit(tx, ctx, {
      action: 'billing_item.void',
      entityType: 'billing_item',
      entityId: id,
      details: {
        oldStatus: row.status,
        exportBatchId: row.exportBatchId,
        hadDrift: row.hasDrift,
        reasonLength: reason.length,
      },
    });
    const names = await findPeopleNames(tx, { caregiverIds: [], clientIds: [updated.clientId] });
    return toBillingItem(updated, names.clients);
  });
}
