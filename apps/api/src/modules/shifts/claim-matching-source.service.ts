/**
 * Segment reads for claim matching (issue 6 "Claim import and reconciliation"; module `billing` calls
 * this, it never reads the shift tables itself): which live segments carry a GIV billing id
 * (`shift_segment.billing_id`) that an imported claim line names. One bulk statement per 5,000 ids.
 * Not audited: the caller audits.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { shiftSegments } from './shifts.table.ts';

/**
 * Segments (not soft-deleted) whose `billing_id` is one of `billingIds` (compared as given and in upper
 * case). Returns `{ segmentId, billingId }` pairs, `billingId` as stored.
 */
export async function findSegmentsByBillingIds(
  executor: Executor,
  billingIds: readonly string[],
): Promise<{ segmentId: string; billingId: string }[]> {
  const wanted = [...new Set(billingIds.flatMap((id) => [id, id.toUpperCase()]))];
  const found: { segmentId: string; billingId: string }[] = [];
  for (let i = 0; i < wanted.length; i += 5000) {
    const rows = await executor
      .select({ segmentId: shiftSegments.id, billingId: shiftSegments.billingId })
      .from(shiftSegments)
      .where(
        and(inArray(shiftSegments.billingId, wanted.slice(i, i + 5000)), isNull(shiftSegments.deletedAt)),
      );
    for (const row of rows)
      if (row.billingId) found.push({ segmentId: row.segmentId, billingId: row.billingId });
  }
  return found;
}
