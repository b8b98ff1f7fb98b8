/**
 * The case-manager dashboard (issue 20; docs/dashboards.md "Case manager"; decision 0051; contracts
 * `dashboards-case-manager.ts` for the rules). Scope comes from module access alone (`accessScope`,
 * `canSeeCaseManager`): a case manager the caller may not open, or a client outside that case manager's caseload, is
 * NOT_FOUND with the same body as an unknown id, and the refusal is audited (outcome denied). Every read of care
 * records is audited (`dashboard.case_manager.list`, `.view`, `dashboard.client.view`, `dashboard.report.download`)
 * with ids, counts and the access path (`accessPathOf`), never names.
 *
 * Cost: the dashboard reads its sections in a fixed number of statements whatever the number of clients (caseload,
 * plan facts, budget lines and their use, open incidents, location findings): no query per client.
 */
import { DateTime } from 'luxon';
import type {
  CaseManagerClientDetail,
  CaseManagerClientStatus,
  CaseManagerDashboard,
  DashboardCaseManagerPage,
  DashboardIncident,
  Locale,
} from '@tend/contracts';
import {
  DASHBOARD_INCIDENT_LIMIT,
  DASHBOARD_RECENT_SHIFT_DAYS,
  DASHBOARD_RECENT_SHIFT_LIMIT,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Database } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { DashboardDeps } from './dashboard-support.ts';
import { accessPathOf } from '../access/access-path.ts';
import { accessScope, canSeeCaseManager, type AccessScope } from '../access/access-scope.service.ts';
import { findClientBudgetUse, sumHours, type ClientBudgetLineUse } from '../budgets/client-budget-use.ts';
import { currentProtocols } from '../isp/current-plans.ts';
import { findClientQuarters, findClientReports, openClientReport } from '../isp/client-reports.ts';
import { findPlanStatusFacts, ispPlanStatus, type PlanStatusFacts } from '../isp/plan-status.ts';
import {
  findCaseloadClients,
  findCaseManagerRecord,
  findCaseManagerRecords,
  type CaseloadClient,
  type CaseManagerRecord,
} from '../people/case-manager-caseload.ts';
import { findPeopleNames } from '../people/people.service.ts';
import {
  countOpenLocationFindings,
  findClientLocationFindings,
  findOpenIncidents,
  type OpenIncident,
} from '../screening/open-incidents.ts';
import { findClientRecentShifts } from '../shifts/client-recent-shifts.ts';

/** What the dashboard services use. */
export type { DashboardDeps };

/** Quarters and reports the client detail lists (newest first). */
const DETAIL_QUARTERS = 8;
const DETAIL_REPORTS = 50;
const DETAIL_FINDINGS = 50;

const zeroHours = { authorizedHours: 0, deliveredHours: 0, unfilledHours: 0 };
const today = (timeZone: string) => DateTime.now().setZone(timeZone).toISODate() as string;
const daysBefore = (iso: string, days: number) =>
  DateTime.fromISO(iso, { zone: 'utc' }).minus({ days }).toISODate() as string;

/** The caller's scope (an anonymous context sees nothing; the route guard refuses it before). */
async function scopeOf(db: Database, ctx: RequestContext): Promise<AccessScope> {
  return accessScope(db, ctx.actor?.userAccountId ?? '00000000-0000-0000-0000-000000000000');
}

/**
 * The case manager `caseManagerId` when the caller may open their dashboard; else audits the refusal as `action` and
 * throws NOT_FOUND (an unknown id: the same).
 */
async function caseManagerInScope(
  deps: DashboardDeps,
  ctx: RequestContext,
  caseManagerId: string,
  audit: {
    action: 'dashboard.case_manager.view' | 'dashboard.client.view' | 'dashboard.report.download';
    entityId: string;
  },
): Promise<CaseManagerRecord> {
  const scope = await scopeOf(deps.db, ctx);
  const record = canSeeCaseManager(scope, caseManagerId)
    ? await findCaseManagerRecord(deps.db, caseManagerId)
    : null;
  if (record) return record;
  await recordAudit(deps.db, ctx, {
    action: audit.action,
    entityType: audit.action === 'dashboard.case_manager.view' ? 'case_manager' : 'client',
    entityId: audit.entityId,
    outcome: 'denied',
    details: { caseManagerId, ...(await accessPathOf(deps.db, ctx)) },
  });
  throw notFound('Dashboard');
}

