/** Formatting for the hours pages (UX.md "Time": durations in hours and minutes, times in the agency zone). */
import { formatHoursMinutes } from '../../../lib/format-time.ts';

/** Decimal hours as "49 h 05 min" (negative or missing: "0 h 00 min"). */
export function formatHours(hours: number): string {
  return formatHoursMinutes(Math.max(0, Math.round(hours * 60)));
}

/** "Mar 2, 2025, 3:04 PM PST" in `timeZone`. */
export function formatExactIn(value: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(value),
  );
}
