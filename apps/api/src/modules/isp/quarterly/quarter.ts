/**
 * A calendar quarter in the agency's time zone (docs/quarterly-summaries.md): Q1 January–March, Q2 April–June,
 * Q3 July–September, Q4 October–December; it starts at local midnight of its first day and ends at local midnight
 * of the next quarter's first day (Luxon's zone data, daylight saving included).
 */
import { DateTime } from 'luxon';

/** A quarter's bounds: instants [`from`, `to`) and its first and last calendar day (`YYYY-MM-DD`). */
export interface QuarterBounds {
  from: Date;
  to: Date;
  firstDate: string;
  lastDate: string;
}

/** The bounds of `quarter` (1–4) of `year` in `zone` (IANA). */
export function quarterBounds(year: number, quarter: number, zone: string): QuarterBounds {
  const start = DateTime.fromObject({ year, month: 3 * (quarter - 1) + 1, day: 1 }, { zone });
  const end = start.plus({ months: 3 });
  return {
    from: start.toJSDate(),
    to: end.toJSDate(),
    firstDate: start.toISODate() ?? '',
    lastDate: end.minus({ days: 1 }).toISODate() ?? '',
  };
}

/** The calendar date of an instant in `zone`, `YYYY-MM-DD`. */
export function localDate(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() ?? instant.toISOString().slice(0, 10);
}

/** `Q1`..`Q4`. */
export const periodOf = (quarter: number) => `Q${quarter}`;
