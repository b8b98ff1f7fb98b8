/**
 * Shifts as visits, for the dashboards (issue 20: a client's upcoming and past visits, a caregiver's shifts): live
 * shifts of some clients or of one caregiver in a window of service dates, with clock times and the EVV status
 * stored on the shift (contracts `evaluateEvv` over the clock facts when none is stored yet). General reads by ids
 * and dates; not audited (callers audit). Uses `shift_client_date_idx` / `shift_caregiver_date_idx`.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { evaluateEvv, evvStatuses, type EvvStatus } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { shifts } from './shifts.table.ts';

/** One live shift as a visit. */
export interface ShiftVisit {
  shiftId: string;
  /** Service date, `YYYY-MM-DD`. */
  date: string;
  start: Date | null;
  end: Date | null;
  caregiverId: string | null;
  clientId: string | null;
  evvStatus: EvvStatus;
}

const visitColumns = {
  shiftId: shifts.id,
  date: shifts.date,
  start: shifts.evvInTime,
  end: shifts.evvOutTime,
  caregiverId: shifts.caregiverId,
  clientId: shifts.clientId,
  stored: shifts.evvStatus,
  evvInLat: shifts.evvInLat,
  evvInLong: shifts.evvInLong,
  evvOutLat: shifts.evvOutLat,
  evvOutLong: shifts.evvOutLong,
};

type VisitRow = {
  shiftId: string;
  date: string;
  start: Date | null;
  end: Date | null;
  caregiverId: string | null;
  clientId: string | null;
  stored: string | null;
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
};

/** The stored EVV status when it is one of contracts' statuses, else the one the clock facts give. */
function toVisit(row: VisitRow): ShiftVisit {
  const known = (evvStatuses as readonly string[]).includes(row.stored ?? '');
  const evvStatus = known
    ? (row.stored as EvvStatus)
    : evaluateEvv({
        evvInTime: row.start,
        evvOutTime: row.end,
        evvInLat: row.evvInLat,
        evvInLong: row.evvInLong,
        evvOutLat: row.evvOutLat,
        evvOutLong: row.evvOutLong,
        adjusted: false,
      }).status;
  return {
    shiftId: row.shiftId,
    date: row.date,
    start: row.start,
    end: row.end,
    caregiverId: row.caregiverId,
    clientId: row.clientId,
    evvStatus,
  };
}

/** Which visits: of these clients or of this caregiver, dated `fromDate`..`toDate` (inclusive, `YYYY-MM-DD`). */
export interface VisitFilter {
  clientIds?: string[];
  caregiverId?: string;
  fromDate: string;
  toDate?: string;
  /** `asc`: soonest first; `desc`: newest first (by date, then clock-in). */
  order: 'asc' | 'desc';
  limit: number;
}

/** Live shifts matching `filter` (none when `clientIds` is empty). One query. */
export async function findShiftVisits(executor: Executor, filter: VisitFilter): Promise<ShiftVisit[]> {
  if (filter.clientIds?.length === 0) return [];
  const by = filter.order === 'asc' ? asc : desc;
  const rows = await executor
    .select(visitColumns)
    .from(shifts)
    .where(
      and(
        isNull(shifts.deletedAt),
        filter.clientIds ? inArray(shifts.clientId, filter.clientIds) : undefined,
        filter.caregiverId ? eq(shifts.caregiverId, filter.caregiverId) : undefined,
        gte(shifts.date, filter.fromDate),
        filter.toDate ? lte(shifts.date, filter.toDate) : undefined,
      ),
    )
    .orderBy(by(shifts.date), by(shifts.evvInTime), asc(shifts.id))
    .limit(filter.limit);
  return rows.map(toVisit);
}

/** Each client's first live visit dated `fromDate` or later (clients without one are absent). One query. */
export async function findNextVisits(
  executor: Executor,
  clientIds: string[],
  fromDate: string,
): Promise<Map<string, ShiftVisit>> {
  if (!clientIds.length) return new Map();
  const rows = await executor
    .selectDistinctOn([shifts.clientId], visitColumns)
    .from(shifts)
    .where(and(isNull(shifts.deletedAt), inArray(shifts.clientId, clientIds), gte(shifts.date, fromDate)))
    .orderBy(shifts.clientId, asc(shifts.date), sql`${shifts.evvInTime} asc nulls last`, asc(shifts.id));
  return new Map(rows.map((row) => [row.clientId, toVisit(row)]));
}

/** The caregivers of a client's live shifts dated `fromDate` or later: their latest date and shift count. */
export async function findVisitCaregivers(
  executor: Executor,
  clientId: string,
  fromDate: string,
): Promise<{ caregiverId: string; lastDate: string; visits: number }[]> {
  const rows = await executor
    .select({
      caregiverId: shifts.caregiverId,
      lastDate: sql<string>`max(${shifts.date})::text`,
      visits: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(shifts)
    .where(
      and(
        isNull(shifts.deletedAt),
        eq(shifts.clientId, clientId),
        isNotNull(shifts.caregiverId),
        gte(shifts.date, fromDate),
      ),
    )
    .groupBy(shifts.caregiverId)
    .orderBy(sql`max(${shifts.date}) desc`);
  return rows.map((row) => ({
    caregiverId: row.caregiverId,
    lastDate: row.lastDate,
    visits: row.visits,
  }));
}
