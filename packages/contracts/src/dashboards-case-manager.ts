/**
 * The case-manager dashboard (issue 20 "The case-manager dashboard answers what case managers ask first: overdue ISPs
 * and reviews, unacknowledged protocols, authorized vs delivered hours (unfilled hours), open incidents with their
 * deadlines"; docs/dashboards.md "Case manager"; decision 0051).
 *
 * Endpoints (any signed-in account, PHI tier; what the caller sees is decided by the access scope server-side):
 * - `findDashboardCaseManagers`: the case managers whose dashboards the caller may open (their own record, CASE_MANAGER
 *   grants; admins every one, paged);
 * - `getCaseManagerDashboard`: one case manager's first questions and their clients with a compact status;
 * - `getCaseManagerClient`: one of their clients in detail;
 * - `downloadCaseManagerClientReport`: one stored report of that client (a PDF attachment).
 * A case manager or client outside the caller's scope is 404 with the same body as an unknown id.
 *
 * Rules (decision 0051):
 * - ISP status: `missing` without a VERIFIED ISP; `overdue` when the latest VERIFIED ISP's plan has ended
 *   (`planEnd` before today) or, when the client's ISP year start month (`ispMonth`) is known, when that plan started
 *   (`planStart`, else the day it was verified) before the start of the current ISP year; `due_soon` when it would be
 *   overdue within {@link ISP_DUE_SOON_DAYS} days; else `current`.
 * - Overdue review: a current protocol whose `reviewDueDate` is before today.
 * - Unacknowledged: caregiver × current protocol pairs not yet acknowledged (decision 0046's rates).
 * - Hours: budget lines measured in hours or 15-minute units, compared over their window (the term, or the month for a
 *   monthly line); delivered hours are the clocked minutes of the matching segments; unfilled hours are the hours the
 *   authorization would have delivered by today at an even pace, less those delivered (never below 0).
 * - Open incident: a live shift with an incident severity not yet handled; overdue when its report deadline passed.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { text } from './common.ts';
import { evvStatus } from './evv.ts';
import { incidentSeverity } from './incidents.ts';
import { currentProtocol } from './isp-acknowledgement.ts';
import { locales } from './locale.ts';

/** A plan ending within this many days is `due_soon`. */
export const ISP_DUE_SOON_DAYS = 30;
/** Days of shifts the client detail lists (newest first), and its most rows. */
export const DASHBOARD_RECENT_SHIFT_DAYS = 30;
export const DASHBOARD_RECENT_SHIFT_LIMIT = 50;
/** Open incidents the case-manager summary lists (soonest deadline first). */
export const DASHBOARD_INCIDENT_LIMIT = 20;

const uuid = () => z.uuid({ message: 'must be a valid id' });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z.iso.datetime({ offset: true });

export const ispPlanStatuses = ['current', 'due_soon', 'overdue', 'missing'] as const;
export const ispPlanStatus = z.enum(ispPlanStatuses);
export type IspPlanStatus = z.infer<typeof ispPlanStatus>;

