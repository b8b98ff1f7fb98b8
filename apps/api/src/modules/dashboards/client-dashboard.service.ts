/**
 * The client and portal dashboards (issue 20 "what a client or guardian sees of their own care"; contracts
 * `clientDashboardEndpoints`; docs/dashboards.md "Client and portal"; decision 0052). Who sees which client is the
 * access scope's decision (module `access`); a client outside it is NOT_FOUND exactly like an unknown id. Reads
 * only — AUDITOR grants stay read-only because nothing here writes. Audited `dashboard.client.list` and
 * `dashboard.client.view` (denied too) with ids, counts and the access path; never names or texts.
 */
import { sql } from 'drizzle-orm';
import {
  CLIENT_DASHBOARD_MAX_VISITS,
  CLIENT_DASHBOARD_PAST_DAYS,
  type ClientDashboard,
  type ClientVisit,
  type DashboardClientItem,
  type DashboardClientList,
  type DashboardRelationship,
} from '@tend/contracts';
import type { Locale } from '@tend/contracts/locale';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import {
  accessScope,
  canSeeClient,
  clientIdsInScope,
  type AccessScope,
} from '../access/access-scope.service.ts';
import { currentProtocols } from '../isp/current-plans.ts';
import { findClientSummaries, type ClientSummaryQuarter } from '../isp/quarterly/client-summaries.ts';
import { clientFacts } from '../people/people-facts.ts';
import { findPeopleNames } from '../people/people.service.ts';
import {
  findNextVisits,
  findShiftVisits,
  findVisitCaregivers,
  type ShiftVisit,
} from '../shifts/shift-visits.ts';
import {
  agencyDates,
  auditDashboardRead,
  deniedDashboardRead,
  isoOrNull,
  shortName,
  type DashboardDeps,
} from './dashboard-support.ts';

/** Most clients an administrator's list shows (admins preview; their own lists are the admin pages). */
export const ADMIN_CLIENT_LIST_LIMIT = 200;

interface ClientRow {
  id: string;
  name: string;
  caseManagerId: string | null;
}

/** The clients given (or, for `all`, the first active ones by name), with their case manager. One query. */
async function clientRows(executor: Executor, ids: string[] | 'all'): Promise<ClientRow[]> {
  if (ids !== 'all' && !ids.length) return [];
  const where = ids === 'all' ? sql`not c.archived` : sql`c.id = any(${sql.param(ids)}::uuid[])`;
  const result = await executor.execute<{ id: string; name: string; case_manager_id: string | null }>(sql`
    select c.id, c.name, c.case_manager_id from ${clientFacts('c')} where ${where}
    order by c.name, c.id limit ${ids === 'all' ? ADMIN_CLIENT_LIST_LIMIT : ids.length}`);
  return result.rows.map((row) => ({ id: row.id, name: row.name, caseManagerId: row.case_manager_id }));
}

/** Why `scope` sees `client`: a grant first (guardian, representative, auditor), then caseload, then serving. */
export function relationshipOf(scope: AccessScope, client: ClientRow): DashboardRelationship {
  const order = ['GUARDIAN', 'REPRESENTATIVE', 'AUDITOR'] as const;
  const kinds = scope.clientGrants.filter((grant) => grant.clientId === client.id).map((grant) => grant.kind);
  const granted = order.find((kind) => kinds.includes(kind));
  if (granted) return granted;
  if (client.caseManagerId && scope.caseManagerIds.includes(client.caseManagerId)) return 'CASE_MANAGER';
  if (scope.all) return 'ADMIN';
  return 'CAREGIVER';
}

/** A visit as the dashboards send it, with the caregiver's short name. */
function toClientVisit(visit: ShiftVisit, caregiverNames: Map<string, string>): ClientVisit {
  const name = visit.caregiverId ? caregiverNames.get(visit.caregiverId) : undefined;
  return {
    shiftId: visit.shiftId,
    date: visit.date,
    start: isoOrNull(visit.start),
    end: isoOrNull(visit.end),
    caregiverName: name ? shortName(name) : null,
    evvStatus: visit.evvStatus,
  };
}

/** Caregiver names of the visits given. */
async function caregiverNamesOf(executor: Executor, caregiverIds: (string | null)[]) {
  const ids = [...new Set(caregiverIds.filter((id): id is string => id !== null))];
  return (await findPeopleNames(executor, { caregiverIds: ids, clientIds: [] })).caregivers;
}

/**
 * The clients in the caller's scope (admins: the first {@link ADMIN_CLIENT_LIST_LIMIT} active clients), by name,
 * each with the relationship that gives access, the next visit and the newest quarterly summary. An account
 * with no person link and no grant gets an empty list. Audited `dashboard.client.list`.
 */
