/**
 * Segment reads for claim matching (issue 6 "Claim import and reconciliation"), through the read API of
 * module `shifts` (`shift-facts.ts`; decision 0025): which live segments carry a GIV billing id
 * (`shift_segment.billing_id`) that an imported claim line names. One bulk statement per 5,000 ids.
 * Not audited: the caller audits.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { segmentFacts } from '../shifts/shift-facts.ts';

/**
 * Segments (not soft-deleted) whose `billing_id` is one of `billingIds` (compared as given and in upper
 * case). Returns `{ segmentId, billingId }` pairs, `billingId` as stored.
 */
export async function findSegmentsByBillingIds(
  executor: Executor,
  billingIds: readonly string[],
): Promise<{ segmentId: string; billingId: string }[]> {
  const wanted = [...new Set(billingIds.flatMap((id) => [id, id.toUpperCase()]))];
  const g = segmentFacts('g');
  const found: { segmentId: string; billingId: string }[] = [];
  for (let i = 0; i < wanted.length; i += 5000) {
    const rows = await executor
      .select({ segmentId: g.id, billingId: g.billingId })
      .from(g)
      .where(and(inArray(g.billingId, wanted.slice(i, i + 5000)), isNull(g.deletedAt)));
    for (const row of rows)
      if (row.billingId) found.push({ segmentId: row.segmentId, billingId: row.billingId });
  }
  return found;
}
