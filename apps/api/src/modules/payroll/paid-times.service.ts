/**
 * Paid times of segments (spec s.3 PayrollVersion; docs/payroll.md): a segment is paid on its
 * PayrollVersion's times when both are set, else on its own (EVV) times. Reads only; not audited.
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import type { PayrollSourceSegment } from './payroll-source.ts';
import { roundHours } from '../hours/workweek.ts';
import { payrollVersions } from './payroll.table.ts';

/** Most segment ids per `in (...)` list. */
const idChunk = 5000;

/** PayrollVersion times of the given segments, by segment id. */
export async function loadVersions(
  executor: Executor,
  segmentIds: string[],
): Promise<Map<string, { evvStart: Date | null; evvEnd: Date | null }>> {
  const result = new Map<string, { evvStart: Date | null; evvEnd: Date | null }>();
  for (let i = 0; i < segmentIds.length; i += idChunk) {
    const rows = await executor
      .select({
        shiftSegmentId: payrollVersions.shiftSegmentId,
        evvStart: payrollVersions.evvStart,
        evvEnd: payrollVersions.evvEnd,
      })
      .from(payrollVersions)
      .where(inArray(payrollVersions.shiftSegmentId, segmentIds.slice(i, i + idChunk)));
    for (const row of rows) result.set(row.shiftSegmentId, { evvStart: row.evvStart, evvEnd: row.evvEnd });
  }
  return result;
}

/** The paid hours of one segment (version when set, else its times); 0 without valid times. */
export async function paidHoursOfSegment(executor: Executor, segment: PayrollSourceSegment): Promise<number> {
  const version = (await loadVersions(executor, [segment.segmentId])).get(segment.segmentId);
  const start = version?.evvStart && version.evvEnd ? version.evvStart : segment.evvStart;
  const end = version?.evvStart && version.evvEnd ? version.evvEnd : segment.evvEnd;
  return start && end && end > start ? roundHours((end.getTime() - start.getTime()) / 3_600_000) : 0;
}
