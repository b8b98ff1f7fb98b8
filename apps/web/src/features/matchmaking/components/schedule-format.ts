/**
 * Words for schedules (issue 21 "Schedules"): day names and times in the page's language. `24:00` is the end of the
 * day ("midnight"); other times use the locale's clock (3:00 PM in English, 15:00 in Spanish).
 */
import type { IntlShape } from 'react-intl';
import { minutesOf, type WeekDay } from '@tend/contracts';

/** The day's name (`matchmaking.schedule.day.<day>`). */
export const dayLabel = (intl: IntlShape, day: WeekDay) =>
  intl.formatMessage({ id: `matchmaking.schedule.day.${day}` });

/** A `HH:mm` time as the locale writes it. */
export function timeLabel(intl: IntlShape, time: string): string {
  const minutes = minutesOf(time) ?? 0;
  if (minutes === 24 * 60) return intl.formatMessage({ id: 'matchmaking.schedule.endOfDay' });
  return intl.formatTime(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60), {
    timeZone: 'UTC',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** "3:00 PM – 10:00 PM". */
export const rangeLabel = (intl: IntlShape, range: { start: string; end: string }) =>
  intl.formatMessage(
    { id: 'matchmaking.schedule.range' },
    { start: timeLabel(intl, range.start), end: timeLabel(intl, range.end) },
  );