export async function listDashboardClients(
  deps: DashboardDeps,
  ctx: RequestContext,
): Promise<DashboardClientList> {
  const { db } = deps;
  const scope = await accessScope(db, ctx.actor?.userAccountId ?? '');
  const rows = await clientRows(db, scope.all ? 'all' : await clientIdsInScope(db, scope));
  const ids = rows.map((row) => row.id);
  const { today } = agencyDates(deps.agencyTimeZone);
  const next = await findNextVisits(db, ids, today);
  const summaries = await findClientSummaries(db, ids, deps.agencyTimeZone);
  const names = await caregiverNamesOf(
    db,
    [...next.values()].map((visit) => visit.caregiverId),
  );
  const items = rows.map((row): DashboardClientItem => {
    const visit = next.get(row.id);
    const latest = summaries.get(row.id)?.[0];
    return {
      clientId: row.id,
      name: row.name,
      relationship: relationshipOf(scope, row),
      nextVisit: visit ? toClientVisit(visit, names) : null,
      latestSummary: latest
        ? { year: latest.year, quarter: latest.quarter, generatedAt: isoOrNull(latest.generatedAt) }
        : null,
    };
  });
  await auditDashboardRead(db, ctx, {
    action: 'dashboard.client.list',
    entityType: 'client',
    entityId: null,
    details: { returned: items.length, clientIds: ids },
  });
  return { items, timeZone: deps.agencyTimeZone };
}

/** The summaries as the dashboard sends them. */
const toSummaries = (quarters: ClientSummaryQuarter[] | undefined) =>
  (quarters ?? []).map((quarter) => ({
    year: quarter.year,
    quarter: quarter.quarter,
    firstDate: quarter.firstDate,
    lastDate: quarter.lastDate,
    generatedAt: isoOrNull(quarter.generatedAt),
    sections: quarter.sections,
  }));

/** The visits, caregivers, protocols and summaries of one client (already in scope). */
async function clientCare(deps: DashboardDeps, clientId: string, locale: Locale) {
  const { db, agencyTimeZone } = deps;
  const { today, since } = agencyDates(agencyTimeZone, CLIENT_DASHBOARD_PAST_DAYS);
  const limit = CLIENT_DASHBOARD_MAX_VISITS;
  const upcoming = await findShiftVisits(db, { clientIds: [clientId], fromDate: today, order: 'asc', limit });
  const { today: yesterday } = agencyDates(agencyTimeZone, 0, new Date(Date.now() - 86_400_000));
  const past = await findShiftVisits(db, {
    clientIds: [clientId],
    fromDate: since,
    toDate: yesterday,
    order: 'desc',
    limit,
  });
  const caregivers = await findVisitCaregivers(db, clientId, since);
  const names = await caregiverNamesOf(db, [
    ...upcoming.map((visit) => visit.caregiverId),
    ...past.map((visit) => visit.caregiverId),
    ...caregivers.map((row) => row.caregiverId),
  ]);
  const plans = await currentProtocols(db, [clientId], locale, agencyTimeZone);
  const summaries = await findClientSummaries(db, [clientId], agencyTimeZone);
  return {
    upcoming: upcoming.map((visit) => toClientVisit(visit, names)),
    past: past.map((visit) => toClientVisit(visit, names)),
    caregivers: caregivers.flatMap((row) => {
      const name = names.get(row.caregiverId);
      return name
        ? [{ caregiverName: shortName(name), lastVisitDate: row.lastDate, visits: row.visits }]
        : [];
    }),
    protocols: plans.get(clientId)?.protocols ?? [],
    summaries: toSummaries(summaries.get(clientId)),
  };
}

/**
 * One client's dashboard: visits today and later and in the last {@link CLIENT_DASHBOARD_PAST_DAYS} days, their
 * caregivers (short names), current protocols in `locale`, quarterly summaries. Audited `dashboard.client.view`.
 * Errors: NOT_FOUND when the client is unknown or outside the caller's scope (the same error, audited denied).
 */
export async function getClientDashboard(
  deps: DashboardDeps,
  ctx: RequestContext,
  clientId: string,
  query: { locale: Locale },
): Promise<ClientDashboard> {
  const { db } = deps;
  const scope = await accessScope(db, ctx.actor?.userAccountId ?? '');
  const [row] = (await canSeeClient(db, scope, clientId)) ? await clientRows(db, [clientId]) : [];
  if (!row)
    throw await deniedDashboardRead(db, ctx, {
      action: 'dashboard.client.view',
      entityType: 'client',
      entityId: clientId,
      label: 'Client',
    });
  const care = await clientCare(deps, clientId, query.locale);
  await auditDashboardRead(db, ctx, {
    action: 'dashboard.client.view',
    entityType: 'client',
    entityId: clientId,
    details: {
      upcoming: care.upcoming.length,
      past: care.past.length,
      protocols: care.protocols.length,
      summaries: care.summaries.length,
    },
  });
  return {
    clientId,
    name: row.name,
    relationship: relationshipOf(scope, row),
    timeZone: deps.agencyTimeZone,
    ...care,
  };
}
