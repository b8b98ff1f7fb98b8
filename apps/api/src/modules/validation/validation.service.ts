/**
 * Segment validation runs and the segments page (issue 6; DOMAIN.md "Violation codes"; rules in
 * docs/segment-validation.md). A run walks service dates in windows of {@link windowDays} days; per
 * window it loads, in a fixed number of bulk statements, the segments of the window plus one day on
 * each side (context for overlaps across midnight), the screening facts, the budget lines with their
 * earlier use and the billing-code rules; the pure validator (`segment-validation.ts`) decides; only
 * segments whose status or violations changed are written (a re-run writes nothing).
 *
 * Triggers: the `segment-validation` job (after a shift import, after billing-code rule edits, on
 * demand from `/admin/billing/segments`) and a shift correction or segment edit
 * (`revalidateAroundDate`, inside the edit's transaction; module `shifts` receives it through
 * `AppDeps` in app-deps.ts, decision 0025).
 */
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { SegmentListQuery, SegmentPage } from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { findBudgetLinesForValidation } from '../budgets/budget-facts.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { findShiftScreeningFacts } from '../screening/screening-facts.ts';
import { findSegmentPage, toSegmentListItem } from '../shifts/segment-list.service.ts';
import { writeSegmentValidation, type SegmentValidationWrite } from '../shifts/shift-results.service.ts';
import { findRulesForValidation, type RuleFacts } from '../billing/billing-rules.service.ts';
import { detectBillingDrift } from '../billing/billing-drift.service.ts';
import { findSegmentsForValidation } from './validation-source.ts';
import { validateSegments, type SegmentFacts } from './segment-validation.ts';

/** Service days validated per window (bounds memory: about a month of segments at a time). */
export const windowDays = 31;

const plusDays = (isoDate: string, days: number) =>
  DateTime.fromISO(isoDate, { zone: 'utc' }).plus({ days }).toISODate() as string;

/**
 * Whether two JSON values are equal as jsonb compares them: object keys in any order (jsonb reorders
 * them), members whose value is `undefined` absent (JSON drops them), arrays in order, primitives by
 * `===`. Compares stored and new violations without building strings (decision 0021, session 6: the
 * canonical strings of 100,000 segments per run were most of validation's garbage).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let members = 0;
  for (const key in left) {
    if (!Object.hasOwn(left, key) || left[key] === undefined) continue;
    if (!Object.hasOwn(right, key) || !sameJson(left[key], right[key])) return false;
    members += 1;
  }
  for (const key in right) if (Object.hasOwn(right, key) && right[key] !== undefined) members -= 1;
  return members === 0;
}

export interface SegmentValidationSummary {
  from: string;
  to: string;
  segments: number;
  ready: number;
  notReady: number;
  /** Segments whose status or violations were written (0 on a re-run with nothing changed). */
  changed: number;
}

/**
 * One window of {@link validateSegmentRange}: {@link findWindowChanges}, then the changed results
 * are written (`parallel` statements at a time) and counted in `summary.changed`. Split in two so that
 * nothing of the window but its changed results is alive while they are written, and nothing at all
 * while the next window is read (a suspended loop body kept the previous window's rows alive:
 * decision 0021, session 6).
 */
async function validateWindow(
  executor: Executor,
  rules: readonly RuleFacts[],
  window: { start: string; end: string },
  summary: SegmentValidationSummary,
  parallel: number,
): Promise<void> {
  const writes = await findWindowChanges(executor, rules, window, summary);
  if (writes.length) summary.changed += await writeSegmentValidation(executor, writes, parallel);
}

/**
 * Reads the segments of service dates `start`..`end` with a day of context on each side, their
 * screening facts and budget lines, validates them, adds the counts to `summary` and returns the
 * results that differ from the stored ones.
 */
