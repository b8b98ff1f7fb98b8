/**
 * Review of shift notes the import could not match to one shift (docs/shift-notes.md "Review";
 * `/admin/mismatched-shift-notes`, `/admin/misctools/shiftnotes/review`). Documentation is PHI: every
 * list and read is audited (`shift_note.list`, `shift_note.read`), and so is every resolution
 * (`shift_note.resolve`: the note is matched to a shift the admin picked) and dismissal
 * (`shift_note.dismiss`: the note belongs to no shift; the reason is kept on the note, not in the log).
 */
import { and, asc, eq, gte, like, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  shiftNoteReasonKindOf,
  shiftNoteReasonKinds,
  shiftNoteReasonPrefixes,
  type DismissShiftNote,
  type MismatchedShiftNote,
  type MismatchedShiftNotePage,
  type MismatchedShiftNoteQuery,
  type ResolveShiftNote,
  type ShiftNoteReview,
} from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { localDateOf } from '../shifts/csv/local-time.ts';
import { findNoteCandidateShifts, findShiftWindow, noteFallsInShift } from './shift-note-matching.ts';
import { shiftNotes } from './screening.table.ts';

/** Days either side of the note's date searched for candidate shifts on the review page. */
export const CANDIDATE_DAYS = 3;
/** Longest documentation excerpt in the list, characters. */
const EXCERPT = 200;

type NoteRow = typeof shiftNotes.$inferSelect;

const excerpt = (text: string | null) =>
  text === null ? null : [...text].length > EXCERPT ? `${[...text].slice(0, EXCERPT).join('')}…` : text;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The note's date in the agency zone: its submitted time's date, else null. */
const noteDate = (note: NoteRow, zone: string) =>
  note.submittedAt ? localDateOf(note.submittedAt, zone) : null;

function reasonCondition(kind: (typeof shiftNoteReasonKinds)[number]): SQL {
  return like(shiftNotes.reviewReason, `${shiftNoteReasonPrefixes[kind]}%`);
}

/** Filters other than the reason kind (the totals are counted per kind under them). */
function baseFilters(query: MismatchedShiftNoteQuery, zone: string): SQL[] {
  const local = sql`(${shiftNotes.submittedAt} at time zone ${zone})::date`;
  const filters: SQL[] = [eq(shiftNotes.needsManualReview, true)];
  if (query.caregiverId) filters.push(eq(shiftNotes.caregiverId, query.caregiverId));
  if (query.clientId) filters.push(eq(shiftNotes.clientId, query.clientId));
  if (query.from) filters.push(gte(local, query.from));
  if (query.to) filters.push(lte(local, query.to));
  return filters;
}

async function toItems(db: Database, rows: NoteRow[]): Promise<MismatchedShiftNote[]> {
  const names = await findPeopleNames(db, {
    caregiverIds: [...new Set(rows.flatMap((r) => (r.caregiverId ? [r.caregiverId] : [])))],
    clientIds: [...new Set(rows.flatMap((r) => (r.clientId ? [r.clientId] : [])))],
  });
  return rows.map((row) => ({
    id: row.id,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    givShiftId: row.givShiftId,
    caregiverId: row.caregiverId,
    caregiverName: row.caregiverId ? (names.caregivers.get(row.caregiverId) ?? null) : null,
    clientId: row.clientId,
    clientName: row.clientId ? (names.clients.get(row.clientId) ?? null) : null,
    staffName: row.staffName,
    prompt: row.prompt,
    excerpt: excerpt(row.documentation),
    reviewReason: row.reviewReason,
    reasonKind: shiftNoteReasonKindOf(row.reviewReason),
    csvFileId: row.csvFileId,
  }));
}

/**
 * Notes waiting for review, oldest submitted first (then by id), a page at a time, with the total per
 * reason kind under the caregiver/client/date filters. `from`/`to` compare the submitted time's date in
 * the agency zone. Audited as `shift_note.list` (counts only).
 */
export async function listMismatchedShiftNotes(
  db: Database,
  ctx: RequestContext,
  zone: string,
  query: MismatchedShiftNoteQuery,
): Promise<MismatchedShiftNotePage> {
  const base = baseFilters(query, zone);
  const where = and(...base, ...(query.reasonKind ? [reasonCondition(query.reasonKind)] : []));
  const [rows, totalsRows] = await Promise.all([
    db
      .select()
      .from(shiftNotes)
      .where(where)
      .orderBy(sql`${shiftNotes.submittedAt} asc nulls last`, asc(shiftNotes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        kind: sql<string>`case
          when ${reasonCondition('unknown-person')} then 'unknown-person'
          when ${reasonCondition('no-shift')} then 'no-shift'
          when ${reasonCondition('ambiguous')} then 'ambiguous'
          else 'other' end`,
        count: sql<number>`count(*)::int`,
      })
      .from(shiftNotes)
      .where(and(...base))
      .groupBy(sql`1`),
  ]);
  const totals: Record<string, number> = { all: 0 };
  for (const kind of shiftNoteReasonKinds) totals[kind] = 0;
  for (const row of totalsRows) {
    totals[row.kind] = Number(row.count);
    totals.all = (totals.all ?? 0) + Number(row.count);
  }
  const total = query.reasonKind ? (totals[query.reasonKind] ?? 0) : (totals.all ?? 0);
  await recordAudit(db, ctx, {
    action: 'shift_note.list',
    entityType: 'shift_note',
    details: { returned: rows.length, total },
  });
  return { items: await toItems(db, rows), total, page: query.page, pageSize: query.pageSize, totals };
}

