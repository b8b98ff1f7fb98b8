/**
 * Status changes of billing items (spec s.3 BillingStatusHistory, s.4 BillingItemStatus): the one way the
 * billing module changes an item's `status` or records a claim status it learned, so that every change
 * leaves a `billing_status_history` row (old, new, reason, user) in the caller's transaction.
 *
 * - `statusType` `billing`: the item's own status (EXPORTED → MATCHED when a claim line is matched,
 *   EXPORTED/MATCHED → VOID when an admin voids it). The item row is updated too.
 * - `statusType` `claim`: the eXPRS claim status of the item's matched line (e.g. `paid`, `denied`); only
 *   history is written (the line itself is in `exprs_record`).
 * A claim import matches items set-based (`markItemsMatchedByImport`). The export writes each new item's
 * first row (null → EXPORTED) in the statement that inserts the items (billing-export.service.ts).
 */
import { inArray, sql } from 'drizzle-orm';
import type { BillingItemStatus } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { billingItems } from './billing.table.ts';

/** What a status change records. `userId` is the acting user account; null for a system change. */
export interface BillingStatusChange {
  billingItemId: string;
  oldStatus: string | null;
  newStatus: string;
  reason: string | null;
  userId: string | null;
}

/**
 * Sets `status` of the given items to `newStatus` and writes one `billing` history row per item whose status
 * actually changes (`changes[i].oldStatus` is the status the caller read, under the same transaction).
 * Items already in `newStatus` are left alone. Returns the number of items changed.
 */
export async function setBillingItemStatus(
  tx: Executor,
  newStatus: BillingItemStatus,
  changes: Omit<BillingStatusChange, 'newStatus'>[],
): Promise<number> {
  const changed = changes.filter((change) => change.oldStatus !== newStatus);
  if (!changed.length) return 0;
  // Bounded statement size for large batches (reconciliation touches up to 100k items).
  for (let i = 0; i < changed.length; i += 5000) {
    const slice = changed.slice(i, i + 5000);
    await tx
      .update(billingItems)
      .set({ status: newStatus })
      .where(
        inArray(
          billingItems.id,
          slice.map((change) => change.billingItemId),
        ),
      );
  }
  await recordBillingStatusHistory(
    tx,
    'billing',
    changed.map((change) => ({ ...change, newStatus })),
  );
  return changed.length;
}

/**
 * Appends history rows of `statusType` without touching the items: one `insert … select from
 * json_to_recordset` of ONE JSON parameter per 5,000 rows (serialised natively; a fixed, small number of
 * bound parameters, so 100,000 rows cost 20 statements and no per-row query building).
 */
export async function recordBillingStatusHistory(
  tx: Executor,
  statusType: 'billing' | 'claim',
  changes: readonly BillingStatusChange[],
): Promise<void> {
  for (let i = 0; i < changes.length; i += 5000) {
    const slice = changes.slice(i, i + 5000);
    if (!slice.length) continue;
    const rows = JSON.stringify(
      slice.map((c) => ({
        id: c.billingItemId,
        old_status: c.oldStatus,
        new_status: c.newStatus,
        reason: c.reason,
        user_id: c.userId,
      })),
    );
    await tx.execute(sql`
      insert into billing_status_history (billing_item_id, status_type, old_status, new_status, reason, user_id)
      select v.id, ${statusType}, v.old_status, v.new_status, v.reason, v.user_id
      from json_to_recordset(${rows}::json) as v(id uuid, old_status text, new_status text, reason text,
        user_id uuid)`);
  }
}

/**
 * EXPORTED → MATCHED for the items the MATCHED lines of claim import `batchId` point to, set-based in one
 * statement whatever the file's size, each with its `billing` history row. Items in another status (VOID,
 * already MATCHED) are left alone. Reason: `Claim line <n> of import <batch id> (confidence <c>)`;
 * `userId` the importing account; `now` the items' `updated_at`.
 */
export async function markItemsMatchedByImport(
  tx: Executor,
  batchId: string,
  userId: string | null,
  now: Date,
): Promise<void> {
  const reason = sql`'Claim line ' || e.line_number || ' of import ' || e.import_batch_id || ' (confidence ' || e.match_confidence || ')'`;
  await tx.execute(sql`
    with changed as (
      update billing_item b set status = 'MATCHED', updated_at = ${now.toISOString()}::timestamptz
      from exprs_record e
      where e.import_batch_id = ${batchId}::uuid and e.match_status = 'MATCHED'
        and b.id = e.billing_item_id and b.status = 'EXPORTED'
      returning b.id, ${reason} as reason
    )
    insert into billing_status_history (billing_item_id, status_type, old_status, new_status, reason, user_id)
    select id, 'billing', 'EXPORTED', 'MATCHED', reason, ${userId}::uuid from changed`);
}
