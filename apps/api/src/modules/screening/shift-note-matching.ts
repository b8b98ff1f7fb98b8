/**
 * Finding the shift a caregiver's note belongs to (spec s.3 ShiftNote `matchedGivShiftId`;
 * docs/shift-notes.md "Matching") for the notes import and the review page: the pure rule
 * `pickShiftForNote` and bulk lookups through the read API of module `shifts` (`shift-facts.ts`;
 * decision 0025). Deleted shifts are never candidates.
 */
import { and, between, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';

/** Shifts as matching reads them. */
const shifts = shiftFacts('s');

/** How long after clock-out (or after clock-in when there is no clock-out) a note still belongs to the shift: 2 h. */
export const NOTE_GRACE_AFTER_MS = 2 * 60 * 60 * 1000;
/** How long before clock-in a note may be submitted and still belong to the shift (clock skew): 15 min. */
export const NOTE_GRACE_BEFORE_MS = 15 * 60 * 1000;

/** A shift as matching sees it. `date`: service date `YYYY-MM-DD`. */
export interface ShiftWindow {
  id: string;
  /** Null for a shift added by hand without an EVV id. */
  givShiftId: string | null;
  caregiverId: string;
  clientId: string;
  date: string;
  evvInTime: Date | null;
  evvOutTime: Date | null;
}

export type NoteShiftMatch =
  { kind: 'matched'; shift: ShiftWindow } | { kind: 'none' } | { kind: 'ambiguous'; shifts: ShiftWindow[] };

/** Whether `at` falls in the shift's window: [clock-in − 15 min, (clock-out or clock-in) + 2 h]. */
export function noteFallsInShift(at: Date, shift: Pick<ShiftWindow, 'evvInTime' | 'evvOutTime'>): boolean {
  if (!shift.evvInTime) return false;
  const start = shift.evvInTime.getTime() - NOTE_GRACE_BEFORE_MS;
  const end = (shift.evvOutTime ?? shift.evvInTime).getTime() + NOTE_GRACE_AFTER_MS;
  return at.getTime() >= start && at.getTime() <= end;
}

/**
 * The rule (docs/shift-notes.md): among `candidates` (shifts of the note's caregiver for its client),
 * the shifts whose window contains `submittedAt`; when the note has no submitted time, the shifts on its
 * service date. Exactly one → matched; none → none; several → ambiguous. Pure.
 */
export function pickShiftForNote(
  note: { submittedAt: Date | null; serviceDate: string | null },
  candidates: ShiftWindow[],
): NoteShiftMatch {
  const { submittedAt, serviceDate } = note;
  const fitting = submittedAt
    ? candidates.filter((shift) => noteFallsInShift(submittedAt, shift))
    : serviceDate
      ? candidates.filter((shift) => shift.date === serviceDate)
      : [];
  if (fitting.length === 1 && fitting[0]) return { kind: 'matched', shift: fitting[0] };
  if (fitting.length === 0) return { kind: 'none' };
  return { kind: 'ambiguous', shifts: fitting };
}

const windowColumns = {
  id: shifts.id,
  givShiftId: shifts.givShiftId,
  caregiverId: shifts.caregiverId,
  clientId: shifts.clientId,
  date: shifts.date,
  evvInTime: shifts.evvInTime,
  evvOutTime: shifts.evvOutTime,
};

/** The live shifts with these GIV shift ids, by id. */
export async function findShiftsByGivShiftIds(
  executor: Executor,
  givShiftIds: string[],
): Promise<Map<string, ShiftWindow>> {
  if (!givShiftIds.length) return new Map();
  const rows = await executor
    .select(windowColumns)
    .from(shifts)
    .where(and(inArray(shifts.givShiftId, [...new Set(givShiftIds)]), isNull(shifts.deletedAt)));
  return new Map(rows.flatMap((row) => (row.givShiftId ? [[row.givShiftId, row] as const] : [])));
}

/**
 * Live shifts of any of `caregiverIds` for any of `clientIds` with a service date in [from, to]
 * (`YYYY-MM-DD`, inclusive), for matching one batch of notes in one query.
 */
export async function findShiftWindows(
  executor: Executor,
  query: { caregiverIds: string[]; clientIds: string[]; from: string; to: string },
): Promise<ShiftWindow[]> {
  if (!query.caregiverIds.length || !query.clientIds.length) return [];
  return executor
    .select(windowColumns)
    .from(shifts)
    .where(
      and(
        inArray(shifts.caregiverId, [...new Set(query.caregiverIds)]),
        inArray(shifts.clientId, [...new Set(query.clientIds)]),
        between(shifts.date, query.from, query.to),
        isNull(shifts.deletedAt),
      ),
    );
}

/** A candidate shift for the review page, with its people's names. */
export interface NoteCandidateShift extends ShiftWindow {
  timeZone: string | null;
  billingCode: string | null;
  caregiverName: string | null;
  clientName: string | null;
}

/**
 * Shifts a note under review could belong to: live shifts of its caregiver or of its client (either
 * when only one is known) with a service date in [from, to], newest first, at most 50. Empty when the
 * note names neither person.
 */
export async function findNoteCandidateShifts(
  executor: Executor,
  query: { caregiverId: string | null; clientId: string | null; from: string; to: string },
): Promise<NoteCandidateShift[]> {
  const people = [
    query.caregiverId ? eq(shifts.caregiverId, query.caregiverId) : undefined,
    query.clientId ? eq(shifts.clientId, query.clientId) : undefined,
  ].filter((c) => c !== undefined);
  if (!people.length) return [];
  const rows = await executor
    .select({ ...windowColumns, timeZone: shifts.timeZone, billingCode: shifts.billingCode })
    .from(shifts)
    .where(and(or(...people), between(shifts.date, query.from, query.to), isNull(shifts.deletedAt)))
    .orderBy(desc(shifts.date), desc(shifts.evvInTime))
    .limit(50);
  const names = await findPeopleNames(executor, {
    caregiverIds: [...new Set(rows.map((r) => r.caregiverId))],
    clientIds: [...new Set(rows.map((r) => r.clientId))],
  });
  return rows.map((row) => ({
    ...row,
    caregiverName: names.caregivers.get(row.caregiverId) ?? null,
    clientName: names.clients.get(row.clientId) ?? null,
  }));
}

/** One live shift by id (what a note is resolved to), or null. */
export async function findShiftWindow(executor: Executor, id: string): Promise<ShiftWindow | null> {
  const [row] = await executor
    .select(windowColumns)
    .from(shifts)
    .where(and(eq(shifts.id, id), isNull(shifts.deletedAt)));
  return row ?? null;
}
