/**
 * Incident screening of shift notes as a job (issue 5; spec s.3 Shift incident fields; DOMAIN.md
 * "Incidents" and "AI is optional"; docs/incident-screening.md). `screenIncidents` is shared by the
 * `incident-screening` job and the bench (scripts/bench-screening-incidents.ts).
 *
 * Which shifts: those with notes (`shift_note.shift_id`) that were never screened or whose notes
 * changed (`shift_note.updated_at`) after `incident_screened_at`; scope `all` re-screens every shift
 * with notes (after a Term changed). Idempotent: a re-run finds nothing new and changes nothing; with
 * scope `all`, a shift is written only when its result differs (else only its stamp moves), and
 * `incident_handled_by/at/note` are never touched. A changed note that brings a category not found
 * before reopens a handled incident (`incident_handled` false).
 */
import { and, asc, countDistinct, gt, inArray, isNotNull, max } from 'drizzle-orm';
import { severityRank, type IncidentSeverity, type PhraseMatch } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { systemContext, type RequestContext } from '../../platform/http/context.ts';
import type { JobHandler } from '../../platform/jobs/jobs.service.ts';
import { findPeopleNames } from '../people/people.service.ts';
import {
  stampIncidentScreened,
  writeIncidentScreening,
  type IncidentScreeningWrite,
} from '../shifts/shift-results.service.ts';
import { findShiftScreeningStates, type ShiftScreeningState } from './incident-shifts.ts';
import { clientSpecificTerms, shiftNotes, terms } from './screening.table.ts';
import {
  analyzeText,
  compilePhraseMapper,
  compileRedactor,
  excerptOf,
  reasonOf,
  severityOf,
  sortCategories,
  type PhraseMapper,
  type Redactor,
} from './incident-phrases.ts';
import { earliestDueAt } from './incident-deadline.ts';
import { refineFindings, type AiEndpoint } from './incident-ai.ts';

/** The job type (ProcessingJob.jobType). */
export const INCIDENT_SCREENING_JOB = 'incident-screening';
/** Shifts per batch (one read of states, one of notes, one write). */
export const INCIDENT_SCREENING_BATCH = 1000;
/** The analyzed-notes text is cut to this many characters. */
export const ANALYZED_NOTES_MAX = 4000;

/** A note as screening reads it. */
export interface ScreeningNote {
  prompt: string | null;
  documentation: string | null;
  submittedAt: Date | null;
}

/** The screening verdict of one shift (before it is stored). */
export interface ShiftIncidentResult {
  severity: IncidentSeverity | null;
  categories: string[];
  reason: string | null;
  analyzedNotes: string | null;
  reportDueAt: Date | null;
  /** Redacted full texts of the notes (what the AI may see). */
  redactedNotes: string[];
}

/**
 * Screens one shift's notes (pure): each note's prompt and documentation through the mapper with
 * `redactors`; categories = union of non-negated findings; severity = the highest; reason = categories
 * with the words found; analyzed notes = redacted excerpts with findings marked ⟦…⟧, one paragraph per
 * note with findings (cut at ANALYZED_NOTES_MAX); report due = strictest deadline of the categories,
 * counted from the earliest submission of a note with findings (else `fallbackDiscovery`) in `timeZone`.
 */
