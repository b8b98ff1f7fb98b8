import { describe, expect, it } from 'vitest';
import { parseAdjustmentValue } from './adjustment-modals.tsx';

describe('parseAdjustmentValue', () => {
  it('reads dollars as integer cents and hours or miles as decimals, signed', () => {
    expect(parseAdjustmentValue('AMOUNT', '25.50')).toBe(2550);
    expect(parseAdjustmentValue('AMOUNT', '$1,234.5')).toBe(123450);
    expect(parseAdjustmentValue('AMOUNT', '-5')).toBe(-500);
    expect(parseAdjustmentValue('AMOUNT', '−0.05')).toBe(-5);
    expect(parseAdjustmentValue('AMOUNT', '1.234')).toBeNull();
    expect(parseAdjustmentValue('HOURS', '1.5')).toBe(1.5);
    expect(parseAdjustmentValue('HOURS', '+2')).toBe(2);
    expect(parseAdjustmentValue('MILEAGE', '-12.25')).toBe(-12.25);
    expect(parseAdjustmentValue('MILEAGE', 'twelve')).toBeNull();
    expect(parseAdjustmentValue('HOURS', '')).toBeNull();
  });
});
