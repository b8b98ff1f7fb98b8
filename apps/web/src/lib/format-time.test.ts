import { describe, expect, it } from 'vitest';
import { formatExactTime, formatRelativeTime, setDisplayTimeZone } from './format-time.ts';

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
