/**
 * Dates and times (UX.md "Time"): relative times ("3 h ago") with the exact time on hover, the exact
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

/** The zone times are shown in: the agency's once known (`setDisplayTimeZone`), else the browser's. */
export function displayTimeZone(): string {
  return displayZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The zone named for a page's reader (issue 16 item 11: one zone, named, on every page that shows
 * times): "Times in America/Los_Angeles (PT)"; the generic abbreviation is left out when the browser
 * has none beyond an offset.
 */
export function timesInWords(timeZone: string = displayTimeZone()): string {
  const generic = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return generic && !/^GMT|^UTC/.test(generic) ? `Times in ${timeZone} (${generic})` : `Times in ${timeZone}`;
}

/** The day of an instant in the display zone: "Nov 21, 2025". */
export function formatInstantDay(value: string | Date): string {
  return dateFormat.format(new Date(value));
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

/** A calendar date `2025-03-02` as "Mar 2, 2025" (a date, not an instant: no zone shifts it). */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
}

/**
 * An instant in `timeZone` with the zone named: "Mar 4, 5:00 PM PST". Undefined = the display zone
 * (the agency's once known): never the browser's own when the agency's is known, so a page without a
 * zone of its own shows the same zone as the rest (issue 16: Segments showed UTC beside Shifts' PT).
 */
export function formatInstant(value: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone ?? displayZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(value));
}

/** An instant in its own zone (a visit's, a shift's) with the zone named; "—" when missing (UX.md "Time"). */
export function formatZonedInstant(value: string | null, timeZone: string | null): string {
  return value ? formatInstant(value, timeZone ?? undefined) : '—';
}

/** "Mar 2, 2025, 3:04 PM PST" in `timeZone`. */
export function formatExactIn(value: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(value),
  );
}

/** A calendar date `2024-01-15` in full: "Monday, January 15, 2024"; the text itself when not a date. */
export function formatFullDay(isoDate: string): string {
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return isoDate;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(parsed);
}

/** A period of calendar dates as "Mar 1 – Mar 14, 2026". */
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
  return `${startText} – ${formatClockTime(end, timeZone)}`;
}

/** A clock time in `timeZone` (the display zone when undefined), the zone named: "6:00 PM PDT". */
export function formatClockTime(value: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone ?? displayZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(value));
}
