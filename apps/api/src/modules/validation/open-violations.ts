/**
 * Open segment-validation violations on one caregiver's shifts, for the caregiver dashboard (issue 20 "open
 * violations … about their own shifts"; docs/segment-validation.md): live segments of live shifts the caregiver
 * worked, dated `fromDate` or later, whose validation left violations open. Through module shifts' read API
 * (`segmentFacts`, `shiftFacts`). Codes only (contracts `segmentViolationCatalogue`); not audited: callers audit.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { segmentFacts, shiftFacts } from '../shifts/shift-facts.ts';

/** One shift with open violations: the distinct codes over its segments. */
export interface ShiftOpenViolations {
  shiftId: string;
  clientId: string | null;
  /** Service date, `YYYY-MM-DD`. */
  date: string;
  codes: string[];
}

/** Shifts of `caregiverId` dated `fromDate` or later with open violations, newest first. One query. */
export async function findOpenViolations(
  executor: Executor,
  filter: { caregiverId: string; fromDate: string },
): Promise<ShiftOpenViolations[]> {
  const result = await executor.execute<{
    shift_id: string;
    client_id: string | null;
    date: string;
    codes: string[] | null;
  }>(sql`
    select s.id as shift_id, s.client_id, s.date::text as date,
      array_agg(distinct v.code order by v.code) as codes
    from ${shiftFacts('s')}
    join ${segmentFacts('g')} on g.shift_id = s.id
    cross join lateral jsonb_to_recordset(g.validation_violations) as v(code text)
    where s.caregiver_id = ${filter.caregiverId} and s.deleted_at is null and g.deleted_at is null
      and s.date >= ${filter.fromDate}::date and g.validation_status = 'NOT_READY' and v.code is not null
    group by s.id, s.client_id, s.date
    order by s.date desc, s.id`);
  return result.rows.map((row) => ({
    shiftId: row.shift_id,
    clientId: row.client_id,
    date: row.date,
    codes: Array.isArray(row.codes) ? row.codes.map(String) : [],
  }));
}
