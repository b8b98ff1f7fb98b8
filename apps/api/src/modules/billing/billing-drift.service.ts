/**
 * Drift detection (issue 6 "Drift"; docs/billing-export.md "Snapshot and drift"): runs at the end of
 * the `segment-validation` job for the job's date range. For every non-VOID item whose service date
 * is in the range, or whose segment's shift is now in the range, it rebuilds the snapshot from the
 * segment's current values: an equal `snapshotHash` means no drift (the stored snapshot is not even
 * read); otherwise the pure `snapshotDrift` lists the fields. A deleted segment or shift is drift.
 * Writes only items whose drift changed: `hasDrift`, `driftFields`, `driftDetectedAt` (now when the
 * drift appears or its fields change; null when the segment is back to the exported values). Bulk
 * SQL: a fixed number of statements per 20,000 items.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { findSegmentBillingValues, findSegmentIdsOfDates } from './billing-export-source.ts';
import type { BillingDriftField } from './billing.table.ts';
import { snapshotHash, snapshotOf } from './billing-export-snapshot.ts';
import { sameDrift, snapshotDrift } from './billing-drift.ts';

/** Counts of one detection run. */
export interface BillingDriftSummary {
  /** Non-VOID items looked at. */
  items: number;
  /** Items with drift after the run. */
  drifted: number;
  /** Items whose drift was written (appeared, changed or cleared). */
  changed: number;
}

interface ItemDriftState {
  id: string;
  segmentId: string;
  hash: string;
  hasDrift: boolean;
  driftFields: BillingDriftField[];
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const SLICE = 20_000;

/**
 * Detects drift of the non-VOID items of service dates `from`..`to` (inclusive, `YYYY-MM-DD`).
 * Errors: database errors are thrown.
 */
export async function detectBillingDrift(
  executor: Executor,
  range: { from: string; to: string },
): Promise<BillingDriftSummary> {
  const items = await readItemsOfRange(executor, range);
  const summary: BillingDriftSummary = { items: items.size, drifted: 0, changed: 0 };
  if (!items.size) return summary;
  const writes = await findDriftChanges(executor, items);
  summary.drifted = [...items.values()].filter((item) => item.hasDrift).length;
  for (const write of writes) {
    const before = items.get(write.id);
    if (before?.hasDrift && !write.fields.length) summary.drifted -= 1;
    if (!before?.hasDrift && write.fields.length) summary.drifted += 1;
  }
  summary.changed = await writeDrift(executor, writes);
  return summary;
}

/** The non-VOID items dated in the range, and those of other dates whose segment's shift is now in it, by id. */
async function readItemsOfRange(
  executor: Executor,
  range: { from: string; to: string },
): Promise<Map<string, ItemDriftState>> {
  const segmentIds = await findSegmentIdsOfDates(executor, { fromDate: range.from, toDate: range.to });
  const items = new Map<string, ItemDriftState>();
  const collect = (rows: Record<string, unknown>[]) => {
    for (const row of rows)
      items.set(String(row.id), {
        id: String(row.id),
        segmentId: String(row.shift_segment_id),
        hash: String(row.snapshot_hash),
        hasDrift: row.has_drift === true || row.has_drift === 't',
        driftFields: parseJson<BillingDriftField[]>(row.drift_fields),
      });
  };
  const byDate = await executor.execute<Record<string, unknown>>(sql`
    select id, shift_segment_id, snapshot_hash, has_drift, drift_fields from billing_item
    where status <> 'VOID' and date between ${range.from}::date and ${range.to}::date`);
  collect(byDate.rows);
  for (let i = 0; i < segmentIds.length; i += SLICE) {
    const bySegment = await executor.execute<Record<string, unknown>>(sql`
      select id, shift_segment_id, snapshot_hash, has_drift, drift_fields from billing_item
      where status <> 'VOID' and (date < ${range.from}::date or date > ${range.to}::date)
        and shift_segment_id = any(${sql.param(segmentIds.slice(i, i + SLICE))}::uuid[])`);
    collect(bySegment.rows);
  }
  return items;
}

/**
 * The items whose drift changed, with their drift fields now (empty: no drift). An item whose
 * segment's snapshot hashes as stored has none (its stored snapshot is not read); the others'
 * stored snapshots are compared field by field (`snapshotDrift`), a deleted segment or shift being drift.
 */
async function findDriftChanges(
  executor: Executor,
  items: Map<string, ItemDriftState>,
): Promise<{ id: string; fields: BillingDriftField[] }[]> {
  const current = await findSegmentBillingValues(
    executor,
    [...items.values()].map((item) => item.segmentId),
  );
  const suspects: ItemDriftState[] = [];
  const writes: { id: string; fields: BillingDriftField[] }[] = [];
  for (const item of items.values()) {
    const values = current.get(item.segmentId);
    if (values && !values.deleted && snapshotHash(snapshotOf(values)) === item.hash) {
      if (item.hasDrift) writes.push({ id: item.id, fields: [] });
      continue;
    }
    suspects.push(item);
  }
  for (let i = 0; i < suspects.length; i += SLICE) {
    const slice = suspects.slice(i, i + SLICE);
    const stored = await executor.execute<{ id: string; snapshot_data: unknown }>(sql`
      select id, snapshot_data from billing_item where id = any(${sql.param(slice.map((s) => s.id))}::uuid[])`);
    const snapshots = new Map(
      stored.rows.map((row) => [String(row.id), parseJson<Record<string, unknown>>(row.snapshot_data)]),
    );
    for (const item of slice) {
      const values = current.get(item.segmentId);
      const fields = snapshotDrift(
        snapshots.get(item.id) ?? {},
        values && !values.deleted ? snapshotOf(values) : null,
      );
      const drifted = fields.length > 0;
      if (drifted !== item.hasDrift || !sameDrift(fields, item.driftFields))
        writes.push({ id: item.id, fields });
    }
  }
  return writes;
}

/** Writes `hasDrift`, `driftFields` and `driftDetectedAt` (now, or null when cleared); returns the rows updated. */
async function writeDrift(
  executor: Executor,
  writes: { id: string; fields: BillingDriftField[] }[],
): Promise<number> {
  let changed = 0;
  for (let i = 0; i < writes.length; i += SLICE) {
    const slice = writes.slice(i, i + SLICE);
    const result = await executor.execute(sql`
      update billing_item b set has_drift = jsonb_array_length(v.fields) > 0, drift_fields = v.fields,
        drift_detected_at = case when jsonb_array_length(v.fields) > 0 then now() else null end,
        updated_at = now()
      from unnest(${sql.param(slice.map((w) => w.id))}::uuid[],
        ${sql.param(slice.map((w) => JSON.stringify(w.fields)))}::jsonb[]) as v(id, fields)
      where b.id = v.id`);
    changed += Number((result as { rowCount?: number | null }).rowCount ?? 0);
  }
  return changed;
}
