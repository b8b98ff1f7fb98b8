/**
 * One caregiver's hours in the last few workweeks, for the caregiver dashboard (issue 20 "hours this week with
 * overtime"): the house's rule (`workweek.ts`: workweeks in the agency zone from `WORKWEEK_START`, a shift across
 * a week boundary split at it, overtime = hours over 40) over the shifts module's intervals. Every week is listed,
 * zeros too. Not audited: callers audit.
 */
import { DateTime } from 'luxon';
import type { Executor } from '../../platform/db/client.ts';
import type { HoursSettings } from './caregiver-hours.service.ts';
import { findShiftIntervals } from './shift-intervals.ts';
import { emptyWeekHours, hoursByWeek, roundHours, workweekOf, workweeksBetween } from './workweek.ts';

/** Hours of one workweek, rounded to 0.01 h. */
export interface WeekHoursSummary {
  /** First day of the week, `YYYY-MM-DD`. */
  weekName: string;
  hours: number;
  overtimeHours: number;
  shiftCount: number;
}

/** `caregiverId`'s last `weeks` workweeks up to the one containing `now`, oldest first. One query. */
export async function findCaregiverWeekHours(
  executor: Executor,
  settings: HoursSettings,
  caregiverId: string,
  weeks: number,
  now: Date = new Date(),
): Promise<WeekHoursSummary[]> {
  const current = workweekOf(now, settings.workweekStart, settings.timeZone);
  const firstDay = DateTime.fromISO(current.weekName, { zone: settings.timeZone }).minus({
    weeks: weeks - 1,
  });
  const span = workweeksBetween(
    firstDay.toISODate() as string,
    current.weekName,
    settings.workweekStart,
    settings.timeZone,
  );
  const intervals = await findShiftIntervals(executor, {
    // Shifts dated up to two days before the first week may reach into it (visits last at most 24–25 h).
    fromDate: firstDay.minus({ days: 2 }).toISODate() as string,
    toDate: DateTime.fromJSDate(current.end, { zone: settings.timeZone }).toISODate() as string,
    caregiverId,
  });
  const byWeek = new Map(hoursByWeek(intervals, span).map((week) => [week.weekName, week]));
  return span.map((week) => {
    const hours = byWeek.get(week.weekName) ?? emptyWeekHours(caregiverId, week);
    return {
      weekName: week.weekName,
      hours: roundHours(hours.hours),
      overtimeHours: roundHours(hours.overtimeHours),
      shiftCount: hours.shiftIds.length,
    };
  });
}
