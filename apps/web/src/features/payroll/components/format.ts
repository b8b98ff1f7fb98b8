/** A payroll adjustment's value in its unit (UX.md "Money and units"); the units come from lib/format. */
import { type PayrollAdjustmentType } from '@tend/contracts';
import { formatCents, formatHours, formatMiles } from '../../../lib/format/index.ts';

/** An adjustment's value in its unit: "+1 h 30 min", "−$5.00", "+12.25 mi". */
export function formatAdjustmentValue(type: PayrollAdjustmentType, value: number): string {
  const sign = value < 0 ? '−' : '+';
  if (type === 'AMOUNT') return `${sign}${formatCents(Math.abs(value))}`;
  if (type === 'MILEAGE') return `${sign}${formatMiles(Math.abs(value))}`;
  return `${sign}${formatHours(Math.abs(value))}`;
}