export function screenShiftNotes(
  mapper: PhraseMapper,
  notes: readonly ScreeningNote[],
  redactors: readonly Redactor[],
  timeZone: string,
  fallbackDiscovery: Date,
): ShiftIncidentResult {
  const categories = new Set<string>();
  const excerpts: string[] = [];
  /** Non-negated matches of every note; words inside a redaction show as the catalogue phrase. */
  const found: PhraseMatch[] = [];
  const redactedNotes: string[] = [];
  let discovered: Date | null = null;
  for (const note of notes) {
    const text = [note.prompt, note.documentation].filter(Boolean).join(': ');
    if (!text.trim()) continue;
    const analysis = analyzeText(mapper, text, redactors);
    redactedNotes.push(analysis.redactedText);
    if (!analysis.categories.length) continue;
    for (const id of analysis.categories) categories.add(id);
    for (const m of analysis.matches) {
      if (m.negated) continue;
      const redacted = analysis.redactions.some((r) => r.start < m.end && m.start < r.end);
      found.push(redacted ? { ...m, text: m.phrase } : m);
    }
    const excerpt = excerptOf(text, analysis);
    if (excerpt) excerpts.push(excerpt);
    if (note.submittedAt && (!discovered || note.submittedAt < discovered)) discovered = note.submittedAt;
  }
  const ordered = sortCategories(categories);
  if (!ordered.length)
    return {
      severity: null,
      categories: [],
      reason: null,
      analyzedNotes: null,
      reportDueAt: null,
      redactedNotes,
    };
  let analyzedNotes = excerpts.join('\n\n');
  if (analyzedNotes.length > ANALYZED_NOTES_MAX)
    analyzedNotes = `${analyzedNotes.slice(0, ANALYZED_NOTES_MAX - 1)}…`;
  const reason = reasonOf(found);
  return {
    severity: severityOf(ordered),
    categories: ordered,
    reason,
    analyzedNotes,
    reportDueAt: earliestDueAt(ordered, discovered ?? fallbackDiscovery, timeZone),
    redactedNotes,
  };
}

/** When the agency learned of a shift's events if no note says when: clock-out, clock-in, else the service date's noon UTC. */
function fallbackDiscovery(state: ShiftScreeningState): Date {
  return state.evvOutTime ?? state.evvInTime ?? new Date(`${state.date}T12:00:00Z`);
}

export interface ScreenIncidentsOptions {
  /** `changed` (default): never screened or notes changed since; `all`: every shift with notes. */
  scope?: 'changed' | 'all';
  /** Agency IANA time zone for business-day deadlines (config.agencyTimeZone). */
  timeZone: string;
  /** Optional OpenAI-compatible refinement (config.ai). */
  ai?: AiEndpoint | null;
  /** Progress callback: shifts done of total (shifts with notes). */
  onProgress?: (done: number, total: number) => Promise<void> | void;
  batchSize?: number;
  /** The stamp written to `incident_screened_at` (default: now). */
  now?: Date;
  /** For the AI call (tests pass a fake). */
  fetch?: typeof fetch;
}

export interface ScreenIncidentsSummary {
  /** Shifts with notes looked at. */
  shiftsWithNotes: number;
  /** Shifts screened in this run (new or changed notes, or all in scope `all`). */
  screened: number;
  /** Screened shifts whose stored result changed. */
  changed: number;
  /** Screened shifts with an incident. */
  incidents: number;
  /** Notes read. */
  notes: number;
  /** Shifts the AI refined (0 when AI is off or failed). */
  aiRefined: number;
}

const sameDate = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/**
 * Runs incident screening over shifts with notes (see the file comment for which and how). Compiles
 * the mapper once from the Terms; redaction per client from its name (whole and word by word), its
 * client-specific terms (`clientName` compared case-insensitively) and the caregiver's name. Walks
 * shift ids with notes in keyset batches. Returns counts only (no PHI). Errors: database errors propagate.
 */
export async function screenIncidents(
  db: Database,
  options: ScreenIncidentsOptions,
): Promise<ScreenIncidentsSummary> {
  const scope = options.scope ?? 'changed';
  const batchSize = options.batchSize ?? INCIDENT_SCREENING_BATCH;
  const run = await startScreeningRun(db, options);
  const { summary } = run;
  const total = summary.shiftsWithNotes;
  let after: string | null = null;
  let done = 0;
  await options.onProgress?.(0, total);
  for (;;) {
    const groups = await nextShiftsWithNotes(db, after, batchSize);
    if (!groups.length) break;
    after = groups.at(-1)?.shiftId ?? null;
    const states = await findShiftScreeningStates(
      db,
      groups.map((g) => g.shiftId),
    );
    const due = groups.flatMap((g) => {
      const state = states.get(g.shiftId);
      if (!state || state.deleted) return [];
      const notesChanged =
        !state.incidentScreened ||
        !state.incidentScreenedAt ||
        (g.changedAt !== null && g.changedAt > state.incidentScreenedAt);
      return scope === 'all' || notesChanged ? [{ state, notesChanged }] : [];
    });
    if (due.length) await screenBatch(run, due);
    done += groups.length;
    await options.onProgress?.(done, total);
  }
  return summary;
}

