/**
 * Client budget lines kept by hand, and the budget-overages report (issue 5; spec s.3 Budget;
 * DOMAIN.md "Budgets"). Use is read from shift segments through the shifts module's read API
 * (`budget-segment-usage.ts`) and turned into units by `budget-units.ts`; projection and flags come
 * from `budget-overages.ts`. Every read and write is audited (`budget.*`, `budget_overage.*`) with ids
 * and counts only. Rules: docs/hours-and-budgets.md.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  parseBudgetMeasure,
  type BudgetLine,
  type BudgetLinePage,
  type BudgetListQuery,
  type BudgetMeasure,
  type BudgetOverageLine,
  type BudgetOveragePage,
  type BudgetOverageQuery,
  type BudgetUsage,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findPeopleNames, getClient } from '../people/people.service.ts';
import {
  findLineSegments,
  findSegmentUsage,
  type SegmentLineFilter,
  type SegmentUsageRow,
} from './budget-segment-usage.ts';
import { budgetStatus, comparisonWindow } from './budget-overages.ts';
import { segmentUnits, usageTotals } from './budget-units.ts';
import { budgets } from './budgets.table.ts';

type BudgetRow = typeof budgets.$inferSelect;

/** A stored measure as the contract's enum; an unknown spelling (only from old imports) reads as null. */
const measureOf = (value: string | null): BudgetMeasure | null => (value ? parseBudgetMeasure(value) : null);

