/**
 * The read API of module `screening` for segment validation (issue 6; decision 0025): screening facts
 * per shift, so module `validation` never reads the screening tables (the shifts of the window come
 * through the read API of module `shifts`, `shift-facts.ts`). One statement per window of service
 * dates. Not audited: callers audit. Definitions (docs/segment-validation.md):
 * - open location findings: `suspicious_location` rows of the shift with level MEDIUM or HIGH that are
 *   not reviewed (LOW findings and reviewed ones do not block billing);
 * - notes: `shift_note` rows matched to the shift (`shift_id` set by the notes import or review).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';

export interface ShiftScreeningFacts {
  openLocationFindings: number;
  noteCount: number;
}

/**
 * Facts of every live shift with service dates `fromDate`..`toDate` (inclusive) that has a finding or a
 * note; shifts absent from the map have neither.
 */
export async function findShiftScreeningFacts(
  executor: Executor,
  range: { fromDate: string; toDate: string },
): Promise<Map<string, ShiftScreeningFacts>> {
  const result = await executor.execute<{ shift_id: string; findings: number; notes: number }>(sql`
    with s as (
      select id from ${shiftFacts('shift')} where date between ${range.fromDate}::date and ${range.toDate}::date
        and deleted_at is null
    ), f as (
      select l.shift_id, count(*)::int as n from suspicious_location l join s on s.id = l.shift_id
      where not l.reviewed and l.suspicion_level in ('MEDIUM', 'HIGH') group by 1
    ), n as (
      select x.shift_id, count(*)::int as n from shift_note x join s on s.id = x.shift_id group by 1
    )
    select coalesce(f.shift_id, n.shift_id) as shift_id, coalesce(f.n, 0) as findings, coalesce(n.n, 0) as notes
    from f full join n on n.shift_id = f.shift_id`);
  return new Map(
    result.rows.map((row) => [
      String(row.shift_id),
      { openLocationFindings: Number(row.findings), noteCount: Number(row.notes) },
    ]),
  );
}
