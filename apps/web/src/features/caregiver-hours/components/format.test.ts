import { describe, expect, it } from 'vitest';
import { formatDay, formatInstant } from '../../../lib/format-time.ts';
import { formatHours } from './format.ts';

describe('hours formatting', () => {
  it('shows hours and minutes', () => {
    expect(formatHours(49)).toBe('49 h 00 min');
    expect(formatHours(9.25)).toBe('9 h 15 min');
    expect(formatHours(0.01)).toBe('0 h 01 min');
    expect(formatHours(-2)).toBe('0 h 00 min');
  });
  it('shows a week day and an instant in the agency zone', () => {
    expect(formatDay('2025-03-02')).toBe('Mar 2, 2025');
    expect(formatInstant('2025-03-05T01:00:00.000Z', 'America/Los_Angeles')).toBe('Mar 4, 5:00 PM PST');
  });
});
