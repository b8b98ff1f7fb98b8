import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-time.ts';

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
