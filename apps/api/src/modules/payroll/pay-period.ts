/**
 * Pay-period arithmetic (pure; issue 6 "pay periods (configurable: weekly or bi-weekly, start day)";
 * docs/payroll.md "Pay periods"). A period is `payPeriodDays[frequency]` consecutive local days in
 * the agency zone, counted from an anchor date (the first day of any period) forwards and backwards.
 * Day counting is on calendar dates (UTC arithmetic on `YYYY-MM-DD`), so DST never shifts a period;
 * its instants are local midnights, so a period holding a DST change lasts its real 1 h less or more.
 */
import { DateTime } from 'luxon';
import {
  payPeriodDays,
  type PayPeriod,
  type PayPeriodFrequency,
  type PayPeriodSettingsInput,
  type WorkweekStart,
} from '@tend/contracts';

/** Luxon weekday numbers (ISO: Monday 1 … Sunday 7). */
export const weekdayNumbers: Record<WorkweekStart, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
};

/** First anchor candidate of the default setting: Sunday 2025-01-05. */
const defaultAnchorBase = '2025-01-05';

const calendarDay = (isoDate: string, field = 'date') => {
  const day = DateTime.fromISO(isoDate, { zone: 'utc' });
  if (!day.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate))
    throw new RangeError(`${field} is not a valid date: ${isoDate}`);
  return day;
};

/**
 * The default pay period (docs/payroll.md): `biweekly`, anchored on the first `workweekStart` day on
 * or after Sunday 2025-01-05 — with the default `WORKWEEK_START` (sunday) that is 2025-01-05 itself.
 */
export function defaultPayPeriodSettings(workweekStart: WorkweekStart): PayPeriodSettingsInput {
  const base = calendarDay(defaultAnchorBase);
  const ahead = (weekdayNumbers[workweekStart] - base.weekday + 7) % 7;
  return { frequency: 'biweekly', anchorDate: base.plus({ days: ahead }).toISODate() };
}

/** The weekday name of a `YYYY-MM-DD` date. Throws RangeError for an invalid date. */
export function weekdayOf(isoDate: string): WorkweekStart {
  const weekday = calendarDay(isoDate).weekday;
  return (Object.keys(weekdayNumbers) as WorkweekStart[]).find(
    (name) => weekdayNumbers[name] === weekday,
  ) as WorkweekStart;
}

/** The period starting on the local date `start` (not checked to be a period start). */
function periodFrom(start: DateTime, frequency: PayPeriodFrequency, timeZone: string): PayPeriod {
  const days = payPeriodDays[frequency];
  const startDate = start.toISODate() as string;
  const nextDate = start.plus({ days }).toISODate() as string;
  const startsAt = DateTime.fromISO(startDate, { zone: timeZone });
  if (!startsAt.isValid) throw new RangeError(`invalid time zone: ${timeZone}`);
  return {
    start: startDate,
    end: start.plus({ days: days - 1 }).toISODate() as string,
    startsAt: startsAt.toUTC().toISO(),
    endsAt: DateTime.fromISO(nextDate, { zone: timeZone }).toUTC().toISO() as string,
  };
}

/**
 * The pay period containing the local date `date` (`YYYY-MM-DD`), for `settings` in `timeZone`.
 * Dates before the anchor work too (periods repeat backwards). Throws RangeError for an invalid date
 * or zone.
 */
export function payPeriodOf(date: string, settings: PayPeriodSettingsInput, timeZone: string): PayPeriod {
  const days = payPeriodDays[settings.frequency];
  const anchor = calendarDay(settings.anchorDate, 'anchorDate');
  const day = calendarDay(date);
  const offset = Math.round(day.diff(anchor, 'days').days);
  const index = Math.floor(offset / days);
  return periodFrom(anchor.plus({ days: index * days }), settings.frequency, timeZone);
}

/** True when `date` is the first day of a pay period under `settings`. */
export function isPayPeriodStart(date: string, settings: PayPeriodSettingsInput, timeZone: string): boolean {
  return payPeriodOf(date, settings, timeZone).start === date;
}

/** The period `steps` periods after (negative: before) the one starting on `start`. */
export function shiftPayPeriod(
  period: PayPeriod,
  steps: number,
  settings: PayPeriodSettingsInput,
  timeZone: string,
): PayPeriod {
  const days = payPeriodDays[settings.frequency];
  return periodFrom(calendarDay(period.start).plus({ days: steps * days }), settings.frequency, timeZone);
}

/**
 * The `count` most recent periods up to the one containing `today` (newest first). `count` ≥ 1.
 */
export function recentPayPeriods(
  today: string,
  settings: PayPeriodSettingsInput,
  timeZone: string,
  count: number,
): PayPeriod[] {
  const current = payPeriodOf(today, settings, timeZone);
  return Array.from({ length: Math.max(1, count) }, (_, i) =>
    shiftPayPeriod(current, -i, settings, timeZone),
  );
}

/**
 * Every pay period that overlaps the local dates `from`..`to` (inclusive `YYYY-MM-DD`, `from` ≤ `to`), oldest
 * first: the one holding `from`, then each next one that starts on or before `to` (the first and last may reach
 * outside the dates; the report export's payroll summary shows them whole, decision 0066 addendum). Throws
 * RangeError for an invalid date or zone.
 */
export function payPeriodsOverlapping(
  from: string,
  to: string,
  settings: PayPeriodSettingsInput,
  timeZone: string,
): PayPeriod[] {
  const periods = [payPeriodOf(from, settings, timeZone)];
  for (;;) {
    const next = shiftPayPeriod(periods.at(-1) as PayPeriod, 1, settings, timeZone);
    if (next.start > to) return periods;
    periods.push(next);
  }
}
