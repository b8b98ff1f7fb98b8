/**
 * Workweek arithmetic and caregiver hours (pure; DOMAIN.md "Overtime"; FLSA 29 U.S.C. 207(a) and
 * 29 CFR 778.105: a workweek is a fixed, regularly recurring period of 168 hours — seven consecutive
 * 24-hour periods — that may begin on any day and hour the employer picks; Tend starts it at local
 * midnight of `WORKWEEK_START` in the agency time zone, so a DST week lasts its real 167 or 169 hours).
 * A shift crossing a week boundary counts in both weeks, split at the boundary.
 */
import { DateTime } from 'luxon';
import { overtimeThresholdHours, type OverlappingShifts, type WorkweekStart } from '@tend/contracts';

/** Luxon weekday numbers (ISO: Monday 1 … Sunday 7). */
const weekdayNumber: Record<WorkweekStart, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
};

/** One worked interval of a caregiver (a shift's clock-in → clock-out). */
export interface WorkInterval {
  shiftId: string;
  caregiverId: string;
  start: Date;
  end: Date;
}

/** One workweek in the agency zone: its name (first day, `YYYY-MM-DD`) and bounds (end exclusive). */
export interface Workweek {
  weekName: string;
  start: Date;
  end: Date;
}

/** Hours of one caregiver in one week. Hours unrounded; `overtimeHours` = max(0, hours − 40). */
export interface WeekHours extends Workweek {
  caregiverId: string;
  /** Exact worked milliseconds in the week (integers: totals add these, decision 0037). */
  milliseconds: number;
  hours: number;
  overtimeHours: number;
  shiftIds: string[];
  overlaps: OverlappingShifts[];
}

/** A caregiver's workweek with no time in it yet (no shifts, no overlaps). */
export const emptyWeekHours = (caregiverId: string, week: Workweek): WeekHours => ({
  ...week,
  caregiverId,
  milliseconds: 0,
  hours: 0,
  overtimeHours: 0,
  shiftIds: [],
  overlaps: [],
});

/**
 * The workweek containing `instant` (a Date, or a `YYYY-MM-DD` local date) in `timeZone`, starting on
 * `weekStart`. Throws RangeError for an unknown zone or an invalid date.
 */
export function workweekOf(instant: Date | string, weekStart: WorkweekStart, timeZone: string): Workweek {
  const local =
    typeof instant === 'string'
      ? DateTime.fromISO(instant, { zone: timeZone })
      : DateTime.fromJSDate(instant, { zone: timeZone });
  if (!local.isValid) throw new RangeError(`invalid date or zone: ${local.invalidExplanation ?? ''}`);
  const back = (local.weekday - weekdayNumber[weekStart] + 7) % 7;
  const start = local.startOf('day').minus({ days: back });
  const end = start.plus({ days: 7 });
  return { weekName: start.toISODate(), start: start.toJSDate(), end: end.toJSDate() };
}

/** Every workweek touching the local dates `from`..`to` (inclusive), oldest first. */
export function workweeksBetween(
  from: string,
  to: string,
  weekStart: WorkweekStart,
  timeZone: string,
): Workweek[] {
  const weeks: Workweek[] = [];
  const last = workweekOf(to, weekStart, timeZone);
  let week = workweekOf(from, weekStart, timeZone);
  while (week.start.getTime() <= last.start.getTime()) {
    weeks.push(week);
    week = workweekOf(week.end, weekStart, timeZone);
  }
  return weeks;
}

/** True when `weekName` is the first day of a workweek starting on `weekStart`. */
export function isWeekName(weekName: string, weekStart: WorkweekStart, timeZone: string): boolean {
  const day = DateTime.fromISO(weekName, { zone: timeZone });
  return day.isValid && day.weekday === weekdayNumber[weekStart];
}

/**
 * Pairs of overlapping intervals of each caregiver (sweep over start times; touching intervals, where
 * one ends exactly when the next starts, do not overlap). Each pair once, earlier-starting shift first.
 */
