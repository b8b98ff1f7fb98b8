import { describe, expect, it } from 'vitest';
import {
  defaultPayPeriodSettings,
  isPayPeriodStart,
  payPeriodOf,
  payPeriodsOverlapping,
  recentPayPeriods,
  shiftPayPeriod,
  weekdayOf,
} from './pay-period.ts';

const LA = 'America/Los_Angeles';
const biweekly = { frequency: 'biweekly', anchorDate: '2025-01-05' } as const;
const weekly = { frequency: 'weekly', anchorDate: '2025-01-06' } as const;
const hoursOf = (period: { startsAt: string; endsAt: string }) =>
  (Date.parse(period.endsAt) - Date.parse(period.startsAt)) / 3_600_000;

describe('payPeriodOf', () => {
  it('finds the biweekly period from the anchor, forwards and backwards', () => {
    expect(payPeriodOf('2025-01-05', biweekly, LA)).toMatchObject({ start: '2025-01-05', end: '2025-01-18' });
    expect(payPeriodOf('2025-01-18', biweekly, LA).start).toBe('2025-01-05');
    expect(payPeriodOf('2025-01-19', biweekly, LA).start).toBe('2025-01-19');
    // Before the anchor: periods repeat backwards.
    expect(payPeriodOf('2025-01-04', biweekly, LA)).toMatchObject({ start: '2024-12-22', end: '2025-01-04' });
  });

  it('finds the weekly period and its local-midnight instants', () => {
    const period = payPeriodOf('2025-03-05', weekly, LA);
    expect(period).toEqual({
      start: '2025-03-03',
      end: '2025-03-09',
      startsAt: '2025-03-03T08:00:00.000Z',
      endsAt: '2025-03-10T07:00:00.000Z',
    });
  });

  it('gives a period holding a DST change its real length', () => {
    // Spring forward 2025-03-09: the biweekly period 2025-03-02..03-15 lasts 335 h.
    const spring = payPeriodOf('2025-03-09', biweekly, LA);
    expect(spring).toMatchObject({ start: '2025-03-02', end: '2025-03-15' });
    expect(spring.startsAt).toBe('2025-03-02T08:00:00.000Z');
    expect(spring.endsAt).toBe('2025-03-16T07:00:00.000Z');
    expect(hoursOf(spring)).toBe(335);
    // Fall back 2025-11-02: 337 h.
    const autumn = payPeriodOf('2025-11-02', biweekly, LA);
    expect(autumn.start).toBe('2025-10-26');
    expect(hoursOf(autumn)).toBe(337);
    // Days never shift: a period after DST still starts on the anchor's weekday.
    expect(weekdayOf(payPeriodOf('2025-06-01', biweekly, LA).start)).toBe('sunday');
  });

  it('crosses the year boundary', () => {
    const period = payPeriodOf('2026-01-01', biweekly, LA);
    expect(period).toMatchObject({ start: '2025-12-21', end: '2026-01-03' });
    expect(payPeriodOf('2026-01-04', biweekly, LA).start).toBe('2026-01-04');
    expect(payPeriodOf('2024-12-31', weekly, LA)).toMatchObject({ start: '2024-12-30', end: '2025-01-05' });
    // A leap day inside a period.
    expect(payPeriodOf('2028-02-29', weekly, LA).end).toBe('2028-03-05');
  });

  it('rejects invalid dates and zones', () => {
    expect(() => payPeriodOf('2025-02-30', biweekly, LA)).toThrow(RangeError);
    expect(() => payPeriodOf('2025-03-01', { ...biweekly, anchorDate: 'soon' }, LA)).toThrow(/anchorDate/);
    expect(() => payPeriodOf('2025-03-01', biweekly, 'Nowhere/Land')).toThrow(RangeError);
  });
});

describe('period lists and starts', () => {
  it('lists recent periods newest first, contiguous, across the year', () => {
    const periods = recentPayPeriods('2026-01-10', biweekly, LA, 4);
    expect(periods.map((p) => p.start)).toEqual(['2026-01-04', '2025-12-21', '2025-12-07', '2025-11-23']);
    for (let i = 1; i < periods.length; i += 1) expect(periods[i]?.endsAt).toBe(periods[i - 1]?.startsAt);
  });

  it('steps to the previous and next period', () => {
    const period = payPeriodOf('2025-12-25', biweekly, LA);
    expect(shiftPayPeriod(period, 1, biweekly, LA).start).toBe('2026-01-04');
    expect(shiftPayPeriod(period, -1, biweekly, LA).start).toBe('2025-12-07');
  });

  it('knows a period start', () => {
    expect(isPayPeriodStart('2025-01-19', biweekly, LA)).toBe(true);
    expect(isPayPeriodStart('2025-01-12', biweekly, LA)).toBe(false);
    expect(isPayPeriodStart('2025-01-13', weekly, LA)).toBe(true);
  });

  it('defaults to biweekly from a Sunday, or from the configured workweek start', () => {
    expect(defaultPayPeriodSettings('sunday')).toEqual({ frequency: 'biweekly', anchorDate: '2025-01-05' });
    const monday = defaultPayPeriodSettings('monday');
    expect(monday.anchorDate).toBe('2025-01-06');
    expect(weekdayOf(monday.anchorDate)).toBe('monday');
    expect(weekdayOf(defaultPayPeriodSettings('saturday').anchorDate)).toBe('saturday');
  });
});

describe('payPeriodsOverlapping', () => {
  it('lists every period touching the dates, whole, oldest first', () => {
    const periods = payPeriodsOverlapping('2025-03-01', '2025-03-31', biweekly, LA);
    expect(periods.map((p) => [p.start, p.end])).toEqual([
      ['2025-02-16', '2025-03-01'],
      ['2025-03-02', '2025-03-15'],
      ['2025-03-16', '2025-03-29'],
      ['2025-03-30', '2025-04-12'],
    ]);
  });

  it('gives one period for dates inside it, and one more when the last date starts the next', () => {
    expect(payPeriodsOverlapping('2025-03-03', '2025-03-14', biweekly, LA).map((p) => p.start)).toEqual([
      '2025-03-02',
    ]);
    expect(payPeriodsOverlapping('2025-03-15', '2025-03-16', biweekly, LA).map((p) => p.start)).toEqual([
      '2025-03-02',
      '2025-03-16',
    ]);
  });
});
