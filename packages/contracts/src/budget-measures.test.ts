import { describe, expect, it } from 'vitest';
import { parseBudgetMeasure } from './budget-measures.ts';

describe('parseBudgetMeasure', () => {
  it.each([
    ['Hours', 'hours'],
    [' HRS ', 'hours'],
    ['15 Min', 'units_15min'],
    ['15-minute units', 'units_15min'],
    ['Unit', 'units_15min'],
    ['Days', 'days'],
    ['mi.', 'miles'],
  ])('reads %j as %s', (input, expected) => {
    expect(parseBudgetMeasure(input)).toBe(expected);
  });

  it('answers null for anything else', () => {
    expect(parseBudgetMeasure('weeks')).toBeNull();
    expect(parseBudgetMeasure('')).toBeNull();
  });
});
