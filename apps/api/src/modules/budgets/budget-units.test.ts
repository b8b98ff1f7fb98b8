import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetStatus, busiestDaysShare, comparisonWindow, termEndOf } from './budget-overages.ts';
import { fifteenMinuteUnits, segmentUnits, usageTotals } from './budget-units.ts';

describe('fifteenMinuteUnits (8-minute rule)', () => {
  it.each([
    [0, 0],
    [7, 0],
    [8, 1],
    [15, 1],
    [22, 1],
    [23, 2],
    [60, 4],
    [67, 4],
    [68, 5],
    [-5, 0],
  ])('%i minutes → %i units', (minutes, units) => {
    expect(fifteenMinuteUnits(minutes)).toBe(units);
  });
  it('property: never more than 7.5 minutes away from the real duration', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 }), (minutes) => {
        expect(Math.abs(fifteenMinuteUnits(minutes) * 15 - minutes)).toBeLessThanOrEqual(7.5);
      }),
    );
  });
});

describe('usageTotals', () => {
  const rows = [
    { date: '2025-03-02', minutes: 67, count: 2 },
    { date: '2025-03-02', minutes: 30, count: 1 },
    { date: '2025-03-03', minutes: 7, count: 1 },
  ];
  it('hours are exact minutes / 60', () => {
    const totals = usageTotals('hours', rows);
    expect(totals.total).toBeCloseTo((67 * 2 + 30 + 7) / 60, 9);
    expect(segmentUnits('hours', 90)).toBe(1.5);
  });
  it('15-minute units round each segment', () => {
    const totals = usageTotals('units_15min', rows);
    expect(totals.total).toBe(4 * 2 + 2 + 0);
    expect(totals.byDate.get('2025-03-02')).toBe(10);
  });
  it('days count distinct service dates', () => {
    expect(usageTotals('days', rows).total).toBe(2);
  });
  it('miles are 0 with a note', () => {
    const totals = usageTotals('miles', rows);
    expect(totals.total).toBe(0);
    expect(totals.note).toMatch(/not recorded/);
  });
});

describe('budgetStatus', () => {
  const line = { effectiveDate: '2025-01-01', expirationDate: '2025-12-31' };
  const even = (days: number, perDay: number) =>
    new Map(Array.from({ length: days }, (_, i) => [`2025-01-${String(i + 1).padStart(2, '0')}`, perDay]));

  it('projects the current pace to the end of the term', () => {
    const status = budgetStatus({
      ...line,
      authorized: 1000,
      used: 100,
      byDate: even(10, 10),
      asOf: '2025-01-10',
    });
    expect(status).toMatchObject({ termDays: 365, elapsedDays: 10, remaining: 900, serviceDays: 10 });
    expect(status.projected).toBeCloseTo(3650, 6);
    expect(status.flags).toEqual(['projected_overage']);
  });
  it('flags an overage (not also projected) when used > authorized', () => {
    const status = budgetStatus({
      ...line,
      authorized: 50,
      used: 100,
      byDate: even(10, 10),
      asOf: '2025-01-10',
    });
    expect(status.flags).toEqual(['overage']);
    expect(status.remaining).toBe(-50);
  });
  it('is quiet at an even pace within the budget', () => {
    const status = budgetStatus({
      ...line,
      authorized: 4000,
      used: 100,
      byDate: even(10, 10),
      asOf: '2025-01-10',
    });
    expect(status.flags).toEqual([]);
  });
  it('flags bunching when the busiest 20 % of days hold more than half', () => {
    const byDate = even(10, 1);
    byDate.set('2025-01-01', 40);
    byDate.set('2025-01-02', 40);
    const status = budgetStatus({ ...line, authorized: 10_000, used: 88, byDate, asOf: '2025-01-10' });
    expect(status.busiestDaysShare).toBeCloseTo(80 / 88, 9);
    expect(status.flags).toEqual(['bunching']);
    // Fewer than 5 service days: no judgement.
    const few = new Map([['2025-01-01', 40]]);
    expect(
      budgetStatus({ ...line, authorized: 10_000, used: 40, byDate: few, asOf: '2025-01-10' }).flags,
    ).toEqual([]);
  });
  it('handles before-the-term and after-the-term dates and open-ended lines', () => {
    expect(
      budgetStatus({ ...line, authorized: 10, used: 0, byDate: new Map(), asOf: '2024-12-01' }),
    ).toMatchObject({
      elapsedDays: 0,
      projected: 0,
      flags: [],
    });
    const after = budgetStatus({ ...line, authorized: 10, used: 8, byDate: even(8, 1), asOf: '2026-03-01' });
    expect(after).toMatchObject({ elapsedDays: 365, projected: 8 });
    expect(termEndOf({ effectiveDate: '2025-03-01', expirationDate: null })).toBe('2026-02-28');
  });
  it('property: the busiest-days share is between the even share and 1', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 60 }), (values) => {
        const share = busiestDaysShare(new Map(values.map((v, i) => [String(i), v])));
        expect(share).toBeLessThanOrEqual(1 + 1e-9);
        expect(share).toBeGreaterThanOrEqual(Math.ceil(values.length * 0.2) / values.length - 1e-9);
      }),
    );
  });
});

describe('comparisonWindow (issue 16: budget terms mean what they say)', () => {
  const line = { effectiveDate: '2025-01-15', expirationDate: '2025-12-31' };
  it('is the whole term unless the term says monthly', () => {
    for (const term of [null, '', 'Plan year', 'Annual', 'March 2025'])
      expect(comparisonWindow({ ...line, term }, '2025-03-10')).toEqual({
        period: 'term',
        from: '2025-01-15',
        to: '2025-12-31',
      });
  });
  it('is the as-of month, clipped to the term, for a monthly line', () => {
    for (const term of ['Monthly', 'per month', 'MONTH', '20 h/mo', 'hrs per mo.'])
      expect(comparisonWindow({ ...line, term }, '2025-03-10')).toEqual({
        period: 'month',
        from: '2025-03-01',
        to: '2025-03-31',
      });
    expect(comparisonWindow({ ...line, term: 'Monthly' }, '2025-01-20')).toMatchObject({
      from: '2025-01-15',
    });
    expect(
      comparisonWindow(
        { effectiveDate: '2025-01-01', expirationDate: '2025-02-10', term: 'Monthly' },
        '2025-02-05',
      ),
    ).toMatchObject({ from: '2025-02-01', to: '2025-02-10' });
  });
});
