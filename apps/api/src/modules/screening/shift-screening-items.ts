/**
 * Screening items on one caregiver's own shifts, for the caregiver dashboard (issue 20 "screening items about their
 * own shifts"): open incidents (an incident severity found by screening, not handled yet) and location findings
 * (MEDIUM or HIGH, not reviewed) on live shifts the caregiver worked, dated `fromDate` or later. Ids, dates, kinds
 * and levels only — never notes, reasons, coordinates or another caregiver's shifts. Not audited: callers audit.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';

/** One open screening item on a shift. */
export interface ShiftScreeningItem {
  shiftId: string;
  /** Service date, `YYYY-MM-DD`. */
  date: string;
  kind: 'INCIDENT' | 'LOCATION';
  /** Incident severity, or the location's suspicion level. */
  level: string | null;
  /** Incident categories, or the location's punch (`CLOCK_IN`, `CLOCK_OUT`, `MISSING_COORDINATES`…). */
  categories: string[];
  /** Incident report due instant; null for locations. */
  dueAt: Date | null;
}

/** Open incidents and location findings on `caregiverId`'s live shifts dated `fromDate` or later, newest first. */
export async function findShiftScreeningItems(
  executor: Executor,
  filter: { caregiverId: string; fromDate: string },
): Promise<ShiftScreeningItem[]> {
  const result = await executor.execute<{
    shift_id: string;
    date: string;
    kind: 'INCIDENT' | 'LOCATION';
    level: string | null;
    categories: string[] | null;
    due_at: string | Date | null;
  }>(sql`
    with s as (
      select id, date, incident_severity, incident_categories, incident_report_due_at, incident_handled
      from ${shiftFacts('shift')}
      where caregiver_id = ${filter.caregiverId} and deleted_at is null and date >= ${filter.fromDate}::date
    )
    select s.id as shift_id, s.date::text as date, 'INCIDENT' as kind, s.incident_severity as level,
      s.incident_categories as categories, s.incident_report_due_at as due_at
    from s where s.incident_severity is not null and not s.incident_handled
    union all
    select s.id, s.date::text, 'LOCATION', l.suspicion_level, jsonb_build_array(l.suspicious_type), null
    from s join suspicious_location l on l.shift_id = s.id
    where not l.reviewed and l.suspicion_level in ('MEDIUM', 'HIGH')
    order by 2 desc, 1, 3`);
  return result.rows.map((row) => ({
    shiftId: row.shift_id,
    date: row.date,
    kind: row.kind,
    level: row.level,
    categories: Array.isArray(row.categories) ? row.categories.map(String) : [],
    dueAt: row.due_at ? new Date(row.due_at) : null,
  }));
}
