import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findOverlaps,
  hoursByWeek,
  isWeekName,
  workweekOf,
  workweeksBetween,
  type WorkInterval,
} from './workweek.ts';

const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);
const interval = (shiftId: string, start: string, end: string, caregiverId = 'cg-1'): WorkInterval => ({
  shiftId,
  caregiverId,
  start: at(start),
  end: at(end),
});

describe('workweekOf', () => {
  it('starts at local midnight of the configured day', () => {
    // Wednesday 2025-03-05 10:00 PST.
    const week = workweekOf(at('2025-03-05T18:00:00Z'), 'sunday', LA);
    expect(week.weekName).toBe('2025-03-02');
    expect(week.start.toISOString()).toBe('2025-03-02T08:00:00.000Z');
    const monday = workweekOf(at('2025-03-05T18:00:00Z'), 'monday', LA);
    expect(monday.weekName).toBe('2025-03-03');
    // The start day itself belongs to its own week; local dates work too.
    expect(workweekOf('2025-03-02', 'sunday', LA).weekName).toBe('2025-03-02');
    expect(workweekOf('2025-03-01', 'sunday', LA).weekName).toBe('2025-02-23');
  });

  it('gives DST weeks their real length (167 h in spring, 169 h in autumn)', () => {
    const spring = workweekOf('2025-03-10', 'sunday', LA);
    expect(spring.weekName).toBe('2025-03-09');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(167);
    const autumn = workweekOf('2025-11-03', 'sunday', LA);
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(169);
  });

  it('rejects an unknown zone', () => {
    expect(() => workweekOf('2025-03-02', 'sunday', 'Nowhere/Land')).toThrow(RangeError);
  });
});

describe('workweeksBetween and isWeekName', () => {
  it('lists every week touching the range', () => {
    const weeks = workweeksBetween('2025-03-01', '2025-03-16', 'sunday', LA);
    expect(weeks.map((w) => w.weekName)).toEqual(['2025-02-23', '2025-03-02', '2025-03-09', '2025-03-16']);
    for (let i = 1; i < weeks.length; i += 1) expect(weeks[i]?.start).toEqual(weeks[i - 1]?.end);
  });
  it('knows a week name', () => {
    expect(isWeekName('2025-03-02', 'sunday', LA)).toBe(true);
    expect(isWeekName('2025-03-03', 'sunday', LA)).toBe(false);
    expect(isWeekName('2025-03-03', 'monday', LA)).toBe(true);
    expect(isWeekName('2025-02-30', 'sunday', LA)).toBe(false);
  });
});