async function findNote(db: Database, id: string): Promise<NoteRow> {
  const [note] = await db.select().from(shiftNotes).where(eq(shiftNotes.id, id));
  if (!note) throw notFound('Shift note');
  return note;
}

/** The oldest note waiting for review other than `exceptId`, or null. */
async function nextWaiting(db: Database, exceptId: string | null): Promise<string | null> {
  const [next] = await db
    .select({ id: shiftNotes.id })
    .from(shiftNotes)
    .where(and(eq(shiftNotes.needsManualReview, true), exceptId ? ne(shiftNotes.id, exceptId) : undefined))
    .orderBy(sql`${shiftNotes.submittedAt} asc nulls last`, asc(shiftNotes.id))
    .limit(1);
  return next?.id ?? null;
}

/**
 * One note in full (documentation included) with its candidate shifts: live shifts of its caregiver
 * or client within ± {@link CANDIDATE_DAYS} days of its submitted date (agency zone); a note without a
 * submitted time gets the person's newest shifts (at most 50). Without `id`, the oldest note waiting for
 * review (`note: null` when none waits). Errors: NOT_FOUND. Audited as `shift_note.read`.
 */
export async function getShiftNoteReview(
  db: Database,
  ctx: RequestContext,
  zone: string,
  id: string | undefined,
): Promise<ShiftNoteReview> {
  const noteId = id ?? (await nextWaiting(db, null));
  if (!noteId) return { note: null, candidates: [], nextId: null };
  const note = await findNote(db, noteId);
  const [item] = await toItems(db, [note]);
  const date = noteDate(note, zone);
  const candidates = date
    ? await findNoteCandidateShifts(db, {
        caregiverId: note.caregiverId,
        clientId: note.clientId,
        from: addDays(date, -CANDIDATE_DAYS),
        to: addDays(date, CANDIDATE_DAYS),
      })
    : await findNoteCandidateShifts(db, {
        caregiverId: note.caregiverId,
        clientId: note.clientId,
        from: '1900-01-01',
        to: '9999-12-31',
      });
  await recordAudit(db, ctx, { action: 'shift_note.read', entityType: 'shift_note', entityId: note.id });
  return {
    note: {
      ...(item as MismatchedShiftNote),
      documentation: note.documentation,
      sectionType: note.sectionType,
      needsManualReview: note.needsManualReview,
      shiftId: note.shiftId,
      matchedGivShiftId: note.matchedGivShiftId,
      resolvedAt: note.resolvedAt?.toISOString() ?? null,
    },
    candidates: candidates.map((shift) => ({
      id: shift.id,
      givShiftId: shift.givShiftId,
      date: shift.date,
      evvInTime: shift.evvInTime?.toISOString() ?? null,
      evvOutTime: shift.evvOutTime?.toISOString() ?? null,
      timeZone: shift.timeZone,
      caregiverName: shift.caregiverName,
      clientName: shift.clientName,
      billingCode: shift.billingCode,
      overlaps: note.submittedAt ? noteFallsInShift(note.submittedAt, shift) : false,
    })),
    nextId: await nextWaiting(db, note.id),
  };
}

/**
 * Matches a note to the shift an admin picked: `shiftId`, `matchedGivShiftId`, the shift's caregiver and
 * client, `needsManualReview` false, `resolvedBy`/`resolvedAt` set. The review reason stays (what was
 * wrong). Errors: NOT_FOUND (note), VALIDATION_FAILED on `shiftId` (no such live shift). Audited as
 * `shift_note.resolve` in the same transaction.
 */
export async function resolveShiftNote(
  db: Database,
  ctx: RequestContext,
  id: string,
  input: ResolveShiftNote,
): Promise<void> {
  await findNote(db, id);
  const shift = await findShiftWindow(db, input.shiftId);
  if (!shift) throw AppError.field('shiftId', 'is not a shift in Tend (it may have been deleted)');
  await db.transaction(async (tx) => {
    await tx
      .update(shiftNotes)
      .set({
        shiftId: shift.id,
        matchedGivShiftId: shift.givShiftId,
        caregiverId: shift.caregiverId,
        clientId: shift.clientId,
        needsManualReview: false,
        resolvedBy: ctx.actor?.userAccountId ?? null,
        resolvedAt: new Date(),
      })
      .where(eq(shiftNotes.id, id));
    await recordAudit(tx, ctx, {
      action: 'shift_note.resolve',
      entityType: 'shift_note',
      entityId: id,
      details: { shiftId: shift.id },
    });
  });
}

/**
 * Dismisses a note that belongs to no shift: no shift, `needsManualReview` false, the review reason
 * becomes "Dismissed: <reason>", `resolvedBy`/`resolvedAt` set. Errors: NOT_FOUND. Audited as
 * `shift_note.dismiss` (ids only: the reason may name people).
 */
export async function dismissShiftNote(
  db: Database,
  ctx: RequestContext,
  id: string,
  input: DismissShiftNote,
): Promise<void> {
  await findNote(db, id);
  await db.transaction(async (tx) => {
    await tx
      .update(shiftNotes)
      .set({
        shiftId: null,
        matchedGivShiftId: null,
        needsManualReview: false,
        reviewReason: `Dismissed: ${input.reason}`,
        resolvedBy: ctx.actor?.userAccountId ?? null,
        resolvedAt: new Date(),
      })
      .where(eq(shiftNotes.id, id));
    await recordAudit(tx, ctx, { action: 'shift_note.dismiss', entityType: 'shift_note', entityId: id });
  });
}
