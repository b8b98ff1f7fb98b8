/**
 * One shift in full, and an admin's corrections to it (issue "shift records with EVV"): correcting
 * times, coordinates and the billing code with a reason, soft delete and restore. Every read and write
 * is audited in the same transaction as the change (STYLE.md s.9); audit details name fields and ids,
 * never values (ARCHITECTURE.md: no PHI in the audit log).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { evaluateEvv, type ShiftChange, type ShiftCorrection, type ShiftDetail } from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findImportedFile } from '../../platform/imports/import-files.ts';
import { shiftSegments, shifts } from './shifts.table.ts';
import { iso, namesFor, toShift, type ShiftRow } from './shift-view.ts';
import { syncImportSegments } from './shift-segments.ts';
import type { SegmentEditorDeps } from './segment-editor.service.ts';

/** The shift fields an admin may correct (contracts `shiftCorrection` minus `reason`), in display order. */
export const correctableFields = [
  'evvInTime',
  'evvOutTime',
  'evvInLat',
  'evvInLong',
  'evvOutLat',
  'evvOutLong',
  'billingCode',
  'mod1',
] as const;
type CorrectableField = (typeof correctableFields)[number];
type CorrectableValue = Date | number | string | null;

const isInstantField = (field: CorrectableField) => field === 'evvInTime' || field === 'evvOutTime';

/** A correctable value as the history stores it: instants as ISO 8601 UTC, the rest as they are. */
const historyValue = (value: CorrectableValue) => (value instanceof Date ? value.toISOString() : value);

/** Equal values: instants compared by time (so `…T13:00:00Z` equals `…T08:00:00-05:00`). */
function isSameValue(a: CorrectableValue, b: CorrectableValue): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

/**
 * Fills `byName` of history entries made by Tend users (`by` = user account id) with the account's
 * full name or email, so the history can say who without another request. One query for all ids.
 */
async function withUserNames(
  executor: Executor,
  histories: ShiftChange[][],
): Promise<(entry: ShiftChange) => ShiftChange> {
  const names = await findUserNames(executor, {
    ids: histories.flat().flatMap((entry) => (entry.by && !entry.byName ? [entry.by] : [])),
  });
  return (entry) =>
    entry.by && !entry.byName && names.has(entry.by) ? { ...entry, byName: names.get(entry.by) } : entry;
}

/**
 * The API shape of one shift (deleted ones too): its row, the caregiver's and client's names, the
 * change history (with user names), its segments (for a deleted shift: the ones deleted with it),
 * and the import it came from. Not audited: callers audit. Errors: NOT_FOUND.
 */
async function loadShift(executor: Executor, id: string): Promise<ShiftDetail> {
  const [row] = await executor.select().from(shifts).where(eq(shifts.id, id));
  if (!row) throw notFound('Shift');
  // One after another: inside a transaction the queries share one connection (pg refuses overlap).
  const names = await namesFor(executor, [row]);
  const segments = await executor
    .select()
    .from(shiftSegments)
    .where(
      and(
        eq(shiftSegments.shiftId, id),
        row.deletedAt ? eq(shiftSegments.deletedAt, row.deletedAt) : isNull(shiftSegments.deletedAt),
      ),
    )
    .orderBy(shiftSegments.evvStart);
  const file = row.csvFileId ? await findImportedFile(executor, row.csvFileId) : null;
  const named = await withUserNames(executor, [row.changeHistory, ...segments.map((s) => s.changeHistory)]);
  return {
    ...toShift(row, names),
    changeHistory: row.changeHistory.map(named),
    segments: segments.map((segment) => ({
      id: segment.id,
      evvStart: iso(segment.evvStart),
      evvEnd: iso(segment.evvEnd),
      billingCode: segment.billingCode,
      modifier: segment.modifier,
      segmentGroupId: segment.segmentGroupId,
      creationSource: segment.creationSource,
      validationStatus: segment.validationStatus,
      notes: segment.notes,
      changeHistory: segment.changeHistory.map(named),
    })),
    csvFile: file ? { ...file, uploadDate: file.uploadDate.toISOString() } : null,
    deletedBy: row.deletedBy,
    incident: {
      screened: row.incidentScreened,
      screenedAt: iso(row.incidentScreenedAt),
      severity: row.incidentSeverity,
      reason: row.incidentReason,
      analyzedNotes: row.incidentAnalyzedNotes,
      handled: row.incidentHandled,
    },
    screenedForSuspiciousLocationAt: iso(row.screenedForSuspiciousLocationAt),
    rawData: row.rawData ?? null,
  };
}

