/**
 * One caregiver's payroll over a range of dates (issue 24 "Report export", payroll summary; decision 0066 addendum;
 * docs/payroll.md): payroll works by pay period, so a range is read as every pay period that overlaps it, each
 * whole (`payPeriodsOverlapping`), and each period's figures are exactly those of the payroll page
 * (`getCaregiverPayroll`, which audits `payroll.list` per period with the caregiver as entity).
 */
import type { PayrollCaregiverDetail } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { payPeriodsOverlapping } from './pay-period.ts';
import { getCaregiverPayroll, readPayPeriodSettings, type PayrollConfig } from './payroll.service.ts';

/**
 * The caregiver's payroll in each pay period overlapping `from`..`to` (inclusive local `YYYY-MM-DD` dates, `from`
 * ≤ `to`), oldest first; a period without time or adjustments gives zeros. Errors: NOT_FOUND (caregiver);
 * CONFLICT when the stored pay period no longer starts on the workweek start day (as `getCaregiverPayroll`).
 */
export async function getCaregiverPayrollPeriods(
  db: Database,
  ctx: RequestContext,
  config: PayrollConfig,
  caregiverId: string,
  range: { from: string; to: string },
): Promise<PayrollCaregiverDetail[]> {
  const settings = await readPayPeriodSettings(db, config);
  const details: PayrollCaregiverDetail[] = [];
  for (const period of payPeriodsOverlapping(range.from, range.to, settings, config.timeZone)) {
    details.push(await getCaregiverPayroll(db, ctx, config, caregiverId, period.start));
  }
  return details;
}
