/**
 * Comparison and promotion (issue 23; spec s.2 `/staging/test-comparison`, `/production/shifts`):
 * staged rows of a date range side by side with production shifts (new / changed field by field /
 * missing), and the `staging-promotion` job that uploads READY rows through the shifts module's own
 * import writer (`importVisitBatch`), so a promoted shift is exactly what an import makes (its segment,
 * EVV status, change history, `shift.import` audit), then marks the rows UPLOADED with `shift_id` and
 * `uploaded_at` and publishes `shifts.imported` (screenings and validation follow). Idempotent: only
 * READY rows are promoted, so promoting twice creates nothing new.
 */
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { ComparisonRow, DateRange, PromotionResult, StagingComparison } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { systemContext, type RequestContext } from '../../platform/http/context.ts';
import { createRejections } from '../../platform/imports/import-job.ts';
import type { JobContext } from '../../platform/jobs/jobs.service.ts';
import { ImportPeopleIndex, nameKey, type NamesakeDecisions } from '../people/people-matching.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';
import { emptyTally, importVisitBatch } from '../shifts/visit-import.ts';
import type { VisitRecord } from '../shifts/visit-record.ts';
import { stagingShifts, stagingShiftSegments } from './staging.table.ts';

export const STAGING_PROMOTION_JOB = 'staging-promotion';
/** Rows promoted per batch (one shifts transaction and one staging transaction each). */
export const PROMOTION_BATCH = 500;
/** Rows listed per comparison list (counts are exact). */
export const COMPARISON_LIST_LIMIT = 500;

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

/** Staged rows of the range with their segment. */
function stagedInRange(db: Database, range: DateRange) {
  return db
    .select({
      id: stagingShifts.id,
      givShiftId: stagingShifts.givShiftId,
      status: stagingShifts.status,
      date: stagingShifts.date,
      caregiverId: stagingShifts.caregiverId,
      clientId: stagingShifts.clientId,
      caregiverName: stagingShifts.originalCaregiverName,
      clientName: stagingShifts.originalClientName,
      evvStart: stagingShiftSegments.evvStart,
      evvEnd: stagingShiftSegments.evvEnd,
      billingCode: stagingShiftSegments.billingCode,
    })
    .from(stagingShifts)
    .leftJoin(stagingShiftSegments, eq(stagingShiftSegments.stagingShiftId, stagingShifts.id))
    .where(and(gte(stagingShifts.date, range.from), lte(stagingShifts.date, range.to)));
}

/** Live production shifts of the range (and any other shift with one of `givShiftIds`). */
async function productionInRange(db: Database, range: DateRange) {
  const s = shiftFacts('s');
  return db
    .select({
      id: s.id,
      givShiftId: s.givShiftId,
      date: s.date,
      caregiverId: s.caregiverId,
      clientId: s.clientId,
      evvInTime: s.evvInTime,
      evvOutTime: s.evvOutTime,
      billingCode: s.billingCode,
    })
    .from(s)
    .where(and(gte(s.date, range.from), lte(s.date, range.to), isNull(s.deletedAt)));
}

type Staged = Awaited<ReturnType<typeof stagedInRange>>[number];
type Produced = Awaited<ReturnType<typeof productionInRange>>[number];

/** The fields that differ between a staged row and its production shift (ids for people). */
export function fieldChanges(staged: Staged, shift: Produced): ComparisonRow['changes'] {
  const pairs: [string, string | null, string | null][] = [
    ['date', staged.date, shift.date],
    ['clock-in', iso(staged.evvStart), iso(shift.evvInTime)],
    ['clock-out', iso(staged.evvEnd), iso(shift.evvOutTime)],
    ['billing code', staged.billingCode, shift.billingCode],
    ['caregiver', staged.caregiverId, shift.caregiverId],
    ['client', staged.clientId, shift.clientId],
  ];
  return pairs
    .filter(([, a, b]) => a !== b)
    .map(([field, stagingValue, production]) => ({ field, staging: stagingValue, production }));
}

/**
 * Staging vs production for `range` (service dates, inclusive): `new` staged rows without a shift of
 * their id, `changed` ones whose shift differs (field by field; people as names), `missing` shifts no
 * staged row has, `same` the rest; `ready` = READY rows (what a promotion would upload). Audited
 * `staging_shift.compare` (range and counts).
 */
