/**
 * What other modules record on shifts and segments (decision 0025): validation results (module
 * `validation`), suspicious-location and incident screening results (module `screening`) and a
 * payroll change-history entry (module `payroll`). Those modules read shifts through
 * `shift-facts.ts` and write only through these functions, in the executor (transaction) they pass.
 * Not audited: callers audit, in the same transaction (STYLE.md s.9).
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { IncidentSeverity, SegmentViolationItem, ShiftChange, ValidationStatus } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/errors.ts';
import { shifts } from './shifts.table.ts';

/** A segment's new validation result. */
export interface SegmentValidationWrite {
  id: string;
  status: ValidationStatus;
  violations: SegmentViolationItem[];
}

/**
 * Writes validation results in one statement per 2,500 segments, up to `parallel` statements at once
 * (on the pool; pass 1 inside a transaction). Callers pass only changed results; the statement also
 * skips rows already equal, so a re-run writes nothing. Returns rows written.
 */
export async function writeSegmentValidation(
  executor: Executor,
  writes: SegmentValidationWrite[],
  parallel = 1,
): Promise<number> {
  const size = 2500;
  const chunks: SegmentValidationWrite[][] = [];
  for (let i = 0; i < writes.length; i += size) chunks.push(writes.slice(i, i + size));
  const writeChunk = async (chunk: SegmentValidationWrite[]) => {
    const result = await executor.execute(sql`
      update shift_segment g set validation_status = v.status::validation_status,
        validation_violations = v.violations, updated_at = now()
      from unnest(${sql.param(chunk.map((w) => w.id))}::uuid[],
        ${sql.param(chunk.map((w) => w.status))}::text[],
        ${sql.param(chunk.map((w) => JSON.stringify(w.violations)))}::jsonb[]) as v(id, status, violations)
      where g.id = v.id and (g.validation_status::text is distinct from v.status
        or g.validation_violations is distinct from v.violations)`);
    return Number((result as { rowCount?: number | null }).rowCount ?? 0);
  };
  let written = 0;
  for (let i = 0; i < chunks.length; i += parallel) {
    const counts = await Promise.all(chunks.slice(i, i + parallel).map(writeChunk));
    written += counts.reduce((sum, n) => sum + n, 0);
  }
  return written;
}

/**
 * Appends `entry` to the segment's `changeHistory` (a PayrollVersion set or removed, with its
 * reason), in the caller's transaction. The segment's own fields are untouched.
 */
export async function appendSegmentChange(
  executor: Executor,
  segmentId: string,
  entry: ShiftChange,
): Promise<void> {
  await executor.execute(sql`
    update shift_segment set change_history = change_history || ${JSON.stringify([entry])}::jsonb
    where id = ${segmentId}::uuid`);
}

/**
 * Sets `screened_for_suspicious_location_at = at` on `shiftIds` (one statement). A plain SQL update
 * that leaves `updated_at` alone (Drizzle's `$onUpdate` only runs for Drizzle `update()` calls; there
 * is no trigger), so stamping never makes a shift look changed ("due" for location screening means
 * never screened or changed since). Returns the number of rows stamped.
 */
export async function stampShiftsScreened(executor: Executor, shiftIds: string[], at: Date): Promise<number> {
  if (!shiftIds.length) return 0;
  const result = await executor.execute(sql`
    update ${shifts} set screened_for_suspicious_location_at = ${at.toISOString()}::timestamptz
     where id = any(${sql.param(shiftIds)}::uuid[])`);
  return (result as { rowCount?: number | null }).rowCount ?? shiftIds.length;
}

/** One shift's screening result to store. `severity` null = no incident (the other fields are then null). */
export interface IncidentScreeningWrite {
  shiftId: string;
  severity: IncidentSeverity | null;
  categories: string[] | null;
  reason: string | null;
  analyzedNotes: string | null;
  reportDueAt: Date | null;
  /** Set `incident_handled` back to false (new categories appeared); handled by/at/note are kept. */
  reopen: boolean;
}

/**
 * Stores screening results in one statement (`jsonb_to_recordset`): sets `incident_screened` true,
 * `incident_screened_at` = `screenedAt`, severity, categories, reason, analyzed notes and report due
 * time; clears `incident_handled` only where `reopen`. Never touches `incident_handled_by/at/note`.
 * Returns the number of rows updated.
 */
export async function writeIncidentScreening(
  executor: Executor,
  results: readonly IncidentScreeningWrite[],
  screenedAt: Date,
): Promise<number> {
  if (!results.length) return 0;
  const payload = JSON.stringify(
    results.map((r) => ({
      id: r.shiftId,
      severity: r.severity,
      categories: r.categories,
      reason: r.reason,
      notes: r.analyzedNotes,
      due: r.reportDueAt?.toISOString() ?? null,
      reopen: r.reopen,
    })),
  );
  const updated = await executor.execute(sql`
    update ${shifts} as s set
      incident_screened = true,
      incident_screened_at = ${screenedAt.toISOString()}::timestamptz,
      incident_severity = r.severity,
      incident_categories = r.categories,
      incident_reason = r.reason,
      incident_analyzed_notes = r.notes,
      incident_report_due_at = r.due,
      incident_handled = case when r.reopen then false else s.incident_handled end
    from jsonb_to_recordset(${payload}::jsonb)
      as r(id uuid, severity text, categories jsonb, reason text, notes text, due timestamptz, reopen boolean)
    where s.id = r.id`);
  return updated.rowCount ?? 0;
}

/** Stamps `incident_screened_at` (and `incident_screened`) only: the result did not change. */
export async function stampIncidentScreened(
  executor: Executor,
  shiftIds: readonly string[],
  screenedAt: Date,
): Promise<void> {
  if (!shiftIds.length) return;
  await executor.execute(sql`
    update ${shifts} set incident_screened = true, incident_screened_at = ${screenedAt.toISOString()}::timestamptz
    where id in (select unnest(${`{${shiftIds.join(',')}}`}::uuid[]))`);
}

/**
 * Marks the incident of `shiftId` handled (inside the caller's transaction): locks the row, sets
 * `incident_handled`, `incident_handled_by` (user account id), `incident_handled_at` and the note.
 * Returns whether it was already handled before (the caller decides). Errors: NOT_FOUND.
 */
export async function setIncidentHandled(
  tx: Executor,
  shiftId: string,
  input: { by: string | null; note: string; at: Date },
): Promise<{ wasHandled: boolean }> {
  const [row] = await tx
    .select({ handled: shifts.incidentHandled })
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), isNotNull(shifts.incidentSeverity), isNull(shifts.deletedAt)))
    .for('update');
  if (!row) throw notFound('Incident');
  await tx
    .update(shifts)
    .set({
      incidentHandled: true,
      incidentHandledBy: input.by,
      incidentHandledAt: input.at,
      incidentHandledNote: input.note,
    })
    .where(eq(shifts.id, shiftId));
  return { wasHandled: row.handled };
}