describe('hoursByWeek', () => {
  const weeks = workweeksBetween('2025-03-02', '2025-03-15', 'sunday', LA);

  it('adds hours per caregiver and week with overtime beyond 40', () => {
    // Five 9-hour days Monday..Friday (PST = UTC−8): 45 h.
    const days = ['03', '04', '05', '06', '07'].map((d, i) =>
      interval(`s${i}`, `2025-03-${d}T16:00:00Z`, `2025-03-${d}T23:00:00Z`),
    );
    days.push(interval('s9', '2025-03-04T00:00:00Z', '2025-03-04T02:00:00Z', 'cg-2'));
    const result = hoursByWeek(
      days.map((d) =>
        d.caregiverId === 'cg-1' ? { ...d, end: new Date(d.end.getTime() + 2 * 3_600_000) } : d,
      ),
      weeks,
    );
    const cg1 = result.find((r) => r.caregiverId === 'cg-1');
    expect(cg1).toMatchObject({ weekName: '2025-03-02', hours: 45, overtimeHours: 5 });
    expect(cg1?.shiftIds).toHaveLength(5);
    expect(result.find((r) => r.caregiverId === 'cg-2')).toMatchObject({ hours: 2, overtimeHours: 0 });
  });

  it('splits a shift at the week boundary (Saturday 22:00 → Sunday 06:00 local)', () => {
    const result = hoursByWeek([interval('n', '2025-03-09T06:00:00Z', '2025-03-09T13:00:00Z')], weeks);
    // Saturday 2025-03-08 22:00 PST → Sunday 2025-03-09 06:00 PDT (spring forward): 2 h + 5 h.
    expect(result.map((r) => [r.weekName, r.hours])).toEqual([
      ['2025-03-02', 2],
      ['2025-03-09', 5],
    ]);
  });

  it('lists overlapping shifts of one caregiver in the week the overlap starts', () => {
    const result = hoursByWeek(
      [
        interval('a', '2025-03-04T16:00:00Z', '2025-03-04T20:00:00Z'),
        interval('b', '2025-03-04T19:00:00Z', '2025-03-04T22:00:00Z'),
        interval('c', '2025-03-04T22:00:00Z', '2025-03-04T23:00:00Z'),
        interval('x', '2025-03-04T19:00:00Z', '2025-03-04T22:00:00Z', 'cg-2'),
      ],
      weeks,
    );
    const cg1 = result.find((r) => r.caregiverId === 'cg-1');
    expect(cg1?.overlaps).toEqual([
      {
        shiftId: 'a',
        otherShiftId: 'b',
        start: '2025-03-04T19:00:00.000Z',
        end: '2025-03-04T20:00:00.000Z',
        minutes: 60,
      },
    ]);
    expect(cg1?.hours).toBe(8);
    expect(result.find((r) => r.caregiverId === 'cg-2')?.overlaps).toEqual([]);
  });

  it('ignores time outside the weeks and empty or reversed intervals', () => {
    expect(
      hoursByWeek(
        [
          interval('old', '2025-01-01T16:00:00Z', '2025-01-01T20:00:00Z'),
          interval('rev', '2025-03-04T20:00:00Z', '2025-03-04T16:00:00Z'),
        ],
        weeks,
      ),
    ).toEqual([]);
    expect(hoursByWeek([], [])).toEqual([]);
  });

  it('property: week hours add up to the clipped interval lengths, whatever the split', () => {
    const range = workweeksBetween('2025-01-01', '2025-12-31', 'monday', LA);
    const startMs = range[0]?.start.getTime() ?? 0;
    const endMs = range.at(-1)?.end.getTime() ?? 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offset: fc.integer({ min: -3 * 86_400_000, max: 370 * 86_400_000 }),
            length: fc.integer({ min: 0, max: 30 * 3_600_000 }),
            caregiver: fc.constantFrom('a', 'b'),
          }),
          { maxLength: 40 },
        ),
        (rows) => {
          const intervals = rows.map((row, i) => ({
            shiftId: `s${i}`,
            caregiverId: row.caregiver,
            start: new Date(startMs + row.offset),
            end: new Date(startMs + row.offset + row.length),
          }));
          const expected = intervals.reduce(
            (sum, i) =>
              sum +
              Math.max(0, Math.min(i.end.getTime(), endMs) - Math.max(i.start.getTime(), startMs)) /
                3_600_000,
            0,
          );
          const weeksOut = hoursByWeek(intervals, range);
          const total = weeksOut.reduce((sum, w) => sum + w.hours, 0);
          expect(total).toBeCloseTo(expected, 6);
          for (const w of weeksOut) {
            expect(w.hours).toBeGreaterThan(0);
            expect(w.overtimeHours).toBeCloseTo(Math.max(0, w.hours - 40), 9);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('findOverlaps', () => {
  it('does not count touching shifts and reports each pair once', () => {
    const pairs = findOverlaps([
      interval('a', '2025-03-04T16:00:00Z', '2025-03-04T20:00:00Z'),
      interval('b', '2025-03-04T20:00:00Z', '2025-03-04T22:00:00Z'),
      interval('c', '2025-03-04T17:00:00Z', '2025-03-04T21:00:00Z'),
    ]);
    expect(pairs.map((p) => [p.shiftId, p.otherShiftId, p.minutes])).toEqual([
      ['a', 'c', 180],
      ['c', 'b', 60],
    ]);
  });
});
