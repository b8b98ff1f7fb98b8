/**
 * The suspicious-location screening run (issue 5; DOMAIN.md "Geofence"; docs/screening-locations.md):
 * learns each client's `BaselineLocation` when the re-learning rule says so, screens shifts against it
 * and the client's approved locations, and keeps `suspicious_location` in step, batch by batch.
 *
 * Idempotent: the same data gives the same baselines and findings, and a run writes only differences
 * (a finding whose values did not change is not touched). Findings are keyed by (shift, type): a
 * re-run that finds the same finding updates its figures and keeps `reviewed`/`reviewNote`; an
 * unreviewed finding that no longer holds (e.g. after an approved location was added) is removed; a
 * reviewed one is kept as the record of the review. Which shifts are screened: with scope `due`, the
 * shifts never screened or changed since (see shift-punches.ts); with scope
 * `all`, every live shift; and always every shift of a client whose baseline was (re)learned in the run.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/client.ts';
import {
  databaseNow,
  findClientsWithShifts,
  findSharedPunchCoordinates,
  loadShiftPunches,
  type ShiftPunchRow,
} from './shift-punches.ts';
import { stampShiftsScreened } from '../shifts/shift-results.service.ts';
import {
  countSamples,
  learnBaseline,
  shouldRelearn,
  type LearnedBaseline,
  type ShiftPunches,
} from './baseline-learning.ts';
import {
  screenShift,
  SHARED_COORDINATE_DECIMALS,
  SHARED_COORDINATE_MIN_CLIENTS,
  type BaselineFence,
  type Fence,
  type LocationFinding,
} from './location-screening.ts';
import { approvedLocations, baselineLocations, suspiciousLocations } from './screening.table.ts';

/** Clients handled per batch (one transaction each; ~200 shifts per client in the bench). */
export const SCREENING_BATCH_CLIENTS = 250;
/** Batches written at the same time (each on its own connection). */
export const SCREENING_WRITE_CONCURRENCY = 2;

export interface LocationScreeningOptions {
  /** `due`: shifts never screened or changed since; `all`: every live shift. */
  scope: 'due' | 'all';
  /** Only this client. */
  clientId?: string | undefined;
  /** Called after each batch with the share done (0..1) and counts so far. */
  onProgress?: (done: number, summary: LocationScreeningSummary) => Promise<void> | void;
  batchClients?: number;
}

/** What a run did (ids and counts only). */
export interface LocationScreeningSummary {
  clients: number;
  baselinesLearned: number;
  clientsWithoutBaseline: number;
  shiftsScreened: number;
  findingsCreated: number;
  findingsUpdated: number;
  findingsRemoved: number;
  findingsUnchanged: number;
  /** Milliseconds spent learning baselines (DBSCAN) and screening shifts (pure work, no I/O). */
  learnMs: number;
  screenMs: number;
  /** Milliseconds spent reading punches and findings, and writing findings, baselines and stamps. */
  readMs: number;
  writeMs: number;
}

type BaselineRow = typeof baselineLocations.$inferSelect;
type FindingRow = Pick<
  typeof suspiciousLocations.$inferSelect,
  | 'id'
  | 'shiftId'
  | 'suspiciousType'
  | 'actualLat'
  | 'actualLong'
  | 'expectedLat'
  | 'expectedLong'
  | 'distanceMeters'
  | 'suspicionLevel'
  | 'reviewed'
>;

const toPunches = (row: ShiftPunchRow): ShiftPunches => ({
  in: row.evvInLat !== null && row.evvInLong !== null ? { lat: row.evvInLat, long: row.evvInLong } : null,
  out:
    row.evvOutLat !== null && row.evvOutLong !== null ? { lat: row.evvOutLat, long: row.evvOutLong } : null,
});

/** The fence screening uses from a stored baseline row (null when none was learned). */
export function fenceOf(row: BaselineRow | undefined): BaselineFence | null {
  if (!row || row.radiusMeters === null) return null;
  const inPoint = row.inLat !== null && row.inLong !== null ? { lat: row.inLat, long: row.inLong } : null;
  const outPoint =
    row.outLat !== null && row.outLong !== null ? { lat: row.outLat, long: row.outLong } : null;
  if (!inPoint && !outPoint) return null;
  return { in: inPoint, out: outPoint, radiusMeters: row.radiusMeters };
}

