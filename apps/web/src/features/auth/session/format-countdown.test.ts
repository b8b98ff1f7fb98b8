import { describe, expect, it } from 'vitest';
import { countdownWords, formatCountdown } from './format-countdown.ts';

describe('countdownWords (the session warning status, once a minute)', () => {
  it('says minutes rounded up, then less than a minute, then no time', () => {
    expect(countdownWords(5 * 60_000)).toBe('about 5 minutes');
    expect(countdownWords(4 * 60_000 + 1)).toBe('about 5 minutes');
    expect(countdownWords(60_001)).toBe('about 2 minutes');
    expect(countdownWords(60_000)).toBe('about 1 minute');
    expect(countdownWords(59_999)).toBe('less than a minute');
    expect(countdownWords(0)).toBe('no time');
    expect(countdownWords(-5)).toBe('no time');
  });

  it('changes far less often than the m:ss countdown', () => {
    const seconds = Array.from({ length: 300 }, (_, index) => (300 - index) * 1000);
    expect(new Set(seconds.map(formatCountdown)).size).toBe(300);
    expect(new Set(seconds.map(countdownWords)).size).toBe(6);
  });
});
