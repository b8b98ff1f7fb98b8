import { formatHoursMinutes, formatInstant } from '../../../lib/format-time.ts';

/** EVV times are shown in the visit's own time zone, with the zone named (UX.md "Time"). */
export function formatEvvTime(value: string | null, timeZone: string | null): string {
  return value ? formatInstant(value, timeZone ?? undefined) : '—';
}

/** A coordinate pair as text, exactly as recorded (raw values kept even when impossible). */
export function formatCoordinates(lat: number | null, long: number | null): string {
  if (lat === null || long === null) return '—';
  return `${lat}, ${long}`;
}

/** Duration between two instants in hours and minutes ("4 h 05 min"). */
export function formatDuration(from: string | null, to: string | null): string {
  if (!from || !to) return '—';
  const minutes = Math.round((Date.parse(to) - Date.parse(from)) / 60_000);
  if (minutes < 0) return '—';
  return formatHoursMinutes(minutes);
}
