/**
 * Drift of a billing item (pure; issue 6 "Drift"; docs/billing-export.md "Snapshot and drift"): the
 * fields whose current segment value differs from the item's snapshot. A segment or shift that is
 * deleted (or gone) drifts as the field `deleted` (exported `false`, current `true`). Values compare
 * as canonical JSON, so `1` and `1.0` or reordered objects are equal.
 */
import type { BillingDriftField } from './billing.table.ts';
import { billingSnapshotFields, canonicalJson, type BillingSnapshot } from './billing-export-snapshot.ts';

/**
 * Compares `exported` (the item's `snapshotData`) with `current` (the segment's values built the same
 * way, or null when the segment or its shift is deleted). Returns `{ field, exported, current }` per
 * differing field in {@link billingSnapshotFields} order; an empty list means no drift. Keys the
 * exported snapshot has beyond the known fields are compared too (older snapshot shapes).
 */
export function snapshotDrift(
  exported: Record<string, unknown>,
  current: BillingSnapshot | null,
): BillingDriftField[] {
  if (!current) return [{ field: 'deleted', exported: false, current: true }];
  const now = current as unknown as Record<string, unknown>;
  const fields: string[] = [...billingSnapshotFields];
  for (const key of Object.keys(exported)) if (!fields.includes(key)) fields.push(key);
  const drift: BillingDriftField[] = [];
  for (const field of fields) {
    const before = exported[field] ?? null;
    const after = now[field] ?? null;
    if (canonicalJson(before) !== canonicalJson(after))
      drift.push({ field, exported: before, current: after });
  }
  return drift;
}

/** Whether two drift lists say the same (so an unchanged drift is not rewritten). */
export function sameDrift(a: BillingDriftField[], b: BillingDriftField[]): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
