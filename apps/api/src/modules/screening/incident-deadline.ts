/**
 * Reporting deadlines of incidents (OAR 411-323-0063 as summarised in DOMAIN.md "Incidents"; contracts
 * `ReportingDeadline`). Pure; Luxon for time-zone arithmetic.
 */
import { DateTime } from 'luxon';
import { incidentCategory, type ReportingDeadline } from '@tend/contracts';

const isWeekend = (day: DateTime) => day.weekday === 6 || day.weekday === 7;

/**
 * When a report is due for an incident the agency learned of at `discoveredAt`:
 * - `immediately`: `discoveredAt` itself (due at once; the queue shows it overdue until handled);
 * - `business_days` n: the end (23:59:59.999 local) of the n-th business day after the local date of
 *   `discoveredAt` in `timeZone`. Business days are Monday–Friday; public holidays are not skipped
 *   (documented in docs/incident-screening.md). E.g. 1 business day from Friday 15:00 → Monday 23:59:59.999,
 *   from Saturday → Monday, from Monday 09:00 → Tuesday.
 * Errors: RangeError when `timeZone` is not an IANA zone Luxon knows or `discoveredAt` is invalid.
 */
export function reportDueAt(discoveredAt: Date, deadline: ReportingDeadline, timeZone: string): Date {
  if (Number.isNaN(discoveredAt.getTime())) throw new RangeError('discoveredAt is not a valid instant');
  if (deadline.kind === 'immediately') return new Date(discoveredAt.getTime());
  let day = DateTime.fromJSDate(discoveredAt, { zone: timeZone });
  if (!day.isValid) throw new RangeError(`unknown time zone ${timeZone}`);
  let remaining = Math.max(0, Math.floor(deadline.days));
  while (remaining > 0) {
    day = day.plus({ days: 1 });
    if (!isWeekend(day)) remaining -= 1;
  }
  return day.endOf('day').toJSDate();
}

/**
 * The earliest report deadline over several categories found in one shift (the strictest rule wins),
 * or null when none of the ids is in the catalogue. Same rules and errors as {@link reportDueAt}.
 */
export function earliestDueAt(
  categoryIds: readonly string[],
  discoveredAt: Date,
  timeZone: string,
): Date | null {
  let due: Date | null = null;
  for (const id of categoryIds) {
    const category = incidentCategory(id);
    if (!category) continue;
    const at = reportDueAt(discoveredAt, category.deadline, timeZone);
    if (!due || at < due) due = at;
  }
  return due;
}
