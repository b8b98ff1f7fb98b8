/** Profile-reminder timing and the throttle window (pure; decision 0060). */
import { describe, expect, it } from 'vitest';
import { nextReminderAt, reminderDue } from './reminder-schedule.ts';
import { windowOpen } from './throttle.ts';

const found = new Date('2026-11-01T10:00:00Z');
const day = (n: number) => new Date(found.getTime() + n * 24 * 3600_000);

describe('nextReminderAt', () => {
  it('counts each reminder from when the issue was found, then stops', () => {
    expect(nextReminderAt(found, [1, 3, 7], 0)).toEqual(day(1));
    expect(nextReminderAt(found, [1, 3, 7], 1)).toEqual(day(3));
    expect(nextReminderAt(found, [1, 3, 7], 2)).toEqual(day(7));
    expect(nextReminderAt(found, [1, 3, 7], 3)).toBeNull();
  });
  it('reads a schedule out of order sorted, negative days as 0, and an empty one as none', () => {
    expect(nextReminderAt(found, [7, 1], 0)).toEqual(day(1));
    expect(nextReminderAt(found, [-2], 0)).toEqual(found);
    expect(nextReminderAt(found, [], 0)).toBeNull();
  });
});

describe('reminderDue', () => {
  it('is due at or after the time, never without one', () => {
    expect(reminderDue(day(1), day(1))).toBe(true);
    expect(reminderDue(day(1), day(0.5))).toBe(false);
    expect(reminderDue(null, day(9))).toBe(false);
  });
});

describe('windowOpen', () => {
  it('opens with no send yet, and again once the window has passed', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(windowOpen(null, now, 15)).toBe(true);
    expect(windowOpen(new Date(now.getTime() - 14 * 60_000), now, 15)).toBe(false);
    expect(windowOpen(new Date(now.getTime() - 15 * 60_000), now, 15)).toBe(true);
  });
});
