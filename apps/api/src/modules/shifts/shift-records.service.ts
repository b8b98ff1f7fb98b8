/**
 * Shift records (issue "shift records with EVV"; UX.md "Tables"): the filtered, paged list with
 * totals for the whole filter, and the CSV export of the filtered set streamed in keyset batches.
 * Every read is audited (ARCHITECTURE.md: PHI reads leave an event); audit details carry ids and
 * counts only.
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  columnHours,
  csvCell,
  exactMinutes,
  hoursFromMilliseconds,
  type ShiftListQuery,
  type ShiftPage,
} from '@tend/contracts';
import { findPeopleIdentities, type PeopleIdentities } from '../people/people.service.ts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { shifts } from './shifts.table.ts';
import { namesFor, shiftViewColumns, toShift, type ShiftRow, type ShiftViewRow } from './shift-view.ts';

/** The filter part of a shift list query (everything but paging and sorting). */
export type ShiftFilter = Omit<ShiftListQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

/**
 * The WHERE clause of a shift list query (everything but paging and sorting). `from`/`to` are
 * inclusive service dates. Errors: VALIDATION_FAILED on `to` when `from` is after `to`.
 */
export function shiftFilter(query: ShiftFilter): SQL {
  if (query.from && query.to && query.from > query.to) {
    throw AppError.field('to', 'must be on or after the from date');
  }
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

/** Ids and values of the filter for audit details (no names: the filter holds ids, codes and dates only). */
function auditFilter(query: ShiftFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries({
      from: query.from,
      to: query.to,
      caregiverId: query.caregiverId,
      clientId: query.clientId,
      billingCode: query.billingCode,
      evvStatus: query.evvStatus,
      csvFileId: query.csvFileId,
      state: query.state,
    }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * Worked milliseconds of the filter's shifts in SQL: the sum of clock-out minus clock-in over the
 * shifts where both exist and the clock-out is after the clock-in (a missing clock-out or reversed
 * times count nothing). The intervals are added and converted once, not per shift: the same exact
 * value at well under half the cost over a month of a large agency (bench:shifts, decision 0022
 * session 8). Rounded for display only once, by contracts `hoursFromMilliseconds` (decision 0037).
 */
const millisecondsSql = sql<
  string | null
>`extract(epoch from sum(${shifts.evvOutTime} - ${shifts.evvInTime}) filter (where ${shifts.evvOutTime} > ${shifts.evvInTime})) * 1000`;

/**
 * A narrower set of shifts for another module's list: `idsIn` is a one-column subquery of shift ids
 * built by the module that owns the rows naming them (staging's promoted shifts), so the shifts module
 * never reads that module's tables.
 */
export interface ShiftScope {
  idsIn?: SQLWrapper;
}

/**
 * A page of shifts for the filter (within `options.idsIn` when given), sorted by `sort`/`order` (`evvInTime`: service date, then clock-in;
 * ties by id, in the same direction), with totals for the whole
 * filter: `totals.shifts` (rows) and `totals.hours` (exact sum of clock-in→clock-out, rounded once to 0.01 h,
 * shifts without both times or with reversed times excluded). Audited as `shift.list` with the filter
 * (ids and codes), page and rows returned. Errors: VALIDATION_FAILED when `from` > `to`.
 */
export async function findShifts(
  db: Database,
  ctx: RequestContext,
  query: ShiftListQuery,
  options: ShiftScope = {},
): Promise<ShiftPage> {
  const where = options.idsIn
    ? (and(shiftFilter(query), inArray(shifts.id, options.idsIn)) as SQL)
    : shiftFilter(query);
  const direction = query.order === 'asc' ? asc : desc;
  // Clock-in order goes through the service date first (the date is the clock-in's local date), so
  // the date indexes serve it; ties always end on the id so paging never repeats or skips a row.
  const order = {
    date: [shifts.date],
    evvInTime: [shifts.date, shifts.evvInTime],
    billingCode: [shifts.billingCode],
    evvStatus: [shifts.evvStatus],
  }[query.sort].map((column) => direction(column));
  const [rows, totals] = await Promise.all([
    db
      .select(shiftViewColumns)
      .from(shifts)
      .where(where)
      .orderBy(...order, direction(shifts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int`, milliseconds: millisecondsSql })
      .from(shifts)
      .where(where),
  ]);
  const names = await namesFor(db, rows);
  await recordAudit(db, ctx, {
    action: 'shift.list',
    entityType: 'shift',
    details: { filter: auditFilter(query), page: query.page, returned: rows.length },
  });
  const total = totals[0]?.total ?? 0;
  return {
    items: rows.map((row) => toShift(row, names)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    totals: {
      shifts: total,
      hours: hoursFromMilliseconds(Math.round(Number(totals[0]?.milliseconds ?? 0))),
    },
  };
}

// ---- CSV export --------------------------------------------------------------------------------------

/** Rows fetched per keyset batch of the CSV export. */
export const SHIFT_EXPORT_BATCH_SIZE = 2000;

/**
 * The CSV export's header row, in column order. Each person has Tend's id and the agency's own ids
 * beside the name (issue 16 item 8: a pivot by name merges namesakes): caregiver external id
 * (employee #), client PID and client prime. `PID` is the visit record's own PID as imported.
 */
export const shiftCsvHeader = [
  'Shift id',
  'External visit id',
  'Date',
  'Caregiver id',
  'Caregiver external id',
  'Caregiver',
  'Client id',
  'Client PID',
  'Client prime',
  'Client',
  'Procedure code',
  'Modifier',
  'Clock-in',
  'Clock-out',
  'Hours',
  'Minutes',
  'Clock-in latitude',
  'Clock-in longitude',
  'Clock-out latitude',
  'Clock-out longitude',
  'EVV status',
  'EVV reason',
  'Provider Medicaid id',
  'PID',
] as const;

/**
 * An instant as ISO 8601 local time with its UTC offset in the visit's own time zone
 * (`2024-01-15T04:00:00-05:00`, UX.md "Time": EVV times in the zone they happened in); in UTC
 * (`…Z`) when the shift has no zone or an unknown one. Empty for null.
 */
export function exportInstant(instant: Date | null, timeZone: string | null): string {
  if (!instant) return '';
  if (timeZone) {
    const local = DateTime.fromJSDate(instant, { zone: timeZone });
    if (local.isValid) return local.toISO({ suppressMilliseconds: true }) ?? instant.toISOString();
  }
  return instant.toISOString();
}

/** Worked milliseconds between clock-in and clock-out; 0 when either is missing or out ≤ in (as the totals). */
export function shiftMilliseconds(evvIn: Date | null, evvOut: Date | null): number {
  if (!evvIn || !evvOut || evvOut.getTime() <= evvIn.getTime()) return 0;
  return evvOut.getTime() - evvIn.getTime();
}

/** Hours between clock-in and clock-out, 2 decimals; null when either is missing or out ≤ in (as the totals). */
export function shiftHours(evvIn: Date | null, evvOut: Date | null): number | null {
  const milliseconds = shiftMilliseconds(evvIn, evvOut);
  return milliseconds > 0 ? hoursFromMilliseconds(milliseconds) : null;
}

/**
 * One CSV line. `before` is the exact milliseconds of the rows written before it: `Hours` is the
 * row's share of the once-rounded running total (contracts `columnHours`), so the column adds up to
 * the Shifts page's total for the same filter; `Minutes` is the row's exact length.
 */
function csvLine(row: ShiftViewRow, people: PeopleIdentities, before: number): string {
  const caregiver = people.caregivers.get(row.caregiverId);
  const client = people.clients.get(row.clientId);
  const milliseconds = shiftMilliseconds(row.evvInTime, row.evvOutTime);
  const worked = milliseconds > 0;
  return [
    row.id,
    row.givShiftId,
    row.date,
    row.caregiverId,
    caregiver?.externalId ?? null,
    caregiver?.name ?? 'Unknown caregiver',
    row.clientId,
    client?.pid ?? null,
    client?.clientPrime ?? null,
    client?.name ?? 'Unknown client',
    row.billingCode,
    row.mod1,
    exportInstant(row.evvInTime, row.timeZone),
    exportInstant(row.evvOutTime, row.timeZone),
    worked ? columnHours(before, milliseconds) : null,
    worked ? exactMinutes(milliseconds) : null,
    row.evvInLat,
    row.evvInLong,
    row.evvOutLat,
    row.evvOutLong,
    row.evvStatus,
    row.evvStatusReason,
    row.providerMedicaidId,
    row.pid,
  ]
    .map(csvCell)
    .join(',');
}

/** The caregivers' and clients' names and ids of a batch of rows (one query each). */
function identitiesFor(db: Database, rows: Pick<ShiftRow, 'caregiverId' | 'clientId'>[]) {
  return findPeopleIdentities(db, {
    caregiverIds: [...new Set(rows.map((r) => r.caregiverId))],
    clientIds: [...new Set(rows.map((r) => r.clientId))],
  });
}

/** An opened export: the download's file name and the CSV text, chunk by chunk. */
export interface ShiftExport {
  /** `shifts-YYYY-MM-DD.csv` (today in UTC). */
  fileName: string;
  /** UTF-8 text chunks: BOM + header row first, then one chunk per batch; CRLF line ends. */
  chunks: AsyncGenerator<string, void, undefined>;
}

/**
 * The CSV of every shift matching `filter` (no paging), ordered by service date then id, read in
 * keyset batches of `batchSize` rows (`(date, id) > last`) so the whole set is never in memory and
 * a row appears at most once. The first batch is read before this resolves, so a bad filter
 * (VALIDATION_FAILED) or an unreachable database fails the request instead of a half-sent file.
 *
 * Columns: `shiftCsvHeader`. Clock-in/out per `exportInstant` (visit zone with offset, else UTC);
 * `Hours` per `csvLine` (the column adds up to the list's total), `Minutes` exact; coordinates as stored (even impossible ones); EVV status as its code
 * (contracts `evvStatuses`), its reason in words. Text cells pass the shared formula guard
 * (contracts `csvCell`). Audited once as `shift.export` when the stream ends (or the client goes
 * away): details hold the filter, the rows written and whether the file was complete.
 */
export async function openShiftExport(
  db: Database,
  ctx: RequestContext,
  filter: ShiftFilter,
  { batchSize = SHIFT_EXPORT_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<ShiftExport> {
  const where = shiftFilter(filter);
  const readBatch = (after: { date: string; id: string } | null) =>
    db
      .select(shiftViewColumns)
      .from(shifts)
      .where(
        after
          ? and(
              where,
              or(gt(shifts.date, after.date), and(eq(shifts.date, after.date), gt(shifts.id, after.id))),
            )
          : where,
      )
      .orderBy(asc(shifts.date), asc(shifts.id))
      .limit(batchSize);
  const first = await readBatch(null);

  async function* chunks(): AsyncGenerator<string, void, undefined> {
    let rowsWritten = 0;
    let before = 0;
    let complete = false;
    try {
      yield `\uFEFF${shiftCsvHeader.map(csvCell).join(',')}\r\n`;
      let batch = first;
      while (batch.length > 0) {
        const people = await identitiesFor(db, batch);
        let text = '';
        for (const row of batch) {
          text += `${csvLine(row, people, before)}\r\n`;
          before += shiftMilliseconds(row.evvInTime, row.evvOutTime);
        }
        yield text;
        rowsWritten += batch.length;
        const last = batch.at(-1);
        if (batch.length < batchSize || !last) break;
        batch = await readBatch({ date: last.date, id: last.id });
      }
      complete = true;
    } finally {
      await recordAudit(db, ctx, {
        action: 'shift.export',
        entityType: 'shift',
        outcome: complete ? 'success' : 'failure',
        details: { filter: auditFilter(filter), rows: rowsWritten, complete },
      });
    }
  }

  return { fileName: `shifts-${new Date().toISOString().slice(0, 10)}.csv`, chunks: chunks() };
}
