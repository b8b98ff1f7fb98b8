/**
 * Segment reads of segment validation (issue 6; decision 0025: through the read API of module
 * `shifts`, `shift-facts.ts`; results are written with `shifts/shift-results.service.ts`). Bulk SQL by
 * service date, so `shift_date_idx` carries the work and a window of any size costs a fixed number of
 * statements (no per-segment queries). Deleted shifts and segments are never validated. Not audited:
 * callers audit.
 *
 * The caregiver's `type` is read in the same statement (a join on people's `caregiverFacts`): the validator needs
 * it per segment and a second round trip per window would only repeat the join in JavaScript.
 */
import { findJobCsvFileId } from '../../platform/jobs/jobs.service.ts';
import { sql } from 'drizzle-orm';
import type { CaregiverType } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { toInstant } from '../../platform/db/row-values.ts';
import { caregiverFacts } from '../people/people-facts.ts';
import { toSegmentListRow, type SegmentListRow } from '../shifts/segment-list.service.ts';
import { segmentFacts, shiftFacts } from '../shifts/shift-facts.ts';

/** One live segment of a live shift with what validation needs. */
export interface SegmentForValidation extends SegmentListRow {
  caregiverType: CaregiverType | null;
  /**
   * Both EVV locations of the piece of work are recorded: the segment's own, or for a side the segment
   * lacks, its shift's (a split point is not an EVV punch: docs/segment-editor.md).
   */
  hasAllCoordinates: boolean;
  /** The shift's clock-in and clock-out (segments must lie inside them: `SEGMENT_OUTSIDE_SHIFT`). */
  shiftStart: Date | null;
  shiftEnd: Date | null;
}

/**
 * Live segments of live shifts with service dates `fromDate`..`toDate` (inclusive, `YYYY-MM-DD`),
 * ordered by date and start.
 */
export async function findSegmentsForValidation(
  executor: Executor,
  range: { fromDate: string; toDate: string },
): Promise<SegmentForValidation[]> {
  const result = await executor.execute<Record<string, unknown>>(sql`
    select g.id, g.shift_id, s.date::text as date, g.evv_start, g.evv_end, g.billing_code, g.modifier,
      s.caregiver_id, s.client_id, c.type::text as caregiver_type,
      ((g.evv_in_lat is not null and g.evv_in_long is not null
          or g.evv_in_lat is null and g.evv_in_long is null
            and s.evv_in_lat is not null and s.evv_in_long is not null)
        and (g.evv_out_lat is not null and g.evv_out_long is not null
          or g.evv_out_lat is null and g.evv_out_long is null
            and s.evv_out_lat is not null and s.evv_out_long is not null)) as has_all_coordinates,
      s.evv_in_time as shift_start, s.evv_out_time as shift_end,
      g.validation_status::text as validation_status, g.validation_violations
    from ${shiftFacts('s')}
    join ${segmentFacts('g')} on g.shift_id = s.id and g.deleted_at is null
    left join ${caregiverFacts('c')} on c.id = s.caregiver_id
    where s.date between ${range.fromDate}::date and ${range.toDate}::date and s.deleted_at is null
    order by s.date, g.evv_start nulls first, g.id`);
  return result.rows.map((row) => ({
    ...toSegmentListRow(row),
    caregiverType: (row.caregiver_type as CaregiverType | null) ?? null,
    hasAllCoordinates: row.has_all_coordinates === true || row.has_all_coordinates === 't',
    shiftStart: toInstant(row.shift_start),
    shiftEnd: toInstant(row.shift_end),
  }));
}

/**
 * Service dates of the shifts an import job's file created or changed, as the inclusive range, or null
 * (unknown job, a job without a file, or no shift from it). The job's file comes from platform/jobs.
 */
export async function findImportDateRange(
  executor: Executor,
  importJobId: string,
): Promise<{ from: string; to: string } | null> {
  const csvFileId = await findJobCsvFileId(executor, importJobId);
  if (!csvFileId) return null;
  const result = await executor.execute<{ from: string | null; to: string | null }>(sql`
    select min(s.date)::text as from, max(s.date)::text as to
    from ${shiftFacts('s')}
    where s.csv_file_id = ${csvFileId}::uuid`);
  const row = result.rows[0];
  return row?.from && row.to ? { from: row.from, to: row.to } : null;
}

/** The first and last service date of any live shift with a segment, or null when there is none. */
export async function findSegmentDateBounds(
  executor: Executor,
): Promise<{ from: string; to: string } | null> {
  const result = await executor.execute<{ from: string | null; to: string | null }>(sql`
    select min(s.date)::text as from, max(s.date)::text as to from ${shiftFacts('s')}
    where s.deleted_at is null and exists (select 1 from ${segmentFacts('g')} where g.shift_id = s.id)`);
  const row = result.rows[0];
  return row?.from && row.to ? { from: row.from, to: row.to } : null;
}
