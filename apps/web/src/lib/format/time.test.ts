import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDay,
  formatExactIn,
  formatExactTime,
  formatFullDay,
  formatInstant,
  formatPeriod,
  formatRelativeTime,
  formatTimeRange,
  formatZonedInstant,
  setDisplayTimeZone,
  displayTimeZone,
  timesInWords,
} from './time.ts';

const now = new Date('2026-01-05T12:00:00.000Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [10, 'just now'],
    [5 * 60, '5 min ago'],
    [3 * 3600, '3 h ago'],
    [2 * 86_400, '2 d ago'],
    [-10 * 60, 'in 10 min'],
  ])('%i s → %s', (seconds, expected) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(expected);
  });

  it('gives the date beyond 30 days', () => {
    expect(formatRelativeTime('2025-11-01T12:00:00.000Z', now)).toBe('Nov 1, 2025');
  });
});

describe('setDisplayTimeZone', () => {
  it('shows exact times in the agency zone, naming it, and ignores an unknown zone', () => {
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatExactTime('2026-01-05T17:30:00.000Z')).toBe('Jan 5, 2026, 9:30:00 AM PST');
    setDisplayTimeZone('Not/AZone');
    expect(formatExactTime('2026-07-05T17:30:00.000Z')).toBe('Jul 5, 2026, 10:30:00 AM PDT');
    setDisplayTimeZone('UTC');
    expect(formatExactTime('2026-01-05T17:30:00.000Z')).toBe('Jan 5, 2026, 5:30:00 PM UTC');
  });
});

describe('dates, instants and ranges', () => {
  const LA = 'America/Los_Angeles';
  it('shows a calendar date without shifting it by a zone', () => {
    expect(formatDay('2025-03-02')).toBe('Mar 2, 2025');
    expect(formatFullDay('2024-01-15')).toBe('Monday, January 15, 2024');
    expect(formatFullDay('not a date')).toBe('not a date');
    expect(formatPeriod({ start: '2026-03-01', end: '2026-03-14' })).toBe('Mar 1 – Mar 14, 2026');
  });
  it('shows an instant in a zone, naming the zone', () => {
    expect(formatInstant('2025-03-05T01:00:00.000Z', LA)).toBe('Mar 4, 5:00 PM PST');
    expect(formatZonedInstant('2025-03-05T01:00:00.000Z', LA)).toBe('Mar 4, 5:00 PM PST');
    expect(formatZonedInstant(null, LA)).toBe('—');
    expect(formatExactIn('2025-03-02T23:04:00.000Z', LA)).toBe('Mar 2, 2025, 3:04 PM');
    expect(formatClockTime('2024-09-24T01:00:00Z', LA)).toBe('6:00 PM PDT');
  });
  it('shows a range on one local day once, else both ends in full', () => {
    expect(formatTimeRange('2024-09-23T16:00:00Z', '2024-09-24T01:00:00Z', LA)).toBe(
      'Sep 23, 9:00 AM – 6:00 PM PDT',
    );
    expect(formatTimeRange('2024-09-24T05:00:00Z', '2024-09-24T13:00:00Z', LA)).toBe(
      'Sep 23, 10:00 PM PDT – Sep 24, 6:00 AM PDT',
    );
  });
});

describe('one display zone (issue 16: Segments showed UTC beside Shifts in Pacific time)', () => {
  it('formats an instant without a zone of its own in the agency zone, and names it', () => {
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatInstant('2025-07-07T23:00:00.000Z', undefined)).toBe('Jul 7, 4:00 PM PDT');
    expect(formatClockTime('2025-07-07T23:00:00.000Z', undefined)).toBe('4:00 PM PDT');
    expect(displayTimeZone()).toBe('America/Los_Angeles');
    expect(timesInWords()).toBe('Times in America/Los_Angeles (PT)');
    setDisplayTimeZone('America/New_York');
    expect(formatInstant('2025-07-07T23:00:00.000Z', undefined)).toBe('Jul 7, 7:00 PM EDT');
    expect(timesInWords()).toBe('Times in America/New_York (ET)');
  });
});
