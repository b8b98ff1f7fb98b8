import { describe, expect, it } from 'vitest';
import { formatAdjustmentValue } from './format.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';

const LA = 'America/Los_Angeles';

describe('payroll formatting', () => {
  it('shows signed adjustments in their units', () => {
    expect(formatAdjustmentValue('HOURS', 1.5)).toBe('+1 h 30 min');
    expect(formatAdjustmentValue('AMOUNT', -2550)).toBe('−$25.50');
    expect(formatAdjustmentValue('MILEAGE', 12.25)).toBe('+12.25 mi');
  });

  it('converts datetime-local values in the agency zone, across DST', () => {
    expect(toZonedInput('2026-03-10T14:00:00.000Z', LA)).toBe('2026-03-10T07:00');
    expect(fromZonedInput('2026-03-10T07:00', LA)).toBe('2026-03-10T14:00:00.000Z');
    expect(fromZonedInput('2026-03-02T08:00', LA)).toBe('2026-03-02T16:00:00.000Z');
    expect(fromZonedInput('soon', LA)).toBeNull();
    expect(toZonedInput(null, LA)).toBe('');
  });
});