function toLine(row: BudgetRow, clientNames: Map<string, string>): BudgetLine {
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: row.clientId ? (clientNames.get(row.clientId) ?? null) : null,
    procCode: row.procCode,
    svcModifierCd: row.svcModifierCd,
    units: Number(row.units),
    measure: measureOf(row.measure),
    term: row.term,
    budgetClientId: row.budgetClientId,
    effectiveDate: row.effectiveDate,
    expirationDate: row.expirationDate,
    csvFileId: row.csvFileId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function clientNamesFor(executor: Executor, rows: BudgetRow[]) {
  const clientIds = [...new Set(rows.flatMap((row) => (row.clientId ? [row.clientId] : [])))];
  return (await findPeopleNames(executor, { caregiverIds: [], clientIds })).clients;
}

async function loadLine(executor: Executor, id: string): Promise<BudgetRow> {
  const [row] = await executor.select().from(budgets).where(eq(budgets.id, id));
  if (!row) throw notFound('Budget line');
  return row;
}

/** PostgreSQL unique violation (SQLSTATE 23505), directly or as the cause of a driver error. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : null;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

const duplicateLine = () =>
  new AppError(
    'CONFLICT',
    'A budget line for this client, procedure code, modifier and effective date exists already: edit it instead',
  );

/** True when another line of the client has the same code, modifier and effective date. */
async function hasTwin(
  executor: Executor,
  line: {
    id?: string;
    clientId: string;
    procCode: string;
    svcModifierCd: string | null;
    effectiveDate: string;
  },
): Promise<boolean> {
  const [twin] = await executor
    .select({ id: budgets.id })
    .from(budgets)
    .where(
      and(
        eq(budgets.clientId, line.clientId),
        eq(budgets.procCode, line.procCode),
        sql`coalesce(${budgets.svcModifierCd}, '') = ${line.svcModifierCd ?? ''}`,
        eq(budgets.effectiveDate, line.effectiveDate),
        line.id ? sql`${budgets.id} <> ${line.id}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(twin);
}

/** A client's (or every) budget line, by client and code, paged. Audited `budget.list`. */
export async function findBudgetLines(
  db: Database,
  ctx: RequestContext,
  query: BudgetListQuery,
): Promise<BudgetLinePage> {
  const where = query.clientId ? eq(budgets.clientId, query.clientId) : undefined;
  const rows = await db
    .select()
    .from(budgets)
    .where(where)
    .orderBy(asc(budgets.clientId), asc(budgets.procCode), asc(budgets.effectiveDate), asc(budgets.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totals] = await db.select({ total: count() }).from(budgets).where(where);
  const names = await clientNamesFor(db, rows);
  await recordAudit(db, ctx, {
    action: 'budget.list',
    entityType: 'budget',
    details: { clientId: query.clientId ?? null, returned: rows.length },
  });
  return {
    items: rows.map((row) => toLine(row, names)),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Adds a budget line by hand for a client (contracts `budgetLineInput`, already validated: measure
 * from the list, units > 0, expiration on or after the effective date). The line takes the client's
 * `budgetClientId` so a later budget import updates it rather than doubling it.
 * Errors: VALIDATION_FAILED naming `clientId` (no such client); CONFLICT (same client, code, modifier
 * and effective date). Audited `budget.create`.
 */
export async function createBudgetLine(
  db: Database,
  ctx: RequestContext,
  input: {
    clientId: string;
    procCode: string;
    svcModifierCd: string | null;
    units: number;
    measure: BudgetMeasure;
    term: string | null;
    effectiveDate: string;
    expirationDate: string | null;
  },
): Promise<BudgetLine> {
  const client = await getClient(db, ctx, input.clientId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw AppError.field('clientId', 'does not name an existing client');
    throw error;
  });
  try {
    return await db.transaction(async (tx) => {
      if (await hasTwin(tx, input)) throw duplicateLine();
      const [created] = await tx
        .insert(budgets)
        .values({ ...input, budgetClientId: client.budgetClientId })
        .returning();
      if (!created) throw new AppError('INTERNAL');
      await recordAudit(tx, ctx, {
        action: 'budget.create',
        entityType: 'budget',
        entityId: created.id,
        details: { clientId: input.clientId },
      });
      return toLine(created, new Map([[client.id, client.name]]));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateLine();
    throw error;
  }
}

/**
 * Changes the given fields of a budget line (contracts `budgetLinePatch`). The merged dates must stay
 * in order. Errors: NOT_FOUND; VALIDATION_FAILED naming `expirationDate` (before the effective date)
 * or every given field when nothing changes; CONFLICT (a twin line). Audited `budget.update` with the
 * changed field names.
 */
export async function updateBudgetLine(
  db: Database,
  ctx: RequestContext,
  id: string,
  patch: Partial<{
    procCode: string;
    svcModifierCd: string | null;
    units: number;
    measure: BudgetMeasure;
    term: string | null;
    effectiveDate: string;
    expirationDate: string | null;
  }>,
): Promise<BudgetLine> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(budgets).where(eq(budgets.id, id)).for('update');
      if (!row) throw notFound('Budget line');
      const given = Object.entries(patch).filter(([, value]) => value !== undefined) as [
        keyof typeof patch,
        unknown,
      ][];
      const changed = given.filter(([field, value]) => {
        const current = field === 'units' ? Number(row.units) : row[field];
        return current !== value;
      });
      if (!changed.length)
        throw new AppError(
          'VALIDATION_FAILED',
          'The change changes nothing: every given field already has that value',
          given.length
            ? given.map(([path]) => ({ path, message: 'already has this value' }))
            : [{ path: 'body', message: 'names no field to change' }],
        );
      const next = Object.fromEntries(changed) as typeof patch;
      const merged = { ...row, ...next };
      if (merged.expirationDate && merged.expirationDate < merged.effectiveDate)
        throw AppError.field('expirationDate', 'must be on or after the effective date');
      if (
        merged.clientId &&
        (await hasTwin(tx, {
          id,
          clientId: merged.clientId,
          procCode: merged.procCode,
          svcModifierCd: merged.svcModifierCd,
          effectiveDate: merged.effectiveDate,
        }))
      )
        throw duplicateLine();
      const [updated] = await tx
        .update(budgets)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(budgets.id, id))
        .returning();
      if (!updated) throw new AppError('INTERNAL');
      await recordAudit(tx, ctx, {
        action: 'budget.update',
        entityType: 'budget',
        entityId: id,
        details: { fields: changed.map(([field]) => field) },
      });
      return toLine(updated, await clientNamesFor(tx, [updated]));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateLine();
    throw error;
  }
}

/** Deletes a budget line (the authorization is gone; segments are untouched). Errors: NOT_FOUND. Audited `budget.delete`. */
export async function deleteBudgetLine(db: Database, ctx: RequestContext, id: string): Promise<BudgetLine> {
  return db.transaction(async (tx) => {
    const row = await loadLine(tx, id);
    await tx.delete(budgets).where(eq(budgets.id, id));
    await recordAudit(tx, ctx, {
      action: 'budget.delete',
      entityType: 'budget',
      entityId: id,
      details: { clientId: row.clientId },
    });
    return toLine(row, await clientNamesFor(tx, [row]));
  });
}

// ---- Budget overages ------------------------------------------------------------------------------

/** Today in the agency zone, `YYYY-MM-DD`. */
const todayIn = (timeZone: string) => DateTime.now().setZone(timeZone).toISODate() as string;

/** The segments filter of a line as of `asOf` (null for lines without a client or before their term). */
function lineFilter(row: BudgetRow, asOf: string): SegmentLineFilter | null {
  if (!row.clientId || asOf < row.effectiveDate) return null;
  const window = comparisonWindow(row, asOf);
  return {
    key: row.id,
    clientId: row.clientId,
    procCode: row.procCode,
    modifier: row.svcModifierCd,
    fromDate: window.from,
    toDate: asOf < window.to ? asOf : window.to,
  };
}

/** One report line from its row and its usage rows. */
function overageLine(
  row: BudgetRow,
  usage: SegmentUsageRow[],
  asOf: string,
  clientNames: Map<string, string>,
): BudgetOverageLine {
  const line = toLine(row, clientNames);
  const measure = line.measure ?? 'hours';
  const totals = usageTotals(
    measure,
    usage
      .filter((u) => u.minutes !== null)
      .map((u) => ({ date: u.date, minutes: u.minutes ?? 0, count: u.count })),
  );
  // A monthly line is compared within its month (comparisonWindow): the month is the status's term.
  const window = comparisonWindow(row, asOf);
  const status = budgetStatus({
    ...line,
    effectiveDate: window.from,
    expirationDate: window.to,
    authorized: line.units,
    used: totals.total,
    byDate: totals.byDate,
    asOf,
  });
  const notes = [
    totals.note,
    line.measure ? null : `The measure "${row.measure ?? ''}" is not known: counted as hours.`,
    row.clientId ? null : 'Not linked to a client yet: nothing is counted.',
  ].filter(Boolean);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    ...line,
    period: window.period,
    periodStart: window.from,
    termEnd: status.termEnd,
    termDays: status.termDays,
    elapsedDays: status.elapsedDays,
    authorized: line.units,
    used: round(totals.total),
    projected: round(status.projected),
    remaining: round(status.remaining),
    segmentCount: usage.reduce((sum, u) => sum + u.count, 0),
    openSegmentCount: usage.filter((u) => u.minutes === null).reduce((sum, u) => sum + u.count, 0),
    serviceDays: status.serviceDays,
    busiestDaysShare: Math.round(status.busiestDaysShare * 1000) / 1000,
    flags: status.flags,
    note: notes.length ? notes.join(' ') : null,
  };
}

/** Most budget lines one report computes (a larger agency filters by client). */
const maxReportLines = 5000;

/**
 * Budget lines in force on `asOf` (default today in the agency zone: effective on or before it, not
 * expired before it), each with authorized, used, projected and remaining units and its flags
 * (overage, projected overage, bunching), optionally of one client and with one flag (`any`: at least
 * one). Flagged lines first (overage, then projected, then bunching), then client name and code.
 * Audited `budget_overage.list`.
 */
export async function findBudgetOverages(
  db: Database,
  ctx: RequestContext,
  settings: { timeZone: string },
  query: BudgetOverageQuery,
): Promise<BudgetOveragePage> {
  const asOf = query.asOf ?? todayIn(settings.timeZone);
  const rows = await db
    .select()
    .from(budgets)
    .where(
      and(
        query.clientId ? eq(budgets.clientId, query.clientId) : undefined,
        sql`${budgets.effectiveDate} <= ${asOf}`,
        sql`(${budgets.expirationDate} is null or ${budgets.expirationDate} >= ${asOf})`,
      ),
    )
    .orderBy(asc(budgets.clientId), asc(budgets.procCode), asc(budgets.id))
    .limit(maxReportLines);
  const filters = rows.flatMap((row) => lineFilter(row, asOf) ?? []);
  const usage = await findSegmentUsage(db, filters);
  const byLine = new Map<string, SegmentUsageRow[]>();
  for (const u of usage) byLine.set(u.key, [...(byLine.get(u.key) ?? []), u]);
  const names = await clientNamesFor(db, rows);
  const rank = (line: BudgetOverageLine) =>
    line.flags.includes('overage')
      ? 0
      : line.flags.includes('projected_overage')
        ? 1
        : line.flags.length
          ? 2
          : 3;
  let items = rows
    .map((row) => overageLine(row, byLine.get(row.id) ?? [], asOf, names))
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        (a.clientName ?? '').localeCompare(b.clientName ?? '') ||
        a.procCode.localeCompare(b.procCode) ||
        a.id.localeCompare(b.id),
    );
  const totals = {
    overage: items.filter((i) => i.flags.includes('overage')).length,
    projected_overage: items.filter((i) => i.flags.includes('projected_overage')).length,
    bunching: items.filter((i) => i.flags.includes('bunching')).length,
  };
  if (query.flag === 'any') items = items.filter((i) => i.flags.length > 0);
  else if (query.flag)
    items = items.filter((i) => i.flags.includes(query.flag as BudgetOverageLine['flags'][number]));
  const [all] = await db.select({ total: count() }).from(budgets);
  const pageItems = items.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
  await recordAudit(db, ctx, {
    action: 'budget_overage.list',
    entityType: 'budget',
    details: { asOf, clientId: query.clientId ?? null, flag: query.flag ?? null, returned: pageItems.length },
  });
  return {
    items: pageItems,
    total: items.length,
    page: query.page,
    pageSize: query.pageSize,
    asOf,
    budgetLines: all?.total ?? 0,
    totals,
  };
}

/** Most segments the drill-down lists. */
const maxDrillDownSegments = 2000;

/**
 * One budget line as of `asOf` with the segments counted for it (the drill-down), each with its units.
 * For `days`, the first segment of each service date carries the day's unit. Audited
 * `budget_overage.read`. Errors: NOT_FOUND.
 */
export async function getBudgetUsage(
  db: Database,
  ctx: RequestContext,
  settings: { timeZone: string },
  id: string,
  query: { asOf?: string },
): Promise<BudgetUsage> {
  const asOf = query.asOf ?? todayIn(settings.timeZone);
  const row = await loadLine(db, id);
  const filter = lineFilter(row, asOf);
  const usage = filter ? await findSegmentUsage(db, [filter]) : [];
  const segments = filter ? await findLineSegments(db, filter, maxDrillDownSegments + 1) : [];
  const names = await findPeopleNames(db, {
    caregiverIds: [...new Set(segments.map((s) => s.caregiverId))],
    clientIds: row.clientId ? [row.clientId] : [],
  });
  const line = overageLine(row, usage, asOf, names.clients);
  const measure = line.measure ?? 'hours';
  const seenDates = new Set<string>();
  const listed = segments.slice(0, maxDrillDownSegments).map((segment) => {
    let units = 0;
    if (segment.minutes !== null) {
      if (measure === 'days') {
        units = seenDates.has(segment.date) ? 0 : 1;
        seenDates.add(segment.date);
      } else units = Math.round(segmentUnits(measure, segment.minutes) * 100) / 100;
    }
    return {
      segmentId: segment.segmentId,
      shiftId: segment.shiftId,
      date: segment.date,
      caregiverId: segment.caregiverId,
      caregiverName: names.caregivers.get(segment.caregiverId) ?? '',
      evvStart: segment.evvStart ? segment.evvStart.toISOString() : null,
      evvEnd: segment.evvEnd ? segment.evvEnd.toISOString() : null,
      billingCode: segment.billingCode,
      modifier: segment.modifier,
      minutes: segment.minutes ?? 0,
      units,
    };
  });
  await recordAudit(db, ctx, {
    action: 'budget_overage.read',
    entityType: 'budget',
    entityId: id,
    details: { asOf, segments: listed.length },
  });
  return {
    line,
    segments: listed,
    timeZone: settings.timeZone,
    truncated: segments.length > maxDrillDownSegments,
  };
}