/**
 * `GET /api/dashboards/case-manager`: the case managers whose dashboards the caller may open — their own record and
 * CASE_MANAGER grants, or every one for an admin — by name, paged, `q` matching name or county. Audited
 * `dashboard.case_manager.list`.
 */
export async function listDashboardCaseManagers(
  deps: DashboardDeps,
  ctx: RequestContext,
  query: { q?: string; page: number; pageSize: number },
): Promise<DashboardCaseManagerPage> {
  const scope = await scopeOf(deps.db, ctx);
  const page = await findCaseManagerRecords(deps.db, {
    ids: scope.all ? 'all' : scope.caseManagerIds,
    q: query.q,
    page: query.page,
    pageSize: query.pageSize,
  });
  await recordAudit(deps.db, ctx, {
    action: 'dashboard.case_manager.list',
    entityType: 'case_manager',
    details: { returned: page.items.length, total: page.total, ...(await accessPathOf(deps.db, ctx)) },
  });
  return {
    items: page.items.map((item) => ({ ...item, own: item.id === scope.caseManagerId })),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    ownCaseManagerId: scope.caseManagerId,
  };
}

/** A dashboard incident from an open incident. */
function toIncident(incident: OpenIncident, clientName: string, now: Date): DashboardIncident {
  return {
    shiftId: incident.shiftId,
    clientId: incident.clientId,
    clientName,
    date: incident.date,
    severity: incident.severity,
    categories: incident.categories,
    reportDueAt: incident.reportDueAt?.toISOString() ?? null,
    overdue: incident.reportDueAt !== null && incident.reportDueAt < now,
  };
}

/** One client's compact status from the facts read for the whole caseload. */
function clientStatus(
  client: CaseloadClient,
  facts: {
    plan: PlanStatusFacts | undefined;
    lines: ClientBudgetLineUse[];
    incidents: OpenIncident[];
    findings: number;
  },
  day: string,
  now: Date,
): CaseManagerClientStatus {
  const plan = facts.plan;
  const isp = ispPlanStatus(plan?.latest ?? null, client.ispMonth, day);
  const protocols = plan?.protocols ?? [];
  const due = facts.incidents.flatMap((i) => (i.reportDueAt ? [i.reportDueAt] : [])).sort((a, b) => +a - +b);
  return {
    clientId: client.id,
    clientName: client.name,
    archived: client.archived,
    ispStatus: isp.status,
    ispDueDate: isp.dueDate,
    ispsInReview: plan?.ispsInReview ?? 0,
    protocols: protocols.length,
    seriousProtocols: protocols.filter((row) => row.serious).length,
    reviewsOverdue: protocols.filter((row) => row.reviewDueDate !== null && row.reviewDueDate < day).length,
    acknowledgementsExpected: plan?.acknowledgementsExpected ?? 0,
    unacknowledged: (plan?.acknowledgementsExpected ?? 0) - (plan?.acknowledged ?? 0),
    month: sumHours(facts.lines.map((line) => line.month)),
    term: sumHours(facts.lines.map((line) => line.hours)),
    openIncidents: facts.incidents.length,
    overdueIncidents: due.filter((at) => at < now).length,
    nextIncidentDueAt: due[0]?.toISOString() ?? null,
    openLocationFindings: facts.findings,
  };
}

/** The statuses of the clients given (one read per section for all of them) and their open incidents. */
async function caseloadStatuses(deps: DashboardDeps, clients: CaseloadClient[], day: string, now: Date) {
  const ids = clients.map((client) => client.id);
  // Independent reads: on PostgreSQL they run on separate pooled connections at once.
  const [plans, lines, incidents, findings] = await Promise.all([
    findPlanStatusFacts(deps.db, ids, deps.agencyTimeZone),
    findClientBudgetUse(deps.db, { clientIds: ids, asOf: day }),
    findOpenIncidents(deps.db, ids),
    countOpenLocationFindings(deps.db, ids),
  ]);
  const statuses = clients.map((client) =>
    clientStatus(
      client,
      {
        plan: plans.get(client.id),
        lines: lines.filter((line) => line.clientId === client.id),
        incidents: incidents.filter((incident) => incident.clientId === client.id),
        findings: findings.get(client.id) ?? 0,
      },
      day,
      now,
    ),
  );
  return { statuses, incidents, lines };
}

