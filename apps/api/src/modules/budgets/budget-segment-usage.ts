/**
 * Segment use of budget lines (the budget-overages report, budget detail and segment validation's
 * budget lines), through the read API of module `shifts` (`shift-facts.ts`; decision 0025). Bulk SQL
 * filtered by client and date first, so `shift_client_date_idx` carries the work on a shift table of a
 * million rows. Deleted shifts and segments never count. Not audited: callers audit.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { segmentFacts, shiftFacts } from '../shifts/shift-facts.ts';

/** Which segments count for a budget line: a client's segments of one code and modifier in a date range. */
export interface SegmentLineFilter {
  /** The caller's key for the line (returned with each row). */
  key: string;
  clientId: string;
  /** Procedure code; compared trimmed and case-insensitively with the segment's billing code. */
  procCode: string;
  /** Modifier; null/empty matches segments without a modifier only. */
  modifier: string | null;
  /** Service dates, inclusive, `YYYY-MM-DD`. */
  fromDate: string;
  toDate: string;
}

/** Segments of one line on one service date with the same length (`minutes` null: no clock-out). */
export interface SegmentUsageRow {
  key: string;
  date: string;
  minutes: number | null;
  count: number;
}

/** Segment length in whole minutes (rounded), null when a time is missing or the end is not after the start. */
const minutesSql = sql`case when g.evv_start is null or g.evv_end is null or g.evv_end <= g.evv_start then null
  else round(extract(epoch from (g.evv_end - g.evv_start)) / 60)::int end`;

/** The segment ↔ line match (live shift of the client in the range, same code and modifier). */
const lineJoinSql = sql`join ${shiftFacts('s')} on s.client_id = l.client_id and s.date between l.from_date and l.to_date
    and s.deleted_at is null
  join ${segmentFacts('g')} on g.shift_id = s.id and g.deleted_at is null
    and upper(btrim(g.billing_code)) = upper(btrim(l.proc_code))
    and upper(coalesce(btrim(g.modifier), '')) = upper(coalesce(btrim(l.modifier), ''))`;

const linesSql = (lines: SegmentLineFilter[]) => sql`select * from unnest(
    ${sql.param(lines.map((l) => l.key))}::text[],
    ${sql.param(lines.map((l) => l.clientId))}::uuid[],
    ${sql.param(lines.map((l) => l.procCode))}::text[],
    ${sql.param(lines.map((l) => l.modifier))}::text[],
    ${sql.param(lines.map((l) => l.fromDate))}::date[],
    ${sql.param(lines.map((l) => l.toDate))}::date[]
  ) as t(key, client_id, proc_code, modifier, from_date, to_date)`;

/**
 * Segment use of many budget lines at once, aggregated in SQL per line, service date (or month, for lines with
 * `byMonth`: `date` is then `YYYY-MM`) and segment length (so per-segment rounding stays in
 * `budgets/budget-units.ts`). One statement for all lines. Its shape keeps the work to the lines' own shifts:
 * - the lines' codes and modifiers are normalized once per line, and lines are numbered (an integer to group by);
 * - the lines' live shifts are read first (a materialized step over `shift_live_client_date_idx`, index-only), and only
 *   then their segments (`shift_segment_live_shift_cover_idx`); the plain join let the planner match every segment of
 *   a code against every line (`npm run bench:dashboard`, decision 0051 "Measured");
 * - segments are counted by length (an interval) and turned into whole minutes once per distinct length.
 * A code or modifier already in normal form matches without being normalized again (same result: the normal form of
 * a normal form is itself).
 */
export async function findSegmentUsage(
  executor: Executor,
  lines: (SegmentLineFilter & { byMonth?: boolean })[],
): Promise<SegmentUsageRow[]> {
  if (!lines.length) return [];
  const result = await executor.execute<{
    n: number;
    day: string;
    minutes: number | null;
    count: number;
  }>(sql`
    with l as materialized (
      select t.n::int as n, t.client_id, upper(btrim(t.proc_code)) as code,
        upper(coalesce(btrim(t.modifier), '')) as modifier, t.from_date, t.to_date, t.by_month
      from unnest(
        ${sql.param(lines.map((l) => l.clientId))}::uuid[], ${sql.param(lines.map((l) => l.procCode))}::text[],
        ${sql.param(lines.map((l) => l.modifier))}::text[], ${sql.param(lines.map((l) => l.fromDate))}::date[],
        ${sql.param(lines.map((l) => l.toDate))}::date[], ${sql.param(lines.map((l) => l.byMonth === true))}::boolean[]
      ) with ordinality as t(client_id, proc_code, modifier, from_date, to_date, by_month, n)
    ),
    ls as materialized (
      select l.n, l.code, l.modifier, s.id as shift_id,
        case when l.by_month then date_trunc('month', s.date)::date else s.date end as day
      from l join ${shiftFacts('s')} on s.client_id = l.client_id and s.date between l.from_date and l.to_date
      where s.deleted_at is null
    ),
    u as (
      select ls.n, ls.day, g.evv_end - g.evv_start as length, count(*)::int as count
      from ls join ${segmentFacts('g')} on g.shift_id = ls.shift_id and g.deleted_at is null
        and (g.billing_code = ls.code or upper(btrim(g.billing_code)) = ls.code)
        and (coalesce(g.modifier, '') = ls.modifier or upper(coalesce(btrim(g.modifier), '')) = ls.modifier)
      group by 1, 2, 3
    )
    select n, day::text as day, case when length is null or length <= interval '0' then null
        else round(extract(epoch from length) / 60)::int end as minutes, sum(count)::int as count
    from u group by 1, 2, 3`);
  return result.rows.map((row) => {
    const line = lines[Number(row.n) - 1] as SegmentLineFilter & { byMonth?: boolean };
    return {
      key: line.key,
      date: line.byMonth ? row.day.slice(0, 7) : row.day,
      minutes: row.minutes === null ? null : Number(row.minutes),
      count: Number(row.count),
    };
  });
}

/** One segment counted for a line, with its shift's date and caregiver. */
export interface LineSegment {
  segmentId: string;
  shiftId: string;
  date: string;
  caregiverId: string;
  evvStart: Date | null;
  evvEnd: Date | null;
  billingCode: string | null;
  modifier: string | null;
  minutes: number | null;
}

/** The segments counted for one line, by date then start, at most `limit`. */
export async function findLineSegments(
  executor: Executor,
  line: SegmentLineFilter,
  limit: number,
): Promise<LineSegment[]> {
  const result = await executor.execute<{
    segment_id: string;
    shift_id: string;
    date: string;
    caregiver_id: string;
    evv_start: string | Date | null;
    evv_end: string | Date | null;
    billing_code: string | null;
    modifier: string | null;
    minutes: number | null;
  }>(sql`
    with l as (${linesSql([line])})
    select g.id as segment_id, s.id as shift_id, s.date::text as date, s.caregiver_id, g.evv_start, g.evv_end,
      g.billing_code, g.modifier, ${minutesSql} as minutes
    from l ${lineJoinSql}
    order by s.date, g.evv_start nulls last, g.id
    limit ${limit}`);
  const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));
  return result.rows.map((row) => ({
    segmentId: row.segment_id,
    shiftId: row.shift_id,
    date: row.date,
    caregiverId: row.caregiver_id,
    evvStart: toDate(row.evv_start),
    evvEnd: toDate(row.evv_end),
    billingCode: row.billing_code,
    modifier: row.modifier,
    minutes: row.minutes === null ? null : Number(row.minutes),
  }));
}
