/**
 * Budget units from segment durations (pure; DOMAIN.md "units follow the budget's measure (hours,
 * 15-minute units, days, miles) with documented rounding"; rules in docs/hours-and-budgets.md):
 * - `hours`: the segment's minutes / 60, unrounded (EVV records times to the minute, OAR 410-127-0046);
 *   totals are shown to 0.01 h.
 * - `units_15min`: per segment, whole 15-minute units plus one more when the remainder is 8 minutes or
 *   more — the "8-minute rule" of CMS timed-code billing (Medicare Claims Processing Manual ch. 5
 *   s.20.2: a unit is billed when at least 8 minutes of it were provided). 7 minutes → 0, 8 → 1,
 *   22 → 1, 23 → 2.
 * - `days`: one unit per distinct service date with at least one segment (ODDS daily rates).
 * - `miles`: segments carry no mileage yet, so miles are 0 and the report says so.
 */
import type { BudgetMeasure } from '@tend/contracts';

/** 15-minute units of one segment of `minutes` (8-minute rule). Negative input counts as 0. */
export function fifteenMinuteUnits(minutes: number): number {
  const whole = Math.max(0, Math.floor(minutes));
  return Math.floor(whole / 15) + (whole % 15 >= 8 ? 1 : 0);
}

/** Units a single segment of `minutes` adds in `measure` (`days` and `miles`: see {@link usageTotals}). */
export function segmentUnits(measure: BudgetMeasure, minutes: number): number {
  switch (measure) {
    case 'hours':
      return Math.max(0, minutes) / 60;
    case 'units_15min':
      return fifteenMinuteUnits(minutes);
    case 'days':
      return 0;
    case 'miles':
      return 0;
  }
}

/** Segments of one service date with the same duration: `count` segments of `minutes` each. */
export interface DayUsageRow {
  date: string;
  minutes: number;
  count: number;
}

/** Units per service date (dates ascending) and in total, for `measure`. */
export interface UsageTotals {
  total: number;
  byDate: Map<string, number>;
  /** Why the number may be incomplete, or null. */
  note: string | null;
}

/**
 * Adds up usage rows (from SQL, grouped by date and duration) in `measure`: per-segment rounding for
 * `units_15min`, one unit per date with service for `days`, 0 for `miles` (with a note).
 */
export function usageTotals(measure: BudgetMeasure, rows: DayUsageRow[]): UsageTotals {
  const byDate = new Map<string, number>();
  for (const row of [...rows].sort((a, b) => a.date.localeCompare(b.date))) {
    const units = measure === 'days' ? 1 : segmentUnits(measure, row.minutes) * row.count;
    byDate.set(row.date, measure === 'days' ? 1 : (byDate.get(row.date) ?? 0) + units);
  }
  let total = 0;
  for (const value of byDate.values()) total += value;
  return {
    total,
    byDate,
    note: measure === 'miles' ? 'Miles are not recorded on shift segments yet: used counts 0 miles.' : null,
  };
}
