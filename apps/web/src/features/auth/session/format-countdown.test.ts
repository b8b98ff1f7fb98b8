import { describe, expect, it } from 'vitest';
import { announcedMinutes, formatCountdown } from './format-countdown.ts';

describe('announcedMinutes (the session warning status, once a minute)', () => {
  it('says minutes rounded up, then 0 (less than a minute)', () => {
    expect(announcedMinutes(5 * 60_000)).toBe(5);
    expect(announcedMinutes(4 * 60_000 + 1)).toBe(5);
    expect(announcedMinutes(60_001)).toBe(2);
    expect(announcedMinutes(60_000)).toBe(1);
    expect(announcedMinutes(59_999)).toBe(0);
    expect(announcedMinutes(0)).toBe(0);
    expect(announcedMinutes(-5)).toBe(0);
  });

  it('changes far less often than the m:ss countdown', () => {
    const seconds = Array.from({ length: 300 }, (_, index) => (300 - index) * 1000);
    expect(new Set(seconds.map(formatCountdown)).size).toBe(300);
    expect(new Set(seconds.map(announcedMinutes)).size).toBe(6);
  });
});