/**
 * `GET /api/dashboards/case-manager/:caseManagerId`: the first questions (ISPs overdue, due soon and missing, reviews
 * overdue, unacknowledged protocols, hours this month and over the budget windows, open incidents with deadlines)
 * over the case manager's active clients, the open incidents (soonest deadline first), and every client of the
 * caseload with its status (archived ones last). Audited `dashboard.case_manager.view`. Errors: NOT_FOUND.
 */
export async function getCaseManagerDashboard(
  deps: DashboardDeps,
  ctx: RequestContext,
  caseManagerId: string,
  now: Date = new Date(),
): Promise<CaseManagerDashboard> {
  const record = await caseManagerInScope(deps, ctx, caseManagerId, {
    action: 'dashboard.case_manager.view',
    entityId: caseManagerId,
  });
  const day = today(deps.agencyTimeZone);
  const clients = await findCaseloadClients(deps.db, [caseManagerId]);
  const [{ statuses, incidents }, accessPath] = await Promise.all([
    caseloadStatuses(deps, clients, day, now),
    accessPathOf(deps.db, ctx),
  ]);
  const active = statuses.filter((status) => !status.archived);
  const names = new Map(clients.map((client) => [client.id, client.name]));
  const activeIds = new Set(active.map((status) => status.clientId));
  const openIncidents = incidents.filter((incident) => activeIds.has(incident.clientId));
  const count = (test: (status: CaseManagerClientStatus) => boolean) => active.filter(test).length;
  const sum = (pick: (status: CaseManagerClientStatus) => number) =>
    active.reduce((total, status) => total + pick(status), 0);
  await recordAudit(deps.db, ctx, {
    action: 'dashboard.case_manager.view',
    entityType: 'case_manager',
    entityId: caseManagerId,
    details: {
      clients: statuses.length,
      incidents: openIncidents.length,
      ...accessPath,
    },
  });
  return {
    caseManager: { id: record.id, name: record.name, county: record.county },
    today: day,
    month: day.slice(0, 7),
    firstQuestions: {
      overdueIsps: count((s) => s.ispStatus === 'overdue'),
      dueSoonIsps: count((s) => s.ispStatus === 'due_soon'),
      missingIsps: count((s) => s.ispStatus === 'missing'),
      reviewsOverdue: sum((s) => s.reviewsOverdue),
      unacknowledged: sum((s) => s.unacknowledged),
      clientsWithUnacknowledged: count((s) => s.unacknowledged > 0),
      month: sumHours(active.map((s) => s.month)) ?? zeroHours,
      term: sumHours(active.map((s) => s.term)) ?? zeroHours,
      openIncidents: openIncidents.length,
      overdueIncidents: openIncidents.filter((i) => i.reportDueAt !== null && i.reportDueAt < now).length,
    },
    incidents: openIncidents
      .slice(0, DASHBOARD_INCIDENT_LIMIT)
      .map((incident) => toIncident(incident, names.get(incident.clientId) ?? '', now)),
    clients: [...active, ...statuses.filter((status) => status.archived)],
  };
}

/** The client `clientId` of case manager `caseManagerId`'s caseload when the caller may see it; else NOT_FOUND. */
async function clientInScope(
  deps: DashboardDeps,
  ctx: RequestContext,
  params: { caseManagerId: string; clientId: string },
  action: 'dashboard.client.view' | 'dashboard.report.download',
): Promise<CaseloadClient> {
  await caseManagerInScope(deps, ctx, params.caseManagerId, { action, entityId: params.clientId });
  const client = (await findCaseloadClients(deps.db, [params.caseManagerId])).find(
    (row) => row.id === params.clientId,
  );
  if (client) return client;
  await recordAudit(deps.db, ctx, {
    action,
    entityType: 'client',
    entityId: params.clientId,
    outcome: 'denied',
    details: { caseManagerId: params.caseManagerId, ...(await accessPathOf(deps.db, ctx)) },
  });
  throw notFound('Dashboard');
}