export async function compareStaging(
  db: Database,
  ctx: RequestContext,
  range: DateRange,
): Promise<StagingComparison> {
  const [staged, produced] = await Promise.all([stagedInRange(db, range), productionInRange(db, range)]);
  const byGivId = new Map<string, Produced>();
  for (const shift of produced) if (shift.givShiftId) byGivId.set(shift.givShiftId, shift);
  const result: StagingComparison = {
    counts: { new: 0, changed: 0, missing: 0, same: 0, ready: 0 },
    new: [],
    changed: [],
    missing: [],
  };
  const seen = new Set<string>();
  const row = (s: Staged, shift: Produced | null, changes: ComparisonRow['changes']): ComparisonRow => ({
    givShiftId: s.givShiftId,
    stagingShiftId: s.id,
    shiftId: shift?.id ?? null,
    status: s.status,
    date: s.date,
    caregiver: s.caregiverName,
    client: s.clientName,
    changes,
  });
  for (const s of staged) {
    seen.add(s.givShiftId);
    if (s.status === 'READY') result.counts.ready++;
    const shift = byGivId.get(s.givShiftId);
    if (!shift) {
      if (result.new.length < COMPARISON_LIST_LIMIT) result.new.push(row(s, null, []));
      result.counts.new++;
      continue;
    }
    const changes = fieldChanges(s, shift);
    if (!changes.length) {
      result.counts.same++;
      continue;
    }
    if (result.changed.length < COMPARISON_LIST_LIMIT) result.changed.push(row(s, shift, changes));
    result.counts.changed++;
  }
  await namePeople(db, result, produced, byGivId, seen);
  await recordAudit(db, ctx, {
    action: 'staging_shift.compare',
    entityType: 'staging_shift',
    details: { from: range.from, to: range.to, ...result.counts },
  });
  return result;
}

/** Fills `result.missing` (at most the list limit) and turns people ids of changes into names. */
async function namePeople(
  db: Database,
  result: StagingComparison,
  produced: Produced[],
  byGivId: Map<string, Produced>,
  seen: Set<string>,
): Promise<void> {
  const missing = produced.filter((shift) => !shift.givShiftId || !seen.has(shift.givShiftId));
  result.counts.missing = missing.length;
  const listed = missing.slice(0, COMPARISON_LIST_LIMIT);
  const names = await findPeopleNames(db, {
    caregiverIds: [
      ...new Set(
        [...listed, ...result.changed.flatMap((r) => byGivId.get(r.givShiftId) ?? [])].map(
          (s) => s.caregiverId,
        ),
      ),
    ],
    clientIds: [
      ...new Set(
        [...listed, ...result.changed.flatMap((r) => byGivId.get(r.givShiftId) ?? [])].map((s) => s.clientId),
      ),
    ],
  });
  result.missing = listed.map((shift) => ({
    givShiftId: shift.givShiftId ?? '',
    stagingShiftId: null,
    shiftId: shift.id,
    status: null,
    date: shift.date,
    caregiver: names.caregivers.get(shift.caregiverId) ?? null,
    client: names.clients.get(shift.clientId) ?? null,
    changes: [],
  }));
  // People in changes read as names, not ids.
  const stagedNames = await findPeopleNames(db, {
    caregiverIds: result.changed.flatMap((r) =>
      r.changes.filter((c) => c.field === 'caregiver').flatMap((c) => c.staging ?? []),
    ),
    clientIds: result.changed.flatMap((r) =>
      r.changes.filter((c) => c.field === 'client').flatMap((c) => c.staging ?? []),
    ),
  });
  for (const changed of result.changed)
    for (const change of changed.changes) {
      const map = change.field === 'caregiver' ? 'caregivers' : change.field === 'client' ? 'clients' : null;
      if (!map) continue;
      change.staging = change.staging
        ? (stagedNames[map].get(change.staging) ?? names[map].get(change.staging) ?? change.staging)
        : null;
      change.production = change.production ? (names[map].get(change.production) ?? change.production) : null;
    }
}

