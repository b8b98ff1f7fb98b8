/**
 * Segment reads for billing export and drift detection (issue 6), through the read APIs of modules
 * `shifts` (`shift-facts.ts`) and `people` (`people-facts.ts`; decision 0025). One bulk statement per
 * call (no per-segment queries); the client's prime id and the caregiver's name are joined in the same
 * statement (they are billed values: `client.pid`, else the shift's `pid`; `caregiver.name` as the DSP
 * name). Not audited: callers audit.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { toInstant } from '../../platform/db/row-values.ts';
import { caregiverFacts, clientFacts } from '../people/people-facts.ts';
import { segmentFacts, shiftFacts } from '../shifts/shift-facts.ts';

/** The billed values of one segment with its shift (instants as `Date`). */
export interface SegmentBillingValues {
  segmentId: string;
  shiftId: string;
  date: string;
  evvStart: Date | null;
  evvEnd: Date | null;
  billingCode: string | null;
  modifier: string | null;
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
  caregiverId: string;
  clientId: string;
  providerMedicaidId: string | null;
  clientPid: string | null;
  dspName: string | null;
  /** The shift's IANA zone, or null (the caller uses the agency's). */
  timeZone: string | null;
  /** The segment or its shift is soft-deleted. */
  deleted: boolean;
}

const toNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const toText = (value: unknown): string | null =>
  typeof value === 'string' ? value : value === null || value === undefined ? null : JSON.stringify(value);

const columns = sql`g.id, g.shift_id, s.date::text as date, g.evv_start, g.evv_end, g.billing_code,
  g.modifier, g.evv_in_lat, g.evv_in_long, g.evv_out_lat, g.evv_out_long, s.caregiver_id, s.client_id,
  s.provider_medicaid_id, coalesce(nullif(c.pid, ''), s.pid) as client_pid, cg.name as dsp_name,
  s.time_zone, (g.deleted_at is not null or s.deleted_at is not null) as deleted`;

function toValues(row: Record<string, unknown>): SegmentBillingValues {
  return {
    segmentId: String(row.id),
    shiftId: String(row.shift_id),
    date: String(row.date),
    evvStart: toInstant(row.evv_start),
    evvEnd: toInstant(row.evv_end),
    billingCode: toText(row.billing_code),
    modifier: toText(row.modifier),
    evvInLat: toNumber(row.evv_in_lat),
    evvInLong: toNumber(row.evv_in_long),
    evvOutLat: toNumber(row.evv_out_lat),
    evvOutLong: toNumber(row.evv_out_long),
    caregiverId: String(row.caregiver_id),
    clientId: String(row.client_id),
    providerMedicaidId: toText(row.provider_medicaid_id),
    clientPid: toText(row.client_pid),
    dspName: toText(row.dsp_name),
    timeZone: toText(row.time_zone),
    deleted: row.deleted === true || row.deleted === 't',
  };
}

/**
 * READY live segments of live shifts with service dates `fromDate`..`toDate` (inclusive,
 * `YYYY-MM-DD`), by date, start and id. Which of them are billed already is the caller's business.
 */
export async function findReadySegmentsForExport(
  executor: Executor,
  range: { fromDate: string; toDate: string },
): Promise<SegmentBillingValues[]> {
  const result = await executor.execute<Record<string, unknown>>(sql`
    select ${columns}
    from ${shiftFacts('s')}
    join ${segmentFacts('g')} on g.shift_id = s.id and g.deleted_at is null
    left join ${clientFacts('c')} on c.id = s.client_id
    left join ${caregiverFacts('cg')} on cg.id = s.caregiver_id
    where s.date between ${range.fromDate}::date and ${range.toDate}::date and s.deleted_at is null
      and g.validation_status = 'READY'
    order by s.date, g.evv_start nulls first, g.id`);
  return result.rows.map(toValues);
}

/**
 * How many READY live segments of live shifts each service date of `fromDate`..`toDate` has
 * (dates without any are absent), by date. The export reads the range a few dates at a time with
 * {@link findReadySegmentsForExport} so that its memory does not grow with the range (issue 6
 * performance aims); these counts decide where the windows end.
 */
export async function countReadySegmentsByDate(
  executor: Executor,
  range: { fromDate: string; toDate: string },
): Promise<{ date: string; segments: number }[]> {
  const result = await executor.execute<{ date: string; segments: number | string }>(sql`
    select s.date::text as date, count(*)::int as segments
    from ${shiftFacts('s')} join ${segmentFacts('g')} on g.shift_id = s.id and g.deleted_at is null
    where s.date between ${range.fromDate}::date and ${range.toDate}::date and s.deleted_at is null
      and g.validation_status = 'READY'
    group by s.date order by s.date`);
  return result.rows.map((row) => ({ date: String(row.date), segments: Number(row.segments) }));
}

/** Ids of the READY live segments of live shifts in the range (for the preview's billed count). */
export async function findReadySegmentIds(
  executor: Executor,
  range: { fromDate: string; toDate: string },
): Promise<string[]> {
  const result = await executor.execute<{ id: string }>(sql`
    select g.id from ${shiftFacts('s')} join ${segmentFacts('g')} on g.shift_id = s.id and g.deleted_at is null
    where s.date between ${range.fromDate}::date and ${range.toDate}::date and s.deleted_at is null
      and g.validation_status = 'READY'`);
  return result.rows.map((row) => String(row.id));
}

/**
 * Current billed values of the given segments, deleted ones included (`deleted` true); a segment id
 * that no longer exists is absent from the map.
 */
export async function findSegmentBillingValues(
  executor: Executor,
  segmentIds: string[],
): Promise<Map<string, SegmentBillingValues>> {
  const values = new Map<string, SegmentBillingValues>();
  for (let i = 0; i < segmentIds.length; i += 20_000) {
    const slice = segmentIds.slice(i, i + 20_000);
    const result = await executor.execute<Record<string, unknown>>(sql`
      select ${columns}
      from ${segmentFacts('g')}
      join ${shiftFacts('s')} on s.id = g.shift_id
      left join ${clientFacts('c')} on c.id = s.client_id
      left join ${caregiverFacts('cg')} on cg.id = s.caregiver_id
      where g.id = any(${sql.param(slice)}::uuid[])`);
    for (const row of result.rows) {
      const value = toValues(row);
      values.set(value.segmentId, value);
    }
  }
  return values;
}

/** Ids of every segment (deleted ones too) of shifts with service dates in the range (drift candidates). */
export async function findSegmentIdsOfDates(
  executor: Executor,
  range: { fromDate: string; toDate: string },
): Promise<string[]> {
  const result = await executor.execute<{ id: string }>(sql`
    select g.id from ${shiftFacts('s')} join ${segmentFacts('g')} on g.shift_id = s.id
    where s.date between ${range.fromDate}::date and ${range.toDate}::date`);
  return result.rows.map((row) => String(row.id));
}
