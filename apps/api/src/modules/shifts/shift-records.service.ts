/**
 * Shift records (issue "shift records with EVV"; UX.md "Tables"): the filtered, paged list with
 * totals for the whole filter. Every read is audited (ARCHITECTURE.md: PHI reads leave an event).
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ShiftListQuery, ShiftPage } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { shifts } from './shifts.table.ts';
import { namesFor, toShift } from './shift-view.ts';

/** The WHERE clause of a shift list query (everything but paging and sorting). */
export function shiftFilter(query: Omit<ShiftListQuery, 'page' | 'pageSize' | 'sort' | 'order'>): SQL {
  const filters: SQL[] = [query.state === 'deleted' ? isNotNull(shifts.deletedAt) : isNull(shifts.deletedAt)];
  if (query.from) filters.push(gte(shifts.date, query.from));
  if (query.to) filters.push(lte(shifts.date, query.to));
  if (query.caregiverId) filters.push(eq(shifts.caregiverId, query.caregiverId));
  if (query.clientId) filters.push(eq(shifts.clientId, query.clientId));
  if (query.billingCode) filters.push(eq(shifts.billingCode, query.billingCode));
  if (query.evvStatus) filters.push(eq(shifts.evvStatus, query.evvStatus));
  if (query.csvFileId) filters.push(eq(shifts.csvFileId, query.csvFileId));
  return and(...filters) as SQL;
}

/** A page of shifts for the filter, with totals (shifts, hours) for the filter. Audited as `shift.list`. */
export async function findShifts(
  db: Database,
  ctx: RequestContext,
  query: ShiftListQuery,
): Promise<ShiftPage> {
  const where = shiftFilter(query);
  const column = {
    date: shifts.date,
    evvInTime: shifts.evvInTime,
    billingCode: shifts.billingCode,
    evvStatus: shifts.evvStatus,
  }[query.sort];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(shifts)
      .where(where)
      .orderBy(query.order === 'asc' ? asc(column) : desc(column), asc(shifts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        total: sql<number>`count(*)::int`,
        hours: sql<
          string | null
        >`sum(extract(epoch from (${shifts.evvOutTime} - ${shifts.evvInTime})) / 3600.0) filter (where ${shifts.evvOutTime} > ${shifts.evvInTime})`,
      })
      .from(shifts)
      .where(where),
  ]);
  const names = await namesFor(db, rows);
  await recordAudit(db, ctx, {
    action: 'shift.list',
    entityType: 'shift',
    details: { returned: rows.length, page: query.page },
  });
  const total = totals[0]?.total ?? 0;
  return {
    items: rows.map((row) => toShift(row, names)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    totals: { shifts: total, hours: Math.round(Number(totals[0]?.hours ?? 0) * 100) / 100 },
  };
}