/** Reads and locks (FOR UPDATE) one shift row inside `tx`. Errors: NOT_FOUND. */
async function lockShift(tx: Executor, id: string): Promise<ShiftRow> {
  const [row] = await tx.select().from(shifts).where(eq(shifts.id, id)).for('update');
  if (!row) throw notFound('Shift');
  return row;
}

/**
 * One shift (deleted ones too) with history, segments and its import (contracts `shiftDetail`).
 * Errors: NOT_FOUND. Audited as `shift.read`.
 */
export async function getShift(db: Database, ctx: RequestContext, id: string): Promise<ShiftDetail> {
  const detail = await loadShift(db, id);
  await recordAudit(db, ctx, { action: 'shift.read', entityType: 'shift', entityId: id });
  return detail;
}

/**
 * Applies an admin's correction (contracts `shiftCorrection`: any of times, coordinates, procedure
 * code and modifier, with a required reason) in one transaction: locks the row, sets only the given
 * fields, re-evaluates the EVV status (`evaluateEvv` with `adjusted: true`, so an otherwise verified
 * visit becomes MANUALLY_ADJUSTED — 21st Century Cures Act s.12006 as in contracts `evv.ts`), appends
 * a `correction` history entry with the fields that really changed (`{ from, to }`, instants as ISO
 * UTC), keeps the `import` segment in step (`syncImportSegments`) and audits `shift.update` with the
 * changed field names. Returns the updated detail.
 * Errors: NOT_FOUND; CONFLICT when the shift is deleted; VALIDATION_FAILED (field errors on every
 * given field) when nothing would change.
 */
export async function updateShift(
  db: Database,
  ctx: RequestContext,
  deps: Pick<SegmentEditorDeps, 'revalidateAroundDate'>,
  id: string,
  input: ShiftCorrection,
): Promise<ShiftDetail> {
  return db.transaction(async (tx) => {
    const row = await lockShift(tx, id);
    if (row.deletedAt)
      throw new AppError('CONFLICT', 'The shift is deleted: restore it first, then correct it');
    const next: Partial<Pick<ShiftRow, CorrectableField>> = {};
    const changes: ShiftChange['changes'] = {};
    const given: CorrectableField[] = [];
    for (const field of correctableFields) {
      const value = input[field];
      if (value === undefined) continue;
      given.push(field);
      const to: CorrectableValue =
        isInstantField(field) && typeof value === 'string' ? new Date(value) : value;
      const from = row[field];
      if (isSameValue(from, to)) continue;
      Object.assign(next, { [field]: to });
      changes[field] = { from: historyValue(from), to: historyValue(to) };
    }
    const changed = Object.keys(changes);
    if (!changed.length) {
      throw new AppError(
        'VALIDATION_FAILED',
        'The correction changes nothing: every given field already has that value',
        given.map((path) => ({ path, message: 'already has this value' })),
      );
    }
    const merged: ShiftRow = { ...row, ...next };
    const evv = evaluateEvv({
      evvInTime: merged.evvInTime,
      evvOutTime: merged.evvOutTime,
      evvInLat: merged.evvInLat,
      evvInLong: merged.evvInLong,
      evvOutLat: merged.evvOutLat,
      evvOutLong: merged.evvOutLong,
      adjusted: true,
      adjustmentReason: input.reason,
    });
    const entry: ShiftChange = {
      at: new Date().toISOString(),
      by: ctx.actor?.userAccountId ?? null,
      action: 'correction',
      reason: input.reason,
      changes,
    };
    const [updated] = await tx
      .update(shifts)
      .set({
        ...next,
        evvStatus: evv.status,
        evvStatusReason: evv.reason,
        changeHistory: sql`${shifts.changeHistory} || ${JSON.stringify([entry])}::jsonb`,
      })
      .where(eq(shifts.id, id))
      .returning();
    if (!updated) throw notFound('Shift');
    await syncImportSegments(tx, [updated], () => entry);
    await deps.revalidateAroundDate(tx, updated.date);
    await recordAudit(tx, ctx, {
      action: 'shift.update',
      entityType: 'shift',
      entityId: id,
      details: { fields: changed },
    });
    return loadShift(tx, id);
  });
}

