/**
 * The segment editor (issue 6 "Segment validation", second bullet; spec s.3 ShiftSegment; DOMAIN.md
 * "shift segment"; rules in docs/segment-editor.md): an admin reads one segment, changes its code or
 * modifier (with a reason), marks respite handled (with a reason), edits its notes, or splits it at a
 * minute inside it into two segments with their own codes.
 *
 * Every edit is one transaction: lock the segment row, refuse a stale version (see
 * {@link isStaleEdit}), write the change with a `changeHistory` entry (contracts `shiftChange`, the
 * shape the shift's own history uses), re-validate the shift's date ± 1 day in the same transaction
 * (`revalidateAroundDate`, as shift corrections do) and audit (`segment.update` / `segment.split`, field
 * names and ids only, never values). After the commit the caller's `revalidateSegments` queues the
 * validation job from the service date on (budget use on later dates of the term may change).
 *
 * Mirroring: an `import` / `demo` segment follows its shift (shift-segments.ts `mirroringSources`).
 * Once an admin splits it (`split`) or changes its code or modifier (`manual`) it stops following, so
 * a later shift correction cannot overwrite the admin's edit. Notes and respite handling are not
 * mirrored fields, so editing only those keeps a segment mirroring.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { SegmentDetail, SegmentSplit, SegmentUpdate, ShiftChange } from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { mirroringSources } from './shift-segments.ts';
import { shiftSegments, shifts } from './shifts.table.ts';
import { iso } from './shift-view.ts';

type SegmentRow = typeof shiftSegments.$inferSelect;
type ShiftFacts = Pick<
  typeof shifts.$inferSelect,
  'id' | 'date' | 'timeZone' | 'evvInTime' | 'evvOutTime' | 'deletedAt'
>;

/**
 * What the editor and shift corrections need besides the database: queue segment validation (the
 * routes publish `segments.mayHaveChanged`, workflows/segment-validation.ts), and segment validation
 * inside the edit's transaction, which lives in module `validation` and reads shifts, so it is passed
 * in (`AppDeps.revalidateAroundDate`) rather than imported (no module cycle; decision 0025).
 */
export interface SegmentEditorDeps {
  /** Queues the `segment-validation` job for service dates `from`..`to` (`to` null: open-ended). */
  revalidateSegments(range: { from: string; to: string | null }): Promise<void>;
  /**
   * Re-validates the segments of service date `date` (`YYYY-MM-DD`) and the day on each side, and
   * detects billing drift for them, in `executor` (the edit's transaction): validation's
   * `revalidateAroundDate`.
   */
  revalidateAroundDate(executor: Executor, date: string): Promise<unknown>;
}

/** The `creationSource` a split gives both parts, and the one a recode gives a mirroring segment. */
export const splitSource = 'split';
export const manualSource = 'manual';

const mirrors: readonly (string | null)[] = mirroringSources;

/** Whether the segment follows its shift (an `import` / `demo` segment, or one of unknown source). */
export const isMirroring = (creationSource: string | null) =>
  creationSource === null || mirrors.includes(creationSource);

/**
 * Optimistic concurrency (docs/segment-editor.md "Stale edits"): an edit made on version
 * `expectedUpdatedAt` (the segment's `updatedAt` as the editor read it, ISO instant) is stale when the
 * segment's content changed after it — some `changeHistory` entry (every content change writes one:
 * this editor, a shift correction synced to a mirroring segment, delete, restore) or its creation is
 * later than that version. The exact current `updatedAt` is never stale. A write by the validator alone
 * (status and violations, which also moves `updatedAt`) is not a content change, so it does not make
 * the admin's edit stale. Pure; compares milliseconds.
 */
export function isStaleEdit(
  segment: Pick<SegmentRow, 'updatedAt' | 'createdAt' | 'changeHistory'>,
  expectedUpdatedAt: string,
): boolean {
  const expected = Date.parse(expectedUpdatedAt);
  if (segment.updatedAt.getTime() === expected) return false;
  const lastChange = Math.max(
    segment.createdAt.getTime(),
    ...segment.changeHistory.map((entry) => Date.parse(entry.at)),
  );
  return lastChange > expected;
}

function assertFresh(segment: SegmentRow, expectedUpdatedAt: string) {
  if (isStaleEdit(segment, expectedUpdatedAt))
    throw new AppError(
      'CONFLICT',
      'The segment was changed by someone else after you opened it: reload it, check the change, then edit again',
      [{ path: 'expectedUpdatedAt', message: 'is older than the segment’s last change' }],
    );
}