/** What the promotion job needs from the app. */
export interface PromotionDeps {
  db: Database;
  agencyTimeZone: string;
  /** Publishes `shifts.imported` for the job (when a shift was created or updated). */
  shiftsImported: (jobId: string) => Promise<void>;
}

type ReadyRow = {
  id: string;
  givShiftId: string;
  date: string | null;
  caregiverId: string | null;
  clientId: string | null;
  csvFileId: string | null;
  rawData: Record<string, unknown> | null;
  evvStart: Date | null;
  evvEnd: Date | null;
  billingCode: string | null;
  modifier: string | null;
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
};

/** The key the promotion's people index links a staged row's person by (see `promotionRecord`). */
const personKey = (id: string) => `staging-person:${id}`;

/**
 * A READY row as the visit the shifts writer takes. Its people are already resolved: they travel as
 * the name `staging-person:<id>` with an answer linking that name to the id (decision 0035's answers,
 * `NamesakeDecisions`), so the writer links exactly them and never creates or guesses a person.
 */
function promotionRecord(row: ReadyRow, line: number, timeZone: string): VisitRecord {
  return {
    line,
    externalId: row.givShiftId,
    sequence: null,
    caregiver: { externalId: null, name: personKey(row.caregiverId ?? ''), placeholderName: 'Caregiver' },
    client: { pid: null, name: personKey(row.clientId ?? ''), placeholderName: 'Client' },
    providerMedicaidId: null,
    billingCode: row.billingCode,
    mod1: row.modifier,
    timeZone,
    serviceDate: row.date ?? '',
    evvInTime: row.evvStart,
    evvOutTime: row.evvEnd,
    evvInLat: row.evvInLat,
    evvInLong: row.evvInLong,
    evvOutLat: row.evvOutLat,
    evvOutLong: row.evvOutLong,
    adjustments: [],
    notes: null,
    raw: row.rawData ?? {},
  };
}

function readyRows(db: Database, range: DateRange, after: string) {
  return db
    .select({
      id: stagingShifts.id,
      givShiftId: stagingShifts.givShiftId,
      date: stagingShifts.date,
      caregiverId: stagingShifts.caregiverId,
      clientId: stagingShifts.clientId,
      csvFileId: stagingShifts.csvFileId,
      rawData: stagingShifts.rawData,
      evvStart: stagingShiftSegments.evvStart,
      evvEnd: stagingShiftSegments.evvEnd,
      billingCode: stagingShiftSegments.billingCode,
      modifier: stagingShiftSegments.modifier,
      evvInLat: stagingShiftSegments.evvInLat,
      evvInLong: stagingShiftSegments.evvInLong,
      evvOutLat: stagingShiftSegments.evvOutLat,
      evvOutLong: stagingShiftSegments.evvOutLong,
    })
    .from(stagingShifts)
    .leftJoin(stagingShiftSegments, eq(stagingShiftSegments.stagingShiftId, stagingShifts.id))
    .where(
      and(
        eq(stagingShifts.status, 'READY'),
        gte(stagingShifts.date, range.from),
        lte(stagingShifts.date, range.to),
        sql`${stagingShifts.givShiftId} > ${after}`,
      ),
    )
    .orderBy(asc(stagingShifts.givShiftId))
    .limit(PROMOTION_BATCH);
}

/**
 * The `staging-promotion` job (metadata `{ from, to }`): uploads the READY rows of the range in
 * batches (progress per batch), marks them UPLOADED (or FAILED with the writer's reason), audits each
 * batch (`staging_shift.promote`: job id and counts) and publishes `shifts.imported` once.
 */
