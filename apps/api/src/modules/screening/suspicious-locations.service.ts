/**
 * The suspicious-location review queue (issue 5; spec s.3 SuspiciousLocation): findings with their
 * shift's punches, the client's current radius and names, filtered by level, type, caregiver, client,
 * service date and review state; and the review action (a note is required). Findings of deleted
 * shifts are not listed. Reads are audited as `suspicious_location.list` (count only), reviews as
 * `suspicious_location.review` in the same transaction (ids only; the note is PHI and stays out of the log).
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  SuspiciousLocation,
  SuspiciousLocationListQuery,
  SuspiciousLocationPage,
  SuspiciousLocationReview,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { findShiftPunches, liveShiftIdsSql } from './shift-punches.ts';
import { baselineLocations, suspiciousLocations } from './screening.table.ts';

type FindingRow = typeof suspiciousLocations.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Findings with names, shift punches, reviewer names and radius (a few queries for the whole page). */
async function present(executor: Executor, rows: FindingRow[]): Promise<SuspiciousLocation[]> {
  if (!rows.length) return [];
  const names = await findPeopleNames(executor, {
    caregiverIds: [...new Set(rows.map((r) => r.caregiverId))],
    clientIds: [...new Set(rows.map((r) => r.clientId))],
  });
  const shiftsById = await findShiftPunches(
    executor,
    rows.map((r) => r.shiftId),
  );
  const reviewerNames = await findUserNames(executor, { ids: rows.map((r) => r.reviewedBy) });
  const radii = await executor
    .select({ clientId: baselineLocations.clientId, radiusMeters: baselineLocations.radiusMeters })
    .from(baselineLocations)
    .where(inArray(baselineLocations.clientId, [...new Set(rows.map((r) => r.clientId))]));
  const radiusOf = new Map(radii.map((r) => [r.clientId, r.radiusMeters]));
  return rows.map((row) => {
    const shift = shiftsById.get(row.shiftId);
    return {
      id: row.id,
      shiftId: row.shiftId,
      caregiverId: row.caregiverId,
      caregiverName: names.caregivers.get(row.caregiverId) ?? 'Unknown caregiver',
      clientId: row.clientId,
      clientName: names.clients.get(row.clientId) ?? 'Unknown client',
      suspiciousType: row.suspiciousType as SuspiciousLocation['suspiciousType'],
      actualLat: row.actualLat,
      actualLong: row.actualLong,
      expectedLat: row.expectedLat,
      expectedLong: row.expectedLong,
      distanceMeters: row.distanceMeters,
      suspicionLevel: row.suspicionLevel,
      flagged: row.flagged,
      reviewed: row.reviewed,
      reviewNote: row.reviewNote,
      reviewedBy: row.reviewedBy,
      reviewedByName: row.reviewedBy ? (reviewerNames.get(row.reviewedBy) ?? null) : null,
      reviewedAt: iso(row.reviewedAt),
      date: shift?.date ?? '',
      evvInTime: iso(shift?.evvInTime ?? null),
      evvOutTime: iso(shift?.evvOutTime ?? null),
      evvInLat: shift?.evvInLat ?? null,
      evvInLong: shift?.evvInLong ?? null,
      evvOutLat: shift?.evvOutLat ?? null,
      evvOutLong: shift?.evvOutLong ?? null,
      radiusMeters: radiusOf.get(row.clientId) ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

const levelOrder = sql`case ${suspiciousLocations.suspicionLevel} when 'HIGH' then 0 when 'MEDIUM' then 1 else 2 end`;

/**
 * A page of findings (contracts `suspiciousLocationListQuery`): by default the unreviewed queue,
 * highest level first, then newest. `byLevel` counts the whole filter (level filter aside).
 * Audited as `suspicious_location.list`.
 */
export async function findSuspiciousLocations(
  db: Database,
  ctx: RequestContext,
  query: SuspiciousLocationListQuery,
): Promise<SuspiciousLocationPage> {
  const filters: SQL[] = [
    sql`${suspiciousLocations.shiftId} in (${liveShiftIdsSql({ from: query.from, to: query.to })})`,
  ];
  if (query.type) filters.push(eq(suspiciousLocations.suspiciousType, query.type));
  if (query.caregiverId) filters.push(eq(suspiciousLocations.caregiverId, query.caregiverId));
  if (query.clientId) filters.push(eq(suspiciousLocations.clientId, query.clientId));
  if (query.reviewed !== 'all') filters.push(eq(suspiciousLocations.reviewed, query.reviewed === 'true'));
  const withoutLevel = and(...filters);
  const where = query.level
    ? and(withoutLevel, eq(suspiciousLocations.suspicionLevel, query.level))
    : withoutLevel;
  const rows = await db
    .select()
    .from(suspiciousLocations)
    .where(where)
    .orderBy(levelOrder, desc(suspiciousLocations.createdAt), asc(suspiciousLocations.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const levels = await db
    .select({ level: suspiciousLocations.suspicionLevel, n: count() })
    .from(suspiciousLocations)
    .where(withoutLevel)
    .groupBy(suspiciousLocations.suspicionLevel);
  const byLevel = { LOW: 0, MEDIUM: 0, HIGH: 0 };
  for (const l of levels) if (l.level) byLevel[l.level] = Number(l.n);
  const total = query.level ? byLevel[query.level] : levels.reduce((sum, l) => sum + Number(l.n), 0);
  const items = await present(db, rows);
  await recordAudit(db, ctx, {
    action: 'suspicious_location.list',
    entityType: 'suspicious_location',
    details: { count: items.length, total },
  });
  return { items, total, page: query.page, pageSize: query.pageSize, byLevel };
}

/**
 * Marks a finding reviewed with the reviewer's note (`reviewed`, `reviewNote`, `reviewedBy`,
 * `reviewedAt`); reviewing again replaces the note and reviewer. A later screening keeps the review.
 * Errors: NOT_FOUND (no such finding, or its shift is deleted). Audited as `suspicious_location.review`.
 */
export async function reviewSuspiciousLocation(
  db: Database,
  ctx: RequestContext,
  id: string,
  input: SuspiciousLocationReview,
): Promise<SuspiciousLocation> {
  const reviewed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(suspiciousLocations)
      .set({
        reviewed: true,
        reviewNote: input.reviewNote,
        reviewedBy: ctx.actor?.userAccountId ?? null,
        reviewedAt: new Date(),
      })
      .where(
        and(eq(suspiciousLocations.id, id), sql`${suspiciousLocations.shiftId} in (${liveShiftIdsSql()})`),
      )
      .returning();
    if (!row) throw notFound('Suspicious location');
    await recordAudit(tx, ctx, {
      action: 'suspicious_location.review',
      entityType: 'suspicious_location',
      entityId: id,
      details: { shiftId: row.shiftId, suspiciousType: row.suspiciousType },
    });
    return row;
  });
  const [presented] = await present(db, [reviewed]);
  if (!presented) throw notFound('Suspicious location');
  return presented;
}
