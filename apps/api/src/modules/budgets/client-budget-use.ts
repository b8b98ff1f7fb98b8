/**
 * Authorized against delivered hours of a set of clients (issue 20 "authorized vs delivered hours (unfilled
 * hours)"; decision 0051), for dashboards. Budget lines in force on `asOf` with a client among those given, each
 * compared over its window (`comparisonWindow`: the term, or the month of `asOf` for a monthly line), segment use read
 * as the budget-overages report reads it (`findSegmentUsage`, one statement for all lines).
 * - Units: `used` in the line's measure (`usageTotals`).
 * - Hours (lines measured in hours or 15-minute units only; others have `hours` null): authorized hours are the units
 *   (hours) or units ÷ 4; delivered hours the clocked minutes of the matching segments ÷ 60; unfilled hours what an
 *   even pace over the window would have delivered by `asOf` (authorized × elapsed days ÷ window days) less the
 *   delivered hours, never below 0.
 * - This month: the line's hours pro rata to the days of the month of `asOf` inside its window, delivered on those
 *   days; the month series the same for every month of the window up to `asOf`.
 * Not audited: callers audit.
 */
import { and, asc, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { parseBudgetMeasure, type BudgetMeasure } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { comparisonWindow } from './budget-overages.ts';
import { findSegmentUsage, type SegmentUsageRow } from './budget-segment-usage.ts';
import { usageTotals } from './budget-units.ts';
import { budgets } from './budgets.table.ts';

/** Hours figures of one line or a sum of lines. */
export interface HoursUse {
  authorizedHours: number;
  deliveredHours: number;
  unfilledHours: number;
}

/** One month of a line (or of a client's lines): authorized hours pro rata and delivered hours. */
export interface MonthHours {
  month: string;
  authorizedHours: number;
  deliveredHours: number;
}

/** One budget line's use as of `asOf`. */
export interface ClientBudgetLineUse {
  lineId: string;
  clientId: string;
  procCode: string;
  modifier: string | null;
  measure: BudgetMeasure | null;
  period: 'term' | 'month';
  from: string;
  to: string;
  authorized: number;
  used: number;
  /** Over the window; null unless measured in hours or 15-minute units. */
  hours: HoursUse | null;
  /** The month of `asOf`; null as `hours`, or when the window misses the month. */
  month: HoursUse | null;
  /** Month by month of the window up to `asOf` (empty as `hours`). */
  months: MonthHours[];
}

const day = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' });
const days = (from: string, to: string) =>
  to < from ? 0 : Math.round(day(to).diff(day(from), 'days').days) + 1;
const round = (value: number) => Math.round(value * 100) / 100;
const minOf = (a: string, b: string) => (a < b ? a : b);
const maxOf = (a: string, b: string) => (a > b ? a : b);

/** Hours use of `hours` authorized over `from..to` with delivered minutes by date, counted `from..until`. */
function hoursUse(
  authorizedHours: number,
  window: { from: string; to: string },
  part: { from: string; to: string; until: string },
  minutesByDate: Map<string, number>,
): HoursUse {
  const windowDays = days(window.from, window.to) || 1;
  let minutes = 0;
  const last = minOf(part.to, part.until);
  for (const [date, value] of minutesByDate) if (date >= part.from && date <= last) minutes += value;
  const delivered = minutes / 60;
  const authorized = (authorizedHours * days(part.from, part.to)) / windowDays;
  const expected = (authorizedHours * days(part.from, minOf(part.until, part.to))) / windowDays;
  return {
    authorizedHours: round(authorized),
    deliveredHours: round(delivered),
    unfilledHours: round(Math.max(0, expected - delivered)),
  };
}

/** One line's figures from its row and its usage rows. */
function lineUse(
  row: typeof budgets.$inferSelect,
  usage: SegmentUsageRow[],
  asOf: string,
): ClientBudgetLineUse {
  const measure = row.measure ? parseBudgetMeasure(row.measure) : null;
  const window = comparisonWindow(row, asOf);
  const clocked = usage.filter((u) => u.minutes !== null);
  const used = usageTotals(
    measure ?? 'hours',
    clocked.map((u) => ({ ...u, minutes: u.minutes ?? 0 })),
  ).total;
  const units = Number(row.units);
  const authorizedHours = measure === 'hours' ? units : measure === 'units_15min' ? units / 4 : null;
  const base = {
    lineId: row.id,
    clientId: row.clientId as string,
    procCode: row.procCode,
    modifier: row.svcModifierCd,
    measure,
    period: window.period,
    from: window.from,
    to: window.to,
    authorized: units,
    used: round(used),
  };
  if (authorizedHours === null) return { ...base, hours: null, month: null, months: [] };
  const minutesByDate = new Map<string, number>();
  for (const u of clocked)
    minutesByDate.set(u.date, (minutesByDate.get(u.date) ?? 0) + (u.minutes ?? 0) * u.count);
  const until = minOf(asOf, window.to);
  const months: MonthHours[] = [];
  for (let m = day(window.from).startOf('month'); m.toISODate()! <= until; m = m.plus({ months: 1 })) {
    const from = maxOf(m.toISODate()!, window.from);
    const to = minOf(m.endOf('month').toISODate()!, window.to);
    const use = hoursUse(authorizedHours, window, { from, to, until }, minutesByDate);
    months.push({
      month: m.toFormat('yyyy-MM'),
      authorizedHours: use.authorizedHours,
      deliveredHours: use.deliveredHours,
    });
  }
  const monthStart = day(asOf).startOf('month').toISODate()!;
  const monthPart = {
    from: maxOf(monthStart, window.from),
    to: minOf(day(asOf).endOf('month').toISODate()!, window.to),
    until,
  };
  return {
    ...base,
    hours: hoursUse(authorizedHours, window, { from: window.from, to: window.to, until }, minutesByDate),
    month:
      monthPart.from <= monthPart.to ? hoursUse(authorizedHours, window, monthPart, minutesByDate) : null,
    months,
  };
}

/**
 * The budget lines in force on `asOf` (`YYYY-MM-DD`) of the clients given, by client, code and id, with their use.
 * Two statements for any number of clients.
 */
export async function findClientBudgetUse(
  executor: Executor,
  options: { clientIds: string[]; asOf: string },
): Promise<ClientBudgetLineUse[]> {
  const { clientIds, asOf } = options;
  if (!clientIds.length) return [];
  const rows = await executor
    .select()
    .from(budgets)
    .where(
      and(
        inArray(budgets.clientId, clientIds),
        sql`${budgets.effectiveDate} <= ${asOf}`,
        sql`(${budgets.expirationDate} is null or ${budgets.expirationDate} >= ${asOf})`,
      ),
    )
    .orderBy(asc(budgets.clientId), asc(budgets.procCode), asc(budgets.id));
  const usage = await findSegmentUsage(
    executor,
    rows.map((row) => {
      const window = comparisonWindow(row, asOf);
      return {
        key: row.id,
        clientId: row.clientId as string,
        procCode: row.procCode,
        modifier: row.svcModifierCd,
        fromDate: window.from,
        toDate: minOf(asOf, window.to),
      };
    }),
  );
  const byLine = new Map<string, SegmentUsageRow[]>();
  for (const u of usage) byLine.set(u.key, [...(byLine.get(u.key) ?? []), u]);
  return rows.map((row) => lineUse(row, byLine.get(row.id) ?? [], asOf));
}

/** The sum of several lines' hours (null when none has hours). */
export function sumHours(items: (HoursUse | null)[]): HoursUse | null {
  const present = items.filter((item): item is HoursUse => item !== null);
  if (!present.length) return null;
  return {
    authorizedHours: round(present.reduce((sum, item) => sum + item.authorizedHours, 0)),
    deliveredHours: round(present.reduce((sum, item) => sum + item.deliveredHours, 0)),
    unfilledHours: round(present.reduce((sum, item) => sum + item.unfilledHours, 0)),
  };
}
