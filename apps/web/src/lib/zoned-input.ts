/**
 * `datetime-local` inputs in a given IANA zone (UX.md "Time": times are entered and shown in the visit's
 * or the agency's zone, never the browser's): instant → input value and back, DST-aware.
 */

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

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (e.g. -5 h for New York in January). */
function zoneOffset(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * An ISO instant as the value of a `datetime-local` input in `timeZone` ("2024-01-15T04:00"; seconds
 * only when not zero). Empty string for null. `timeZone` null means the browser's zone.
 */
export function toZonedInput(value: string | null, timeZone: string | null): string {
  if (!value) return '';
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const p = zonedParts(new Date(value), zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  const base = `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
  return p.second ? `${base}:${pad(p.second)}` : base;
}

/**
 * A `datetime-local` value read as wall-clock time in `timeZone`, as an ISO instant (UTC). Null for
 * an empty or unreadable value. In a DST gap or overlap the first matching instant is taken.
 */
export function fromZonedInput(value: string, timeZone: string | null): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((n) => Number(n ?? 0));
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wall)) return null;
  // Two passes settle the offset when the guess lands on the other side of a DST change.
  let instant = wall - zoneOffset(new Date(wall), zone);
  instant = wall - zoneOffset(new Date(instant), zone);
  return new Date(instant).toISOString();
}
