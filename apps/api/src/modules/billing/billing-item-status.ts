/**
 * Status changes of billing items (spec s.3 BillingStatusHistory, s.4 BillingItemStatus): the one way the
 * billing module changes an item's `status` or records a claim status it learned, so that every change
 * leaves a `billing_status_history` row (old, new, reason, user) in the caller's transaction.
 *
 * - `statusType` `billing`: the item's own status (EXPORTED → MATCHED when a claim line is matched,
 *   EXPORTED/MATCHED → VOID when an admin voids it). The item row is updated too.
 * - `statusType` `claim`: the eXPRS claim status of the item's matched line (e.g. `paid`, `denied`); only
 *   history is written (the line itself is in `exprs_record`).
 */
import { inArray } from 'drizzle-orm';
import type { BillingItemStatus } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { billingItems, billingStatusHistories } from './billing.table.ts';

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

/** Appends history rows of `statusType` (`billing` or `claim`) without touching the items. */
export async function recordBillingStatusHistory(
  tx: Executor,
  statusType: 'billing' | 'claim',
  changes: BillingStatusChange[],
): Promise<void> {
  for (let i = 0; i < changes.length; i += 5000) {
    const slice = changes.slice(i, i + 5000);
    if (!slice.length) continue;
    await tx.insert(billingStatusHistories).values(slice.map((change) => ({ ...change, statusType })));
  }
}