/**
 * Soft-deletes (`deleted` true) or restores a shift in one transaction: sets or clears `deletedAt` and
 * `deletedBy` (the actor's user account id), appends a `delete` / `restore` history entry with the
 * reason to the shift and to the segments that go with it — on delete its live segments; on restore
 * the segments deleted with it (same `deletedAt`; segments deleted on their own before stay deleted) —
 * and audits `shift.delete` / `shift.restore` with the segment ids. Returns the shift's detail.
 * Errors: NOT_FOUND; CONFLICT when the shift is already in that state.
 */
async function setShiftDeleted(
  db: Database,
  ctx: RequestContext,
  id: string,
  reason: string,
  deleted: boolean,
): Promise<ShiftDetail> {
  return db.transaction(async (tx) => {
    const row = await lockShift(tx, id);
    if (deleted && row.deletedAt) throw new AppError('CONFLICT', 'The shift is already deleted');
    if (!deleted && !row.deletedAt)
      throw new AppError('CONFLICT', 'The shift is not deleted, so there is nothing to restore');
    const now = new Date();
    const by = ctx.actor?.userAccountId ?? null;
    const entry: ShiftChange = {
      at: now.toISOString(),
      by,
      action: deleted ? 'delete' : 'restore',
      reason,
      changes: {},
    };
    const append = (column: typeof shifts.changeHistory | typeof shiftSegments.changeHistory) =>
      sql`${column} || ${JSON.stringify([entry])}::jsonb`;
    const state = deleted ? { deletedAt: now, deletedBy: by } : { deletedAt: null, deletedBy: null };
    await tx
      .update(shifts)
      .set({ ...state, changeHistory: append(shifts.changeHistory) })
      .where(eq(shifts.id, id));
    const segments = await tx
      .update(shiftSegments)
      .set({ ...state, changeHistory: append(shiftSegments.changeHistory) })
      .where(
        and(
          eq(shiftSegments.shiftId, id),
          row.deletedAt ? eq(shiftSegments.deletedAt, row.deletedAt) : isNull(shiftSegments.deletedAt),
        ),
      )
      .returning({ id: shiftSegments.id });
    await recordAudit(tx, ctx, {
      action: deleted ? 'shift.delete' : 'shift.restore',
      entityType: 'shift',
      entityId: id,
      details: { segmentIds: segments.map((s) => s.id) },
    });
    return loadShift(tx, id);
  });
}

/** Soft-deletes a shift with a reason (see {@link setShiftDeleted}). */
export function deleteShift(db: Database, ctx: RequestContext, id: string, input: { reason: string }) {
  return setShiftDeleted(db, ctx, id, input.reason, true);
}

/** Restores a soft-deleted shift with a reason (see {@link setShiftDeleted}). */
export function restoreShift(db: Database, ctx: RequestContext, id: string, input: { reason: string }) {
  return setShiftDeleted(db, ctx, id, input.reason, false);
}