const sameFinding = (a: FindingRow, b: LocationFinding) =>
  a.actualLat === b.actualLat &&
  a.actualLong === b.actualLong &&
  a.expectedLat === b.expectedLat &&
  a.expectedLong === b.expectedLong &&
  a.distanceMeters === b.distanceMeters &&
  a.suspicionLevel === b.suspicionLevel;

interface NewFinding extends LocationFinding {
  shiftId: string;
  caregiverId: string;
  clientId: string;
}

/** A column as one array parameter for `unnest`. */
const col = <T, V>(rows: T[], pick: (row: T) => V) => sql.param(rows.map(pick));

async function insertFindings(tx: Executor, rows: NewFinding[]) {
  if (!rows.length) return;
  await tx.execute(sql`
    insert into suspicious_location (shift_id, caregiver_id, client_id, suspicious_type, actual_lat, actual_long,
                                     expected_lat, expected_long, distance_meters, suspicion_level, flagged)
    select t.*, true from unnest(
      ${col(rows, (r) => r.shiftId)}::uuid[], ${col(rows, (r) => r.caregiverId)}::uuid[],
      ${col(rows, (r) => r.clientId)}::uuid[], ${col(rows, (r) => r.suspiciousType)}::text[],
      ${col(rows, (r) => r.actualLat)}::float8[], ${col(rows, (r) => r.actualLong)}::float8[],
      ${col(rows, (r) => r.expectedLat)}::float8[], ${col(rows, (r) => r.expectedLong)}::float8[],
      ${col(rows, (r) => r.distanceMeters)}::float8[], ${col(rows, (r) => r.suspicionLevel)}::text[]
    ) as t(shift_id, caregiver_id, client_id, suspicious_type, actual_lat, actual_long, expected_lat,
           expected_long, distance_meters, suspicion_level)
    on conflict (shift_id, suspicious_type) do update set
      actual_lat = excluded.actual_lat, actual_long = excluded.actual_long,
      expected_lat = excluded.expected_lat, expected_long = excluded.expected_long,
      distance_meters = excluded.distance_meters, suspicion_level = excluded.suspicion_level,
      caregiver_id = excluded.caregiver_id, client_id = excluded.client_id, flagged = true, updated_at = now()`);
}

async function updateFindings(tx: Executor, rows: (LocationFinding & { id: string; caregiverId: string })[]) {
  if (!rows.length) return;
  await tx.execute(sql`
    update suspicious_location s set
      actual_lat = t.actual_lat, actual_long = t.actual_long, expected_lat = t.expected_lat,
      expected_long = t.expected_long, distance_meters = t.distance_meters,
      suspicion_level = t.suspicion_level, caregiver_id = t.caregiver_id, flagged = true, updated_at = now()
    from unnest(
      ${col(rows, (r) => r.id)}::uuid[], ${col(rows, (r) => r.actualLat)}::float8[],
      ${col(rows, (r) => r.actualLong)}::float8[], ${col(rows, (r) => r.expectedLat)}::float8[],
      ${col(rows, (r) => r.expectedLong)}::float8[], ${col(rows, (r) => r.distanceMeters)}::float8[],
      ${col(rows, (r) => r.suspicionLevel)}::text[], ${col(rows, (r) => r.caregiverId)}::uuid[]
    ) as t(id, actual_lat, actual_long, expected_lat, expected_long, distance_meters, suspicion_level, caregiver_id)
    where s.id = t.id`);
}

interface BaselineWrite {
  clientId: string;
  baseline: LearnedBaseline | null;
  sampleSize: number;
}

