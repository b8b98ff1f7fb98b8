/**
 * Shift intervals for caregiver hours (issue 5), through the read API of module
 * `shifts` (`shift-facts.ts`; decision 0025). Filtered by caregiver and date first, so
 * `shift_caregiver_date_idx` (one caregiver) or `shift_date_idx` carries the work on a shift table of a
 * million rows. Deleted shifts never count. Not audited: callers audit.
 */
import { and, asc, eq, gt, gte, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';

/** A shift with both clock times, as an interval of work. */
export interface ShiftInterval {
  shiftId: string;
  caregiverId: string;
  clientId: string;
  /** Service date, `YYYY-MM-DD`. */
  date: string;
  start: Date;
  end: Date;
}

/**
 * Live shifts whose service date is in `fromDate`..`toDate` (inclusive, `YYYY-MM-DD`) with a clock-in
 * and a later clock-out, optionally of one caregiver; ordered by caregiver and clock-in. Shifts
 * without a clock-out are left out (they have no length; the EVV status already flags them).
 */
export async function findShiftIntervals(
  executor: Executor,
  filter: { fromDate: string; toDate: string; caregiverId?: string },
): Promise<ShiftInterval[]> {
  const shifts = shiftFacts('s');
  const rows = await executor
    .select({
      shiftId: shifts.id,
      caregiverId: shifts.caregiverId,
      clientId: shifts.clientId,
      date: shifts.date,
      start: shifts.evvInTime,
      end: shifts.evvOutTime,
    })
    .from(shifts)
    .where(
      and(
        filter.caregiverId ? eq(shifts.caregiverId, filter.caregiverId) : undefined,
        gte(shifts.date, filter.fromDate),
        lte(shifts.date, filter.toDate),
        isNull(shifts.deletedAt),
        isNotNull(shifts.evvInTime),
        gt(shifts.evvOutTime, shifts.evvInTime),
      ),
    )
    .orderBy(asc(shifts.caregiverId), asc(shifts.evvInTime));
  return rows.flatMap((row) => (row.start && row.end ? [{ ...row, start: row.start, end: row.end }] : []));
}
