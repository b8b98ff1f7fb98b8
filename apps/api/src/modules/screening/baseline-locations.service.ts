/**
 * Learned baselines and approved locations for `/admin/baselineLocations` (issue 5; DOMAIN.md
 * "Geofence"). Every read and write is audited (ids and counts only, never coordinates or names).
 * Approved locations count as home: after one is added, changed or removed, the client's shifts are
 * re-screened at once (`runLocationScreening` scope `all` for that client), so unreviewed findings that
 * no longer hold disappear and new ones appear.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  MIN_BASELINE_SAMPLES,
  type ApprovedLocation,
  type ApprovedLocationUpdate,
  type BaselineDetail,
  type BaselineListQuery,
  type BaselineLocation,
  type BaselinePage,
  type BaselinePoint,
  type approvedLocationInput,
} from '@tend/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { liveShiftIdsSql, loadShiftPunches, type ShiftPunchRow } from './shift-punches.ts';
import { distanceMeters, isUsableCoordinate, type LatLong } from './baseline-learning.ts';
import { fenceOf, runLocationScreening } from './location-screening.service.ts';
import type { BaselineFence } from './location-screening.ts';
import { approvedLocations, baselineLocations } from './screening.table.ts';

/** Most punches per side returned for the map (an evenly spaced sample beyond this). */
export const MAX_MAP_POINTS = 1000;

type BaselineRow = typeof baselineLocations.$inferSelect;
type ApprovedRow = typeof approvedLocations.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toBaseline(
  row: BaselineRow,
  clientName: string,
  counts: { approved: number; open: number },
): BaselineLocation {
  return {
    clientId: row.clientId,
    clientName,
    learned: fenceOf(row) !== null,
    inLat: row.inLat,
    inLong: row.inLong,
    outLat: row.outLat,
    outLong: row.outLong,
    radiusMeters: row.radiusMeters,
    inClusterSizes: row.inClusterSizes,
    outClusterSizes: row.outClusterSizes,
    inOutlierCount: row.inOutlierCount,
    outOutlierCount: row.outOutlierCount,
    sampleSize: row.sampleSize,
    requiredSamples: MIN_BASELINE_SAMPLES,
    inConfidence: row.inConfidence,
    outConfidence: row.outConfidence,
    lastUpdated: iso(row.lastUpdated),
    approvedLocationCount: counts.approved,
    openFindingCount: counts.open,
  };
}

