/**
 * Segments of a shift (spec s.3 ShiftSegment; DOMAIN.md "shift segment"): billing and payroll work on
 * segments, one per billing code/modifier slice. An imported shift carries one code, so it gets one
 * segment (`creationSource` `import`) that mirrors the shift's times, coordinates and code (its source
 * record is the shift's `rawData`, so `givData` stays empty). When the
 * shift changes (a newer import or an admin correction) that segment follows, with the change in its
 * own history. Segments made by hand later (split, manual) are left alone.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { shiftSegments, type ChangeHistoryEntry } from './shifts.table.ts';
import type { ShiftRow } from './shift-view.ts';

/** The shift fields a mirrored segment copies. */
export type SegmentSource = Pick<
  ShiftRow,
  | 'id'
  | 'evvInTime'
  | 'evvOutTime'
  | 'evvInLat'
  | 'evvInLong'
  | 'evvOutLat'
  | 'evvOutLong'
  | 'billingCode'
  | 'mod1'
>;

/** Segment column values mirroring `shift` (times, coordinates, code + modifier). */
export function mirroredSegment(shift: Omit<SegmentSource, 'id'>) {
  return {
    evvStart: shift.evvInTime,
    evvEnd: shift.evvOutTime,
    evvInLat: shift.evvInLat,
    evvInLong: shift.evvInLong,
    evvOutLat: shift.evvOutLat,
    evvOutLong: shift.evvOutLong,
    billingCode: shift.billingCode,
    modifier: shift.mod1,
  };
}

/**
 * Creates the one `import` segment of each new shift, in the caller's transaction. `notes` per shift
 * id come from the source row when it has a notes column.
 */
export async function createImportSegments(
  tx: Executor,
  created: SegmentSource[],
  notes: Map<string, string | null> = new Map(),
): Promise<void> {
  if (!created.length) return;
  await tx.insert(shiftSegments).values(
    created.map((shift) => ({
      shiftId: shift.id,
      ...mirroredSegment(shift),
      segmentGroupId: randomUUID(),
      creationSource: 'import',
      notes: notes.get(shift.id) ?? null,
      changeHistory: [] as ChangeHistoryEntry[],
    })),
  );
}

/**
 * How the segments that mirror their shift were made: by an import, or by the demo agency (which loads
 * shifts as an import would). Split or manual segments are not mirrors.
 */
export const mirroringSources = ['import', 'demo'] as const;

/**
 * Makes the mirroring segments (`mirroringSources`) of the given shifts mirror them again after a
 * change, appending `entry` (what changed on the shift, who, why) to each segment's history. Shifts
 * without any live segment (older data) get an `import` one; a shift whose segments an admin split or
 * recoded (`split` / `manual`, docs/segment-editor.md) keeps them as they are and gets none.
 * Runs in the caller's transaction.
 */
export async function syncImportSegments(
  tx: Executor,
  changed: SegmentSource[],
  entry: (shift: SegmentSource) => ChangeHistoryEntry,
): Promise<void> {
  if (!changed.length) return;
  const existing = await tx
    .select({
      id: shiftSegments.id,
      shiftId: shiftSegments.shiftId,
      creationSource: shiftSegments.creationSource,
    })
    .from(shiftSegments)
    .where(
      and(
        inArray(
          shiftSegments.shiftId,
          changed.map((s) => s.id),
        ),
        isNull(shiftSegments.deletedAt),
      ),
    );
  const mirrors: readonly (string | null)[] = mirroringSources;
  const bySegmentShift = new Map(
    existing.filter((s) => mirrors.includes(s.creationSource)).map((s) => [s.shiftId, s.id]),
  );
  const withSegments = new Set(existing.map((s) => s.shiftId));
  const missing = changed.filter((shift) => !withSegments.has(shift.id));
  await createImportSegments(tx, missing);
  for (const shift of changed) {
    const segmentId = bySegmentShift.get(shift.id);
    if (!segmentId) continue;
    await tx
      .update(shiftSegments)
      .set({
        ...mirroredSegment(shift),
        changeHistory: sql`${shiftSegments.changeHistory} || ${JSON.stringify([entry(shift)])}::jsonb`,
      })
      .where(eq(shiftSegments.id, segmentId));
  }
}
