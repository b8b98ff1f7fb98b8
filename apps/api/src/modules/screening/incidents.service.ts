/**
 * The incident queue and the phrase tools for admins (issue 5; docs/incident-screening.md): list and
 * read incidents, mark one handled with a note, try the phrase mapper on pasted text, manage `Term`s
 * and `ClientSpecificTerm`s (spec s.3). Every read and write of PHI is audited in the same
 * transaction as the change (STYLE.md s.9); audit details carry ids, counts and field names only.
 */
import { asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import {
  incidentCategories,
  type ClientSpecificTermInput,
  type ClientSpecificTermView,
  type IncidentDetail,
  type IncidentHandling,
  type IncidentListQuery,
  type IncidentPage,
  type PhraseTestInput,
  type PhraseTestResult,
  type TermInput,
  type TermView,
} from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { setIncidentHandled } from '../shifts/shift-results.service.ts';
import { findIncidentShifts, getIncidentShift } from './incident-shifts.ts';
import { clientSpecificTerms, shiftNotes, terms } from './screening.table.ts';
import { analyzeText, compilePhraseMapper, compileRedactor } from './incident-phrases.ts';

/**
 * A page of the incident queue (contracts `incidentListQuery` → `incidentPage`). `now` decides which
 * reports are overdue. Audited `incident.list` with the filter (ids, codes) and rows returned.
 * Errors: VALIDATION_FAILED when `from` is after `to`.
 */
export async function findIncidents(
  db: Database,
  ctx: RequestContext,
  query: IncidentListQuery,
  now = new Date(),
): Promise<IncidentPage> {
  if (query.from && query.to && query.from > query.to) throw AppError.field('from', 'must not be after "to"');
  const page = await findIncidentShifts(db, query, now);
  await recordAudit(db, ctx, {
    action: 'incident.list',
    entityType: 'shift',
    details: {
      filter: {
        severity: query.severity ?? null,
        category: query.category ?? null,
        handled: query.handled,
        caregiverId: query.caregiverId ?? null,
        clientId: query.clientId ?? null,
        from: query.from ?? null,
        to: query.to ?? null,
      },
      page: query.page,
      returned: page.items.length,
    },
  });
  return { ...page, page: query.page, pageSize: query.pageSize, hasNotes: await hasShiftNotes(db) };
}

/** One incident with its analyzed notes (contracts `incidentDetail`). Errors: NOT_FOUND. Audited `incident.read`. */
export async function getIncident(
  db: Database,
  ctx: RequestContext,
  shiftId: string,
): Promise<IncidentDetail> {
  const { deleted: _deleted, ...incident } = await getIncidentShift(db, shiftId);
  const [notes] = await db.select({ n: count() }).from(shiftNotes).where(eq(shiftNotes.shiftId, shiftId));
  await recordAudit(db, ctx, { action: 'incident.read', entityType: 'shift', entityId: shiftId });
  return { ...incident, noteCount: notes?.n ?? 0 };
}

/**
 * Marks an incident handled with the admin's note (what was reported, to whom, when), in one
 * transaction with its `incident.handle` audit event (details: whether it was handled before).
 * Handling again replaces the note and stamps (the audit keeps every action). Errors: NOT_FOUND
 * (no such shift, no incident, or shift deleted).
 */
export async function handleIncident(
  db: Database,
  ctx: RequestContext,
  shiftId: string,
  input: IncidentHandling,
): Promise<IncidentDetail> {
  await db.transaction(async (tx) => {
    const { wasHandled } = await setIncidentHandled(tx, shiftId, {
      by: ctx.actor?.userAccountId ?? null,
      note: input.note,
      at: new Date(),
    });
    await recordAudit(tx, ctx, {
      action: 'incident.handle',
      entityType: 'shift',
      entityId: shiftId,
      details: { wasHandled, fields: ['incidentHandled', 'incidentHandledNote'] },
    });
  });
  return getIncident(db, ctx, shiftId);
}

/**
 * Runs the phrase mapper (catalogue + current Terms) over pasted text; nothing is stored. With
 * `clientName`, that name and the client's specific terms are redacted too. Audited `phrase.test`
 * with the text length and counts only (the text may hold PHI).
 */
export async function testPhrases(
  db: Database,
  ctx: RequestContext,
  input: PhraseTestInput,
): Promise<PhraseTestResult> {
  const termRows = await db
    .select({ term: terms.term, label: terms.label, shouldRedact: terms.shouldRedact })
    .from(terms);
  const extra = [];
  if (input.clientName) {
    const specific = await db
      .select({ term: clientSpecificTerms.term })
      .from(clientSpecificTerms)
      .where(sql`lower(${clientSpecificTerms.clientName}) = lower(${input.clientName})`);
    extra.push(
      compileRedactor(
        specific.map((s) => s.term),
        [input.clientName],
      ),
    );
  }
  const { redactions: _r, ...analysis } = analyzeText(compilePhraseMapper(termRows), input.text, extra);
  await recordAudit(db, ctx, {
    action: 'phrase.test',
    entityType: 'term',
    details: { length: input.text.length, matches: analysis.matches.length, categories: analysis.categories },
  });
  return analysis;
}

/** The built-in incident catalogue (contracts `incidentCategories`): not PHI, not audited. */
export function listIncidentCategories() {
  return {
    items: incidentCategories.map((c) => ({
      ...c,
      deadline: { ...c.deadline },
      phrases: [...c.phrases],
    })),
  };
}

// ---- Terms -------------------------------------------------------------------------------------------

/** PostgreSQL unique violation (SQLSTATE 23505), directly or as the cause of a driver error. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : null;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

const termRowView = (row: typeof terms.$inferSelect): TermView => ({
  id: row.id,
  term: row.term,
  label: row.label,
  shouldRedact: row.shouldRedact,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every Term, by term. Audited `term.list` (terms may name people or places). */
export async function findTerms(db: Database, ctx: RequestContext): Promise<{ items: TermView[] }> {
  const rows = await db
    .select()
    .from(terms)
    .orderBy(asc(sql`lower(${terms.term})`));
  await recordAudit(db, ctx, { action: 'term.list', entityType: 'term', details: { returned: rows.length } });
  return { items: rows.map(termRowView) };
}

/**
 * Creates (no `id`) or updates a Term (contracts `termInput`). Errors: CONFLICT naming `term` when the
 * same term exists (case-insensitive); NOT_FOUND on update of an unknown id. Audited `term.create` /
 * `term.update` in the same transaction.
 */
export async function saveTerm(
  db: Database,
  ctx: RequestContext,
  input: TermInput,
  id?: string,
): Promise<TermView> {
  try {
    return await db.transaction(async (tx) => {
      const values = { term: input.term, label: input.label, shouldRedact: input.shouldRedact };
      const [row] = id
        ? await tx.update(terms).set(values).where(eq(terms.id, id)).returning()
        : await tx.insert(terms).values(values).returning();
      if (!row) throw notFound('Term');
      await recordAudit(tx, ctx, {
        action: id ? 'term.update' : 'term.create',
        entityType: 'term',
        entityId: row.id,
        details: { label: row.label, shouldRedact: row.shouldRedact },
      });
      return termRowView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'This term already exists', [
        { path: 'term', message: 'already exists (terms are compared without case)' },
      ]);
    throw error;
  }
}

/** Deletes a Term. Errors: NOT_FOUND. Audited `term.delete`. */
export async function deleteTerm(db: Database, ctx: RequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(terms).where(eq(terms.id, id)).returning({ id: terms.id });
    if (!row) throw notFound('Term');
    await recordAudit(tx, ctx, { action: 'term.delete', entityType: 'term', entityId: id });
  });
}