export function toApprovedLocation(row: ApprovedRow): ApprovedLocation {
  return {
    id: row.id,
    clientId: row.clientId,
    label: row.label,
    kind: row.kind,
    lat: row.lat,
    long: row.long,
    radiusMeters: row.radiusMeters,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `baseline_location.client_id` of the outer row, qualified by hand (Drizzle leaves select-list columns unqualified). */
const outerClientId = sql.raw('"baseline_location"."client_id"');
const approvedCount = sql<number>`(select count(*)::int from approved_location a where a.client_id = ${outerClientId})`;
const openCount = sql<number>`(select count(*)::int from suspicious_location f
  where f.client_id = ${outerClientId} and not f.reviewed and f.shift_id in (${liveShiftIdsSql()}))`;

/**
 * A page of baselines (one per screened client), clients with open findings first, then by sample
 * size. Filters: `clientId`, `learned`. Audited as `baseline_location.list` with the count.
 */
export async function findBaselines(
  db: Database,
  ctx: RequestContext,
  query: BaselineListQuery,
): Promise<BaselinePage> {
  const filters: SQL[] = [];
  if (query.clientId) filters.push(eq(baselineLocations.clientId, query.clientId));
  if (query.learned === 'true') filters.push(sql`${baselineLocations.radiusMeters} is not null`);
  if (query.learned === 'false') filters.push(sql`${baselineLocations.radiusMeters} is null`);
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select({ row: baselineLocations, approved: approvedCount, open: openCount })
    .from(baselineLocations)
    .where(where)
    .orderBy(desc(openCount), desc(baselineLocations.sampleSize), asc(baselineLocations.clientId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totals] = await db.select({ total: count() }).from(baselineLocations).where(where);
  const names = await findPeopleNames(db, { caregiverIds: [], clientIds: rows.map((r) => r.row.clientId) });
  await recordAudit(db, ctx, {
    action: 'baseline_location.list',
    entityType: 'baseline_location',
    details: { count: rows.length, filtered: filters.length > 0 },
  });
  return {
    items: rows.map((r) =>
      toBaseline(r.row, names.clients.get(r.row.clientId) ?? 'Unknown client', {
        approved: Number(r.approved),
        open: Number(r.open),
      }),
    ),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An evenly spaced sample of at most `max` items, keeping order. */
function sample<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)] as T);
}

/**
 * One client's baseline with its punches for the map: each punch is `dominant` when inside the
 * baseline's fence for its side, `noise` (an outlier) otherwise; without a learned baseline every
 * punch is `other`. At most {@link MAX_MAP_POINTS} per side (evenly sampled). A client that was never
 * screened gets the figures of a not-yet-learned baseline. Errors: NOT_FOUND (no such client).
 * Audited as `baseline_location.read`.
 */
export async function getBaselineDetail(
  db: Database,
  ctx: RequestContext,
  clientId: string,
): Promise<BaselineDetail> {
  const names = await findPeopleNames(db, { caregiverIds: [], clientIds: [clientId] });
  const clientName = names.clients.get(clientId);
  if (clientName === undefined) throw notFound('Client');
  const [row] = await db
    .select({ row: baselineLocations, approved: approvedCount, open: openCount })
    .from(baselineLocations)
    .where(eq(baselineLocations.clientId, clientId));
  const approved = await db
    .select()
    .from(approvedLocations)
    .where(eq(approvedLocations.clientId, clientId))
    .orderBy(asc(approvedLocations.createdAt), asc(approvedLocations.id));
  const punches = await loadShiftPunches(db, [clientId]);
  const { inPoints, outPoints } = classifyPunches(punches, fenceOf(row?.row));
  const baseline = row
    ? toBaseline(row.row, clientName, { approved: Number(row.approved), open: Number(row.open) })
    : notYetLearnedBaseline(clientId, clientName, punches, approved.length);
  await recordAudit(db, ctx, {
    action: 'baseline_location.read',
    entityType: 'client',
    entityId: clientId,
    details: { points: inPoints.length + outPoints.length },
  });
  return {
    baseline,
    inPoints: sample(inPoints, MAX_MAP_POINTS),
    outPoints: sample(outPoints, MAX_MAP_POINTS),
    totalPoints: inPoints.length + outPoints.length,
    sampled: inPoints.length > MAX_MAP_POINTS || outPoints.length > MAX_MAP_POINTS,
    approvedLocations: approved.map(toApprovedLocation),
  };
}

/**
 * The punches with usable coordinates as map points: `dominant` when within the fence's radius of its
 * centre for that side (the other side's centre when the side has none), `noise` otherwise; every
 * point is `other` without a learned fence.
 */
function classifyPunches(
  punches: ShiftPunchRow[],
  fence: BaselineFence | null,
): { inPoints: BaselinePoint[]; outPoints: BaselinePoint[] } {
  const classify = (point: LatLong, center: LatLong | null): BaselinePoint => ({
    ...point,
    class: !fence
      ? 'other'
      : center && distanceMeters(point, center) <= fence.radiusMeters
        ? 'dominant'
        : 'noise',
  });
  const inPoints: BaselinePoint[] = [];
  const outPoints: BaselinePoint[] = [];
  for (const p of punches) {
    if (isUsableCoordinate(p.evvInLat, p.evvInLong))
      inPoints.push(
        classify({ lat: p.evvInLat as number, long: p.evvInLong as number }, fence?.in ?? fence?.out ?? null),
      );
    if (isUsableCoordinate(p.evvOutLat, p.evvOutLong))
      outPoints.push(
        classify(
          { lat: p.evvOutLat as number, long: p.evvOutLong as number },
          fence?.out ?? fence?.in ?? null,
        ),
      );
  }
  return { inPoints, outPoints };
}

/**
 * The baseline of a client never screened: nothing learned, its sample size the punches with a usable
 * clock-in or clock-out location, no open findings.
 */
function notYetLearnedBaseline(
  clientId: string,
  clientName: string,
  punches: ShiftPunchRow[],
  approvedCount: number,
): BaselineLocation {
  const sampleSize = punches.filter(
    (p) => isUsableCoordinate(p.evvInLat, p.evvInLong) || isUsableCoordinate(p.evvOutLat, p.evvOutLong),
  ).length;
  return toBaseline(
    {
      id: clientId,
      clientId,
      inLat: null,
      inLong: null,
      outLat: null,
      outLong: null,
      radiusMeters: null,
      inClusterSizes: [],
      outClusterSizes: [],
      inOutlierCount: 0,
      outOutlierCount: 0,
      sampleSize,
      inConfidence: null,
      outConfidence: null,
      lastUpdated: null,
      createdAt: new Date(0),
      updatedAt: new Date(0),
    },
    clientName,
    { approved: approvedCount, open: 0 },
  );
}

/** A client's approved locations, oldest first. Errors: NOT_FOUND (no such client). Audited as `baseline_location.read`. */
export async function findApprovedLocations(
  db: Database,
  ctx: RequestContext,
  clientId: string,
): Promise<ApprovedLocation[]> {
  const names = await findPeopleNames(db, { caregiverIds: [], clientIds: [clientId] });
  if (!names.clients.has(clientId)) throw notFound('Client');
  const rows = await db
    .select()
    .from(approvedLocations)
    .where(eq(approvedLocations.clientId, clientId))
    .orderBy(asc(approvedLocations.createdAt), asc(approvedLocations.id));
  await recordAudit(db, ctx, {
    action: 'baseline_location.read',
    entityType: 'client',
    entityId: clientId,
    details: { approvedLocations: rows.length },
  });
  return rows.map(toApprovedLocation);
}

/** Re-screens every shift of one client (after its approved locations changed). */
async function rescreenClient(db: Database, clientId: string) {
  await runLocationScreening(db, { scope: 'all', clientId });
}

/**
 * Adds an approved location (contracts `approvedLocationInput`) and re-screens the client's shifts.
 * Errors: VALIDATION_FAILED on `clientId` when no such client. Audited as `approved_location.create`.
 */
export async function createApprovedLocation(
  db: Database,
  ctx: RequestContext,
  input: z.infer<typeof approvedLocationInput>,
): Promise<ApprovedLocation> {
  const names = await findPeopleNames(db, { caregiverIds: [], clientIds: [input.clientId] });
  if (!names.clients.has(input.clientId)) throw AppError.field('clientId', 'does not match a client');
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(approvedLocations)
      .values({
        clientId: input.clientId,
        label: input.label,
        kind: input.kind,
        lat: input.lat,
        long: input.long,
        radiusMeters: input.radiusMeters,
        createdBy: ctx.actor?.userAccountId ?? null,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL');
    await recordAudit(tx, ctx, {
      action: 'approved_location.create',
      entityType: 'approved_location',
      entityId: row.id,
      details: { clientId: input.clientId, kind: input.kind },
    });
    return row;
  });
  await rescreenClient(db, created.clientId);
  return toApprovedLocation(created);
}

/**
 * Changes an approved location and re-screens the client's shifts. Errors: NOT_FOUND; VALIDATION_FAILED
 * when nothing is given. Audited as `approved_location.update` with the changed field names.
 */
export async function updateApprovedLocation(
  db: Database,
  ctx: RequestContext,
  id: string,
  input: ApprovedLocationUpdate,
): Promise<ApprovedLocation> {
  const fields = Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
  if (!fields.length)
    throw new AppError('VALIDATION_FAILED', 'Give at least one field to change', [
      { path: 'label', message: 'nothing to change' },
    ]);
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(approvedLocations)
      .where(eq(approvedLocations.id, id))
      .for('update');
    if (!current) throw notFound('Approved location');
    const lat = input.lat ?? current.lat;
    const long = input.long ?? current.long;
    if (lat === 0 && long === 0) throw AppError.field('lat', '(0, 0) is not a real location');
    const [row] = await tx
      .update(approvedLocations)
      .set({
        label: input.label ?? current.label,
        kind: input.kind ?? current.kind,
        lat,
        long,
        radiusMeters: input.radiusMeters ?? current.radiusMeters,
      })
      .where(eq(approvedLocations.id, id))
      .returning();
    if (!row) throw notFound('Approved location');
    await recordAudit(tx, ctx, {
      action: 'approved_location.update',
      entityType: 'approved_location',
      entityId: id,
      details: { clientId: row.clientId, fields },
    });
    return row;
  });
  await rescreenClient(db, updated.clientId);
  return toApprovedLocation(updated);
}

/** Removes an approved location and re-screens the client's shifts. Errors: NOT_FOUND. Audited as `approved_location.delete`. */
export async function deleteApprovedLocation(
  db: Database,
  ctx: RequestContext,
  id: string,
): Promise<ApprovedLocation> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(approvedLocations).where(eq(approvedLocations.id, id)).returning();
    if (!row) throw notFound('Approved location');
    await recordAudit(tx, ctx, {
      action: 'approved_location.delete',
      entityType: 'approved_location',
      entityId: id,
      details: { clientId: row.clientId },
    });
    return row;
  });
  await rescreenClient(db, removed.clientId);
  return toApprovedLocation(removed);
}