/**
 * One run of {@link screenIncidents}: the phrase mapper compiled from the Terms, the client-specific
 * terms by lower-cased client name, the redactors compiled so far (by client and caregiver id), the
 * stamp written (`now`) and the summary counted so far.
 */
interface ScreeningRun {
  db: Database;
  options: ScreenIncidentsOptions;
  now: Date;
  mapper: PhraseMapper;
  specificTerms: Map<string, string[]>;
  clientRedactors: Map<string, Redactor>;
  caregiverRedactors: Map<string, Redactor>;
  summary: ScreenIncidentsSummary;
}

/** Reads the Terms, the client-specific terms and the number of shifts with notes; a run with nothing screened yet. */
async function startScreeningRun(db: Database, options: ScreenIncidentsOptions): Promise<ScreeningRun> {
  const now = options.now ?? new Date();
  const termRows = await db
    .select({ term: terms.term, label: terms.label, shouldRedact: terms.shouldRedact })
    .from(terms);
  const specificTerms = new Map<string, string[]>();
  for (const row of await db
    .select({ clientName: clientSpecificTerms.clientName, term: clientSpecificTerms.term })
    .from(clientSpecificTerms)) {
    const key = row.clientName.trim().toLowerCase();
    specificTerms.set(key, [...(specificTerms.get(key) ?? []), row.term]);
  }
  const [totals] = await db
    .select({ shifts: countDistinct(shiftNotes.shiftId) })
    .from(shiftNotes)
    .where(isNotNull(shiftNotes.shiftId));
  return {
    db,
    options,
    now,
    mapper: compilePhraseMapper(termRows),
    specificTerms,
    clientRedactors: new Map(),
    caregiverRedactors: new Map(),
    summary: {
      shiftsWithNotes: totals?.shifts ?? 0,
      screened: 0,
      changed: 0,
      incidents: 0,
      notes: 0,
      aiRefined: 0,
    },
  };
}

/** The next `limit` shift ids with notes after `after` (keyset order), with their notes' latest `updated_at`. */
async function nextShiftsWithNotes(
  db: Database,
  after: string | null,
  limit: number,
): Promise<{ shiftId: string; changedAt: Date | null }[]> {
  const groups = await db
    .select({ shiftId: shiftNotes.shiftId, changedAt: max(shiftNotes.updatedAt) })
    .from(shiftNotes)
    .where(and(isNotNull(shiftNotes.shiftId), after ? gt(shiftNotes.shiftId, after) : undefined))
    .groupBy(shiftNotes.shiftId)
    .orderBy(asc(shiftNotes.shiftId))
    .limit(limit);
  return groups as { shiftId: string; changedAt: Date | null }[];
}

/**
 * Screens a batch of due shifts and writes, in one transaction, the results that changed
 * (`writeIncidentScreening`) and the stamp of those whose notes changed but whose result did not.
 */
