/** Formatting for the hours pages (UX.md "Time": durations in hours and minutes, times in the agency zone). */

/** Decimal hours as "49 h 05 min" (negative or missing: "0 h 00 min"). */
export function formatHours(hours: number): string {
  const minutes = Math.max(0, Math.round(hours * 60));
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A week's first day `2025-03-02` as "Mar 2, 2025". */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
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

/** "Mar 2, 2025, 3:04 PM PST" in `timeZone`. */
export function formatExactIn(value: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(value),
  );
}
