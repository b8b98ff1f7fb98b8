/**
 * Shift EVV punches for suspicious-location screening (issue 5), through the read API of module
 * `shifts` (`shift-facts.ts`; decision 0025): bulk reads of the punches of many clients, which shifts
 * are due for screening and coordinates shared by many clients. Soft-deleted shifts are never
 * returned. Stamping a screened shift is `shifts/shift-results.service.ts` `stampShiftsScreened`.
 *
 * "Due" means never screened or changed since (`screened_for_suspicious_location_at` null or earlier
 * than `updated_at`; stamping leaves `updated_at` alone). Not audited: callers audit (ids and counts
 * only).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { shiftFacts } from '../shifts/shift-facts.ts';

/** Shifts as this file reads them (every statement below names them `s`). */
const shifts = shiftFacts('s');

/** One shift's punches as screening reads them. Coordinates WGS84 degrees; instants UTC. */
export interface ShiftPunchRow {
  id: string;
  clientId: string;
  caregiverId: string;
  /** Service date, YYYY-MM-DD. */
  date: string;
  evvInTime: Date | null;
  evvOutTime: Date | null;
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
  /** Whether the shift was never screened or changed since its last screening. */
  due: boolean;
}

type RawPunchRow = {
  id: string;
  client_id: string;
  caregiver_id: string;
  date: string;
  evv_in_time: string | Date | null;
  evv_out_time: string | Date | null;
  evv_in_lat: number | null;
  evv_in_long: number | null;
  evv_out_lat: number | null;
  evv_out_long: number | null;
  due: boolean;
};

const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));
const num = (value: number | string | null) => (value === null ? null : Number(value));

/** A punch row as read (numbers may come as text) → the shape screening uses, without `due`. */
const toPunch = (row: RawPunchRow): Omit<ShiftPunchRow, 'due'> => ({
  id: row.id,
  clientId: row.client_id,
  caregiverId: row.caregiver_id,
  date: row.date,
  evvInTime: toDate(row.evv_in_time),
  evvOutTime: toDate(row.evv_out_time),
  evvInLat: num(row.evv_in_lat),
  evvInLong: num(row.evv_in_long),
  evvOutLat: num(row.evv_out_lat),
  evvOutLong: num(row.evv_out_long),
});

const dueCondition = sql`(${shifts.screenedForSuspiciousLocationAt} is null or ${shifts.screenedForSuspiciousLocationAt} < ${shifts.updatedAt})`;

/** The database's current instant (the screening run's stamp, comparable with `updated_at`). */
export async function databaseNow(executor: Executor): Promise<Date> {
  const result = await executor.execute<{ now: string | Date }>(sql`select now() as now`);
  return new Date(result.rows[0]?.now ?? Date.now());
}

/**
 * Client ids with at least one live shift, in id order. With `dueOnly`, only clients with a shift
 * never screened or changed since. With `clientId`, at most that client.
 */
export async function findClientsWithShifts(
  executor: Executor,
  options: { dueOnly: boolean; clientId?: string },
): Promise<string[]> {
  const filters: SQL[] = [sql`${shifts.deletedAt} is null`];
  if (options.dueOnly) filters.push(dueCondition);
  if (options.clientId) filters.push(sql`${shifts.clientId} = ${options.clientId}`);
  const result = await executor.execute<{ client_id: string }>(
    sql`select distinct ${shifts.clientId} as client_id from ${shifts} where ${sql.join(filters, sql` and `)} order by 1`,
  );
  return result.rows.map((row) => row.client_id);
}

/**
 * Every live shift of `clientIds` with its punches, ordered by client, clock-in time (nulls last),
 * then id (a stable order: baseline learning depends on it). One query for the whole batch.
 */
export async function loadShiftPunches(executor: Executor, clientIds: string[]): Promise<ShiftPunchRow[]> {
  if (!clientIds.length) return [];
  const result = await executor.execute<RawPunchRow>(sql`
    select id, client_id, caregiver_id, date::text as date, evv_in_time, evv_out_time,
           evv_in_lat, evv_in_long, evv_out_lat, evv_out_long, ${dueCondition} as due
      from ${shifts}
     where client_id = any(${sql.param(clientIds)}::uuid[]) and deleted_at is null
     order by client_id, evv_in_time nulls last, id`);
  return result.rows.map((row) => ({ ...toPunch(row), due: Boolean(row.due) }));
}

/**
 * Punch coordinates (clock-in and clock-out, rounded to `decimals` decimals) used by at least
 * `minClients` distinct clients over all live shifts, with their client counts. Keys are
 * `lat.toFixed(decimals),long.toFixed(decimals)` (as `coordinateKey` in screening makes them).
 */
export async function findSharedPunchCoordinates(
  executor: Executor,
  options: { decimals: number; minClients: number },
): Promise<Map<string, number>> {
  const d = Math.trunc(options.decimals);
  const result = await executor.execute<{ lat: string; long: string; clients: number | string }>(sql`
    with punches as (
      select client_id, round(evv_in_lat::numeric, ${d}) as lat, round(evv_in_long::numeric, ${d}) as long
        from ${shifts} where deleted_at is null and evv_in_lat is not null and evv_in_long is not null
      union all
      select client_id, round(evv_out_lat::numeric, ${d}), round(evv_out_long::numeric, ${d})
        from ${shifts} where deleted_at is null and evv_out_lat is not null and evv_out_long is not null
    )
    select lat::text as lat, long::text as long, count(distinct client_id) as clients
      from punches group by lat, long having count(distinct client_id) >= ${options.minClients}`);
  return new Map(
    result.rows.map((row) => [
      `${Number(row.lat).toFixed(d)},${Number(row.long).toFixed(d)}`,
      Number(row.clients),
    ]),
  );
}

/**
 * An SQL subquery selecting the ids of live shifts, optionally with service dates in [from, to]
 * (YYYY-MM-DD, inclusive): for `shift_id in (…)` filters of tables that refer to shifts.
 */
export function liveShiftIdsSql(options: { from?: string; to?: string } = {}): SQL {
  const filters: SQL[] = [sql`${shifts.deletedAt} is null`];
  if (options.from) filters.push(sql`${shifts.date} >= ${options.from}::date`);
  if (options.to) filters.push(sql`${shifts.date} <= ${options.to}::date`);
  return sql`select ${shifts.id} from ${shifts} where ${sql.join(filters, sql` and `)}`;
}

/** The punches and service date of the given shifts (deleted ones too), by shift id. */
export async function findShiftPunches(
  executor: Executor,
  shiftIds: string[],
): Promise<Map<string, Omit<ShiftPunchRow, 'due'>>> {
  if (!shiftIds.length) return new Map();
  const result = await executor.execute<RawPunchRow>(sql`
    select id, client_id, caregiver_id, date::text as date, evv_in_time, evv_out_time,
           evv_in_lat, evv_in_long, evv_out_lat, evv_out_long, false as due
      from ${shifts} where id = any(${sql.param(shiftIds)}::uuid[])`);
  return new Map(result.rows.map((row) => [row.id, toPunch(row)]));
}