/** Sums the lines' month series month by month, in month order. */
function monthSeries(lines: ClientBudgetLineUse[]) {
  const months = new Map<string, { month: string; authorizedHours: number; deliveredHours: number }>();
  for (const line of lines)
    for (const item of line.months) {
      const entry = months.get(item.month) ?? { month: item.month, authorizedHours: 0, deliveredHours: 0 };
      entry.authorizedHours = Math.round((entry.authorizedHours + item.authorizedHours) * 100) / 100;
      entry.deliveredHours = Math.round((entry.deliveredHours + item.deliveredHours) * 100) / 100;
      months.set(item.month, entry);
    }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * `GET /api/dashboards/case-manager/:caseManagerId/clients/:clientId`: one client of the caseload — status, recent
 * shifts with EVV status, open incidents, location findings, budget lines with a month series, current protocols
 * (serious first, include flags honoured, thresholds in `locale`), quarterly summaries and stored reports. Audited
 * `dashboard.client.view`. Errors: NOT_FOUND (case manager or client out of scope or unknown).
 */
export async function getCaseManagerClientDetail(
  deps: DashboardDeps,
  ctx: RequestContext,
  params: { caseManagerId: string; clientId: string; locale: Locale },
  now: Date = new Date(),
): Promise<CaseManagerClientDetail> {
  const client = await clientInScope(deps, ctx, params, 'dashboard.client.view');
  const day = today(deps.agencyTimeZone);
  const { statuses, incidents, lines } = await caseloadStatuses(deps, [client], day, now);
  const since = daysBefore(day, DASHBOARD_RECENT_SHIFT_DAYS);
  const shifts = await findClientRecentShifts(deps.db, {
    clientId: client.id,
    fromDate: since,
    limit: DASHBOARD_RECENT_SHIFT_LIMIT,
  });
  const findings = await findClientLocationFindings(deps.db, {
    clientId: client.id,
    fromDate: daysBefore(day, 365),
    limit: DETAIL_FINDINGS,
  });
  const plans = await currentProtocols(deps.db, [client.id], params.locale, deps.agencyTimeZone);
  const quarters = await findClientQuarters(deps.db, client.id, DETAIL_QUARTERS);
  const reports = await findClientReports(deps.db, client.id, DETAIL_REPORTS);
  const names = await findPeopleNames(deps.db, {
    caregiverIds: [...new Set([...shifts, ...findings].map((row) => row.caregiverId))],
    clientIds: [],
  });
  const caregiverName = (id: string) => names.caregivers.get(id) ?? '';
  await recordAudit(deps.db, ctx, {
    action: 'dashboard.client.view',
    entityType: 'client',
    entityId: client.id,
    details: {
      caseManagerId: params.caseManagerId,
      shifts: shifts.length,
      incidents: incidents.length,
      protocols: plans.get(client.id)?.protocols.length ?? 0,
      reports: reports.length,
      ...(await accessPathOf(deps.db, ctx)),
    },
  });
  return {
    status: statuses[0] as CaseManagerClientStatus,
    shifts: shifts.map(({ caregiverId, ...shift }) => ({
      ...shift,
      caregiverName: caregiverName(caregiverId),
      evvInTime: shift.evvInTime?.toISOString() ?? null,
      evvOutTime: shift.evvOutTime?.toISOString() ?? null,
    })),
    incidents: incidents.map((incident) => toIncident(incident, client.name, now)),
    locations: findings.map(({ caregiverId, ...finding }) => ({
      ...finding,
      caregiverName: caregiverName(caregiverId),
    })),
    budget: {
      lines: lines.map(({ clientId: _c, month: _m, months: _s, ...line }) => line),
      months: monthSeries(lines),
    },
    protocols: plans.get(client.id)?.protocols ?? [],
    quarters: quarters.map((quarter) => ({
      ...quarter,
      generatedAt: quarter.generatedAt?.toISOString() ?? null,
    })),
    reports: reports.map((report) => ({ ...report, createdAt: report.createdAt.toISOString() })),
  };
}

/**
 * Opens stored report `reportId` of a client of the caseload (a PDF). Audited `dashboard.report.download` with the
 * access path. Errors: NOT_FOUND (scope as the client detail; a report of another client).
 */
export async function openCaseManagerClientReport(
  deps: DashboardDeps,
  ctx: RequestContext,
  params: { caseManagerId: string; clientId: string; reportId: string },
  range: string | undefined,
) {
  const client = await clientInScope(deps, ctx, params, 'dashboard.report.download');
  return openClientReport(deps, ctx, {
    clientId: client.id,
    reportId: params.reportId,
    range,
    action: 'dashboard.report.download',
    details: { caseManagerId: params.caseManagerId, ...(await accessPathOf(deps.db, ctx)) },
  });
}
