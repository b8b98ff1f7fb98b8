/**
 * Authorized against delivered hours of a set of clients (issue 20 "authorized vs delivered hours (unfilled
 * hours)"; decision 0051), for dashboards. Budget lines in force on `asOf` with a client among those given, each
 * compared over its window (`comparisonWindow`: the term, or the month of `asOf` for a monthly line), segment use read
 * by the budget-overages report's own `findSegmentUsage`, by month (one statement for all lines).
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

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (UTC arithmetic: no time zone enters). */
const dayNumber = (iso: string) =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;
const days = (from: string, to: string) => (to < from ? 0 : dayNumber(to) - dayNumber(from) + 1);
const round = (value: number) => Math.round(value * 100) / 100;
const minOf = (a: string, b: string) => (a < b ? a : b);
const maxOf = (a: string, b: string) => (a > b ? a : b);
/** The last day (`YYYY-MM-DD`) of month `YYYY-MM`. */
const monthEnd = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
/** The month after `YYYY-MM`. */
function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Hours use of `authorizedHours` over the window, for the days `part.from..part.to` counted up to `part.until`, from
 * the delivered minutes by month (usage never falls outside the window's counted days, so whole months add up).
 */
function hoursUse(
  authorizedHours: number,
  window: { from: string; to: string },
  part: { from: string; to: string; until: string },
  minutesByMonth: Map<string, number>,
): HoursUse {
  const windowDays = days(window.from, window.to) || 1;
  const first = part.from.slice(0, 7);
  const last = minOf(part.to, part.until).slice(0, 7);
  let minutes = 0;
  for (const [month, value] of minutesByMonth) if (month >= first && month <= last) minutes += value;
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
  const minutesByMonth = new Map<string, number>();
  for (const u of clocked) {
    const month = u.date.slice(0, 7);
    minutesByMonth.set(month, (minutesByMonth.get(month) ?? 0) + (u.minutes ?? 0) * u.count);
  }
  const until = minOf(asOf, window.to);
  const months: MonthHours[] = [];
  for (let month = window.from.slice(0, 7); `${month}-01` <= until; month = nextMonth(month)) {
    const part = { from: maxOf(`${month}-01`, window.from), to: minOf(monthEnd(month), window.to), until };
    const use = hoursUse(authorizedHours, window, part, minutesByMonth);
    months.push({ month, authorizedHours: use.authorizedHours, deliveredHours: use.deliveredHours });
  }
  const current = asOf.slice(0, 7);
  const monthPart = {
    from: maxOf(`${current}-01`, window.from),
    to: minOf(monthEnd(current), window.to),
    until,
  };
  return {
    ...base,
    hours: hoursUse(authorizedHours, window, { from: window.from, to: window.to, until }, minutesByMonth),
    month:
      monthPart.from <= monthPart.to ? hoursUse(authorizedHours, window, monthPart, minutesByMonth) : null,
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
        byMonth: row.measure === null || parseBudgetMeasure(row.measure) !== 'days',
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