async function findWindowChanges(
  executor: Executor,
  rules: readonly RuleFacts[],
  window: { start: string; end: string },
  summary: SegmentValidationSummary,
): Promise<SegmentValidationWrite[]> {
  const context = { fromDate: plusDays(window.start, -1), toDate: plusDays(window.end, 1) };
  // A transaction is one connection: its reads go one after another (node-postgres deprecates a query
  // sent while another runs); on the pool the three run side by side.
  const [segments, facts, budgets] = is(executor, PgTransaction)
    ? [
        await findSegmentsForValidation(executor, context),
        await findShiftScreeningFacts(executor, context),
        await findBudgetLinesForValidation(executor, context),
      ]
    : await Promise.all([
        findSegmentsForValidation(executor, context),
        findShiftScreeningFacts(executor, context),
        findBudgetLinesForValidation(executor, context),
      ]);
  const input: SegmentFacts[] = segments.map((segment) => {
    const fact = facts.get(segment.shiftId);
    return {
      id: segment.id,
      shiftId: segment.shiftId,
      date: segment.date,
      evvStart: segment.evvStart,
      evvEnd: segment.evvEnd,
      billingCode: segment.billingCode,
      modifier: segment.modifier,
      caregiverId: segment.caregiverId,
      clientId: segment.clientId,
      caregiverType: segment.caregiverType,
      hasAllCoordinates: segment.hasAllCoordinates,
      shiftStart: segment.shiftStart,
      shiftEnd: segment.shiftEnd,
      openLocationFindings: fact?.openLocationFindings ?? 0,
      noteCount: fact?.noteCount ?? 0,
      validate: segment.date >= window.start && segment.date <= window.end,
    };
  });
  const results = validateSegments({ segments: input, rules, budgets });
  const writes: SegmentValidationWrite[] = [];
  for (const segment of segments) {
    const violations = results.get(segment.id);
    if (!violations) continue;
    const status = violations.length ? 'NOT_READY' : 'READY';
    summary.segments += 1;
    if (status === 'READY') summary.ready += 1;
    else summary.notReady += 1;
    if (segment.validationStatus !== status || !sameJson(segment.validationViolations, violations))
      writes.push({ id: segment.id, status, violations });
  }
  return writes;
}

/**
 * Validates every live segment of service dates `from`..`to` (inclusive, `YYYY-MM-DD`) and writes the
 * changed results. `onProgress(done 0..1, summary so far)` after each window. Errors: database errors
 * are thrown (each window is written in its own transaction when `executor` is the database).
 */
export async function validateSegmentRange(
  executor: Executor,
  range: { from: string; to: string },
  onProgress?: (done: number, summary: SegmentValidationSummary) => Promise<void>,
): Promise<SegmentValidationSummary> {
  // Writes run on several pool connections at once, except inside a transaction (one connection).
  const parallel = is(executor, PgTransaction) ? 1 : 3;
  const summary: SegmentValidationSummary = { ...range, segments: 0, ready: 0, notReady: 0, changed: 0 };
  if (range.to < range.from) return summary;
  const rules = await findRulesForValidation(executor);
  const totalDays =
    DateTime.fromISO(range.to, { zone: 'utc' }).diff(DateTime.fromISO(range.from, { zone: 'utc' }), 'days')
      .days + 1;
  for (let start = range.from; start <= range.to; start = plusDays(start, windowDays)) {
    const endCandidate = plusDays(start, windowDays - 1);
    const end = endCandidate < range.to ? endCandidate : range.to;
    await validateWindow(executor, rules, { start, end }, summary, parallel);
    const daysDone =
      DateTime.fromISO(end, { zone: 'utc' }).diff(DateTime.fromISO(range.from, { zone: 'utc' }), 'days')
        .days + 1;
    await onProgress?.(Math.min(1, daysDone / totalDays), summary);
  }
  return summary;
}

/**
 * Re-validates the segments of a shift's service date and the day on each side (overlaps across
 * midnight) in the caller's transaction, then detects billing drift for those dates
 * (billing/billing-drift.service.ts): called after a shift correction or a segment edit so its segments and
 * any exported item of them are current when the edit returns. Budget use of later dates in the term
 * follows at the next range run.
 */
export async function revalidateAroundDate(
  executor: Executor,
  date: string,
): Promise<SegmentValidationSummary> {
  const range = { from: plusDays(date, -1), to: plusDays(date, 1) };
  const summary = await validateSegmentRange(executor, range);
  await detectBillingDrift(executor, range);
  return summary;
}

/**
 * The segments page (contracts `segmentListQuery` → `segmentPage`): segments of the date range with
 * their violations and the READY / NOT_READY counts of the filter. Audited `segment.list` (filters
 * and counts only).
 */
export async function findSegments(
  db: Database,
  ctx: RequestContext,
  query: SegmentListQuery,
): Promise<SegmentPage> {
  const page = await findSegmentPage(db, query);
  const names = await findPeopleNames(db, {
    caregiverIds: [...new Set(page.rows.map((row) => row.caregiverId))],
    clientIds: [...new Set(page.rows.map((row) => row.clientId))],
  });
  await recordAudit(db, ctx, {
    action: 'segment.list',
    entityType: 'shift_segment',
    details: {
      from: query.from,
      to: query.to,
      status: query.status ?? null,
      code: query.code ?? null,
      caregiverId: query.caregiverId ?? null,
      clientId: query.clientId ?? null,
      returned: page.rows.length,
    },
  });
  return {
    items: page.rows.map((row) => toSegmentListItem(row, names)),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    counts: page.counts,
  };
}
