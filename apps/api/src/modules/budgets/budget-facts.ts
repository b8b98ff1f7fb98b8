/**
 * The read API of module `budgets` for segment validation (issue 6; decision 0025), so module
 * `validation` never reads the budget table: client-linked lines whose term meets a window of service
 * dates, with the units used before the window (counted like the budget-overages report:
 * budget-segment-usage.ts `findSegmentUsage` + budget-units.ts `usageTotals`). Not audited: callers
 * audit.
 */
import { and, isNotNull, lte, sql } from 'drizzle-orm';
import { parseBudgetMeasure, type BudgetMeasure } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { findSegmentUsage } from './budget-segment-usage.ts';
import { openTermDays, termEndOf } from './budget-overages.ts';
import { usageTotals } from './budget-units.ts';
import { budgets } from './budgets.table.ts';

export interface ValidationBudgetLine {
  id: string;
  clientId: string;
  procCode: string;
  modifier: string | null;
  units: number;
  measure: BudgetMeasure | null;
  effectiveDate: string;
  expirationDate: string | null;
  /** Units used by the line's segments with service dates from its start up to the day before `fromDate`. */
  usedBefore: number;
}

const dayBefore = (isoDate: string) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * Lines with a client whose term (effective date .. expiration, or one plan year when open-ended)
 * meets `fromDate`..`toDate`, each with `usedBefore`. Two statements for any number of lines.
 */
export async function findBudgetLinesForValidation(
  executor: Executor,
  range: { fromDate: string; toDate: string },
): Promise<ValidationBudgetLine[]> {
  const rows = await executor
    .select()
    .from(budgets)
    .where(
      and(
        isNotNull(budgets.clientId),
        lte(budgets.effectiveDate, range.toDate),
        sql`coalesce(${budgets.expirationDate}, ${budgets.effectiveDate} + ${openTermDays - 1}::int) >= ${range.fromDate}::date`,
      ),
    );
  const before = dayBefore(range.fromDate);
  const earlier = rows.filter((row) => row.effectiveDate <= before);
  const usage = await findSegmentUsage(
    executor,
    earlier.map((row) => ({
      key: row.id,
      clientId: row.clientId as string,
      procCode: row.procCode,
      modifier: row.svcModifierCd,
      fromDate: row.effectiveDate,
      toDate: before < termEndOf(row) ? before : termEndOf(row),
    })),
  );
  const usageByLine = new Map<string, { date: string; minutes: number; count: number }[]>();
  for (const u of usage) {
    if (u.minutes === null) continue;
    const list = usageByLine.get(u.key) ?? [];
    list.push({ date: u.date, minutes: u.minutes, count: u.count });
    usageByLine.set(u.key, list);
  }
  return rows.map((row) => {
    const measure = row.measure ? parseBudgetMeasure(row.measure) : null;
    const usedBefore = measure ? usageTotals(measure, usageByLine.get(row.id) ?? []).total : 0;
    return {
      id: row.id,
      clientId: row.clientId as string,
      procCode: row.procCode,
      modifier: row.svcModifierCd,
      units: Number(row.units),
      measure,
      effectiveDate: row.effectiveDate,
      expirationDate: row.expirationDate,
      usedBefore,
    };
  });
}
