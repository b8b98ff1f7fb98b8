/**
 * Segment, shift and caregiver reads for payroll (issue 6 "Payroll"), through the read APIs of modules
 * `shifts` (`shift-facts.ts`) and `people` (`people-facts.ts`; decision 0025). The one write payroll
 * makes to a segment, a `changeHistory` entry, is `shifts/shift-results.service.ts`
 * `appendSegmentChange`. Bulk SQL filtered by service date first (`shift_date_idx`,
 * `shift_caregiver_date_idx`). Deleted shifts and segments never count. Not audited: callers audit.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { caregiverFacts, clientFacts } from '../people/people-facts.ts';
import { segmentFacts, shiftFacts } from '../shifts/shift-facts.ts';

/** One live segment of a live shift, with its shift's date, caregiver and client. */
export interface PayrollSourceSegment {
  segmentId: string;
  shiftId: string;
  /** Service date, `YYYY-MM-DD`. */
  date: string;
  caregiverId: string;
  clientId: string;
  clientName: string;
  billingCode: string | null;
  modifier: string | null;
  /** The segment's own (EVV/billed) times; null when missing. */
  evvStart: Date | null;
  evvEnd: Date | null;
}

const toDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

interface SegmentRow extends Record<string, unknown> {
  segment_id: string;
  shift_id: string;
  date: string;
  caregiver_id: string;
  client_id: string;
  client_name: string | null;
  billing_code: string | null;
  modifier: string | null;
  evv_start: Date | string | null;
  evv_end: Date | string | null;
}

const toSegment = (row: SegmentRow): PayrollSourceSegment => ({
  segmentId: row.segment_id,
  shiftId: row.shift_id,
  date: String(row.date),
  caregiverId: row.caregiver_id,
  clientId: row.client_id,
  clientName: row.client_name ?? '',
  billingCode: row.billing_code,
  modifier: row.modifier,
  evvStart: toDate(row.evv_start),
  evvEnd: toDate(row.evv_end),
});

const segmentColumns = sql`g.id as segment_id, s.id as shift_id, s.date::text as date, s.caregiver_id,
  s.client_id, c.name as client_name, g.billing_code, g.modifier, g.evv_start, g.evv_end`;

/**
 * Live segments of live shifts with a service date in `fromDate`..`toDate` (inclusive,
 * `YYYY-MM-DD`), optionally of one caregiver, ordered by caregiver, start, id. Segments without
 * times are included (callers decide how to show them).
 */
export async function findPayrollSegments(
  executor: Executor,
  filter: { fromDate: string; toDate: string; caregiverId?: string },
): Promise<PayrollSourceSegment[]> {
  const result = await executor.execute<SegmentRow>(sql`
    select ${segmentColumns}
    from ${shiftFacts('s')}
    join ${segmentFacts('g')} on g.shift_id = s.id and g.deleted_at is null
    left join ${clientFacts('c')} on c.id = s.client_id
    where s.date between ${filter.fromDate}::date and ${filter.toDate}::date
      and s.deleted_at is null
      ${filter.caregiverId ? sql`and s.caregiver_id = ${filter.caregiverId}::uuid` : sql``}
    order by s.caregiver_id, g.evv_start nulls last, g.id`);
  return result.rows.map(toSegment);
}

/** One live segment of a live shift, or null (missing, deleted, or its shift deleted). */
export async function findPayrollSegment(
  executor: Executor,
  segmentId: string,
): Promise<PayrollSourceSegment | null> {
  const result = await executor.execute<SegmentRow>(sql`
    select ${segmentColumns}
    from ${segmentFacts('g')}
    join ${shiftFacts('s')} on s.id = g.shift_id and s.deleted_at is null
    left join ${clientFacts('c')} on c.id = s.client_id
    where g.id = ${segmentId}::uuid and g.deleted_at is null`);
  const row = result.rows[0];
  return row ? toSegment(row) : null;
}

/** Name and external employee id of the given caregivers (archived ones too), by id. */
export async function findPayrollCaregivers(
  executor: Executor,
  caregiverIds: string[],
): Promise<Map<string, { name: string; externalId: string | null }>> {
  const ids = [...new Set(caregiverIds)];
  if (!ids.length) return new Map();
  const result = await executor.execute<{ id: string; name: string; external_id: string | null }>(sql`
    select id, name, external_id from ${caregiverFacts('caregiver')} where id = any(${sql.param(ids)}::uuid[])`);
  return new Map(result.rows.map((row) => [row.id, { name: row.name, externalId: row.external_id }]));
}
