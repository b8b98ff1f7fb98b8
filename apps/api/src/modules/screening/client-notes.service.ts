/**
 * A client's matched shift notes over a period, for other modules (the isp module's quarterly summaries, issue
 * 19; docs/quarterly-summaries.md). A note counts when it is matched to a live shift of the client (`shiftId`
 * set, not waiting for review, the shift not deleted) and its time is in the period: its submitted instant in
 * [`from`, `to`), or, for a note without one, its shift's date in [`firstDate`, `lastDate`] (calendar dates in
 * the agency's time zone, as the shift import writes them). Shifts through module `shifts`' read API. Not audited:
 * the caller audits (its read is the PHI access).
 */
import { and, asc, eq, gte, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';
import { shiftNotes } from './screening.table.ts';

/** One matched note of a client. Instants ISO 8601; `shiftDate` `YYYY-MM-DD`. */
export interface ClientShiftNote {
  id: string;
  shiftId: string;
  shiftDate: string;
  submittedAt: string | null;
  prompt: string | null;
  documentation: string | null;
  sectionType: string | null;
}

/** The period: instants for submitted notes, calendar dates (inclusive) for notes without a submitted time. */
export interface NotePeriod {
  from: Date;
  to: Date;
  firstDate: string;
  lastDate: string;
}

/** Most notes one call returns (a client's quarter holds far fewer; the excess is reported as cut). */
export const CLIENT_NOTES_MAX = 20_000;

/**
 * The client's matched notes in `period`, oldest first (submitted at, else the shift's date, then id), at most
 * `CLIENT_NOTES_MAX` (`cut` true when there were more).
 */
export async function findClientShiftNotes(
  executor: Executor,
  clientId: string,
  period: NotePeriod,
): Promise<{ notes: ClientShiftNote[]; cut: boolean }> {
  const s = shiftFacts('s');
  const rows = await executor
    .select({
      id: shiftNotes.id,
      shiftId: s.id,
      shiftDate: s.date,
      submittedAt: shiftNotes.submittedAt,
      prompt: shiftNotes.prompt,
      documentation: shiftNotes.documentation,
      sectionType: shiftNotes.sectionType,
    })
    .from(shiftNotes)
    .innerJoin(s, eq(s.id, shiftNotes.shiftId))
    .where(
      and(
        eq(s.clientId, clientId),
        isNull(s.deletedAt),
        eq(shiftNotes.needsManualReview, false),
        or(
          and(
            isNotNull(shiftNotes.submittedAt),
            gte(shiftNotes.submittedAt, period.from),
            lt(shiftNotes.submittedAt, period.to),
          ),
          and(isNull(shiftNotes.submittedAt), gte(s.date, period.firstDate), lte(s.date, period.lastDate)),
        ),
      ),
    )
    .orderBy(asc(shiftNotes.submittedAt), asc(s.date), asc(shiftNotes.id))
    .limit(CLIENT_NOTES_MAX + 1);
  const cut = rows.length > CLIENT_NOTES_MAX;
  return {
    notes: rows.slice(0, CLIENT_NOTES_MAX).map((row) => ({
      ...row,
      submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
    })),
    cut,
  };
}