async function screenBatch(
  run: ScreeningRun,
  batch: { state: ShiftScreeningState; notesChanged: boolean }[],
): Promise<void> {
  const { db, summary } = run;
  const shiftStates = batch.map((b) => b.state);
  const notesChanged = new Set(batch.filter((b) => b.notesChanged).map((b) => b.state.id));
  const notesByShift = await readNotesByShift(
    run,
    shiftStates.map((s) => s.id),
  );
  const names = await findPeopleNames(db, {
    clientIds: [...new Set(shiftStates.map((s) => s.clientId))].filter((id) => !run.clientRedactors.has(id)),
    caregiverIds: [...new Set(shiftStates.map((s) => s.caregiverId))].filter(
      (id) => !run.caregiverRedactors.has(id),
    ),
  });
  const writes: IncidentScreeningWrite[] = [];
  const unchanged: string[] = [];
  for (const state of shiftStates) {
    const result = await screenShift(run, state, notesByShift.get(state.id) ?? [], names);
    summary.screened += 1;
    if (result.severity) summary.incidents += 1;
    const write = incidentWrite(state, result);
    if (write) writes.push(write);
    else if (notesChanged.has(state.id)) unchanged.push(state.id);
  }
  summary.changed += writes.length;
  await db.transaction(async (tx) => {
    await writeIncidentScreening(tx, writes, run.now);
    // An unchanged result keeps the stored stamp (a re-run changes nothing), except where the notes
    // changed since it: then the stamp moves so the shift is not picked again.
    await stampIncidentScreened(tx, unchanged, run.now);
  });
}

/** The notes of `shiftIds`, by shift, in submission order (then id); counts them in the run's summary. */
async function readNotesByShift(
  run: ScreeningRun,
  shiftIds: string[],
): Promise<Map<string, ScreeningNote[]>> {
  const noteRows = await run.db
    .select({
      shiftId: shiftNotes.shiftId,
      prompt: shiftNotes.prompt,
      documentation: shiftNotes.documentation,
      submittedAt: shiftNotes.submittedAt,
    })
    .from(shiftNotes)
    .where(inArray(shiftNotes.shiftId, shiftIds))
    .orderBy(asc(shiftNotes.submittedAt), asc(shiftNotes.id));
  run.summary.notes += noteRows.length;
  const byShift = new Map<string, ScreeningNote[]>();
  for (const row of noteRows) {
    const list = byShift.get(row.shiftId as string) ?? [];
    list.push(row);
    byShift.set(row.shiftId as string, list);
  }
  return byShift;
}

/** One shift's result: its notes screened with its client's and caregiver's redactors, then refined by the AI when configured and an incident was found. */
async function screenShift(
  run: ScreeningRun,
  state: ShiftScreeningState,
  notes: ScreeningNote[],
  names: PeopleNames,
): Promise<ShiftIncidentResult> {
  const result = screenShiftNotes(
    run.mapper,
    notes,
    redactorsFor(run, state, names),
    run.options.timeZone,
    fallbackDiscovery(state),
  );
  if (!run.options.ai || !result.severity) return result;
  const refined = await refineWithAi(run.options.ai, result, run.options.fetch);
  if (!refined) return result;
  run.summary.aiRefined += 1;
  return refined;
}

type PeopleNames = Awaited<ReturnType<typeof findPeopleNames>>;

/** The redactors of a shift's notes: its client's (name and client-specific terms) and its caregiver's (name), compiled once per run. */
function redactorsFor(run: ScreeningRun, state: ShiftScreeningState, names: PeopleNames): Redactor[] {
  let client = run.clientRedactors.get(state.clientId);
  if (!client) {
    const name = names.clients.get(state.clientId) ?? '';
    client = compileRedactor(run.specificTerms.get(name.trim().toLowerCase()) ?? [], name ? [name] : []);
    run.clientRedactors.set(state.clientId, client);
  }
  let caregiver = run.caregiverRedactors.get(state.caregiverId);
  if (!caregiver) {
    const name = names.caregivers.get(state.caregiverId) ?? '';
    caregiver = compileRedactor([], name ? [name] : []);
    run.caregiverRedactors.set(state.caregiverId, caregiver);
  }
  return [client, caregiver];
}

/**
 * The write of `result` onto the shift, or null when the stored result is the same. A category not
 * found before reopens a handled incident (file comment).
 */
