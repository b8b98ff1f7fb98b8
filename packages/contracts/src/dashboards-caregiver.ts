/**
 * The caregiver dashboard (issue 20 "Dashboards": a caregiver's shifts, hours this week with overtime, their
 * clients' protocols, open violations and screening items about their own shifts; docs/dashboards.md "Caregiver";
 * decision 0052). Only the caregiver themself (their linked account) and admins see it; any other caller gets 404
 * with the same body as an unknown id. Every read is audited with the access path.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { workweekStarts } from './caregiver-hours.ts';
import { evvStatus } from './evv.ts';
import { currentProtocol } from './isp-acknowledgement.ts';
import { dashboardLocaleQuery } from './dashboards-client.ts';

/** Recent shifts: dated this many days before today or later, up to today. */
export const CAREGIVER_DASHBOARD_RECENT_DAYS = 14;
/** Workweeks in the hours chart (this week and the ones before it). */
export const CAREGIVER_DASHBOARD_WEEKS = 4;
/** Screening items and open violations: on shifts dated this many days before today or later. */
export const CAREGIVER_DASHBOARD_ISSUE_DAYS = 60;

/** One of the caregiver's shifts. */
export const caregiverShift = z.object({
  shiftId: z.uuid(),
  date: z.iso.date(),
  start: z.iso.datetime({ offset: true }).nullable(),
  end: z.iso.datetime({ offset: true }).nullable(),
  clientName: z.string().nullable(),
  evvStatus,
});
export type CaregiverShift = z.infer<typeof caregiverShift>;

/** Hours worked in one workweek (the house's rule: module hours, `workweek.ts`). */
export const caregiverWeekHours = z.object({
  /** First day of the workweek, `YYYY-MM-DD`. */
  weekName: z.iso.date(),
  hours: z.number(),
  overtimeHours: z.number(),
  shiftCount: z.number().int(),
});
export type CaregiverWeekHours = z.infer<typeof caregiverWeekHours>;

/** A client the caregiver serves, with the client's current protocols. */
export const caregiverClientProtocols = z.object({
  clientId: z.uuid(),
  clientName: z.string(),
  protocols: z.array(currentProtocol),
});

/** Open segment-validation violations on one of the caregiver's shifts (codes of the violation catalogue). */
export const caregiverViolation = z.object({
  shiftId: z.uuid(),
  date: z.iso.date(),
  clientName: z.string().nullable(),
  codes: z.array(z.string()),
});
export type CaregiverViolation = z.infer<typeof caregiverViolation>;

/** A screening item on one of the caregiver's own shifts: an open incident or an unreviewed location finding. */
export const caregiverScreeningItem = z.object({
  shiftId: z.uuid(),
  date: z.iso.date(),
  kind: z.enum(['INCIDENT', 'LOCATION']),
  /** Incident severity (CRITICAL..LOW) or location suspicion level (MEDIUM, HIGH). */
  level: z.string().nullable(),
  /** Incident categories (e.g. `fall`); for a location, the punch (`CLOCK_IN`, `CLOCK_OUT`, …). */
  categories: z.array(z.string()),
  /** When the incident report is due (ISO), null for locations. */
  dueAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CaregiverScreeningItem = z.infer<typeof caregiverScreeningItem>;

/** `GET /api/dashboards/caregivers/:caregiverId`. */
export const caregiverDashboard = z.object({
  caregiverId: z.uuid(),
  name: z.string(),
  timeZone: z.string(),
  workweekStart: z.enum(workweekStarts),
  overtimeThresholdHours: z.number(),
  /** Shifts dated today or later, soonest first. */
  upcoming: z.array(caregiverShift),
  /** Shifts dated in the last {@link CAREGIVER_DASHBOARD_RECENT_DAYS} days before today, newest first. */
  recent: z.array(caregiverShift),
  /** The last {@link CAREGIVER_DASHBOARD_WEEKS} workweeks, oldest first; the last one is this week. */
  weeks: z.array(caregiverWeekHours),
  clients: z.array(caregiverClientProtocols),
  violations: z.array(caregiverViolation),
  screening: z.array(caregiverScreeningItem),
});
export type CaregiverDashboard = z.infer<typeof caregiverDashboard>;

const caregiverParams = z.object({ caregiverId: z.uuid({ message: 'must be a valid id' }) });

export const caregiverDashboardEndpoints = {
  getCaregiverDashboard: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/caregivers/:caregiverId',
    params: caregiverParams,
    query: dashboardLocaleQuery,
    response: { 200: caregiverDashboard },
  }),
};
