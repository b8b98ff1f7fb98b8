import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  type CalendarDate,
  compareWallClock,
  formatCalendarDate,
  localToInstant,
  nextDay,
  parseDateCell,
} from './local-time.ts';

// The calendar helpers are plain arithmetic (they run for every imported row); Luxon is the reference.
const luxonNextDay = (d: CalendarDate) => {
  const next = DateTime.utc(d.year, d.month, d.day).plus({ days: 1 });
  return { year: next.year, month: next.month, day: next.day };
};

describe('calendar arithmetic (docs/decisions/0022-import-performance.md)', () => {
  it('nextDay rolls over month ends, year ends and leap days as Luxon does', () => {
    expect(nextDay({ year: 2025, month: 1, day: 31 })).toEqual({ year: 2025, month: 2, day: 1 });
    expect(nextDay({ year: 2025, month: 12, day: 31 })).toEqual({ year: 2026, month: 1, day: 1 });
    expect(nextDay({ year: 2024, month: 2, day: 28 })).toEqual({ year: 2024, month: 2, day: 29 });
    expect(nextDay({ year: 2023, month: 2, day: 28 })).toEqual({ year: 2023, month: 3, day: 1 });
    expect(nextDay({ year: 1900, month: 2, day: 28 })).toEqual({ year: 1900, month: 3, day: 1 });
    expect(nextDay({ year: 2000, month: 2, day: 28 })).toEqual({ year: 2000, month: 2, day: 29 });
    for (let year = 1896; year <= 2404; year += 1)
      for (let month = 1; month <= 12; month += 1) {
        const last = DateTime.utc(year, month).daysInMonth as number;
        for (const day of [1, 27, last - 1, last]) {
          const date = { year, month, day };
          expect(nextDay(date)).toEqual(luxonNextDay(date));
        }
      }
  });

  it('formatCalendarDate pads to YYYY-MM-DD and gives "" for an impossible date', () => {
    expect(formatCalendarDate({ year: 2025, month: 3, day: 9 })).toBe('2025-03-09');
    expect(formatCalendarDate({ year: 25, month: 12, day: 31 })).toBe('0025-12-31');
    expect(formatCalendarDate({ year: 2023, month: 2, day: 29 })).toBe('');
    expect(formatCalendarDate({ year: 2025, month: 13, day: 1 })).toBe('');
    expect(formatCalendarDate({ year: 10_000, month: 1, day: 1 })).toBe(
      DateTime.utc(10_000, 1, 1).toISODate(),
    );
  });

  it('compareWallClock orders by date, then time of day, to the millisecond', () => {
    const at = (day: number, hour: number, minute = 0, millisecond = 0) => ({
      date: { year: 2025, month: 11, day },
      time: { hour, minute, second: 0, millisecond },
    });
    expect(compareWallClock(at(2, 6), at(1, 22))).toBeGreaterThan(0);
    expect(compareWallClock(at(1, 6), at(1, 22))).toBeLessThan(0);
    expect(compareWallClock(at(1, 8), at(1, 8))).toBe(0);
    expect(compareWallClock(at(1, 8, 0, 1), at(1, 8))).toBeGreaterThan(0);
    expect(
      compareWallClock(
        { date: { year: 2026, month: 1, day: 1 }, time: at(1, 0).time },
        { date: { year: 2025, month: 12, day: 31 }, time: at(1, 23, 59).time },
      ),
    ).toBeGreaterThan(0);
  });

  it('parseDateCell still names the days of the month for an impossible date', () => {
    expect(parseDateCell('02/29/2023')).toEqual({
      ok: false,
      reason: 'is not a date: February 2023 has 28 days (use MM/DD/YYYY or YYYY-MM-DD)',
    });
    expect(parseDateCell('02/29/2024')).toEqual({ ok: true, value: { year: 2024, month: 2, day: 29 } });
  });

  it('localToInstant gives the same instant from its day cache as from Luxon, in several zones', () => {
    const time = { hour: 9, minute: 15, second: 0, millisecond: 0 };
    for (const zone of ['America/Los_Angeles', 'America/New_York', 'Pacific/Honolulu', 'UTC'])
      for (let day = 1; day <= 28; day += 3) {
        const date = { year: 2025, month: 6, day };
        const expected = DateTime.fromObject({ ...date, ...time }, { zone }).toJSDate();
        // Twice: the first call fills the cache, the second reads it.
        expect(localToInstant(date, time, zone)).toEqual({ ok: true, value: expected });
        expect(localToInstant(date, time, zone)).toEqual({ ok: true, value: expected });
      }
  });
});