/** Upserts baseline rows (one per client); a client without enough samples keeps null centroids. */
async function writeBaselines(tx: Executor, rows: BaselineWrite[], at: Date) {
  if (!rows.length) return;
  const b = (row: BaselineWrite) => row.baseline;
  await tx.execute(sql`
    insert into baseline_location (client_id, in_lat, in_long, out_lat, out_long, radius_meters,
      in_cluster_sizes, out_cluster_sizes, in_outlier_count, out_outlier_count, sample_size,
      in_confidence, out_confidence, last_updated)
    select t.client_id, t.in_lat, t.in_long, t.out_lat, t.out_long, t.radius_meters,
           t.in_cluster_sizes::jsonb, t.out_cluster_sizes::jsonb, t.in_outlier_count, t.out_outlier_count,
           t.sample_size, t.in_confidence, t.out_confidence, ${at.toISOString()}::timestamptz
      from unnest(
        ${col(rows, (r) => r.clientId)}::uuid[],
        ${col(rows, (r) => b(r)?.in?.lat ?? null)}::float8[], ${col(rows, (r) => b(r)?.in?.long ?? null)}::float8[],
        ${col(rows, (r) => b(r)?.out?.lat ?? null)}::float8[], ${col(rows, (r) => b(r)?.out?.long ?? null)}::float8[],
        ${col(rows, (r) => b(r)?.radiusMeters ?? null)}::float8[],
        ${col(rows, (r) => JSON.stringify(b(r)?.inClusterSizes ?? []))}::text[],
        ${col(rows, (r) => JSON.stringify(b(r)?.outClusterSizes ?? []))}::text[],
        ${col(rows, (r) => b(r)?.inOutlierCount ?? 0)}::int[], ${col(rows, (r) => b(r)?.outOutlierCount ?? 0)}::int[],
        ${col(rows, (r) => r.sampleSize)}::int[],
        ${col(rows, (r) => b(r)?.inConfidence ?? null)}::float8[], ${col(rows, (r) => b(r)?.outConfidence ?? null)}::float8[]
      ) as t(client_id, in_lat, in_long, out_lat, out_long, radius_meters, in_cluster_sizes, out_cluster_sizes,
             in_outlier_count, out_outlier_count, sample_size, in_confidence, out_confidence)
    on conflict (client_id) do update set
      in_lat = excluded.in_lat, in_long = excluded.in_long, out_lat = excluded.out_lat, out_long = excluded.out_long,
      radius_meters = excluded.radius_meters, in_cluster_sizes = excluded.in_cluster_sizes,
      out_cluster_sizes = excluded.out_cluster_sizes, in_outlier_count = excluded.in_outlier_count,
      out_outlier_count = excluded.out_outlier_count, sample_size = excluded.sample_size,
      in_confidence = excluded.in_confidence, out_confidence = excluded.out_confidence,
      last_updated = excluded.last_updated, updated_at = now()`);
}

/** What one batch of clients will write. */
interface PreparedBatch {
  toInsert: NewFinding[];
  toUpdate: (LocationFinding & { id: string; caregiverId: string })[];
  toRemove: string[];
  baselineWrites: BaselineWrite[];
  screenedIds: string[];
}

/**
 * Reads a batch of clients (punches, stored baselines, approved locations, findings), (re)learns
 * baselines per the re-learning rule, screens the shifts to screen and diffs the findings with what
 * is stored. Pure reads: nothing is written here.
 */
async function prepareBatch(
  db: Database,
  batch: string[],
  scope: 'due' | 'all',
  shared: ReadonlyMap<string, number>,
  summary: LocationScreeningSummary,
): Promise<PreparedBatch> {
  const readStart = performance.now();
  const read = await readBatch(db, batch);
  summary.readMs += performance.now() - readStart;

  const learnStart = performance.now();
  const learned = learnBaselines(batch, read, scope, summary);
  summary.learnMs += performance.now() - learnStart;

  const screenStart = performance.now();
  const desired = screenShifts(learned, read.approvedRows, shared);
  const screenedIds = learned.toScreen.map((shift) => shift.id);
  const prepared = diffFindings(read.existing, desired, screenedIds, summary);
  summary.screenMs += performance.now() - screenStart;
  return { ...prepared, baselineWrites: learned.baselineWrites, screenedIds };
}

/** What {@link prepareBatch} reads for a batch of clients. */
interface BatchRead {
  punches: ShiftPunchRow[];
  storedRows: BaselineRow[];
  approvedRows: (typeof approvedLocations.$inferSelect)[];
  existing: FindingRow[];
}

/** The batch's shift punches, stored baselines, approved locations and stored findings. */
async function readBatch(db: Database, batch: string[]): Promise<BatchRead> {
  const punches = await loadShiftPunches(db, batch);
  const storedRows = await db
    .select()
    .from(baselineLocations)
    .where(inArray(baselineLocations.clientId, batch));
  const approvedRows = await db
    .select()
    .from(approvedLocations)
    .where(inArray(approvedLocations.clientId, batch));
  const existing: FindingRow[] = await db
    .select({
      id: suspiciousLocations.id,
      shiftId: suspiciousLocations.shiftId,
      suspiciousType: suspiciousLocations.suspiciousType,
      actualLat: suspiciousLocations.actualLat,
      actualLong: suspiciousLocations.actualLong,
      expectedLat: suspiciousLocations.expectedLat,
      expectedLong: suspiciousLocations.expectedLong,
      distanceMeters: suspiciousLocations.distanceMeters,
      suspicionLevel: suspiciousLocations.suspicionLevel,
      reviewed: suspiciousLocations.reviewed,
    })
    .from(suspiciousLocations)
    .where(inArray(suspiciousLocations.clientId, batch));
  return { punches, storedRows, approvedRows, existing };
}

