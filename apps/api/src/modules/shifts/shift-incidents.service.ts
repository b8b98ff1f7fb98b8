/**
 * The shift side of incident screening (issue 5; spec s.3 Shift incident fields), for the screening
 * module: read the screening state of shifts, write screening results in bulk, list the incident queue,
 * read one incident and mark it handled. No audit here: the screening module's services audit, in the
 * same transaction where they write (STYLE.md s.9). Owned by the incident-screening work (engineer H2).
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { IncidentItem, IncidentListQuery, IncidentSeverity } from '@tend/contracts';
import { incidentSeverities } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import { notFound } from '../../platform/http/errors.ts';
import { shifts } from './shifts.table.ts';
import { iso, namesFor } from './shift-view.ts';

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

/** One shift's screening result to store. `severity` null = no incident (the other fields are then null). */
export interface IncidentScreeningWrite {
  shiftId: string;
  severity: IncidentSeverity | null;
  categories: string[] | null;
  reason: string | null;
  analyzedNotes: string | null;
  reportDueAt: Date | null;
  /** Set `incident_handled` back to false (new categories appeared); handled by/at/note are kept. */
  reopen: boolean;
}

/**
 * Stores screening results in one statement (`jsonb_to_recordset`): sets `incident_screened` true,
 * `incident_screened_at` = `screenedAt`, severity, categories, reason, analyzed notes and report due
 * time; clears `incident_handled` only where `reopen`. Never touches `incident_handled_by/at/note`.
 * Returns the number of rows updated.
 */
export async function writeIncidentScreening(
  executor: Executor,
  results: readonly IncidentScreeningWrite[],
  screenedAt: Date,
): Promise<number> {
  if (!results.length) return 0;
  const payload = JSON.stringify(
    results.map((r) => ({
      id: r.shiftId,
      severity: r.severity,
      categories: r.categories,
      reason: r.reason,
      notes: r.analyzedNotes,
      due: r.reportDueAt?.toISOString() ?? null,
      reopen: r.reopen,
    })),
  );
  const updated = await executor.execute(sql`
    update ${shifts} as s set
      incident_screened = true,
      incident_screened_at = ${screenedAt.toISOString()}::timestamptz,
      incident_severity = r.severity,
      incident_categories = r.categories,
      incident_reason = r.reason,
      incident_analyzed_notes = r.notes,
      incident_report_due_at = r.due,
      incident_handled = case when r.reopen then false else s.incident_handled end
    from jsonb_to_recordset(${payload}::jsonb)
      as r(id uuid, severity text, categories jsonb, reason text, notes text, due timestamptz, reopen boolean)
    where s.id = r.id`);
  return updated.rowCount ?? 0;
}

/** Stamps `incident_screened_at` (and `incident_screened`) only: the result did not change. */
export async function stampIncidentScreened(
  executor: Executor,
  shiftIds: readonly string[],
  screenedAt: Date,
): Promise<void> {
  if (!shiftIds.length) return;
  await executor.execute(sql`
    update ${shifts} set incident_screened = true, incident_screened_at = ${screenedAt.toISOString()}::timestamptz
    where id in (select unnest(${`{${shiftIds.join(',')}}`}::uuid[]))`);
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

type IncidentRow = typeof shifts.$inferSelect;

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

async function handlerNames(executor: Executor, rows: IncidentRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.incidentHandledBy ? [r.incidentHandledBy] : [])))];
  if (!ids.length) return new Map();
  const accounts = await executor
    .select({ id: userAccounts.id, fullName: userAccounts.fullName, email: userAccounts.email })
    .from(userAccounts)
    .where(inArray(userAccounts.id, ids));
  return new Map(accounts.map((a) => [a.id, a.fullName || a.email]));
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
  const rows = await executor
    .select()
    .from(shifts)
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
  const [row] = await executor
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), isNotNull(shifts.incidentSeverity)));
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

/**
 * Marks the incident of `shiftId` handled (inside the caller's transaction): locks the row, sets
 * `incident_handled`, `incident_handled_by` (user account id), `incident_handled_at` and the note.
 * Returns whether it was already handled before (the caller decides). Errors: NOT_FOUND.
 */
export async function setIncidentHandled(
  tx: Executor,
  shiftId: string,
  input: { by: string | null; note: string; at: Date },
): Promise<{ wasHandled: boolean }> {
  const [row] = await tx
    .select({ handled: shifts.incidentHandled })
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), isNotNull(shifts.incidentSeverity), isNull(shifts.deletedAt)))
    .for('update');
  if (!row) throw notFound('Incident');
  await tx
    .update(shifts)
    .set({
      incidentHandled: true,
      incidentHandledBy: input.by,
      incidentHandledAt: input.at,
      incidentHandledNote: input.note,
    })
    .where(eq(shifts.id, shiftId));
  return { wasHandled: row.handled };
}
