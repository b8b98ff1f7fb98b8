/**
 * The caregiver dashboard (issue 20 "a caregiver's shifts, hours this week with overtime, their clients' protocols,
 * open violations and screening items about their own shifts"; contracts `caregiverDashboardEndpoints`;
 * docs/dashboards.md "Caregiver"; decision 0052). Only the caregiver's own account and admins see it
 * (`canSeeCaregiver`); anyone else gets the NOT_FOUND an unknown id gets. Everything shown is about the
 * caregiver's own shifts and the clients they serve (the access scope's serving rule). Audited
 * `dashboard.caregiver.view` (denied too) with ids, counts and the access path.
 */
import {
  CAREGIVER_DASHBOARD_ISSUE_DAYS,
  CAREGIVER_DASHBOARD_RECENT_DAYS,
  CAREGIVER_DASHBOARD_WEEKS,
  overtimeThresholdHours,
  type CaregiverDashboard,
  type CaregiverShift,
} from '@tend/contracts';
import type { Locale } from '@tend/contracts/locale';
import type { RequestContext } from '../../platform/http/context.ts';
import {
  accessScope,
  canSeeCaregiver,
  clientIdsInScope,
  type AccessScope,
} from '../access/access-scope.service.ts';
import { findCaregiverWeekHours } from '../hours/caregiver-week-hours.ts';
import { currentProtocols } from '../isp/current-plans.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { findShiftScreeningItems } from '../screening/shift-screening-items.ts';
import { findShiftVisits, type ShiftVisit } from '../shifts/shift-visits.ts';
import { findOpenViolations } from '../validation/open-violations.ts';
import {
  agencyDates,
  auditDashboardRead,
  deniedDashboardRead,
  isoOrNull,
  type DashboardDeps,
} from './dashboard-support.ts';

/** Most shifts listed in each of "upcoming" and "recent". */
export const CAREGIVER_DASHBOARD_MAX_SHIFTS = 30;

/** The scope of the caregiver themself, whoever previews it: the clients they serve, nothing else. */
const servingScope = (caregiverId: string): AccessScope => ({
  userAccountId: '',
  role: 'CAREGIVER',
  all: false,
  caregiverId,
  caseManagerId: null,
  caseManagerIds: [],
  clientGrants: [],
});

/** The caregiver's upcoming and recent shifts. */
async function caregiverShifts(deps: DashboardDeps, caregiverId: string) {
  const { db, agencyTimeZone } = deps;
  const { today } = agencyDates(agencyTimeZone);
  const { today: yesterday, since } = agencyDates(
    agencyTimeZone,
    CAREGIVER_DASHBOARD_RECENT_DAYS - 1,
    new Date(Date.now() - 86_400_000),
  );
  const limit = CAREGIVER_DASHBOARD_MAX_SHIFTS;
  const upcoming = await findShiftVisits(db, { caregiverId, fromDate: today, order: 'asc', limit });
  const recent = await findShiftVisits(db, {
    caregiverId,
    fromDate: since,
    toDate: yesterday,
    order: 'desc',
    limit,
  });
  return { upcoming, recent };
}

/** Open violations and screening items on the caregiver's own shifts of the last weeks. */
async function caregiverIssues(deps: DashboardDeps, caregiverId: string) {
  const { since } = agencyDates(deps.agencyTimeZone, CAREGIVER_DASHBOARD_ISSUE_DAYS);
  const violations = await findOpenViolations(deps.db, { caregiverId, fromDate: since });
  const screening = await findShiftScreeningItems(deps.db, { caregiverId, fromDate: since });
  return { violations, screening };
}

/** Names of the clients the page shows: those served, and those of the listed shifts and violations. */
async function namesOfClients(
  db: DashboardDeps['db'],
  clientIds: string[],
  shifts: Awaited<ReturnType<typeof caregiverShifts>>,
  issues: Awaited<ReturnType<typeof caregiverIssues>>,
): Promise<Map<string, string>> {
  const ids = new Set([
    ...clientIds,
    ...[...shifts.upcoming, ...shifts.recent].flatMap((s) => (s.clientId ? [s.clientId] : [])),
    ...issues.violations.flatMap((v) => (v.clientId ? [v.clientId] : [])),
  ]);
  return (await findPeopleNames(db, { caregiverIds: [], clientIds: [...ids] })).clients;
}