function incidentWrite(
  state: ShiftScreeningState,
  result: ShiftIncidentResult,
): IncidentScreeningWrite | null {
  const same =
    state.incidentScreened &&
    (state.incidentSeverity ?? null) === result.severity &&
    sameList(state.incidentCategories, result.severity ? result.categories : null) &&
    (state.incidentReason ?? null) === result.reason &&
    (state.incidentAnalyzedNotes ?? null) === result.analyzedNotes &&
    sameDate(state.incidentReportDueAt, result.reportDueAt);
  if (same) return null;
  const before = new Set(state.incidentCategories ?? []);
  return {
    shiftId: state.id,
    severity: result.severity,
    categories: result.severity ? result.categories : null,
    reason: result.reason,
    analyzedNotes: result.analyzedNotes,
    reportDueAt: result.reportDueAt,
    reopen: state.incidentHandled && result.categories.some((id) => !before.has(id)),
  };
}

/**
 * `result` as the AI review leaves it (DOMAIN.md "AI is optional"): only the confirmed categories,
 * severity the highest of them, the dismissed ones named in the reason; no incident when none is
 * confirmed. Null when the AI gave no answer (the phrase result stands).
 */
async function refineWithAi(
  ai: AiEndpoint,
  result: ShiftIncidentResult,
  fetchImpl: typeof fetch | undefined,
): Promise<ShiftIncidentResult | null> {
  const decisions = await refineFindings(
    ai,
    result.redactedNotes,
    result.categories.map((categoryId) => ({
      categoryId,
      severity: severityOf([categoryId]) as IncidentSeverity,
    })),
    { fetch: fetchImpl },
  );
  if (!decisions) return null;
  const kept = decisions.filter((d) => d.verdict === 'confirm');
  if (!kept.length)
    return {
      ...result,
      severity: null,
      categories: [],
      reason: null,
      analyzedNotes: null,
      reportDueAt: null,
    };
  let severity: IncidentSeverity | null = null;
  for (const d of kept)
    if (!severity || severityRank(d.severity) < severityRank(severity)) severity = d.severity;
  const dismissed = decisions.filter((d) => d.verdict === 'dismiss').map((d) => d.categoryId);
  const keptIds = kept.map((d) => d.categoryId);
  return {
    ...result,
    severity,
    categories: keptIds,
    reason: `${result.reason ?? ''}${dismissed.length ? ` (AI review dismissed: ${dismissed.join(', ')})` : ' (AI review confirmed)'}`,
    reportDueAt: result.reportDueAt,
  };
}

/**
 * The `incident-screening` job handler: runs {@link screenIncidents} with the job's `scope` metadata
 * (default `changed`), reports progress (shifts done / shifts with notes), and audits
 * `incident.screen` with the counts as the user who started it (system for follow-up jobs).
 */
export function createIncidentScreeningHandler(deps: {
  db: Database;
  timeZone: string;
  ai?: AiEndpoint | null;
}): JobHandler {
  return async (job) => {
    const scope = job.metadata.scope === 'all' ? 'all' : 'changed';
    const startedAt = Date.now();
    let lastReport = 0;
    const summary = await screenIncidents(deps.db, {
      scope,
      timeZone: deps.timeZone,
      ai: deps.ai,
      onProgress: async (done, total) => {
        const percent = total ? (done / total) * 100 : 100;
        if (percent - lastReport >= 2 || done === total) {
          lastReport = percent;
          await job.progress(
            Math.min(99, percent),
            done === 0 ? `Screening notes of ${total} shifts` : undefined,
          );
        }
      },
    });
    await job.log(
      `Screened ${summary.screened} shifts (${summary.incidents} with incidents, ${summary.changed} changed) in ${Date.now() - startedAt} ms`,
    );
    const ctx: RequestContext = {
      ...systemContext(`job:${job.jobId}`),
    };
    await recordAudit(deps.db, ctx, {
      action: 'incident.screen',
      entityType: 'processing_job',
      entityId: job.jobId,
      details: { scope, triggeredBy: job.triggeredBy, ...summary },
    });
    return { scope, ...summary };
  };
}
