/**
 * The shift side of incident screening (issue 5; spec s.3 Shift incident fields), through the read API
 * of module `shifts` (`shift-facts.ts`; decision 0025): the screening state of shifts, the incident
 * queue and one incident. Results are written with `shifts/shift-results.service.ts`
 * (`writeIncidentScreening`, `stampIncidentScreened`, `setIncidentHandled`). No audit here: the
 * screening module's services audit, in the same transaction where they write (STYLE.md s.9).
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { IncidentItem, IncidentListQuery, IncidentSeverity } from '@tend/contracts';
import { incidentSeverities } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { findUserNames } from '../users/user-names.service.ts';
import { notFound } from '../../platform/http/errors.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';
import { iso, namesFor } from '../shifts/shift-view.ts';

/** Shifts as incident screening reads them. */
const shifts = shiftFacts('s');

/** Every published column of the shifts that match `where` (the queue's and one incident's rows). */
const selectShifts = (executor: Executor) => executor.select().from(shifts);

/** What incident screening needs to know of a shift. Instants as Date. */
export interface ShiftScreeningState {
  id: string;
  date: string;
  evvInTime: Date | null;
  evvOutTime: Date | null;
  timeZone: string | null;
  clientId: string;
  caregiverId: string;
  deleted: boolean;
  incidentScreened: boolean;
  incidentScreenedAt: Date | null;
  incidentSeverity: string | null;
  incidentCategories: string[] | null;
  incidentReason: string | null;
  incidentAnalyzedNotes: string | null;
  incidentReportDueAt: Date | null;
  incidentHandled: boolean;
}

/** Screening state of the given shifts (deleted ones flagged), keyed by id; unknown ids are absent. */
export async function findShiftScreeningStates(
  executor: Executor,
  shiftIds: readonly string[],
): Promise<Map<string, ShiftScreeningState>> {
  if (!shiftIds.length) return new Map();
  const rows = await executor
    .select({
      id: shifts.id,
      date: shifts.date,
      evvInTime: shifts.evvInTime,
      evvOutTime: shifts.evvOutTime,
      timeZone: shifts.timeZone,
      clientId: shifts.clientId,
      caregiverId: shifts.caregiverId,
      deletedAt: shifts.deletedAt,
      incidentScreened: shifts.incidentScreened,
      incidentScreenedAt: shifts.incidentScreenedAt,
      incidentSeverity: shifts.incidentSeverity,
      incidentCategories: shifts.incidentCategories,
      incidentReason: shifts.incidentReason,
      incidentAnalyzedNotes: shifts.incidentAnalyzedNotes,
      incidentReportDueAt: shifts.incidentReportDueAt,
      incidentHandled: shifts.incidentHandled,
    })
    .from(shifts)
    .where(inArray(shifts.id, [...shiftIds]));
  return new Map(rows.map(({ deletedAt, ...row }) => [row.id, { ...row, deleted: deletedAt !== null }]));
}

const severityOrder = sql`array_position(array[${sql.join(
  incidentSeverities.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${shifts.incidentSeverity})`;

/** The queue filter without the severity and handled parts (for the per-severity totals). */
function baseFilter(query: IncidentListQuery): SQL[] {
  const where: SQL[] = [isNotNull(shifts.incidentSeverity), isNull(shifts.deletedAt)];
  if (query.category) where.push(sql`${shifts.incidentCategories} ? ${query.category}`);
  if (query.caregiverId) where.push(eq(shifts.caregiverId, query.caregiverId));
  if (query.clientId) where.push(eq(shifts.clientId, query.clientId));
  if (query.from) where.push(gte(shifts.date, query.from));
  if (query.to) where.push(lte(shifts.date, query.to));
  return where;
}

type IncidentRow = Awaited<ReturnType<typeof selectShifts>>[number];

