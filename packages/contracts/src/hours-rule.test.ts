import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnHours, exactMinutes, hoursFromMilliseconds } from './hours-rule.ts';

describe('the one hours rule (decision 0037)', () => {
  it('rounds exact milliseconds once, half up to 0.01 h', () => {
    expect(hoursFromMilliseconds(3_618_000)).toBe(1.01); // 1 h 0 min 18 s: exactly half a hundredth
    expect(hoursFromMilliseconds(3_617_999)).toBe(1);
    expect(hoursFromMilliseconds(20 * 60_000)).toBe(0.33);
    expect(hoursFromMilliseconds(0)).toBe(0);
  });

  it('a column of columnHours adds up to the once-rounded total, each row within 0.01 h', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 25 * 3_600_000 }), { maxLength: 200 }), (rows) => {
        let before = 0;
        let hundredths = 0;
        for (const row of rows) {
          const hours = columnHours(before, row);
          expect(Math.abs(hours - row / 3_600_000)).toBeLessThan(0.01 + 1e-9);
          hundredths += Math.round(hours * 100);
          before += row;
        }
        expect(hundredths / 100).toBe(hoursFromMilliseconds(before));
      }),
    );
  });

  it('writes exact minutes', () => {
    expect(exactMinutes(90 * 60_000)).toBe('90');
    expect(exactMinutes(3_618_000)).toBe('60.3');
  });
});
