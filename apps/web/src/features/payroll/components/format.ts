/**
 * Formatting for the payroll page (UX.md "Time": durations in hours and minutes, times in the agency
 * zone with the zone named; "Money and units": dollars with cents from integer cents, units named),
 * and the `datetime-local` ↔ instant conversion for editing paid times in the agency zone.
 */
import { formatCents, type PayrollAdjustmentType } from '@tend/contracts';

/** Decimal hours as "49 h 05 min"; negative as "−1 h 30 min" (adjustments may deduct). */
export function formatHours(hours: number): string {
  const minutes = Math.round(Math.abs(hours) * 60);
  const sign = hours < 0 && minutes > 0 ? '−' : '';
  return `${sign}${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
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

/** A local date `2025-03-02` as "Mar 2, 2025". */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
}

/** A period as "Mar 1 – Mar 14, 2026". */
export function formatPeriod(period: { start: string; end: string }): string {
  const [year, month, day] = period.start.split('-').map(Number);
  const start = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
  return `${start} – ${formatDay(period.end)}`;
}

/** An instant in `timeZone` with the zone named: "Mar 4, 5:00 PM PST". */
export function formatInstant(value: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(value));
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

/** Wall-clock parts of `instant` in `timeZone`. */
function zonedParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds. */
function zoneOffset(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return (
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) -
    Math.floor(instant.getTime() / 1000) * 1000
  );
}

/** An ISO instant as a `datetime-local` value in `timeZone` ("2026-03-10T07:00"); empty for null. */
export function toZonedInput(value: string | null, timeZone: string): string {
  if (!value) return '';
  const p = zonedParts(new Date(value), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * A `datetime-local` value read as wall-clock time in `timeZone`, as an ISO instant (UTC); null when
 * empty or unreadable. In a DST gap or overlap the first matching instant is taken.
 */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((n) => Number(n ?? 0));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wall)) return null;
  let instant = wall - zoneOffset(new Date(wall), timeZone);
  instant = wall - zoneOffset(new Date(instant), timeZone);
  return new Date(instant).toISOString();
}
