/**
 * The schedule-prompt parser and grid helpers (issue 21 "Schedules"; decision 0056): English and Spanish phrases,
 * the notes a weekly grid needs (alternate weeks, rounding, every day), the words not understood, and properties
 * over any input: 15-minute marks, sorted ranges that never overlap, determinism.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  firstOverlap,
  isSlotTime,
  mergeRanges,
  minutesOf,
  normalizeSchedule,
  parseSchedulePrompt,
  scheduleMinutes,
  slotTimes,
  weekDays,
  type WeeklyGrid,
} from './schedule-prompt.ts';
import { weeklyScheduleInput } from './matchmaking-schedules.ts';

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
const each = (days: readonly string[], start: string, end: string) =>
  Object.fromEntries(days.map((day) => [day, [{ start, end }]]));

describe('parseSchedulePrompt', () => {
  it('reads the issue example: weekdays after 3, every other Saturday morning (alternate weeks kept as a note)', () => {
    const parsed = parseSchedulePrompt('weekdays after 3, every other Saturday morning');
    expect(parsed.schedule).toEqual({
      ...each(weekdays, '15:00', '22:00'),
      saturday: [{ start: '06:00', end: '12:00' }],
    });
    expect(parsed.notes).toEqual([
      { kind: 'alternateWeeks', days: ['saturday'], words: 'every other Saturday morning' },
    ]);
    expect(parsed.notUnderstood).toEqual([]);
  });

  it.each([
    ['lunes a viernes después de las 3', each(weekdays, '15:00', '22:00')],
    ['fines de semana por la mañana', each(['saturday', 'sunday'], '06:00', '12:00')],
    ['de lunes a viernes de 9 a 5', each(weekdays, '09:00', '17:00')],
    ['los martes entre las 9 y las 5', each(['tuesday'], '09:00', '17:00')],
    ['sábados y domingos todo el día', each(['saturday', 'sunday'], '06:00', '22:00')],
    ['miércoles por la tarde', each(['wednesday'], '12:00', '17:00')],
    ['jueves antes del mediodía', each(['thursday'], '06:00', '12:00')],
    ['viernes de 8 de la mañana a 2 de la tarde', each(['friday'], '08:00', '14:00')],
  ])('reads Spanish: %s', (prompt, schedule) => {
    const parsed = parseSchedulePrompt(prompt);
    expect(parsed.schedule).toEqual(schedule);
    expect(parsed.notUnderstood).toEqual([]);
  });

  it.each([
    ['Monday and Wednesday 9am to 1:30pm', each(['monday', 'wednesday'], '09:00', '13:30')],
    ['mon-fri 9-5', each(weekdays, '09:00', '17:00')],
    ['before noon on weekends', each(['saturday', 'sunday'], '06:00', '12:00')],
    ['Tuesday evenings', each(['tuesday'], '17:00', '21:00')],
    ['Thursday nights', each(['thursday'], '21:00', '24:00')],
    ['Friday 7-3', each(['friday'], '07:00', '15:00')],
    ['Saturday 1-5pm', each(['saturday'], '13:00', '17:00')],
    ['Sunday 9 to 1:30pm', each(['sunday'], '09:00', '13:30')],
    ['Monday 15:00-19:30', each(['monday'], '15:00', '19:30')],
    ['Tuesdays afternoons after 3', each(['tuesday'], '15:00', '17:00')],
    ['weekends all day', each(['saturday', 'sunday'], '06:00', '22:00')],
    ['Friday after 9pm', each(['friday'], '21:00', '24:00')],
    [
      'monday through thursday from 10 until 2',
      each(['monday', 'tuesday', 'wednesday', 'thursday'], '10:00', '14:00'),
    ],
  ])('reads English: %s', (prompt, schedule) => {
    const parsed = parseSchedulePrompt(prompt);
    expect(parsed.schedule).toEqual(schedule);
    expect(parsed.notUnderstood).toEqual([]);
  });

  it('keeps the days of a clause for times without days, and takes "except" days off the whole chain', () => {
    const parsed = parseSchedulePrompt('weekdays 9-12 and 2-5, except Wednesday');
    const both = [
      { start: '09:00', end: '12:00' },
      { start: '14:00', end: '17:00' },
    ];
    expect(parsed.schedule).toEqual({ monday: both, tuesday: both, thursday: both, friday: both });
  });

  it('gives days said without times to the next times ("Monday and Tuesday mornings")', () => {
    expect(parseSchedulePrompt('Monday and Tuesday mornings').schedule).toEqual(
      each(['monday', 'tuesday'], '06:00', '12:00'),
    );
    expect(parseSchedulePrompt('Monday 9-5 and Saturday').schedule).toEqual({
      monday: [{ start: '09:00', end: '17:00' }],
      saturday: [{ start: '06:00', end: '22:00' }],
    });
  });

  it('carries a range past midnight into the next day (Sunday night wraps to Monday)', () => {
    expect(parseSchedulePrompt('sundays 10pm to 6am').schedule).toEqual({
      sunday: [{ start: '22:00', end: '24:00' }],
      monday: [{ start: '00:00', end: '06:00' }],
    });
    expect(parseSchedulePrompt('friday overnight').schedule).toEqual({
      friday: [{ start: '22:00', end: '24:00' }],
      saturday: [{ start: '00:00', end: '06:00' }],
    });
  });

  it('puts times without days on every day and says so', () => {
    const parsed = parseSchedulePrompt('9-5');
    expect(Object.keys(parsed.schedule)).toEqual([...weekDays]);
    expect(parsed.notes).toEqual([{ kind: 'everyDay', words: '9-5' }]);
  });

  it('widens times off a 15-minute mark and says so', () => {
    const parsed = parseSchedulePrompt('Monday 9:10-11:50');
    expect(parsed.schedule).toEqual({ monday: [{ start: '09:00', end: '12:00' }] });
    expect(parsed.notes).toEqual([{ kind: 'rounded', words: '9:10-11:50' }]);
  });

  it('returns the words it did not understand, word for word and in order', () => {
    const parsed = parseSchedulePrompt('Tuesdays around lunch time, Fridays 9-11 except holidays @home');
    expect(parsed.schedule).toEqual({
      friday: [{ start: '09:00', end: '11:00' }],
      tuesday: [{ start: '06:00', end: '22:00' }],
    });
    expect(parsed.notUnderstood).toEqual(['lunch time', 'holidays @home']);
  });

  it('says every other week in Spanish too ("cada dos sábados")', () => {
    const parsed = parseSchedulePrompt('cada dos sábados por la mañana');
    expect(parsed.notes).toEqual([
      { kind: 'alternateWeeks', days: ['saturday'], words: 'cada dos sábados por la mañana' },
    ]);
  });

  it('answers an empty grid for an empty text', () => {
    expect(parseSchedulePrompt('   ')).toEqual({ schedule: {}, notes: [], notUnderstood: [] });
  });
});

const words = [
  'weekdays', 'weekends', 'monday', 'friday', 'sábado', 'lunes', 'a', 'viernes', 'after', 'before', 'noon',
  'morning', 'evenings', 'nights', 'overnight', 'every', 'other', 'except', 'and', 'y', 'to', '-', ',', '9', '3',
  '12', '10pm', '6am', '1:30pm', '9:10', 'de', 'las', 'todo', 'el', 'día', 'banana', 'midnight', 'por', 'la',
  'mañana', 'tarde', '23:59', '0', '24',
]; // prettier-ignore
const sentence = fc.array(fc.constantFrom(...words), { maxLength: 14 }).map((parts) => parts.join(' '));

describe('parser properties', () => {
  it('always answers ranges on 15-minute marks, sorted, never overlapping, inside the day, and valid input', () => {
    fc.assert(
      fc.property(fc.oneof(sentence, fc.string({ maxLength: 60 })), (prompt) => {
        const { schedule } = parseSchedulePrompt(prompt);
        for (const day of Object.keys(schedule)) expect(weekDays).toContain(day);
        for (const day of weekDays) {
          const ranges = schedule[day] ?? [];
          for (const range of ranges) {
            expect(isSlotTime(range.start)).toBe(true);
            expect(isSlotTime(range.end, true)).toBe(true);
            expect(minutesOf(range.start) as number).toBeLessThan(minutesOf(range.end) as number);
          }
          for (let i = 1; i < ranges.length; i += 1)
            expect(minutesOf(ranges[i]?.start as string) as number).toBeGreaterThan(
              minutesOf(ranges[i - 1]?.end as string) as number,
            );
        }
        expect(weeklyScheduleInput.safeParse(schedule).success).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('is deterministic, and every word is either used or reported', () => {
    fc.assert(
      fc.property(sentence, (prompt) => {
        const first = parseSchedulePrompt(prompt);
        expect(parseSchedulePrompt(prompt)).toEqual(first);
        for (const words of first.notUnderstood) expect(prompt).toContain(words);
      }),
      { numRuns: 200 },
    );
  });
});

const slotTime = fc.constantFrom(...slotTimes);
const rangeArb = fc
  .tuple(slotTime, slotTime)
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => (a < b ? { start: a, end: b } : { start: b, end: a }));

describe('grid helpers', () => {
  it('mergeRanges keeps the minutes covered and leaves no overlap', () => {
    fc.assert(
      fc.property(fc.array(rangeArb, { maxLength: 8 }), (ranges) => {
        const merged = mergeRanges(ranges);
        expect(firstOverlap(merged)).toBeNull();
        const covered = (list: typeof ranges) => {
          const slots = new Set<number>();
          for (const range of list)
            for (let m = minutesOf(range.start) as number; m < (minutesOf(range.end) as number); m += 15)
              slots.add(m);
          return slots;
        };
        expect(covered(merged)).toEqual(covered(ranges));
        expect(mergeRanges(merged)).toEqual(merged);
      }),
    );
  });

  it('normalizeSchedule orders days and drops empty ones; scheduleMinutes adds the ranges up', () => {
    const grid: WeeklyGrid = {
      sunday: [{ start: '10:00', end: '11:00' }],
      monday: [],
      friday: [{ start: '09:00', end: '09:15' }],
    };
    expect(Object.keys(normalizeSchedule(grid))).toEqual(['friday', 'sunday']);
    expect(scheduleMinutes(grid)).toBe(75);
  });
});

describe('weeklyScheduleInput', () => {
  it('refuses overlaps naming the day and the range, off-mark times, reversed ranges and unknown days', () => {
    const overlap = weeklyScheduleInput.safeParse({
      tuesday: [
        { start: '09:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
      ],
    });
    expect(overlap.success).toBe(false);
    expect(overlap.error?.issues[0]).toMatchObject({
      path: ['tuesday', 1],
      message: '09:00–12:00 overlaps 11:00–13:00',
    });
    const offMark = weeklyScheduleInput.safeParse({ monday: [{ start: '09:10', end: '10:00' }] });
    expect(offMark.error?.issues[0]?.path).toEqual(['monday', 0, 'start']);
    const reversed = weeklyScheduleInput.safeParse({ monday: [{ start: '10:00', end: '09:00' }] });
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['monday', 0, 'end'],
      message: 'start must be before end',
    });
    expect(weeklyScheduleInput.safeParse({ funday: [] }).success).toBe(false);
    expect(weeklyScheduleInput.safeParse({ monday: [{ start: '22:00', end: '24:00' }] }).success).toBe(true);
    expect(weeklyScheduleInput.safeParse({ monday: [{ start: '24:00', end: '24:00' }] }).success).toBe(false);
  });
});
