/**
 * The client and portal dashboards (issue 20 "Dashboards": what a client or guardian sees of their own care;
 * docs/dashboards.md "Client and portal"; decision 0052). Scope is by record, server-side (module `access`): a
 * client outside the caller's scope is 404 with the same body as an unknown id. Every read is audited with the
 * access path (session or link).
 *
 * - `GET /api/dashboards/clients`: the clients in the caller's scope, with the relationship that gives access and
 *   what needs attention (the next visit, the newest quarterly summary).
 * - `GET /api/dashboards/clients/:clientId?locale=`: one client's visits (upcoming and past, times as instants to
 *   show in `timeZone`, caregivers as first name + last initial, EVV status), caregivers, current protocols (in the
 *   reader's language) and quarterly summaries.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { evvStatus } from './evv.ts';
import { currentProtocol } from './isp-acknowledgement.ts';
import { locales } from './locale.ts';

/** Past visits shown: those dated this many days before today or later (agency time zone). */
export const CLIENT_DASHBOARD_PAST_DAYS = 90;
/** Most visits listed in each of "upcoming" and "past". */
export const CLIENT_DASHBOARD_MAX_VISITS = 20;

/**
 * Why the caller sees a client: a grant (`GUARDIAN`, `REPRESENTATIVE`, `AUDITOR`), their caseload
 * (`CASE_MANAGER`), a client they serve (`CAREGIVER`), or an administrator's preview (`ADMIN`).
 */
export const dashboardRelationships = [
  'GUARDIAN',
  'REPRESENTATIVE',
  'AUDITOR',
  'CASE_MANAGER',
  'CAREGIVER',
  'ADMIN',
] as const;
export const dashboardRelationship = z.enum(dashboardRelationships);
export type DashboardRelationship = z.infer<typeof dashboardRelationship>;

/** A visit (one shift) as a family reads it. */
export const clientVisit = z.object({
  shiftId: z.uuid(),
  /** Service date, `YYYY-MM-DD`. */
  date: z.iso.date(),
  /** Clock-in and clock-out instants (ISO), null while not recorded. */
  start: z.iso.datetime({ offset: true }).nullable(),
  end: z.iso.datetime({ offset: true }).nullable(),
  /** The caregiver as first name + last initial ("Ana G."), or null when none is assigned. */
  caregiverName: z.string().nullable(),
  /** The EVV status (contracts `evaluateEvv`); the page says it in plain words. */
  evvStatus,
});
export type ClientVisit = z.infer<typeof clientVisit>;

/** A caregiver who visited the client in the window: first name + last initial, and their latest visit. */
export const clientCaregiver = z.object({
  caregiverName: z.string(),
  lastVisitDate: z.iso.date(),
  visits: z.number().int(),
});
export type ClientCaregiver = z.infer<typeof clientCaregiver>;

/** One generated quarterly summary, its sections as written. */
export const clientQuarterlySummary = z.object({
  year: z.number().int(),
  quarter: z.number().int().min(1).max(4),
  /** First and last day of the quarter, `YYYY-MM-DD`. */
  firstDate: z.iso.date(),
  lastDate: z.iso.date(),
  generatedAt: z.iso.datetime({ offset: true }).nullable(),
  sections: z.array(z.object({ sectionName: z.string(), sectionSummary: z.string() })),
});
export type ClientQuarterlySummary = z.infer<typeof clientQuarterlySummary>;

/** One client in the caller's scope, with what needs attention. */
export const dashboardClientItem = z.object({
  clientId: z.uuid(),
  name: z.string(),
  relationship: dashboardRelationship,
  /** The next visit dated today or later, or null. */
  nextVisit: clientVisit.nullable(),
  /** The newest generated quarterly summary, or null. */
  latestSummary: z
    .object({ year: z.number().int(), quarter: z.number().int(), generatedAt: z.string().nullable() })
    .nullable(),
});
export type DashboardClientItem = z.infer<typeof dashboardClientItem>;

export const dashboardClientList = z.object({
  items: z.array(dashboardClientItem),
  /** The agency time zone (IANA) the times are shown in. */
  timeZone: z.string(),
});
export type DashboardClientList = z.infer<typeof dashboardClientList>;

/** `GET /api/dashboards/clients/:clientId`. */
export const clientDashboard = z.object({
  clientId: z.uuid(),
  name: z.string(),
  relationship: dashboardRelationship,
  timeZone: z.string(),
  /** Visits dated today or later, soonest first (at most {@link CLIENT_DASHBOARD_MAX_VISITS}). */
  upcoming: z.array(clientVisit),
  /** Visits before today, in the last {@link CLIENT_DASHBOARD_PAST_DAYS} days, newest first. */
  past: z.array(clientVisit),
  caregivers: z.array(clientCaregiver),
  /** The current protocols of the latest verified ISP (include flags honoured), in the requested language. */
  protocols: z.array(currentProtocol),
  summaries: z.array(clientQuarterlySummary),
});
export type ClientDashboard = z.infer<typeof clientDashboard>;

export const dashboardLocaleQuery = z.object({
  /** Language of the protocol thresholds (default English). */
  locale: z.enum(locales).default('en'),
});

const clientParams = z.object({ clientId: z.uuid({ message: 'must be a valid id' }) });

export const clientDashboardEndpoints = {
  findDashboardClients: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/clients',
    response: { 200: dashboardClientList },
  }),
  getClientDashboard: defineEndpoint({
    method: 'GET',
    path: '/api/dashboards/clients/:clientId',
    params: clientParams,
    query: dashboardLocaleQuery,
    response: { 200: clientDashboard },
  }),
};
