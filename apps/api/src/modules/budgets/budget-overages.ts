/**
 * Budget use, projection and flags for one budget line (pure; DOMAIN.md "Budgets": authorized amounts
 * are "not to be exceeded"; attendant care may not be "bunched" into a few days — ODDS Expenditure
 * Guidelines). Rules, also in docs/hours-and-budgets.md:
 * - Term: `effectiveDate` .. `expirationDate`, or one plan year (365 days) when open-ended. A line whose
 *   term says "monthly" is compared month by month: the period is the as-of date's calendar month
 *   within the term ({@link comparisonWindow}); the rules below then read "period" for "term".
 * - Elapsed days: term days up to and including `asOf` (0 before the term starts).
 * - Projected = used / elapsed days × term days (the current pace to the end of the term); after the
 *   term ends, projected = used.
 * - `overage` when used > authorized; `projected_overage` when not over yet but projected > authorized.
 * - `bunching` when, with at least {@link bunchingMinServiceDays} days of service, the busiest 20 % of
 *   those days (at least one) hold more than half of the units used: even use would put about 20 % of
 *   the units there, so over 50 % means the units are concentrated into a few days.
 */
import { DateTime } from 'luxon';
import { budgetPeriodOf, type BudgetFlag, type BudgetPeriod } from '@tend/contracts';

/** Days of a plan year, the term of an open-ended budget line. */
export const openTermDays = 365;
/** Fewest days of service before bunching is judged (fewer days say too little about a pattern). */
export const bunchingMinServiceDays = 5;
/** Share of the service days that counts as "few" (the busiest 20 %). */
export const bunchingDayShare = 0.2;
/** Share of the units on those few days above which the line is flagged. */
export const bunchingUnitShare = 0.5;

const day = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' });
const daysBetweenInclusive = (from: string, to: string) =>
  Math.round(day(to).diff(day(from), 'days').days) + 1;

/** The term's last day: `expirationDate`, else `effectiveDate` + 365 days − 1. */
export function termEndOf(line: { effectiveDate: string; expirationDate: string | null }): string {
  return (
    line.expirationDate ??
    (day(line.effectiveDate)
      .plus({ days: openTermDays - 1 })
      .toISODate() as string)
  );
}

/** The last service date counted for a line as of `asOf`: the earlier of `asOf` and the term's end. */
export function countedUntil(line: { effectiveDate: string; expirationDate: string | null }, asOf: string) {
  const end = termEndOf(line);
  return asOf < end ? asOf : end;
}

/**
 * The days a line's units are compared against as of `asOf` (issue 16 item 11; docs/hours-and-budgets.md
 * "Budget terms"): the whole term for most lines; for a line whose term says "monthly"
 * (contracts `budgetPeriodOf`) the calendar month of `asOf`, clipped to the term, so a monthly amount is
 * never set against a year of use. `from`..`to` inclusive, `YYYY-MM-DD`.
 */
export function comparisonWindow(
  line: { effectiveDate: string; expirationDate: string | null; term: string | null },
  asOf: string,
): { period: BudgetPeriod; from: string; to: string } {
  const termEnd = termEndOf(line);
  if (budgetPeriodOf(line.term) === 'term') return { period: 'term', from: line.effectiveDate, to: termEnd };
  const monthStart = day(asOf).startOf('month').toISODate() as string;
  const monthEnd = day(asOf).endOf('month').toISODate() as string;
  return {
    period: 'month',
    from: monthStart > line.effectiveDate ? monthStart : line.effectiveDate,
    to: monthEnd < termEnd ? monthEnd : termEnd,
  };
}

export interface BudgetStatus {
  termEnd: string;
  termDays: number;
  elapsedDays: number;
  projected: number;
  remaining: number;
  serviceDays: number;
  busiestDaysShare: number;
  flags: BudgetFlag[];
}

/**
 * Share of `total` on the busiest ceil(20 %) of the days in `byDate` (0 when nothing was used).
 */
export function busiestDaysShare(byDate: Map<string, number>): number {
  const values = [...byDate.values()].filter((v) => v > 0).sort((a, b) => b - a);
  const total = values.reduce((sum, v) => sum + v, 0);
  if (!total) return 0;
  const few = Math.max(1, Math.ceil(values.length * bunchingDayShare));
  return values.slice(0, few).reduce((sum, v) => sum + v, 0) / total;
}

/**
 * The status of one line: `authorized` and `used` in the line's measure, `byDate` = units per service
 * date (from `usageTotals`), `asOf` a `YYYY-MM-DD` date. Flags per the module rules.
 */
export function budgetStatus(input: {
  effectiveDate: string;
  expirationDate: string | null;
  authorized: number;
  used: number;
  byDate: Map<string, number>;
  asOf: string;
}): BudgetStatus {
  const termEnd = termEndOf(input);
  const termDays = daysBetweenInclusive(input.effectiveDate, termEnd);
  const elapsedDays =
    input.asOf < input.effectiveDate
      ? 0
      : Math.min(termDays, daysBetweenInclusive(input.effectiveDate, countedUntil(input, input.asOf)));
  const projected =
    elapsedDays >= termDays ? input.used : elapsedDays > 0 ? (input.used / elapsedDays) * termDays : 0;
  const serviceDays = [...input.byDate.values()].filter((v) => v > 0).length;
  const share = busiestDaysShare(input.byDate);
  const flags: BudgetFlag[] = [];
  const epsilon = 1e-9;
  if (input.used > input.authorized + epsilon) flags.push('overage');
  else if (projected > input.authorized + epsilon) flags.push('projected_overage');
  if (serviceDays >= bunchingMinServiceDays && share > bunchingUnitShare) flags.push('bunching');
  return {
    termEnd,
    termDays,
    elapsedDays,
    projected,
    remaining: input.authorized - input.used,
    serviceDays,
    busiestDaysShare: share,
    flags,
  };
}
