import { describe, expect, it } from 'vitest';
import { workweeksBetween } from '../hours/workweek.ts';
import { computePayroll, payrollTotals, type PaidSegment } from './payroll.ts';

const LA = 'America/Los_Angeles';
/** Biweekly period 2025-03-02..03-15 (two Sunday workweeks; DST starts 2025-03-09). */
const weeks = workweeksBetween('2025-03-02', '2025-03-15', 'sunday', LA);
const people = new Map([
  ['cg-a', { name: 'Alex', externalId: 'E-1' }],
  ['cg-b', { name: 'Blair', externalId: null }],
]);
const segment = (
  id: string,
  start: string,
  end: string,
  caregiverId = 'cg-a',
  version = false,
): PaidSegment => ({
  segmentId: id,
  caregiverId,
  start: new Date(start),
  end: new Date(end),
  hasPayrollVersion: version,
});
/** Five 9-hour days (45 h) Monday..Friday of the week starting `sunday` (PST, UTC-8). */
const fortyFive = (prefix: string, days: number[]) =>
  days.map((d) =>
    segment(
      `${prefix}-${d}`,
      `2025-03-${String(d).padStart(2, '0')}T17:00:00Z`,
      `2025-03-${String(d + 1).padStart(2, '0')}T02:00:00Z`,
    ),
  );

describe('computePayroll', () => {
  it('computes overtime per workweek, not over the whole biweekly period', () => {
    // Week 1: 45 h (5 h overtime). Week 2: 30 h. Period: 75 h, but only 5 h overtime (not 35).
    const week1 = fortyFive('w1', [3, 4, 5, 6, 7]);
    const week2 = [10, 11, 12].map((d) =>
      segment(`w2-${d}`, `2025-03-${d}T16:00:00Z`, `2025-03-${d + 1}T02:00:00Z`),
    );
    const [row] = computePayroll([...week1, ...week2], [], weeks, people);
    expect(row).toMatchObject({
      caregiverName: 'Alex',
      externalId: 'E-1',
      regularHours: 70,
      overtimeHours: 5,
      totalPaidHours: 75,
      segmentCount: 8,
    });
    expect(row?.weeks).toEqual([
      { weekName: '2025-03-02', hours: 45, regularHours: 40, overtimeHours: 5 },
      { weekName: '2025-03-09', hours: 30, regularHours: 30, overtimeHours: 0 },
    ]);
  });

  it('splits a segment at the week and period bounds', () => {
    // Saturday 2025-03-08 20:00 PST → Sunday 05:00 PDT (DST starts at 02:00): 4 real hours in each week.
    const overnight = segment('night', '2025-03-09T04:00:00Z', '2025-03-09T12:00:00Z');
    // Starts before the period (Saturday 2025-03-01 22:00 PST): only the 2 h after midnight count.
    const before = segment('before', '2025-03-02T06:00:00Z', '2025-03-02T10:00:00Z');
    const [row] = computePayroll([overnight, before], [], weeks, people);
    expect(row?.weeks.map((w) => [w.weekName, w.hours])).toEqual([
      ['2025-03-02', 6],
      ['2025-03-09', 4],
    ]);
    expect(row?.regularHours).toBe(10);
  });

  it('adds adjustments after the FLSA split, in their units', () => {
    const rows = computePayroll(
      fortyFive('w1', [3, 4, 5, 6, 7]),
      [
        { caregiverId: 'cg-a', adjustmentType: 'HOURS', adjustmentValue: 1.5 },
        { caregiverId: 'cg-a', adjustmentType: 'MILEAGE', adjustmentValue: 12.25 },
        { caregiverId: 'cg-a', adjustmentType: 'AMOUNT', adjustmentValue: 2550 },
        { caregiverId: 'cg-a', adjustmentType: 'AMOUNT', adjustmentValue: -50 },
        // Only an adjustment: the caregiver still gets a row.
        { caregiverId: 'cg-b', adjustmentType: 'MILEAGE', adjustmentValue: 3 },
      ],
      weeks,
      people,
    );
    expect(rows.map((r) => r.caregiverName)).toEqual(['Alex', 'Blair']);
    expect(rows[0]).toMatchObject({
      regularHours: 40,
      overtimeHours: 5,
      hourAdjustments: 1.5,
      mileageMiles: 12.25,
      amountAdjustmentCents: 2500,
      totalPaidHours: 46.5,
      adjustmentCount: 4,
    });
    expect(rows[1]).toMatchObject({ regularHours: 0, segmentCount: 0, mileageMiles: 3, totalPaidHours: 0 });
    expect(payrollTotals(rows)).toEqual({
      caregivers: 2,
      regularHours: 40,
      overtimeHours: 5,
      hourAdjustments: 1.5,
      mileageMiles: 15.25,
      amountAdjustmentCents: 2500,
      totalPaidHours: 46.5,
      segmentCount: 5,
    });
  });

  it('rounds once so regular + overtime = total, and counts payroll versions', () => {
    // 40 h 20 min in week 1, as three pieces with thirds of a minute.
    const rows = computePayroll(
      [
        segment('a', '2025-03-03T08:00:00Z', '2025-03-03T21:26:40Z', 'cg-a', true),
        segment('b', '2025-03-04T08:00:00Z', '2025-03-04T21:26:40Z'),
        segment('c', '2025-03-05T08:00:00Z', '2025-03-05T21:26:40Z'),
      ],
      [],
      weeks,
      people,
    );
    expect(rows[0]).toMatchObject({ regularHours: 40, overtimeHours: 0.33, totalPaidHours: 40.33 });
    expect(rows[0]?.payrollVersionCount).toBe(1);
  });

  it('leaves out segments outside the period and caregivers without time or adjustments', () => {
    expect(
      computePayroll([segment('x', '2025-04-01T17:00:00Z', '2025-04-01T20:00:00Z')], [], weeks, people),
    ).toEqual([]);
  });
});