/** The batch's baselines after learning: what to write, the fence per client, the shifts to screen. */
interface LearnedBatch {
  baselineWrites: BaselineWrite[];
  fences: Map<string, BaselineFence | null>;
  toScreen: ShiftPunchRow[];
}

/**
 * Per client, (re)learns the baseline when the re-learning rule says so (`shouldRelearn`, DOMAIN.md
 * "Geofence"): a learned one is written, an insufficient sample clears a baseline learned before (or
 * records the new sample size). The shifts to screen are the due ones (every one with scope `all`),
 * and every shift of a client whose baseline was (re)learned.
 */
function learnBaselines(
  batch: string[],
  read: BatchRead,
  scope: 'due' | 'all',
  summary: LocationScreeningSummary,
): LearnedBatch {
  const stored = new Map(read.storedRows.map((row) => [row.clientId, row]));
  const byClient = new Map<string, ShiftPunchRow[]>();
  for (const row of read.punches) {
    const list = byClient.get(row.clientId);
    if (list) list.push(row);
    else byClient.set(row.clientId, [row]);
  }
  const learned: LearnedBatch = { baselineWrites: [], fences: new Map(), toScreen: [] };
  for (const clientId of batch) {
    const rows = byClient.get(clientId) ?? [];
    const points = rows.map(toPunches);
    const row = stored.get(clientId);
    const learnedBefore = fenceOf(row) !== null;
    const result =
      learnedBefore && !shouldRelearn(row?.sampleSize ?? 0, countSamples(points))
        ? null
        : learnBaseline(points);
    let fence = fenceOf(row);
    let relearned = false;
    if (result?.status === 'learned') {
      learned.baselineWrites.push({
        clientId,
        baseline: result.baseline,
        sampleSize: result.baseline.sampleSize,
      });
      fence = {
        in: result.baseline.in,
        out: result.baseline.out,
        radiusMeters: result.baseline.radiusMeters,
      };
      relearned = true;
      summary.baselinesLearned += 1;
    } else if (result?.status === 'insufficient') {
      if (!row || row.sampleSize !== result.sampleSize || learnedBefore)
        learned.baselineWrites.push({ clientId, baseline: null, sampleSize: result.sampleSize });
      relearned = learnedBefore;
      fence = null;
    }
    if (!fence) summary.clientsWithoutBaseline += 1;
    learned.fences.set(clientId, fence);
    for (const shift of rows) {
      if (relearned || scope === 'all' || shift.due) learned.toScreen.push(shift);
    }
  }
  return learned;
}

/** The findings the screened shifts should have, keyed `shiftId|suspiciousType` (`screenShift`, location-screening.ts). */
function screenShifts(
  learned: LearnedBatch,
  approvedRows: BatchRead['approvedRows'],
  shared: ReadonlyMap<string, number>,
): Map<string, NewFinding> {
  const approvedByClient = new Map<string, Fence[]>();
  for (const row of approvedRows) {
    const list = approvedByClient.get(row.clientId) ?? [];
    list.push({ center: { lat: row.lat, long: row.long }, radiusMeters: row.radiusMeters });
    approvedByClient.set(row.clientId, list);
  }
  const desired = new Map<string, NewFinding>();
  for (const shift of learned.toScreen) {
    const findings = screenShift(shift, {
      baseline: learned.fences.get(shift.clientId) ?? null,
      approved: approvedByClient.get(shift.clientId) ?? [],
      sharedClientCounts: shared,
    });
    for (const finding of findings) {
      desired.set(`${shift.id}|${finding.suspiciousType}`, {
        ...finding,
        shiftId: shift.id,
        caregiverId: shift.caregiverId,
        clientId: shift.clientId,
      });
    }
  }
  return desired;
}

/**
 * The stored findings of the screened shifts against the desired ones (file comment): a new one is
 * inserted, a changed one updated (keeping its review), one that no longer holds removed unless
 * reviewed; an unchanged one is counted only.
 */
