/**
 * Status changes of billing items (spec s.3 BillingStatusHistory, s.4 BillingItemStatus): the one way the
 * billing module changes an item's `status` or records a claim status it learned, so that every change
 * leaves a `billing_status_history` row (old, new, reason, user) in the caller's transaction.
 *
 * - `statusType` `billing`: the item's own status (EXPORTED → MATCHED when a claim line is matched,
 *   EXPORTED/MATCHED → VOID when an admin voids it). The item row is updated too.
 * - `statusType` `claim`: the eXPRS claim status of the item's matched line (e.g. `paid`, `denied`); only
 *   history is written (the line itself is in `exprs_record`).
 * A claim import writes its items' changes (EXPORTED → MATCHED, claim statuses) in the statement that inserts
 * each chunk of lines (`importMatchChanges`). The export writes each new item's first row (null → EXPORTED)
 * in the statement that inserts the items (billing-export.service.ts).
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
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

/** One matched line of a claim import, as its status changes need it. */
export interface ImportMatch {
  billingItemId: string;
  /** The line's number in the file (CSV line or 835 service-line ordinal). */
  lineNumber: number;
  /** Match confidence, 0..1 (claim-matching.ts). */
  confidence: number;
  /** The item's claim status before this line: that of its newest earlier matched line; null when none. */
  oldClaimStatus: string | null;
  /** The line's claim status (`paid`, `denied`, `pended`, `reversed`). */
  claimStatus: string;
}

/**
 * The status changes of one chunk of a claim import's matched lines (import `batchId`), as the leading
 * common table expressions of the statement that inserts those lines: the caller appends its main
 * statement after the returned `with …`. They write
 * - the items still EXPORTED → MATCHED (`updated_at` = `now`), each with a `billing` history row
 *   (EXPORTED → MATCHED); items in another status (VOID, MATCHED by an earlier import) keep it;
 * - one `claim` history row per line (old = `oldClaimStatus`, new = the line's claim status);
 * both with reason `Claim line <n> of import <batch id> (confidence <c>)` and `userId` (the importing
 * account; null for a system import). `matches` (one chunk of lines, one line per item) travel as ONE JSON
 * parameter (`json_to_recordset`). In the lines' statement the item rows are updated before the new lines
 * and history rows are checked against them (foreign keys are checked at the end of the statement), so the
 * checks lock only the new row version (decision 0023).
 */
export function importMatchChanges(
  batchId: string,
  userId: string | null,
  now: Date,
  matches: readonly ImportMatch[],
): SQL {
  const rows = JSON.stringify(
    matches.map((m) => ({
      id: m.billingItemId,
      line: m.lineNumber,
      confidence: m.confidence,
      old_claim_status: m.oldClaimStatus,
      claim_status: m.claimStatus,
    })),
  );
  const reason = sql`'Claim line ' || m.line || ' of import ' || ${batchId}::text || ' (confidence ' || m.confidence || ')'`;
  return sql`
    with m as (
      select * from json_to_recordset(${rows}::json)
        as m(id uuid, line int, confidence float8, old_claim_status text, claim_status text)
    ), changed as (
      update billing_item b set status = 'MATCHED', updated_at = ${now.toISOString()}::timestamptz
      from m where b.id = m.id and b.status = 'EXPORTED'
      returning b.id, ${reason} as reason
    ), billing_history as (
      insert into billing_status_history (billing_item_id, status_type, old_status, new_status, reason, user_id)
      select id, 'billing', 'EXPORTED', 'MATCHED', reason, ${userId}::uuid from changed
    ), claim_history as (
      insert into billing_status_history (billing_item_id, status_type, old_status, new_status, reason, user_id)
      select m.id, 'claim', m.old_claim_status, m.claim_status, ${reason}, ${userId}::uuid from m
    )`;
}
