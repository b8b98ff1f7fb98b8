/**
 * Formatting for the payroll page (UX.md "Time": durations in hours and minutes, times in the agency
 * zone with the zone named; "Money and units": dollars with cents from integer cents, units named).
 * Dates, instants and `datetime-local` values come from lib/format-time.ts and lib/zoned-input.ts.
 */
import { formatCents, type PayrollAdjustmentType } from '@tend/contracts';
import { formatDay, formatHoursMinutes, formatInstant } from '../../../lib/format-time.ts';

/** Decimal hours as "49 h 05 min"; negative as "−1 h 30 min" (adjustments may deduct). */
export function formatHours(hours: number): string {
  const minutes = Math.round(Math.abs(hours) * 60);
  const sign = hours < 0 && minutes > 0 ? '−' : '';
  return `${sign}${formatHoursMinutes(minutes)}`;
}

/** Miles with two decimals: "12.25 mi". */
export const formatMiles = (miles: number) => `${miles.toFixed(2)} mi`;

/** An adjustment's value in its unit: "+1 h 30 min", "−$5.00", "+12.25 mi". */
export function formatAdjustmentValue(type: PayrollAdjustmentType, value: number): string {
  const sign = value < 0 ? '−' : '+';
  if (type === 'AMOUNT') return `${sign}${formatCents(Math.abs(value))}`;
  if (type === 'MILEAGE') return `${sign}${formatMiles(Math.abs(value))}`;
  return `${sign}${formatHours(Math.abs(value))}`;
}

/** A period as "Mar 1 – Mar 14, 2026". */
export function formatPeriod(period: { start: string; end: string }): string {
  const [year, month, day] = period.start.split('-').map(Number);
  const start = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
  return `${start} – ${formatDay(period.end)}`;
}

/**
 * An interval in `timeZone`: "Sep 23, 9:00 AM – 6:00 PM PDT" on one local day, else both ends in
 * full ("Sep 23, 10:00 PM PDT – Sep 24, 6:00 AM PDT").
 */
export function formatTimeRange(start: string, end: string, timeZone: string): string {
  const day = (value: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(
      new Date(value),
    );
  if (day(start) !== day(end)) return `${formatInstant(start, timeZone)} – ${formatInstant(end, timeZone)}`;
  const startText = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(start));
  const endText = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(end));
  return `${startText} – ${endText}`;
}
