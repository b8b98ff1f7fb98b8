/** Durations (UX.md "Time": durations in hours and minutes, never decimal hours). Pure. */

/** Whole minutes as hours and minutes: "4 h 05 min". */
export function formatHoursMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/**
 * Decimal hours (as the API sends them) as "49 h 05 min", rounded to the minute; negative hours (a
 * payroll adjustment that deducts) read "−1 h 30 min".
 */
export function formatHours(hours: number): string {
  const minutes = Math.round(Math.abs(hours) * 60);
  const sign = hours < 0 && minutes > 0 ? '−' : '';
  return `${sign}${formatHoursMinutes(minutes)}`;
}

/** Worked hours (never below zero) as "49 h 05 min"; a negative or missing amount reads "0 h 00 min". */
export function formatWorkedHours(hours: number): string {
  return formatHoursMinutes(Math.max(0, Math.round(hours * 60)));
}

/** Seconds of work: "45 s", "3 min 05 s", "1 h 02 min" (negative counts as 0). */
export function formatSeconds(total: number): string {
  const seconds = Math.max(0, Math.round(total));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return formatHoursMinutes(minutes);
}

/** The time between two instants in hours and minutes ("4 h 05 min"); "—" when either is missing or the order is reversed. */
export function formatDurationBetween(from: string | null, to: string | null): string {
  if (!from || !to) return '—';
  const minutes = Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
  if (minutes < 0) return '—';
  return formatHoursMinutes(minutes);
}

/**
 * Milliseconds left before a deadline as "[d d ][h:]mm:ss" ("4:59", "11:59:59", "13 d 23:59:59"), rounded up to the
 * whole second; negative values count as 0. The live countdowns of the session pages (session debug, diagnostics).
 */
export function formatTimeLeft(ms: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock =
    hours > 0 || days > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}
