import { describe, expect, it } from 'vitest';
import { initialPeriod, periodRange, type PeriodFields } from './report-period.ts';

const fields: PeriodFields = { kind: 'month', month: '2024-02', year: 2025, quarter: 4, from: '', to: '' };

describe('periodRange', () => {
  it('spans a month to its last day (leap years too)', () => {
    expect(periodRange(fields)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodRange({ ...fields, month: '2025-02' })).toEqual({ from: '2025-02-01', to: '2025-02-28' });
  });
  it('spans a quarter and a year', () => {
    expect(periodRange({ ...fields, kind: 'quarter' })).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(periodRange({ ...fields, kind: 'quarter', quarter: 2 })).toEqual({
      from: '2025-04-01',
      to: '2025-06-30',
    });
    expect(periodRange({ ...fields, kind: 'year' })).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
  it('takes a range as typed, and nothing while a field is incomplete', () => {
    expect(periodRange({ ...fields, kind: 'range', from: '2025-03-05', to: '2025-03-09' })).toEqual({
      from: '2025-03-05',
      to: '2025-03-09',
    });
    expect(periodRange({ ...fields, kind: 'range', from: '2025-03', to: '2025-03-09' })).toBeNull();
    expect(periodRange({ ...fields, month: '2025-13' })).toBeNull();
    expect(periodRange({ ...fields, month: '' })).toBeNull();
  });
  it('starts on last month, across a new year', () => {
    expect(periodRange(initialPeriod(new Date(2026, 0, 15)))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(initialPeriod(new Date(2026, 0, 15))).toMatchObject({ year: 2025, quarter: 4 });
  });
});