const clientTermView = (row: typeof clientSpecificTerms.$inferSelect): ClientSpecificTermView => ({
  id: row.id,
  clientName: row.clientName,
  term: row.term,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every client-specific term, by client then term. Audited `client_term.list` (they are PHI). */
export async function findClientSpecificTerms(
  db: Database,
  ctx: RequestContext,
): Promise<{ items: ClientSpecificTermView[] }> {
  const rows = await db
    .select()
    .from(clientSpecificTerms)
    .orderBy(asc(clientSpecificTerms.clientName), asc(clientSpecificTerms.term));
  await recordAudit(db, ctx, {
    action: 'client_term.list',
    entityType: 'client_specific_term',
    details: { returned: rows.length },
  });
  return { items: rows.map(clientTermView) };
}

/**
 * Creates (no `id`) or updates a client-specific term. Errors: CONFLICT naming `term` when the client
 * already has it; NOT_FOUND on update of an unknown id. Audited `client_term.create` / `.update`.
 */
export async function saveClientSpecificTerm(
  db: Database,
  ctx: RequestContext,
  input: ClientSpecificTermInput,
  id?: string,
): Promise<ClientSpecificTermView> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = id
        ? await tx.update(clientSpecificTerms).set(input).where(eq(clientSpecificTerms.id, id)).returning()
        : await tx.insert(clientSpecificTerms).values(input).returning();
      if (!row) throw notFound('Client-specific term');
      await recordAudit(tx, ctx, {
        action: id ? 'client_term.update' : 'client_term.create',
        entityType: 'client_specific_term',
        entityId: row.id,
      });
      return clientTermView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'This client already has this term', [
        { path: 'term', message: 'already exists for this client' },
      ]);
    throw error;
  }
}

/** Deletes a client-specific term. Errors: NOT_FOUND. Audited `client_term.delete`. */
export async function deleteClientSpecificTerm(db: Database, ctx: RequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(clientSpecificTerms)
      .where(eq(clientSpecificTerms.id, id))
      .returning({ id: clientSpecificTerms.id });
    if (!row) throw notFound('Client-specific term');
    await recordAudit(tx, ctx, {
      action: 'client_term.delete',
      entityType: 'client_specific_term',
      entityId: id,
    });
  });
}

/** Whether any note has a shift (the queue's empty state says "import notes" otherwise). */
export async function hasShiftNotes(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(shiftNotes)
    .where(isNotNull(shiftNotes.shiftId))
    .limit(1);
  return (row?.n ?? 0) > 0;
}