/**
 * One caregiver's dashboard: shifts today and later and of the last {@link CAREGIVER_DASHBOARD_RECENT_DAYS} days,
 * hours of the last {@link CAREGIVER_DASHBOARD_WEEKS} workweeks with overtime (module hours' rule), the current
 * protocols (in `locale`) of the clients they serve, open violations and screening items on their shifts of the
 * last {@link CAREGIVER_DASHBOARD_ISSUE_DAYS} days. Audited `dashboard.caregiver.view`. Errors: NOT_FOUND for an
 * unknown caregiver and for anyone but the caregiver's own account or an admin (the same error, audited denied).
 */
export async function getCaregiverDashboard(
  deps: DashboardDeps,
  ctx: RequestContext,
  caregiverId: string,
  query: { locale: Locale },
): Promise<CaregiverDashboard> {
  const { db, agencyTimeZone } = deps;
  const scope = await accessScope(db, ctx.actor?.userAccountId ?? '');
  const self = canSeeCaregiver(scope, caregiverId)
    ? (await findPeopleNames(db, { caregiverIds: [caregiverId], clientIds: [] })).caregivers.get(caregiverId)
    : undefined;
  if (self === undefined)
    throw await deniedDashboardRead(db, ctx, {
      action: 'dashboard.caregiver.view',
      entityType: 'caregiver',
      entityId: caregiverId,
      label: 'Caregiver',
    });
  const shifts = await caregiverShifts(deps, caregiverId);
  const settings = { timeZone: agencyTimeZone, workweekStart: deps.workweekStart };
  const weeks = await findCaregiverWeekHours(db, settings, caregiverId, CAREGIVER_DASHBOARD_WEEKS);
  const clientIds = await clientIdsInScope(db, servingScope(caregiverId));
  const plans = await currentProtocols(db, clientIds, query.locale, agencyTimeZone);
  const issues = await caregiverIssues(deps, caregiverId);
  const clientNames = await namesOfClients(db, clientIds, shifts, issues);
  const toShift = (visit: ShiftVisit): CaregiverShift => ({
    shiftId: visit.shiftId,
    date: visit.date,
    start: isoOrNull(visit.start),
    end: isoOrNull(visit.end),
    clientName: visit.clientId ? (clientNames.get(visit.clientId) ?? null) : null,
    evvStatus: visit.evvStatus,
  });
  const clients = clientIds
    .map((clientId) => ({
      clientId,
      clientName: clientNames.get(clientId) ?? '',
      protocols: plans.get(clientId)?.protocols ?? [],
    }))
    .sort((a, b) => a.clientName.localeCompare(b.clientName) || a.clientId.localeCompare(b.clientId));
  const result: CaregiverDashboard = {
    caregiverId,
    name: self,
    timeZone: agencyTimeZone,
    workweekStart: deps.workweekStart,
    overtimeThresholdHours,
    upcoming: shifts.upcoming.map(toShift),
    recent: shifts.recent.map(toShift),
    weeks,
    clients,
    violations: issues.violations.map((v) => ({
      shiftId: v.shiftId,
      date: v.date,
      clientName: v.clientId ? (clientNames.get(v.clientId) ?? null) : null,
      codes: v.codes,
    })),
    screening: issues.screening.map((item) => ({ ...item, dueAt: isoOrNull(item.dueAt) })),
  };
  await auditDashboardRead(db, ctx, {
    action: 'dashboard.caregiver.view',
    entityType: 'caregiver',
    entityId: caregiverId,
    details: {
      upcoming: result.upcoming.length,
      recent: result.recent.length,
      clientIds,
      violations: result.violations.length,
      screening: result.screening.length,
    },
  });
  return result;
}
