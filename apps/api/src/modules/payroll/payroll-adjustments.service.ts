/**
 * Payroll adjustments (spec s.3 PayrollAdjustment; issue 6; docs/payroll.md "Adjustments"): manual
 * changes to what a caregiver is paid — `HOURS` (hours), `MILEAGE` (miles), `AMOUNT` (integer
 * cents), signed. An edit never changes a row: it writes a new row with `replacesId` = the old one
 * and makes the old one inactive, so the history is the chain of rows. Deactivating keeps the row
 * (inactive) and notes the reason. Each write and its audit event (`payroll_adjustment.create`,
 * `.update`, `.deactivate`; details: ids, type, dates — never reasons or notes) share one transaction.
 */
import { and, asc, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import {
  payrollAdjustmentValueFor,
  type PayrollAdjustment,
  type PayrollAdjustmentPatch,
  type PayrollAdjustmentType,
  type PayrollAdjustmentValues,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { userNames } from '../users/user-names.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findPayrollCaregivers, findPayrollSegment, type PayrollSourceSegment } from './payroll-source.ts';
import { roundHours } from '../hours/workweek.ts';
import { payrollAdjustments } from './payroll.table.ts';
import { paidHoursOfSegment } from './paid-times.service.ts';

type AdjustmentRow = typeof payrollAdjustments.$inferSelect;

/** Filter of {@link loadAdjustments}: effective dates inclusive; `ids` limits to those rows. */
export interface AdjustmentFilter {
  caregiverId?: string;
  fromDate?: string;
  toDate?: string;
  includeInactive?: boolean;
  ids?: string[];
}

/**
 * Adjustments for the filter with the caregiver's and creator's names and the id of the row that
 * replaced each (null when current or deactivated), by effective date then creation (newest first).
 */
export async function loadAdjustments(
  executor: Executor,
  filter: AdjustmentFilter,
): Promise<PayrollAdjustment[]> {
  const conditions: (SQL | undefined)[] = [
    filter.caregiverId ? eq(payrollAdjustments.caregiverId, filter.caregiverId) : undefined,
    filter.fromDate ? gte(payrollAdjustments.effectiveDate, filter.fromDate) : undefined,
    filter.toDate ? lte(payrollAdjustments.effectiveDate, filter.toDate) : undefined,
    filter.includeInactive ? undefined : eq(payrollAdjustments.isActive, true),
    filter.ids ? inArray(payrollAdjustments.id, filter.ids) : undefined,
  ];
  if (filter.ids && !filter.ids.length) return [];
  const rows = await executor
    .select({ row: payrollAdjustments, createdByName: userNames.name })
    .from(payrollAdjustments)
    .leftJoin(userNames, eq(userNames.id, payrollAdjustments.createdBy))
    .where(and(...conditions))
    .orderBy(
      desc(payrollAdjustments.effectiveDate),
      desc(payrollAdjustments.createdAt),
      asc(payrollAdjustments.id),
    );
  if (!rows.length) return [];
  const ids = rows.map((r) => r.row.id);
  const successors = await executor
    .select({ id: payrollAdjustments.id, replacesId: payrollAdjustments.replacesId })
    .from(payrollAdjustments)
    .where(inArray(payrollAdjustments.replacesId, ids));
  const replacedBy = new Map(successors.map((s) => [s.replacesId as string, s.id]));
  const people = await findPayrollCaregivers(
    executor,
    rows.flatMap((r) => (r.row.caregiverId ? [r.row.caregiverId] : [])),
  );
  return rows.map(({ row, createdByName }) => ({
    id: row.id,
    caregiverId: row.caregiverId,
    caregiverName: row.caregiverId ? (people.get(row.caregiverId)?.name ?? '') : '',
    shiftSegmentId: row.shiftSegmentId,
    adjustmentType: row.adjustmentType as PayrollAdjustmentType,
    adjustmentValue: row.adjustmentValue ?? 0,
    originalValue: row.originalValue,
    adjustedValue: row.adjustedValue,
    reason: row.reason,
    notes: row.notes,
    effectiveDate: row.effectiveDate,
    isActive: row.isActive,
    appliedAt: row.appliedAt ? row.appliedAt.toISOString() : null,
    replacesId: row.replacesId,
    replacedById: replacedBy.get(row.id) ?? null,
    createdBy: row.createdBy,
    createdByName: createdByName || null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** One adjustment in the API shape. Errors: NOT_FOUND. */
async function oneAdjustment(executor: Executor, id: string): Promise<PayrollAdjustment> {
  const [adjustment] = await loadAdjustments(executor, { ids: [id], includeInactive: true });
  if (!adjustment) throw notFound('Adjustment');
  return adjustment;
}

/**
 * The segment's values before/after the adjustment (contracts `payrollAdjustment`): `HOURS` → its
 * paid hours and paid hours + value; `MILEAGE` → 0 (segments record no miles) and the value;
 * `AMOUNT` or no segment → nulls.
 */
async function segmentValues(
  executor: Executor,
  segment: PayrollSourceSegment | null,
  type: PayrollAdjustmentType,
  value: number,
): Promise<{ originalValue: number | null; adjustedValue: number | null }> {
  if (!segment || type === 'AMOUNT') return { originalValue: null, adjustedValue: null };
  const original = type === 'HOURS' ? await paidHoursOfSegment(executor, segment) : 0;
  return { originalValue: original, adjustedValue: roundHours(original + value) };
}

/** The live segment of the adjustment, checked to be the caregiver's. Errors: VALIDATION_FAILED `shiftSegmentId`. */
async function segmentOf(
  executor: Executor,
  segmentId: string | null,
  caregiverId: string,
): Promise<PayrollSourceSegment | null> {
  if (!segmentId) return null;
  const segment = await findPayrollSegment(executor, segmentId);
  if (!segment) throw AppError.field('shiftSegmentId', 'does not match a segment (it may have been deleted)');
  if (segment.caregiverId !== caregiverId)
    throw AppError.field('shiftSegmentId', "is another caregiver's segment");
  return segment;
}

/**
 * `POST /api/payroll/adjustments`: a new active adjustment (`effectiveDate` defaults to the
 * segment's service date), audited `payroll_adjustment.create`.
 * Errors: VALIDATION_FAILED naming `caregiverId` (no such caregiver) or `shiftSegmentId`.
 */
export async function createAdjustment(
  db: Database,
  ctx: RequestContext,
  input: PayrollAdjustmentValues,
): Promise<PayrollAdjustment> {
  const id = await db.transaction(async (tx) => {
    if (!(await findPayrollCaregivers(tx, [input.caregiverId])).has(input.caregiverId))
      throw AppError.field('caregiverId', 'does not match a caregiver');
    const segment = await segmentOf(tx, input.shiftSegmentId, input.caregiverId);
    const effectiveDate = input.effectiveDate ?? (segment?.date as string);
    const values = await segmentValues(tx, segment, input.adjustmentType, input.adjustmentValue);
    const [row] = await tx
      .insert(payrollAdjustments)
      .values({
        caregiverId: input.caregiverId,
        shiftSegmentId: input.shiftSegmentId,
        adjustmentType: input.adjustmentType,
        adjustmentValue: input.adjustmentValue,
        ...values,
        reason: input.reason,
        notes: input.notes,
        effectiveDate,
        createdBy: ctx.actor?.userAccountId ?? null,
      })
      .returning({ id: payrollAdjustments.id });
    if (!row) throw new AppError('INTERNAL');
    await recordAudit(tx, ctx, {
      action: 'payroll_adjustment.create',
      entityType: 'payroll_adjustment',
      entityId: row.id,
      details: {
        caregiverId: input.caregiverId,
        shiftSegmentId: input.shiftSegmentId,
        adjustmentType: input.adjustmentType,
        effectiveDate,
      },
    });
    return row.id;
  });
  return oneAdjustment(db, id);
}

/** The row, locked for the transaction, checked active. Errors: NOT_FOUND, CONFLICT (inactive). */
async function lockActive(tx: Executor, id: string, verb: string): Promise<AdjustmentRow> {
  const [row] = await tx.select().from(payrollAdjustments).where(eq(payrollAdjustments.id, id)).for('update');
  if (!row) throw notFound('Adjustment');
  if (!row.isActive)
    throw new AppError(
      'CONFLICT',
      `This adjustment is no longer active (replaced or deactivated); only the current one can be ${verb}`,
    );
  return row;
}

/**
 * `PATCH /api/payroll/adjustments/:id`: writes a new active row with the patched value, notes and
 * date, `replacesId` = `id`, the patch's reason, and the segment values recomputed; makes the old row
 * inactive. Audited `payroll_adjustment.update` (entity: the new row). Returns the new row.
 * Errors: NOT_FOUND; CONFLICT when the row is no longer active; VALIDATION_FAILED `adjustmentValue`.
 */
export async function updateAdjustment(
  db: Database,
  ctx: RequestContext,
  id: string,
  patch: PayrollAdjustmentPatch,
): Promise<PayrollAdjustment> {
  const newId = await db.transaction(async (tx) => {
    const old = await lockActive(tx, id, 'edited');
    const type = old.adjustmentType as PayrollAdjustmentType;
    const adjustmentValue = patch.adjustmentValue ?? old.adjustmentValue ?? 0;
    const checked = payrollAdjustmentValueFor(type).safeParse({ adjustmentValue });
    if (!checked.success)
      throw AppError.field('adjustmentValue', checked.error.issues[0]?.message ?? 'is invalid');
    const segment = old.caregiverId ? await segmentOf(tx, old.shiftSegmentId, old.caregiverId) : null;
    const values = await segmentValues(tx, segment, type, adjustmentValue);
    await tx
      .update(payrollAdjustments)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(payrollAdjustments.id, id));
    const [row] = await tx
      .insert(payrollAdjustments)
      .values({
        caregiverId: old.caregiverId,
        shiftSegmentId: old.shiftSegmentId,
        adjustmentType: type,
        adjustmentValue,
        ...values,
        reason: patch.reason,
        notes: patch.notes === undefined ? old.notes : patch.notes,
        effectiveDate: patch.effectiveDate ?? old.effectiveDate,
        replacesId: old.id,
        createdBy: ctx.actor?.userAccountId ?? null,
      })
      .returning({ id: payrollAdjustments.id });
    if (!row) throw new AppError('INTERNAL');
    await recordAudit(tx, ctx, {
      action: 'payroll_adjustment.update',
      entityType: 'payroll_adjustment',
      entityId: row.id,
      details: {
        replacesId: old.id,
        caregiverId: old.caregiverId,
        valueChanged: adjustmentValue !== old.adjustmentValue,
        effectiveDate: patch.effectiveDate ?? old.effectiveDate,
      },
    });
    return row.id;
  });
  return oneAdjustment(db, newId);
}

/**
 * `POST /api/payroll/adjustments/:id/deactivate`: makes the current row inactive and appends
 * "Deactivated: <reason>" to its notes (the table has no column of its own for it). Audited
 * `payroll_adjustment.deactivate`. Errors: NOT_FOUND; CONFLICT when already inactive.
 */
export async function deactivateAdjustment(
  db: Database,
  ctx: RequestContext,
  id: string,
  reason: string,
): Promise<PayrollAdjustment> {
  await db.transaction(async (tx) => {
    const row = await lockActive(tx, id, 'deactivated');
    const line = `Deactivated: ${reason}`;
    await tx
      .update(payrollAdjustments)
      .set({ isActive: false, notes: row.notes ? `${row.notes}\n${line}` : line, updatedAt: new Date() })
      .where(eq(payrollAdjustments.id, id));
    await recordAudit(tx, ctx, {
      action: 'payroll_adjustment.deactivate',
      entityType: 'payroll_adjustment',
      entityId: id,
      details: { caregiverId: row.caregiverId, effectiveDate: row.effectiveDate },
    });
  });
  return oneAdjustment(db, id);
}

/**
 * `GET /api/payroll/adjustments/:id/history`: the chain of rows `id` belongs to, oldest first (the
 * first row, each replacement, up to the current or deactivated one). Audited `payroll.list`.
 * Errors: NOT_FOUND.
 */
export async function adjustmentHistory(
  db: Database,
  ctx: RequestContext,
  id: string,
): Promise<PayrollAdjustment[]> {
  const chain: string[] = [];
  let cursor: string | null = id;
  // Back to the first row (bounded: a chain is never longer than its number of edits).
  for (let guard = 0; cursor && guard < 1000; guard += 1) {
    const [row]: { id: string; replacesId: string | null }[] = await db
      .select({ id: payrollAdjustments.id, replacesId: payrollAdjustments.replacesId })
      .from(payrollAdjustments)
      .where(eq(payrollAdjustments.id, cursor));
    if (!row) break;
    chain.unshift(row.id);
    cursor = row.replacesId;
  }
  if (!chain.length) throw notFound('Adjustment');
  cursor = id;
  for (let guard = 0; cursor && guard < 1000; guard += 1) {
    const [next]: { id: string }[] = await db
      .select({ id: payrollAdjustments.id })
      .from(payrollAdjustments)
      .where(eq(payrollAdjustments.replacesId, cursor));
    cursor = next?.id ?? null;
    if (next) chain.push(next.id);
  }
  const rows = await loadAdjustments(db, { ids: chain, includeInactive: true });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const history = chain.flatMap((rowId) => {
    const row = byId.get(rowId);
    return row ? [row] : [];
  });
  await recordAudit(db, ctx, {
    action: 'payroll.list',
    entityType: 'payroll_adjustment',
    entityId: id,
    details: { view: 'adjustment_history', rows: history.length },
  });
  return history;
}

/**
 * `GET /api/payroll/adjustments`: adjustments of one caregiver or all, in a date range, active only
 * unless `includeInactive`. Audited `payroll.list` (`view: 'adjustments'`).
 */
export async function listAdjustments(
  db: Database,
  ctx: RequestContext,
  filter: AdjustmentFilter,
): Promise<PayrollAdjustment[]> {
  const items = await loadAdjustments(db, filter);
  await recordAudit(db, ctx, {
    action: 'payroll.list',
    entityType: 'payroll_adjustment',
    entityId: null,
    details: {
      view: 'adjustments',
      caregiverId: filter.caregiverId ?? null,
      from: filter.fromDate ?? null,
      to: filter.toDate ?? null,
      rows: items.length,
    },
  });
  return items;
}