export function findOverlaps(intervals: WorkInterval[]): (OverlappingShifts & { caregiverId: string })[] {
  const byCaregiver = new Map<string, WorkInterval[]>();
  for (const interval of intervals) {
    if (interval.end.getTime() <= interval.start.getTime()) continue;
    const list = byCaregiver.get(interval.caregiverId) ?? [];
    list.push(interval);
    byCaregiver.set(interval.caregiverId, list);
  }
  const pairs: (OverlappingShifts & { caregiverId: string })[] = [];
  for (const [caregiverId, list] of byCaregiver) {
    list.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
    const open: WorkInterval[] = [];
    for (const current of list) {
      const startMs = current.start.getTime();
      for (let i = open.length - 1; i >= 0; i -= 1) {
        if ((open[i] as WorkInterval).end.getTime() <= startMs) open.splice(i, 1);
      }
      for (const earlier of open) {
        const end = Math.min(earlier.end.getTime(), current.end.getTime());
        pairs.push({
          caregiverId,
          shiftId: earlier.shiftId,
          otherShiftId: current.shiftId,
          start: new Date(startMs).toISOString(),
          end: new Date(end).toISOString(),
          minutes: Math.round((end - startMs) / 60_000),
        });
      }
      open.push(current);
    }
  }
  return pairs;
}

/**
 * Hours per caregiver per workweek for `intervals`, counting only time inside `weeks` (a contiguous,
 * ordered list from {@link workweeksBetween}). Intervals are split at week boundaries; overlapping
 * intervals of one caregiver are each counted in full (hours worked as recorded) and listed in
 * `overlaps` of the week where the overlap starts. Weeks without time are left out.
 * Hours are exact (milliseconds / 3.6e6); callers round for display.
 */
export function hoursByWeek(intervals: WorkInterval[], weeks: Workweek[]): WeekHours[] {
  const result = new Map<string, WeekHours>();
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) return [];
  const rangeStart = first.start.getTime();
  const rangeEnd = last.end.getTime();
  const weekIndexOf = (ms: number) => {
    let lo = 0;
    let hi = weeks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((weeks[mid] as Workweek).start.getTime() <= ms) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const entry = (caregiverId: string, week: Workweek) => {
    const key = `${caregiverId}|${week.weekName}`;
    let value = result.get(key);
    if (!value) {
      value = emptyWeekHours(caregiverId, week);
      result.set(key, value);
    }
    return value;
  };
  for (const interval of intervals) {
    const start = Math.max(interval.start.getTime(), rangeStart);
    const end = Math.min(interval.end.getTime(), rangeEnd);
    if (end <= start) continue;
    for (let i = weekIndexOf(start); i < weeks.length; i += 1) {
      const week = weeks[i] as Workweek;
      const pieceStart = Math.max(start, week.start.getTime());
      const pieceEnd = Math.min(end, week.end.getTime());
      if (pieceStart >= end) break;
      if (pieceEnd <= pieceStart) continue;
      const value = entry(interval.caregiverId, week);
      value.milliseconds += pieceEnd - pieceStart;
      if (!value.shiftIds.includes(interval.shiftId)) value.shiftIds.push(interval.shiftId);
    }
  }
  for (const pair of findOverlaps(intervals)) {
    const ms = new Date(pair.start).getTime();
    if (ms < rangeStart || ms >= rangeEnd) continue;
    const { caregiverId, ...overlap } = pair;
    entry(caregiverId, weeks[weekIndexOf(ms)] as Workweek).overlaps.push(overlap);
  }
  for (const value of result.values()) {
    value.hours = value.milliseconds / 3_600_000;
    value.overtimeHours = Math.max(0, value.hours - overtimeThresholdHours);
  }
  return [...result.values()];
}

/**
 * Hours rounded to 0.01 for the API (display: "41.25 h"), for one figure (a week, a shift). Totals
 * over several figures add exact milliseconds and round once (contracts `hoursFromMilliseconds`).
 */
export const roundHours = (hours: number) => Math.round(hours * 100) / 100;
