/**
 * A client's recent shifts with their EVV status (issue 20 dashboards: "recent shifts and EVV status"). The status is
 * the one stored with the shift (set at import or by a correction), else `evaluateEvv` of its EVV facts (contracts
 * `evv.ts`). Live shifts only. Not audited: callers audit.
 */
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { evaluateEvv, evvStatuses, type EvvStatus } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { shifts } from './shifts.table.ts';

/** One recent shift. */
export interface RecentShift {
  shiftId: string;
  date: string;
  caregiverId: string;
  evvInTime: Date | null;
  evvOutTime: Date | null;
  evvStatus: EvvStatus;
  billingCode: string | null;
}

const knownStatus = (value: string | null): EvvStatus | null =>
  value && (evvStatuses as readonly string[]).includes(value) ? (value as EvvStatus) : null;

/** The client's live shifts dated `fromDate` or later, newest first, at most `limit`. One statement. */
export async function findClientRecentShifts(
  executor: Executor,
  options: { clientId: string; fromDate: string; limit: number },
): Promise<RecentShift[]> {
  const rows = await executor
    .select({
      id: shifts.id,
      date: shifts.date,
      caregiverId: shifts.caregiverId,
      evvInTime: shifts.evvInTime,
      evvOutTime: shifts.evvOutTime,
      evvInLat: shifts.evvInLat,
      evvInLong: shifts.evvInLong,
      evvOutLat: shifts.evvOutLat,
      evvOutLong: shifts.evvOutLong,
      evvStatus: shifts.evvStatus,
      billingCode: shifts.billingCode,
    })
    .from(shifts)
    .where(
      and(
        eq(shifts.clientId, options.clientId),
        isNull(shifts.deletedAt),
        gte(shifts.date, options.fromDate),
      ),
    )
    .orderBy(desc(shifts.date), desc(shifts.evvInTime), desc(shifts.id))
    .limit(options.limit);
  return rows.map((row) => ({
    shiftId: row.id,
    date: row.date,
    caregiverId: row.caregiverId,
    evvInTime: row.evvInTime,
    evvOutTime: row.evvOutTime,
    evvStatus: knownStatus(row.evvStatus) ?? evaluateEvv({ ...row, adjusted: false }).status,
    billingCode: row.billingCode,
  }));
}