export async function runPromotion(deps: PromotionDeps, job: JobContext): Promise<PromotionResult> {
  const range = job.metadata as DateRange;
  const ctx = { ...systemContext(`job:${job.jobId}`) };
  const { db } = deps;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(stagingShifts)
    .where(
      and(
        eq(stagingShifts.status, 'READY'),
        gte(stagingShifts.date, range.from),
        lte(stagingShifts.date, range.to),
      ),
    );
  const decisions: NamesakeDecisions = { caregiver: new Map(), client: new Map() };
  // The index keeps the decision maps by reference: each batch adds its people's answers below.
  const people = await ImportPeopleIndex.load(db, decisions);
  const tally = emptyTally();
  const result: PromotionResult = { promoted: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
  let after = '';
  let done = 0;
  for (;;) {
    const rows = await readyRows(db, range, after);
    if (!rows.length) break;
    after = rows[rows.length - 1]?.givShiftId ?? after;
    await promoteBatch(deps, ctx, { rows, people, decisions, tally, result, jobId: job.jobId });
    done += rows.length;
    await job.progress((done / Math.max(total, 1)) * 100, `${done} of ${total} rows promoted`);
    if (rows.length < PROMOTION_BATCH) break;
  }
  Object.assign(result, { created: tally.created, updated: tally.updated, unchanged: tally.unchanged });
  if (tally.created + tally.updated > 0) await deps.shiftsImported(job.jobId);
  return result;
}

async function promoteBatch(
  deps: PromotionDeps,
  ctx: RequestContext,
  input: {
    rows: ReadyRow[];
    people: ImportPeopleIndex;
    decisions: NamesakeDecisions;
    tally: ReturnType<typeof emptyTally>;
    result: PromotionResult;
    jobId: string;
  },
): Promise<void> {
  const { db } = deps;
  const { rows, people, decisions, tally, result } = input;
  for (const row of rows) {
    if (row.caregiverId)
      decisions.caregiver.set(nameKey(personKey(row.caregiverId)), { personId: row.caregiverId });
    if (row.clientId) decisions.client.set(nameKey(personKey(row.clientId)), { personId: row.clientId });
  }
  const rejections = createRejections();
  const byFile = new Map<string | null, VisitRecord[]>();
  rows.forEach((row, index) => {
    const list = byFile.get(row.csvFileId) ?? [];
    list.push(promotionRecord(row, index + 1, deps.agencyTimeZone));
    byFile.set(row.csvFileId, list);
  });
  for (const [csvFileId, records] of byFile)
    await importVisitBatch(db, ctx, {
      records,
      csvFileId,
      people,
      fields: { caregiver: 'caregiver', client: 'client', externalId: 'givShiftId' },
      tally,
      rejections,
    });
  const refused = new Map(rejections.list().map((r) => [r.externalId, r.reason]));
  const s = shiftFacts('s');
  const shiftIds = new Map(
    (
      await db
        .select({ id: s.id, givShiftId: s.givShiftId })
        .from(s)
        .where(
          inArray(
            s.givShiftId,
            rows.map((r) => r.givShiftId),
          ),
        )
    ).map((shift) => [shift.givShiftId, shift.id]),
  );
  await markPromoted(db, ctx, { rows, shiftIds, refused, result, jobId: input.jobId });
}

/** Marks a batch's rows UPLOADED (with their shift) or FAILED (with the reason), audited, in one transaction. */
async function markPromoted(
  db: Database,
  ctx: RequestContext,
  input: {
    rows: ReadyRow[];
    shiftIds: Map<string | null, string>;
    refused: Map<string | null, string>;
    result: PromotionResult;
    jobId: string;
  },
): Promise<void> {
  const { rows, shiftIds, refused, result, jobId } = input;
  const now = new Date();
  await db.transaction(async (tx) => {
    let promoted = 0;
    let failed = 0;
    for (const row of rows) {
      const shiftId = shiftIds.get(row.givShiftId);
      const reason = refused.get(row.givShiftId);
      if (shiftId && !reason) {
        promoted++;
        await tx
          .update(stagingShifts)
          .set({ status: 'UPLOADED', shiftId, uploadedAt: now, errorDetails: null, updatedAt: now })
          .where(eq(stagingShifts.id, row.id));
      } else {
        failed++;
        await tx
          .update(stagingShifts)
          .set({
            status: 'FAILED',
            errorDetails: `not promoted: ${reason ?? 'no shift was written'}`,
            updatedAt: now,
          })
          .where(eq(stagingShifts.id, row.id));
      }
    }
    result.promoted += promoted;
    result.failed += failed;
    await recordAudit(tx, ctx, {
      action: 'staging_shift.promote',
      entityType: 'staging_shift',
      details: { processingJobId: jobId, promoted, failed },
    });
  });
}