export const caseManagerDashboardParams = z.object({ caseManagerId: uuid() });
export const caseManagerClientParams = z.object({ caseManagerId: uuid(), clientId: uuid() });
export const caseManagerReportParams = z.object({
  caseManagerId: uuid(),
  clientId: uuid(),
  reportId: uuid(),
});
export const caseManagerClientQuery = z.object({ locale: z.enum(locales).default('en') });
export const dashboardCaseManagerQuery = z.object({
  q: text().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type DashboardCaseManagerQuery = z.input<typeof dashboardCaseManagerQuery>;

/** One case manager the caller may open. */
export const dashboardCaseManager = z.object({
  id: z.uuid(),
  name: z.string(),
  county: z.string().nullable(),
  archived: z.boolean(),
  /** True for the caller's own record (the others come from grants or the admin role). */
  own: z.boolean(),
});
export type DashboardCaseManager = z.infer<typeof dashboardCaseManager>;

export const dashboardCaseManagerPage = z.object({
  items: z.array(dashboardCaseManager),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The caller's own case-manager record, or null. */
  ownCaseManagerId: z.uuid().nullable(),
});
export type DashboardCaseManagerPage = z.infer<typeof dashboardCaseManagerPage>;

/** Hours authorized and delivered (budget lines in hours or 15-minute units). */
export const hoursFigures = z.object({
  authorizedHours: z.number(),
  deliveredHours: z.number(),
  /** Hours an even pace would have delivered by today, less those delivered (≥ 0). */
  unfilledHours: z.number(),
});
export type HoursFigures = z.infer<typeof hoursFigures>;

/** One client of the case manager with a compact status. */
export const caseManagerClientStatus = z.object({
  clientId: z.uuid(),
  clientName: z.string(),
  archived: z.boolean(),
  ispStatus: ispPlanStatus,
  /** The day the ISP is (or was) due: the current ISP year's start, or the day after the plan ends; null when unknown. */
  ispDueDate: isoDate.nullable(),
  /** ISPs uploaded and not yet VERIFIED (waiting for review). */
  ispsInReview: z.number().int(),
  protocols: z.number().int(),
  seriousProtocols: z.number().int(),
  reviewsOverdue: z.number().int(),
  acknowledgementsExpected: z.number().int(),
  unacknowledged: z.number().int(),
  /** Null when the client has no budget line in hours or 15-minute units in force. */
  month: hoursFigures.nullable(),
  term: hoursFigures.nullable(),
  openIncidents: z.number().int(),
  overdueIncidents: z.number().int(),
  /** The soonest report deadline of an open incident, or null. */
  nextIncidentDueAt: instant.nullable(),
  /** Unreviewed MEDIUM or HIGH location findings. */
  openLocationFindings: z.number().int(),
});
export type CaseManagerClientStatus = z.infer<typeof caseManagerClientStatus>;

/** One open incident (a screened shift not yet handled). */
export const dashboardIncident = z.object({
  shiftId: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  date: isoDate,
  severity: incidentSeverity,
  categories: z.array(z.string()),
  reportDueAt: instant.nullable(),
  overdue: z.boolean(),
});
export type DashboardIncident = z.infer<typeof dashboardIncident>;

/** `GET /api/dashboards/case-manager/:caseManagerId`. */
export const caseManagerDashboard = z.object({
  caseManager: z.object({ id: z.uuid(), name: z.string(), county: z.string().nullable() }),
  /** Today in the agency's zone (`YYYY-MM-DD`) and the month the hours are counted in (`YYYY-MM`). */
  today: isoDate,
  month: z.string(),
  firstQuestions: z.object({
    overdueIsps: z.number().int(),
    dueSoonIsps: z.number().int(),
    missingIsps: z.number().int(),
    reviewsOverdue: z.number().int(),
    unacknowledged: z.number().int(),
    clientsWithUnacknowledged: z.number().int(),
    month: hoursFigures,
    term: hoursFigures,
    openIncidents: z.number().int(),
    overdueIncidents: z.number().int(),
  }),
  incidents: z.array(dashboardIncident),
  clients: z.array(caseManagerClientStatus),
});
export type CaseManagerDashboard = z.infer<typeof caseManagerDashboard>;

export const dashboardShift = z.object({
  shiftId: z.uuid(),
  date: isoDate,
  caregiverName: z.string(),
  evvInTime: instant.nullable(),
  evvOutTime: instant.nullable(),
  evvStatus: evvStatus,
  billingCode: z.string().nullable(),
});
export type DashboardShift = z.infer<typeof dashboardShift>;

export const dashboardLocationFinding = z.object({
  id: z.uuid(),
  shiftId: z.uuid(),
  date: isoDate,
  caregiverName: z.string(),
  suspiciousType: z.string(),
  suspicionLevel: z.enum(['LOW', 'MEDIUM', 'HIGH']).nullable(),
  distanceMeters: z.number().nullable(),
  reviewed: z.boolean(),
});
export type DashboardLocationFinding = z.infer<typeof dashboardLocationFinding>;

/** One budget line's use, with a month-by-month series for the chart (hours lines only have hours). */
export const dashboardBudgetLine = z.object({
  lineId: z.uuid(),
  procCode: z.string(),
  modifier: z.string().nullable(),
  measure: z.string().nullable(),
  period: z.enum(['term', 'month']),
  from: isoDate,
  to: isoDate,
  authorized: z.number(),
  used: z.number(),
  hours: hoursFigures.nullable(),
});
export type DashboardBudgetLine = z.infer<typeof dashboardBudgetLine>;

export const dashboardBudgetMonth = z.object({
  month: z.string(),
  authorizedHours: z.number(),
  deliveredHours: z.number(),
});
export type DashboardBudgetMonth = z.infer<typeof dashboardBudgetMonth>;

export const dashboardQuarter = z.object({
  year: z.number().int(),
  quarter: z.number().int(),
  sections: z.array(z.object({ sectionName: z.string(), sectionSummary: z.string().nullable() })),
  generatedAt: instant.nullable(),
});
export type DashboardQuarter = z.infer<typeof dashboardQuarter>;

export const dashboardReport = z.object({
  id: z.uuid(),
  reportType: z.string(),
  year: z.number().int(),
  period: z.string().nullable(),
  fileName: z.string(),
  size: z.number().nullable(),
  createdAt: instant,
});
export type DashboardReport = z.infer<typeof dashboardReport>;

/** `GET /api/dashboards/case-manager/:caseManagerId/clients/:clientId`. */
export const caseManagerClientDetail = z.object({
  status: caseManagerClientStatus,
  shifts: z.array(dashboardShift),
  incidents: z.array(dashboardIncident),
  locations: z.array(dashboardLocationFinding),
  budget: z.object({ lines: z.array(dashboardBudgetLine), months: z.array(dashboardBudgetMonth) }),
  protocols: z.array(currentProtocol),
  quarters: z.array(dashboardQuarter),
  reports: z.array(dashboardReport),
});
export type CaseManagerClientDetail = z.infer<typeof caseManagerClientDetail>;

export const caseManagerDashboardEndpoints = {
  findDashboardCaseManagers: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/case-manager',
    query: dashboardCaseManagerQuery,
    response: { 200: dashboardCaseManagerPage },
  }),
  getCaseManagerDashboard: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/case-manager/:caseManagerId',
    params: caseManagerDashboardParams,
    response: { 200: caseManagerDashboard },
  }),
  getCaseManagerClient: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/case-manager/:caseManagerId/clients/:clientId',
    params: caseManagerClientParams,
    query: caseManagerClientQuery,
    response: { 200: caseManagerClientDetail },
  }),
  downloadCaseManagerClientReport: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/case-manager/:caseManagerId/clients/:clientId/reports/:reportId/file',
    params: caseManagerReportParams,
    response: {},
    produces: ['application/pdf'],
  }),
};