/** The queue's item shape of one row (names looked up by the caller). */
function toIncidentItem(
  row: IncidentRow,
  names: Awaited<ReturnType<typeof namesFor>>,
  handlers: Map<string, string>,
): IncidentItem {
  return {
    shiftId: row.id,
    givShiftId: row.givShiftId,
    date: row.date,
    caregiverId: row.caregiverId,
    caregiverName: names.caregivers.get(row.caregiverId) ?? 'Unknown caregiver',
    clientId: row.clientId,
    clientName: names.clients.get(row.clientId) ?? 'Unknown client',
    severity: row.incidentSeverity as IncidentSeverity,
    categories: row.incidentCategories ?? [],
    reason: row.incidentReason,
    reportDueAt: iso(row.incidentReportDueAt),
    screenedAt: iso(row.incidentScreenedAt),
    handled: row.incidentHandled,
    handledAt: iso(row.incidentHandledAt),
    handledBy: row.incidentHandledBy,
    handledByName: row.incidentHandledBy ? (handlers.get(row.incidentHandledBy) ?? null) : null,
    handledNote: row.incidentHandledNote,
  };
}

function handlerNames(executor: Executor, rows: IncidentRow[]): Promise<Map<string, string>> {
  return findUserNames(executor, { ids: rows.map((r) => r.incidentHandledBy) });
}

/**
 * A page of the incident queue (shifts with a severity, not deleted) for the filter, sorted by
 * `severity` (CRITICAL first when `asc`, then deadline), `deadline` (earliest due first when `asc`,
 * then severity) or `date`; ties by id. Also the open incidents per severity and the overdue count for
 * the filter without its severity/handled parts (the queue's summary badges). `now` decides overdue.
 */
export async function findIncidentShifts(
  executor: Executor,
  query: IncidentListQuery,
  now: Date,
): Promise<{
  items: IncidentItem[];
  total: number;
  openBySeverity: Record<string, number>;
  overdue: number;
}> {
  const base = baseFilter(query);
  const where = [...base];
  if (query.severity) where.push(eq(shifts.incidentSeverity, query.severity));
  if (query.handled !== 'all') where.push(eq(shifts.incidentHandled, query.handled === 'handled'));
  const dir = query.order === 'desc' ? desc : asc;
  const due = sql`${shifts.incidentReportDueAt} ${sql.raw(query.order === 'desc' ? 'desc' : 'asc')} nulls last`;
  const order = {
    severity: [dir(severityOrder), due],
    deadline: [due, dir(severityOrder)],
    date: [dir(shifts.date), dir(severityOrder)],
  }[query.sort];
  const rows = await selectShifts(executor)
    .where(and(...where))
    .orderBy(...order, dir(shifts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(shifts)
    .where(and(...where));
  const summary = await executor
    .select({
      severity: shifts.incidentSeverity,
      open: sql<number>`count(*)::int`,
      overdue: sql<number>`(count(*) filter (where ${shifts.incidentReportDueAt} < ${now.toISOString()}::timestamptz))::int`,
    })
    .from(shifts)
    .where(and(...base, eq(shifts.incidentHandled, false)))
    .groupBy(shifts.incidentSeverity);
  const names = await namesFor(executor, rows);
  const handlers = await handlerNames(executor, rows);
  return {
    items: rows.map((row) => toIncidentItem(row, names, handlers)),
    total: count?.total ?? 0,
    openBySeverity: Object.fromEntries(summary.map((s) => [s.severity ?? 'UNKNOWN', s.open])),
    overdue: summary.reduce((sum, s) => sum + s.overdue, 0),
  };
}

/** One incident shift with its analyzed notes and EVV times. Errors: NOT_FOUND (no such shift or no incident). */
export async function getIncidentShift(executor: Executor, shiftId: string) {
  const [row] = await selectShifts(executor).where(
    and(eq(shifts.id, shiftId), isNotNull(shifts.incidentSeverity)),
  );
  if (!row) throw notFound('Incident');
  const names = await namesFor(executor, [row]);
  const handlers = await handlerNames(executor, [row]);
  return {
    ...toIncidentItem(row, names, handlers),
    analyzedNotes: row.incidentAnalyzedNotes,
    evvInTime: iso(row.evvInTime),
    evvOutTime: iso(row.evvOutTime),
    timeZone: row.timeZone,
    deleted: row.deletedAt !== null,
  };
}
