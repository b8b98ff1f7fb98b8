/**
 * Segment reads and writes for segment validation (issue 6; module `billing` calls these, it never
 * reads the shift tables itself). Bulk SQL by service date, so `shift_date_idx` carries the work and a
 * window of any size costs a fixed number of statements (no per-segment queries). Deleted shifts and
 * segments are never validated nor listed. Not audited: callers audit.
 *
 * The caregiver's `type` is read in the same statement (SQL join on `caregiver`): the validator needs
 * it per segment and a second round trip per window would only repeat the join in JavaScript.
 */
import { sql, type SQL } from 'drizzle-orm';
import type {
  CaregiverType,
  SegmentListQuery,
  SegmentViolationItem,
  ValidationStatus,
} from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';

/** One live segment of a live shift with what validation needs. */
export interface SegmentForValidation {
  id: string;
  shiftId: string;
  date: string;
  evvStart: Date | null;
  evvEnd: Date | null;
  billingCode: string | null;
  modifier: string | null;
  caregiverId: string;
  clientId: string;
  caregiverType: CaregiverType | null;
  /**
   * Both EVV locations of the piece of work are recorded: the segment's own, or for a side the segment
   * lacks, its shift's (a split point is not an EVV punch: docs/segment-editor.md).
   */
  hasAllCoordinates: boolean;
  /** The shift's clock-in and clock-out (segments must lie inside them: `SEGMENT_OUTSIDE_SHIFT`). */
  shiftStart: Date | null;
  shiftEnd: Date | null;
  validationStatus: ValidationStatus;
  validationViolations: SegmentViolationItem[];
}

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value
      : new Date(value as string | number);

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
    from shift s
    join shift_segment g on g.shift_id = s.id and g.deleted_at is null
    left join caregiver c on c.id = s.caregiver_id
    where s.date between ${range.fromDate}::date and ${range.toDate}::date and s.deleted_at is null
    order by s.date, g.evv_start nulls first, g.id`);
  return result.rows.map((row) => ({
    id: String(row.id),
    shiftId: String(row.shift_id),
    date: String(row.date),
    evvStart: toDate(row.evv_start),
    evvEnd: toDate(row.evv_end),
    billingCode: (row.billing_code as string | null) ?? null,
    modifier: (row.modifier as string | null) ?? null,
    caregiverId: String(row.caregiver_id),
    clientId: String(row.client_id),
    caregiverType: (row.caregiver_type as CaregiverType | null) ?? null,
    hasAllCoordinates: row.has_all_coordinates === true || row.has_all_coordinates === 't',
    shiftStart: toDate(row.shift_start),
    shiftEnd: toDate(row.shift_end),
    validationStatus: row.validation_status as ValidationStatus,
    validationViolations: (typeof row.validation_violations === 'string'
      ? JSON.parse(row.validation_violations)
      : row.validation_violations) as SegmentViolationItem[],
  }));
}

/** A segment's new validation result. */
export interface SegmentValidationWrite {
  id: string;
  status: ValidationStatus;
  violations: SegmentViolationItem[];
}

/**
 * Writes validation results in one statement per 2,500 segments, up to `parallel` statements at once
 * (on the pool; pass 1 inside a transaction). Callers pass only changed results; the statement also
 * skips rows already equal, so a re-run writes nothing. Returns rows written.
 */
export async function writeSegmentValidation(
  executor: Executor,
  writes: SegmentValidationWrite[],
  parallel = 1,
): Promise<number> {
  const size = 2500;
  const chunks: SegmentValidationWrite[][] = [];
  for (let i = 0; i < writes.length; i += size) chunks.push(writes.slice(i, i + size));
  const writeChunk = async (chunk: SegmentValidationWrite[]) => {
    const result = await executor.execute(sql`
      update shift_segment g set validation_status = v.status::validation_status,
        validation_violations = v.violations, updated_at = now()
      from unnest(${sql.param(chunk.map((w) => w.id))}::uuid[],
        ${sql.param(chunk.map((w) => w.status))}::text[],
        ${sql.param(chunk.map((w) => JSON.stringify(w.violations)))}::jsonb[]) as v(id, status, violations)
      where g.id = v.id and (g.validation_status::text is distinct from v.status
        or g.validation_violations is distinct from v.violations)`);
    return Number((result as { rowCount?: number | null }).rowCount ?? 0);
  };
  let written = 0;
  for (let i = 0; i < chunks.length; i += parallel) {
    const counts = await Promise.all(chunks.slice(i, i + parallel).map(writeChunk));
    written += counts.reduce((sum, n) => sum + n, 0);
  }
  return written;
}

/** Service dates of the shifts an import job's file created or changed, as the inclusive range, or null. */
export async function findImportDateRange(
  executor: Executor,
  importJobId: string,
): Promise<{ from: string; to: string } | null> {
  const result = await executor.execute<{ from: string | null; to: string | null }>(sql`
    select min(s.date)::text as from, max(s.date)::text as to
    from processing_job j join shift s on s.csv_file_id = j.csv_file_id
    where j.id = ${importJobId}::uuid`);
  const row = result.rows[0];
  return row?.from && row.to ? { from: row.from, to: row.to } : null;
}

/** The first and last service date of any live shift with a segment, or null when there is none. */
export async function findSegmentDateBounds(
  executor: Executor,
): Promise<{ from: string; to: string } | null> {
  const result = await executor.execute<{ from: string | null; to: string | null }>(sql`
    select min(s.date)::text as from, max(s.date)::text as to from shift s
    where s.deleted_at is null and exists (select 1 from shift_segment g where g.shift_id = s.id)`);
  const row = result.rows[0];
  return row?.from && row.to ? { from: row.from, to: row.to } : null;
}

/** One row of the segments page (names are added by the caller). */
export interface SegmentListRow {
  id: string;
  shiftId: string;
  date: string;
  evvStart: Date | null;
  evvEnd: Date | null;
  billingCode: string | null;
  modifier: string | null;
  caregiverId: string;
  clientId: string;
  validationStatus: ValidationStatus;
  validationViolations: SegmentViolationItem[];
}

/**
 * The segments page: live segments of live shifts in the date range with the filters, by date and
 * start, paged; `total` for the whole filter and the READY / NOT_READY counts of the filter without
 * `status`. `code` keeps segments with an open violation of that code.
 */
export async function findSegmentPage(
  executor: Executor,
  query: SegmentListQuery,
): Promise<{ rows: SegmentListRow[]; total: number; counts: Record<ValidationStatus, number> }> {
  const filters: SQL[] = [
    sql`s.date between ${query.from}::date and ${query.to}::date`,
    sql`s.deleted_at is null`,
    sql`g.deleted_at is null`,
  ];
  if (query.caregiverId) filters.push(sql`s.caregiver_id = ${query.caregiverId}::uuid`);
  if (query.clientId) filters.push(sql`s.client_id = ${query.clientId}::uuid`);
  if (query.code)
    filters.push(sql`g.validation_violations @> ${JSON.stringify([{ code: query.code }])}::jsonb`);
  const where = sql.join(filters, sql` and `);
  const statusFilter = query.status
    ? sql` and g.validation_status = ${query.status}::validation_status`
    : sql``;
  const counts = await executor.execute<{ status: string; n: number }>(sql`
    select g.validation_status::text as status, count(*)::int as n
    from shift s join shift_segment g on g.shift_id = s.id where ${where} group by 1`);
  const countOf = (status: ValidationStatus) =>
    Number(counts.rows.find((row) => row.status === status)?.n ?? 0);
  const page = await executor.execute<Record<string, unknown>>(sql`
    select g.id, g.shift_id, s.date::text as date, g.evv_start, g.evv_end, g.billing_code, g.modifier,
      s.caregiver_id, s.client_id, g.validation_status::text as validation_status, g.validation_violations
    from shift s join shift_segment g on g.shift_id = s.id
    where ${where}${statusFilter}
    order by s.date, g.evv_start nulls first, g.id
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const ready = countOf('READY');
  const notReady = countOf('NOT_READY');
  return {
    rows: page.rows.map((row) => ({
      id: String(row.id),
      shiftId: String(row.shift_id),
      date: String(row.date),
      evvStart: toDate(row.evv_start),
      evvEnd: toDate(row.evv_end),
      billingCode: (row.billing_code as string | null) ?? null,
      modifier: (row.modifier as string | null) ?? null,
      caregiverId: String(row.caregiver_id),
      clientId: String(row.client_id),
      validationStatus: row.validation_status as ValidationStatus,
      validationViolations: (typeof row.validation_violations === 'string'
        ? JSON.parse(row.validation_violations)
        : row.validation_violations) as SegmentViolationItem[],
    })),
    total: query.status === 'READY' ? ready : query.status === 'NOT_READY' ? notReady : ready + notReady,
    counts: { READY: ready, NOT_READY: notReady },
  };
}
