/**
 * Caregiver hours per workweek (issue 5; spec s.3 ViolationHandling; DOMAIN.md "Overtime: more than
 * 40 hours in a workweek (FLSA)"). A workweek is a fixed, regularly recurring 168-hour period that
 * starts at midnight in the agency time zone on the configured day (`WORKWEEK_START`, 29 CFR 778.105);
 * DST weeks have their real length. A week is named by its first day (`2025-03-02`).
 */
import { z } from 'zod';
import { idParams, isoDate, optionalText } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Days a workweek may start on (config `WORKWEEK_START`). */
export const workweekStarts = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WorkweekStart = (typeof workweekStarts)[number];

/** FLSA overtime threshold: hours worked in one workweek beyond this are overtime (29 U.S.C. 207(a)). */
export const overtimeThresholdHours = 40;

/** Longest range the hours report covers in one request (a year and a bit: 53 workweeks). */
export const maxHoursRangeDays = 371;

/** Query flags as the URL carries them: `true`/`1` or `false`/`0`. */
const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/** `GET /api/caregiver-hours`: weeks intersecting [from, to] (defaults: the last 8 workweeks). */
export const caregiverHoursQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  caregiverId: z.uuid({ message: 'must be a valid id' }).optional(),
  /** Only weeks with overtime. */
  overtimeOnly: flag.optional(),
  /** Only weeks with a violation (overtime or overlapping shifts) not marked handled. */
  unhandledOnly: flag.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type CaregiverHoursQuery = z.infer<typeof caregiverHoursQuery>;

/** `GET /api/caregiver-hours/caregivers/:id`: one caregiver's weeks in [from, to] (defaults: the last 12). */
export const caregiverWeeksQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });
export type CaregiverWeeksQuery = z.infer<typeof caregiverWeeksQuery>;

/** Two shifts of one caregiver whose clock-in→clock-out intervals overlap. */
export const overlappingShifts = z.object({
  shiftId: z.uuid(),
  otherShiftId: z.uuid(),
  /** The overlap, ISO 8601 UTC. */
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  minutes: z.number(),
});
export type OverlappingShifts = z.infer<typeof overlappingShifts>;

/** An admin's handling of a caregiver's week (spec s.3 ViolationHandling). */
export const violationHandling = z.object({
  handled: z.boolean(),
  handledAt: z.iso.datetime({ offset: true }).nullable(),
  handledBy: z.uuid().nullable(),
  /** Full name or email of `handledBy`. */
  handledByName: z.string().nullable(),
  note: z.string().nullable(),
});
export type ViolationHandling = z.infer<typeof violationHandling>;

/** One caregiver's hours in one workweek. Hours are decimal hours rounded to 0.01. */
export const caregiverWeek = z.object({
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  /** First day of the week (agency time zone), the `ViolationHandling.weekName`. */
  weekName: isoDate,
  /** The week's bounds as instants (ISO 8601 UTC); end exclusive. */
  weekStart: z.iso.datetime({ offset: true }),
  weekEnd: z.iso.datetime({ offset: true }),
  hours: z.number(),
  overtimeHours: z.number(),
  /** Shifts with time in this week. */
  shiftCount: z.number().int(),
  overlaps: z.array(overlappingShifts),
  /** Overtime or overlapping shifts: something an admin should look at. */
  hasViolation: z.boolean(),
  handling: violationHandling.nullable(),
});
export type CaregiverWeek = z.infer<typeof caregiverWeek>;

/** The period and settings a report was computed with. */
const reportFrame = {
  from: isoDate,
  to: isoDate,
  workweekStart: z.enum(workweekStarts),
  timeZone: z.string(),
  overtimeThresholdHours: z.number(),
};

export const caregiverHoursPage = z.object({
  items: z.array(caregiverWeek),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...reportFrame,
  totals: z.object({
    weeks: z.number().int(),
    overtimeWeeks: z.number().int(),
    overlapWeeks: z.number().int(),
    unhandledWeeks: z.number().int(),
    hours: z.number(),
    overtimeHours: z.number(),
  }),
});
export type CaregiverHoursPage = z.infer<typeof caregiverHoursPage>;

/** One shift of the drill-down: its hours and the weeks it counts in. */
export const caregiverHoursShift = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  date: isoDate,
  evvInTime: z.iso.datetime({ offset: true }),
  evvOutTime: z.iso.datetime({ offset: true }),
  hours: z.number(),
  weekNames: z.array(isoDate),
  /** Ids of this caregiver's shifts that overlap this one. */
  overlapsWith: z.array(z.uuid()),
});
export type CaregiverHoursShift = z.infer<typeof caregiverHoursShift>;

export const caregiverWeeks = z.object({
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  ...reportFrame,
  /** Every week of the range, oldest first, weeks without shifts included (hours 0). */
  weeks: z.array(caregiverWeek),
  shifts: z.array(caregiverHoursShift),
});
export type CaregiverWeeks = z.infer<typeof caregiverWeeks>;

export const caregiverWeekParams = z.object({
  caregiverId: z.uuid({ message: 'must be a valid id' }),
  weekName: isoDate,
});

/** `PUT /api/caregiver-hours/caregivers/:caregiverId/weeks/:weekName`: mark handled (or not) with a note. */
export const violationHandlingInput = z.object({
  handled: z.boolean().default(true),
  note: optionalText(2000),
});
export type ViolationHandlingInput = z.input<typeof violationHandlingInput>;

/**
 * The caregiver hours endpoints (admin only): hours per caregiver per workweek (paged, with overtime,
 * overlapping shifts and handling), one caregiver's weeks and shifts (`:id` a caregiver id), and the
 * handling of one week (idempotent PUT; `weekName` is the week's first day). Weeks follow config
 * `AGENCY_TIME_ZONE` and `WORKWEEK_START`.
 */
export const caregiverHoursEndpoints = {
  findCaregiverHours: defineEndpoint({
    method: 'GET',
    path: '/api/caregiver-hours',
    query: caregiverHoursQuery,
    response: { 200: caregiverHoursPage },
  }),
  getCaregiverWeeks: defineEndpoint({
    method: 'GET',
    path: '/api/caregiver-hours/caregivers/:id',
    params: idParams,
    query: caregiverWeeksQuery,
    response: { 200: caregiverWeeks },
  }),
  setViolationHandling: defineEndpoint({
    method: 'PUT',
    path: '/api/caregiver-hours/caregivers/:caregiverId/weeks/:weekName',
    params: caregiverWeekParams,
    body: violationHandlingInput,
    response: { 200: violationHandling },
  }),
};
