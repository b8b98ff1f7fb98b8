/**
 * Time formatting (UX.md "Time"): relative times ("3 h ago") with the exact time on hover, the exact
 * time naming its zone. Times show in the agency's zone (AGENCY_TIME_ZONE, from `/api/client-config`;
 * one agency per deployment, DOMAIN.md) once `setDisplayTimeZone` was called, else in the browser's.
 */
const formats = (timeZone: string | undefined) => ({
  exact: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'long', timeZone }),
  date: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }),
});
let displayZone: string | undefined;
let { exact: exactFormat, date: dateFormat } = formats(undefined);

/**
 * Shows every later-formatted time in `timeZone` (an IANA zone). An unknown zone is ignored (times stay
 * in the current zone) rather than breaking every page.
 */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  if (timeZone === displayZone) return;
  try {
    ({ exact: exactFormat, date: dateFormat } = formats(timeZone));
    displayZone = timeZone;
  } catch {
    // RangeError: not a zone this browser knows.
  }
}

/** "Nov 21, 2025, 3:04:05 PM PST". */
export function formatExactTime(value: string | Date): string {
  return exactFormat.format(new Date(value));
}

/**
 * "just now", "5 min ago", "3 h ago", "2 d ago" (or "in 5 min" for the future); beyond 30 days the
 * date ("Nov 21, 2025").
 */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = new Date(value);
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const say = (amount: number, unit: string) =>
    seconds >= 0 ? `${amount} ${unit} ago` : `in ${amount} ${unit}`;
  if (abs < 45) return 'just now';
  if (abs < 3600) return say(Math.max(1, Math.round(abs / 60)), 'min');
  if (abs < 86_400) return say(Math.round(abs / 3600), 'h');
  if (abs < 30 * 86_400) return say(Math.round(abs / 86_400), 'd');
  return dateFormat.format(date);
}

/** Whole minutes as hours and minutes: "4 h 05 min" (UX.md "Time": durations in hours and minutes). */
export function formatHoursMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A calendar date `2025-03-02` as "Mar 2, 2025" (a date, not an instant: no zone shifts it). */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
}

/** An instant in `timeZone` (the browser's when undefined) with the zone named: "Mar 4, 5:00 PM PST". */
export function formatInstant(value: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(value));
}
