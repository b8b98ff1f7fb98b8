/**
 * The one rule for hours on every page and in every export (issue 16 item 5, decision 0037): add the
 * exact lengths first, in whole milliseconds (integers add exactly), and round once, to 0.01 h, for
 * display. Rounding each row or each week before adding made the Shifts page, Caregiver hours and the
 * shifts CSV give three totals for one set of shifts. Payroll and billing units keep their own rules
 * only where a regulation says so (docs/hours-and-budgets.md "One rounding rule").
 */

/** Milliseconds in an hour. */
export const millisecondsPerHour = 3_600_000;

/**
 * Exact milliseconds → hours rounded half up to 0.01 h (`3_618_000` → `1.01`). Works on the integer
 * count of hundredths (`ms / 36_000`), so a length exactly on a half hundredth (18 s) rounds the same
 * way whatever path summed it.
 */
export function hoursFromMilliseconds(milliseconds: number): number {
  return Math.round(milliseconds / 36_000) / 100;
}

/**
 * Hours of one row of a column that must add up to the once-rounded total (the shifts CSV): the
 * rounded running total after the row minus the rounded running total before it, in hundredths of an
 * hour. Every row is within 0.01 h of its exact length and any prefix of the column sums to
 * `hoursFromMilliseconds` of the prefix's exact milliseconds, so the whole column sums to the total
 * the Shifts page shows. `before` and `row` are milliseconds (`before` = sum of the earlier rows).
 */
export function columnHours(before: number, row: number): number {
  return (Math.round((before + row) / 36_000) - Math.round(before / 36_000)) / 100;
}

/** Exact minutes of `milliseconds`, written with at most 4 decimals (whole minutes exact: `90`, `60.3`). */
export function exactMinutes(milliseconds: number): string {
  return String(Math.round((milliseconds / 60_000) * 10_000) / 10_000);
}