function diffFindings(
  existing: FindingRow[],
  desired: Map<string, NewFinding>,
  screenedIds: string[],
  summary: LocationScreeningSummary,
): Pick<PreparedBatch, 'toInsert' | 'toUpdate' | 'toRemove'> {
  const screenedSet = new Set(screenedIds);
  const diff: Pick<PreparedBatch, 'toInsert' | 'toUpdate' | 'toRemove'> = {
    toInsert: [],
    toUpdate: [],
    toRemove: [],
  };
  const seen = new Set<string>();
  for (const row of existing) {
    if (!screenedSet.has(row.shiftId)) continue;
    const key = `${row.shiftId}|${row.suspiciousType}`;
    const want = desired.get(key);
    seen.add(key);
    if (!want) {
      if (!row.reviewed) diff.toRemove.push(row.id);
    } else if (sameFinding(row, want)) summary.findingsUnchanged += 1;
    else diff.toUpdate.push({ ...want, id: row.id });
  }
  for (const [key, want] of desired) if (!seen.has(key)) diff.toInsert.push(want);
  return diff;
}

/**
 * Writes one prepared batch in one transaction: findings (insert/upsert, update, remove — a finding
 * reviewed meanwhile is never removed), baselines, and the screening stamp.
 */
async function writeBatch(
  db: Database,
  prepared: PreparedBatch,
  at: Date,
  summary: LocationScreeningSummary,
) {
  const writeStart = performance.now();
  await db.transaction(async (tx) => {
    await insertFindings(tx, prepared.toInsert);
    await updateFindings(tx, prepared.toUpdate);
    if (prepared.toRemove.length)
      await tx.execute(
        sql`delete from suspicious_location where id = any(${sql.param(prepared.toRemove)}::uuid[]) and not reviewed`,
      );
    await writeBaselines(tx, prepared.baselineWrites, at);
    await stampShiftsScreened(tx, prepared.screenedIds, at);
  });
  summary.writeMs += performance.now() - writeStart;
  summary.findingsCreated += prepared.toInsert.length;
  summary.findingsUpdated += prepared.toUpdate.length;
  summary.findingsRemoved += prepared.toRemove.length;
  summary.shiftsScreened += prepared.screenedIds.length;
}

/**
 * Runs one screening (see the module comment) and returns its summary. Each batch of clients is read
 * and computed, then written in one transaction (the next batch is computed while the previous one is
 * written), so an interrupted run leaves whole batches done and the rest due; running again finishes
 * the work without duplicating anything. Errors: database errors are thrown.
 */
export async function runLocationScreening(
  db: Database,
  options: LocationScreeningOptions,
): Promise<LocationScreeningSummary> {
  const summary: LocationScreeningSummary = {
    clients: 0,
    baselinesLearned: 0,
    clientsWithoutBaseline: 0,
    shiftsScreened: 0,
    findingsCreated: 0,
    findingsUpdated: 0,
    findingsRemoved: 0,
    findingsUnchanged: 0,
    learnMs: 0,
    screenMs: 0,
    readMs: 0,
    writeMs: 0,
  };
  const at = await databaseNow(db);
  const clientIds = await findClientsWithShifts(db, {
    dueOnly: options.scope === 'due',
    clientId: options.clientId,
  });
  summary.clients = clientIds.length;
  if (!clientIds.length) {
    await options.onProgress?.(1, summary);
    return summary;
  }
  const shared = await findSharedPunchCoordinates(db, {
    decimals: SHARED_COORDINATE_DECIMALS,
    minClients: SHARED_COORDINATE_MIN_CLIENTS,
  });
  const size = options.batchClients ?? SCREENING_BATCH_CLIENTS;
  // Pipelined: while earlier batches are written by PostgreSQL (up to SCREENING_WRITE_CONCURRENCY at
  // once, on separate connections: batches touch disjoint clients, so they never wait on each other's
  // locks), the next batch is read and computed here.
  const pending: Promise<void>[] = [];
  let reported = 0;
  try {
    for (let start = 0; start < clientIds.length; start += size) {
      const batch = clientIds.slice(start, start + size);
      const prepared = await prepareBatch(db, batch, options.scope, shared, summary);
      while (pending.length >= SCREENING_WRITE_CONCURRENCY) await pending.shift();
      const done = Math.min(1, (start + batch.length) / clientIds.length);
      const write = writeBatch(db, prepared, at, summary).then(async () => {
        if (done <= reported) return;
        reported = done;
        await options.onProgress?.(done, summary);
      });
      // Awaited below; the handler only keeps a failure from counting as unhandled meanwhile.
      write.catch(() => undefined);
      pending.push(write);
    }
    while (pending.length) await pending.shift();
  } catch (error) {
    // A failure waits for the writes in flight before it is reported.
    await Promise.allSettled(pending);
    throw error;
  }
  return summary;
}
