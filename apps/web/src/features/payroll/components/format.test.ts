import { describe, expect, it } from 'vitest';
import { formatAdjustmentValue, formatHours, formatPeriod, formatTimeRange } from './format.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';

const LA = 'America/Los_Angeles';

describe('payroll formatting', () => {
  it('shows hours and minutes, signed adjustments in their units', () => {
    expect(formatHours(45.5)).toBe('45 h 30 min');
    expect(formatHours(-1.25)).toBe('−1 h 15 min');
    expect(formatHours(0)).toBe('0 h 00 min');
    expect(formatAdjustmentValue('HOURS', 1.5)).toBe('+1 h 30 min');
    expect(formatAdjustmentValue('AMOUNT', -2550)).toBe('−$25.50');
    expect(formatAdjustmentValue('MILEAGE', 12.25)).toBe('+12.25 mi');
    expect(formatPeriod({ start: '2026-03-01', end: '2026-03-14' })).toBe('Mar 1 – Mar 14, 2026');
    expect(formatTimeRange('2024-09-23T16:00:00Z', '2024-09-24T01:00:00Z', LA)).toBe(
      'Sep 23, 9:00 AM – 6:00 PM PDT',
    );
    expect(formatTimeRange('2024-09-24T05:00:00Z', '2024-09-24T13:00:00Z', LA)).toBe(
      'Sep 23, 10:00 PM PDT – Sep 24, 6:00 AM PDT',
    );
  });

  it('converts datetime-local values in the agency zone, across DST', () => {
    expect(toZonedInput('2026-03-10T14:00:00.000Z', LA)).toBe('2026-03-10T07:00');
    expect(fromZonedInput('2026-03-10T07:00', LA)).toBe('2026-03-10T14:00:00.000Z');
    expect(fromZonedInput('2026-03-02T08:00', LA)).toBe('2026-03-02T16:00:00.000Z');
    expect(fromZonedInput('soon', LA)).toBeNull();
    expect(toZonedInput(null, LA)).toBe('');
  });
});