/** History entries with `byName` filled from the user accounts named in `by` (one query). */
async function withUserNames(executor: Executor, entries: ShiftChange[]): Promise<ShiftChange[]> {
  const ids = entries.flatMap((entry) => (entry.by && !entry.byName ? [entry.by] : []));
  if (!ids.length) return entries;
  const names = await findUserNames(executor, { ids });
  return entries.map((entry) =>
    entry.by && !entry.byName && names.has(entry.by) ? { ...entry, byName: names.get(entry.by) } : entry,
  );
}

async function shiftOf(executor: Executor, shiftId: string): Promise<ShiftFacts> {
  const [shift] = await executor
    .select({
      id: shifts.id,
      date: shifts.date,
      timeZone: shifts.timeZone,
      evvInTime: shifts.evvInTime,
      evvOutTime: shifts.evvOutTime,
      deletedAt: shifts.deletedAt,
    })
    .from(shifts)
    .where(eq(shifts.id, shiftId));
  if (!shift) throw notFound('Shift');
  return shift;
}

/** The API shape of one segment (contracts `segmentDetail`). Not audited. Errors: NOT_FOUND. */
async function loadSegment(executor: Executor, id: string): Promise<SegmentDetail> {
  const [row] = await executor.select().from(shiftSegments).where(eq(shiftSegments.id, id));
  if (!row) throw notFound('Segment');
  const shift = await shiftOf(executor, row.shiftId);
  return {
    id: row.id,
    shift: {
      id: shift.id,
      date: shift.date,
      timeZone: shift.timeZone,
      evvInTime: iso(shift.evvInTime),
      evvOutTime: iso(shift.evvOutTime),
    },
    evvStart: iso(row.evvStart),
    evvEnd: iso(row.evvEnd),
    evvInLat: row.evvInLat,
    evvInLong: row.evvInLong,
    evvOutLat: row.evvOutLat,
    evvOutLong: row.evvOutLong,
    billingCode: row.billingCode,
    modifier: row.modifier,
    segmentGroupId: row.segmentGroupId,
    respiteHandled: row.respiteHandled,
    creationSource: row.creationSource,
    notes: row.notes,
    validationStatus: row.validationStatus,
    validationViolations: row.validationViolations,
    changeHistory: await withUserNames(executor, row.changeHistory),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Locks (FOR UPDATE) one live segment of a live shift and refuses a stale version. Errors: NOT_FOUND;
 * CONFLICT when the segment or its shift is deleted, or the version is stale.
 */
async function lockForEdit(
  tx: Executor,
  id: string,
  expectedUpdatedAt: string,
): Promise<{ row: SegmentRow; shift: ShiftFacts }> {
  const [row] = await tx.select().from(shiftSegments).where(eq(shiftSegments.id, id)).for('update');
  if (!row) throw notFound('Segment');
  const shift = await shiftOf(tx, row.shiftId);
  if (row.deletedAt || shift.deletedAt)
    throw new AppError('CONFLICT', 'The segment is deleted with its shift: restore the shift first');
  assertFresh(row, expectedUpdatedAt);
  return { row, shift };
}

/**
 * Re-validates the shift's date ± 1 day in `tx`, then sets `updatedAt` of the edited segments back to
 * the edit's instant (validation writes `now()`, the transaction's start), so the version the editor
 * gets back equals its history entry's time.
 */
async function revalidateAndStamp(
  deps: SegmentEditorDeps,
  tx: Executor,
  date: string,
  ids: string[],
  at: Date,
) {
  await deps.revalidateAroundDate(tx, date);
  await tx.update(shiftSegments).set({ updatedAt: at }).where(inArray(shiftSegments.id, ids));
}

/** One segment for the editor (contracts `segmentDetail`). Errors: NOT_FOUND. Audited `segment.read`. */
export async function getSegment(db: Database, ctx: RequestContext, id: string): Promise<SegmentDetail> {
  const segment = await loadSegment(db, id);
  await recordAudit(db, ctx, {
    action: 'segment.read',
    entityType: 'shift_segment',
    entityId: id,
    details: { shiftId: segment.shift.id },
  });
  return segment;
}

type EditableField = 'billingCode' | 'modifier' | 'respiteHandled' | 'notes';
const editableFields: readonly EditableField[] = ['billingCode', 'modifier', 'respiteHandled', 'notes'];

/** The history action of an edit: `recode`, `respite` or `notes` when only that kind changed, else `edit`. */
function editAction(fields: string[]): string {
  const kinds = new Set(
    fields.map((field) =>
      field === 'billingCode' || field === 'modifier' || field === 'creationSource'
        ? 'recode'
        : field === 'respiteHandled'
          ? 'respite'
          : 'notes',
    ),
  );
  return kinds.size === 1 ? ([...kinds][0] as string) : 'edit';
}

/**
 * Changes a segment's code, modifier, respite handling and/or notes (contracts `segmentUpdate`) in one
 * transaction: only fields that really change are written; a changed code or modifier turns a
 * mirroring segment into a `manual` one (it stops following its shift); one history entry (`recode`,
 * `respite`, `notes` or `edit`, with the reason and each field's `{ from, to }`); re-validation of the
 * shift's date; audit `segment.update` with the field names. After the commit, a changed code or
 * modifier queues validation from the service date on (`deps.revalidateSegments`).
 * Errors: NOT_FOUND; CONFLICT (deleted, or stale `expectedUpdatedAt`); VALIDATION_FAILED when nothing
 * would change (every given field named).
 */
export async function updateSegment(
  db: Database,
  ctx: RequestContext,
  deps: SegmentEditorDeps,
  id: string,
  input: SegmentUpdate,
): Promise<SegmentDetail> {
  const { detail, date, recoded } = await db.transaction(async (tx) => {
    const { row, shift } = await lockForEdit(tx, id, input.expectedUpdatedAt);
    const next: Partial<Pick<SegmentRow, EditableField | 'creationSource'>> = {};
    const changes: ShiftChange['changes'] = {};
    const given: EditableField[] = [];
    for (const field of editableFields) {
      const value = input[field];
      if (value === undefined) continue;
      given.push(field);
      if (row[field] === value) continue;
      Object.assign(next, { [field]: value });
      changes[field] = { from: row[field], to: value };
    }
    if (!Object.keys(changes).length)
      throw new AppError(
        'VALIDATION_FAILED',
        'The edit changes nothing: every given field already has that value',
        given.map((path) => ({ path, message: 'already has this value' })),
      );
    const recoded = 'billingCode' in changes || 'modifier' in changes;
    if (recoded && isMirroring(row.creationSource)) {
      next.creationSource = manualSource;
      changes.creationSource = { from: row.creationSource, to: manualSource };
    }
    const fields = Object.keys(changes);
    const at = new Date();
    const entry: ShiftChange = {
      at: at.toISOString(),
      by: ctx.actor?.userAccountId ?? null,
      action: editAction(fields),
      reason: input.reason ?? null,
      changes,
    };
    await tx
      .update(shiftSegments)
      .set({
        ...next,
        changeHistory: sql`${shiftSegments.changeHistory} || ${JSON.stringify([entry])}::jsonb`,
        updatedAt: at,
      })
      .where(eq(shiftSegments.id, id));
    await revalidateAndStamp(deps, tx, shift.date, [id], at);
    await recordAudit(tx, ctx, {
      action: 'segment.update',
      entityType: 'shift_segment',
      entityId: id,
      details: { shiftId: shift.id, fields },
    });
    return { detail: await loadSegment(tx, id), date: shift.date, recoded };
  });
  if (recoded) await deps.revalidateSegments({ from: date, to: null });
  return detail;
}

/**
 * Splits a segment at `input.at` (contracts `segmentSplit`; on the minute, checked by the contract)
 * in one transaction. The original row becomes the first part: start..at, keeps the clock-in point
 * (its end coordinates are cleared: the split point is not an EVV punch), the first code. A new row is
 * the second part: at..end, keeps the clock-out point, the second code, the original's history (it is
 * the same piece of work), notes and respite handling; no `billingId` nor `givData` (it is not the GIV
 * line). Both get `creationSource` `split` and the original's `segmentGroupId` (a new one if it had
 * none), and a `split` history entry with the reason and each changed field's `{ from, to }` relative
 * to the original. Re-validates the shift's date, audits `segment.split` (both ids), and after the
 * commit queues validation from the service date on.
 * Errors: NOT_FOUND; CONFLICT (deleted, stale); VALIDATION_FAILED naming `at` when the segment lacks a
 * start or end or `at` is not strictly between them.
 */
export async function splitSegment(
  db: Database,
  ctx: RequestContext,
  deps: SegmentEditorDeps,
  id: string,
  input: SegmentSplit,
): Promise<[SegmentDetail, SegmentDetail]> {
  const { parts, date } = await db.transaction(async (tx) => {
    const { row, shift } = await lockForEdit(tx, id, input.expectedUpdatedAt);
    const split: SplitPoint = {
      ...splitPointOf(row, input.at),
      at: new Date(),
      by: ctx.actor?.userAccountId ?? null,
      reason: input.reason,
      segmentGroupId: row.segmentGroupId ?? randomUUID(),
    };
    await shortenToFirstPart(tx, row, split, input.first);
    const secondId = await insertSecondPart(tx, row, split, input.second);
    await revalidateAndStamp(deps, tx, shift.date, [id, secondId], split.at);
    await recordAudit(tx, ctx, {
      action: 'segment.split',
      entityType: 'shift_segment',
      entityId: id,
      details: { shiftId: shift.id, newSegmentId: secondId, segmentGroupId: split.segmentGroupId },
    });
    const parts: [SegmentDetail, SegmentDetail] = [
      await loadSegment(tx, id),
      await loadSegment(tx, secondId),
    ];
    return { parts, date: shift.date };
  });
  await deps.revalidateSegments({ from: date, to: null });
  return parts;
}

/** One split: the segment's start and end, the split instant, who split it when and why, the parts' group id. */
interface SplitPoint {
  start: Date;
  end: Date;
  splitAt: Date;
  at: Date;
  by: string | null;
  reason: SegmentSplit['reason'];
  segmentGroupId: string;
}

/** The `split` history entry of a part, with its changed fields. */
function splitEntry(split: SplitPoint, changes: ShiftChange['changes']): ShiftChange {
  return { at: split.at.toISOString(), by: split.by, action: 'split', reason: split.reason, changes };
}

/** The segment's start and end and the split instant `at`. Errors: VALIDATION_FAILED naming `at` (see {@link splitSegment}). */
function splitPointOf(row: SegmentRow, at: string): { start: Date; end: Date; splitAt: Date } {
  if (!row.evvStart || !row.evvEnd)
    throw AppError.field('at', 'cannot split a segment without both a start and an end time');
  const splitAt = new Date(at);
  if (splitAt <= row.evvStart || splitAt >= row.evvEnd)
    throw AppError.field(
      'at',
      `must be after the segment's start (${row.evvStart.toISOString()}) and before its end (${row.evvEnd.toISOString()})`,
    );
  return { start: row.evvStart, end: row.evvEnd, splitAt };
}

/** `{ from, to }` of each field whose value changes, for a history entry. */
function changedFields(fields: [field: string, from: unknown, to: unknown][]): ShiftChange['changes'] {
  const changes: ShiftChange['changes'] = {};
  for (const [field, from, to] of fields) if (from !== to) changes[field] = { from, to };
  return changes;
}

/** The original row becomes the first part: start..split, no clock-out point, the first code. */
async function shortenToFirstPart(
  tx: Executor,
  row: SegmentRow,
  split: SplitPoint,
  code: SegmentSplit['first'],
): Promise<void> {
  const changes = changedFields([
    ['evvEnd', split.end.toISOString(), split.splitAt.toISOString()],
    ['evvOutLat', row.evvOutLat, null],
    ['evvOutLong', row.evvOutLong, null],
    ['billingCode', row.billingCode, code.billingCode],
    ['modifier', row.modifier, code.modifier],
    ['creationSource', row.creationSource, splitSource],
    ['segmentGroupId', row.segmentGroupId, split.segmentGroupId],
  ]);
  await tx
    .update(shiftSegments)
    .set({
      evvEnd: split.splitAt,
      evvOutLat: null,
      evvOutLong: null,
      billingCode: code.billingCode,
      modifier: code.modifier,
      creationSource: splitSource,
      segmentGroupId: split.segmentGroupId,
      changeHistory: sql`${shiftSegments.changeHistory} || ${JSON.stringify([splitEntry(split, changes)])}::jsonb`,
      updatedAt: split.at,
    })
    .where(eq(shiftSegments.id, row.id));
}

/**
 * A new row is the second part: split..end, the clock-out point, the second code, the original's
 * history, notes and respite handling (no `billingId` nor `givData`). Returns its id.
 */
async function insertSecondPart(
  tx: Executor,
  row: SegmentRow,
  split: SplitPoint,
  code: SegmentSplit['second'],
): Promise<string> {
  const changes = changedFields([
    ['evvStart', split.start.toISOString(), split.splitAt.toISOString()],
    ['evvInLat', row.evvInLat, null],
    ['evvInLong', row.evvInLong, null],
    ['billingCode', row.billingCode, code.billingCode],
    ['modifier', row.modifier, code.modifier],
    ['creationSource', row.creationSource, splitSource],
    ['segmentGroupId', row.segmentGroupId, split.segmentGroupId],
  ]);
  const [second] = await tx
    .insert(shiftSegments)
    .values({
      shiftId: row.shiftId,
      evvStart: split.splitAt,
      evvEnd: split.end,
      evvInLat: null,
      evvInLong: null,
      evvOutLat: row.evvOutLat,
      evvOutLong: row.evvOutLong,
      billingCode: code.billingCode,
      modifier: code.modifier,
      segmentGroupId: split.segmentGroupId,
      respiteHandled: row.respiteHandled,
      creationSource: splitSource,
      activeView: row.activeView,
      notes: row.notes,
      changeHistory: [...row.changeHistory, splitEntry(split, changes)],
      createdAt: split.at,
      updatedAt: split.at,
    })
    .returning({ id: shiftSegments.id });
  if (!second) throw new AppError('INTERNAL');
  return second.id;
}
