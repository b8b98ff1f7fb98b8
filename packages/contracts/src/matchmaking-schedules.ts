/**
 * Schedules of matchmaking listings (issue 21 "Schedules"; spec s.3 CaregiverSchedule, ClientSchedule; decision
 * 0056): a weekly grid on 15-minute marks and the free text it was made from. The schedule maker parses the text in
 * the browser (`parseSchedulePrompt`, shown for confirmation), the person adjusts the grid and saves both; the API
 * checks the grid again and never re-parses it silently.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idParams, text } from './common.ts';
import {
  SCHEDULE_PROMPT_MAX_CHARS,
  SCHEDULE_RANGES_PER_DAY_MAX,
  firstOverlap,
  isSlotTime,
  minutesOf,
  weekDays,
  type WeekDay,
} from './schedule-prompt.ts';

const slotTime = (allowEndOfDay: boolean) =>
  text().refine((value) => isSlotTime(value, allowEndOfDay), {
    message: allowEndOfDay
      ? 'must be HH:mm on a 15-minute mark (00:15–24:00)'
      : 'must be HH:mm on a 15-minute mark (00:00–23:45)',
  });

/** One range of a day: `start` before `end`, both on 15-minute marks. */
export const timeRangeInput = z
  .object({ start: slotTime(false), end: slotTime(true) })
  .refine((range) => (minutesOf(range.start) ?? 0) < (minutesOf(range.end) ?? 0), {
    message: 'start must be before end',
    path: ['end'],
  });

const dayRanges = z
  .array(timeRangeInput)
  .max(SCHEDULE_RANGES_PER_DAY_MAX, { message: `must be at most ${SCHEDULE_RANGES_PER_DAY_MAX} ranges` })
  .superRefine((ranges, context) => {
    const overlap = firstOverlap(ranges);
    if (overlap) {
      const [a, b] = overlap;
      context.addIssue({
        code: 'custom',
        message: `${a.start}–${a.end} overlaps ${b.start}–${b.end}`,
        path: [ranges.indexOf(b)],
      });
    }
  });

/** A weekly grid as sent: only the seven day names, each a list of ranges that do not overlap. */
export const weeklyScheduleInput = z.strictObject(
  Object.fromEntries(weekDays.map((day) => [day, dayRanges.optional()])) as Record<
    WeekDay,
    z.ZodOptional<typeof dayRanges>
  >,
);

const timeRange = z.object({ start: z.string(), end: z.string() });
/** A weekly grid as answered (days in week order, ranges sorted and merged). */
export const weeklySchedule = z.object(
  Object.fromEntries(weekDays.map((day) => [day, z.array(timeRange).optional()])) as Record<
    WeekDay,
    z.ZodOptional<z.ZodArray<typeof timeRange>>
  >,
);

/** `PUT …/schedule`. */
export const scheduleInput = z.object({
  schedule: weeklyScheduleInput,
  schedulePrompt: text()
    .trim()
    .max(SCHEDULE_PROMPT_MAX_CHARS, { message: `must be at most ${SCHEDULE_PROMPT_MAX_CHARS} characters` })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ScheduleInput = z.input<typeof scheduleInput>;

/** A listing's schedule (empty grid and null prompt when none was saved yet). */
export const listingSchedule = z.object({
  listingId: z.uuid(),
  schedule: weeklySchedule,
  schedulePrompt: z.string().nullable(),
  /** Minutes per week the grid covers. */
  weeklyMinutes: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ListingSchedule = z.infer<typeof listingSchedule>;

export const matchmakingScheduleEndpoints = {
  getClientSchedule: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/clients/:id/schedule',
    params: idParams,
    response: { 200: listingSchedule },
  }),
  saveClientSchedule: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/clients/:id/schedule',
    params: idParams,
    body: scheduleInput,
    response: { 200: listingSchedule },
  }),
  getOwnCaregiverSchedule: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/caregivers/me/schedule',
    response: { 200: listingSchedule },
  }),
  saveOwnCaregiverSchedule: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/caregivers/me/schedule',
    body: scheduleInput,
    response: { 200: listingSchedule },
  }),
};
