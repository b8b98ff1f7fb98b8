/**
 * Payroll of one pay period (pure; issue 6 "Payroll"; DOMAIN.md "Overtime: more than 40 hours in a
 * workweek (FLSA)"; docs/payroll.md). Hours come from each segment's paid times (its PayrollVersion
 * when it has one, else its EVV times), are split at the period's workweek bounds with
 * `hours/workweek.ts`, and overtime is the hours over 40 in each workweek separately (a biweekly
 * period is two workweeks). Adjustments are added after the FLSA split and never change it: an
 * `HOURS` adjustment adds paid hours (reported apart), `MILEAGE` miles, `AMOUNT` integer cents.
 * Hours are summed exactly and rounded to 0.01 h once per figure; `regular = total − overtime` after
 * rounding, so the figures always add up.
 */
import { overtimeThresholdHours, type PayrollAdjustmentType, type PayrollCaregiver } from '@tend/contracts';
import { hoursByWeek, roundHours, type Workweek } from '../hours/workweek.ts';

/** One segment as paid: who, and the paid interval (segment times or its PayrollVersion). */
export interface PaidSegment {
  segmentId: string;
  caregiverId: string;
  start: Date;
  end: Date;
  hasPayrollVersion: boolean;
}

/** One active adjustment dated in the period (value in the type's unit: hours, miles or cents). */
export interface PeriodAdjustment {
  caregiverId: string;
  adjustmentType: PayrollAdjustmentType;
  adjustmentValue: number;
}

/** Caregiver name and external id, for the rows. */
export interface PayrollPerson {
  name: string;
  externalId: string | null;
}

/**
 * Payroll per caregiver for `weeks` (the period's workweeks, contiguous, from `workweeksBetween`).
 * Caregivers with no time in the period and no adjustment are left out; rows are ordered by name then
 * id. A caregiver missing from `people` gets an empty name.
 */
export function computePayroll(
  segments: PaidSegment[],
  adjustments: PeriodAdjustment[],
  weeks: Workweek[],
  people: Map<string, PayrollPerson>,
): PayrollCaregiver[] {
  const sums = new Map<string, CaregiverSums>();
  addWeeks(
    sums,
    hoursByWeek(
      segments.map((s) => ({ shiftId: s.segmentId, caregiverId: s.caregiverId, start: s.start, end: s.end })),
      weeks,
    ),
  );
  addAdjustments(sums, adjustments);
  const versioned = new Set(segments.filter((s) => s.hasPayrollVersion).map((s) => s.segmentId));
  const result = [...sums].map(([caregiverId, value]) =>
    payrollRow(caregiverId, value, people.get(caregiverId), versioned),
  );
  return result.sort(
    (a, b) => a.caregiverName.localeCompare(b.caregiverName) || a.caregiverId.localeCompare(b.caregiverId),
  );
}

/** One caregiver's running sums: hours unrounded, the weeks' rows (rounded), segments paid, adjustments by type. */
interface CaregiverSums {
  hours: number;
  overtime: number;
  weeks: PayrollCaregiver['weeks'];
  segmentIds: Set<string>;
  hourAdjustments: number;
  miles: number;
  cents: number;
  adjustmentCount: number;
}

/** The caregiver's sums in `sums`, created empty on first use. */
function sumsOf(sums: Map<string, CaregiverSums>, caregiverId: string): CaregiverSums {
  let value = sums.get(caregiverId);
  if (!value) {
    value = {
      hours: 0,
      overtime: 0,
      weeks: [],
      segmentIds: new Set(),
      hourAdjustments: 0,
      miles: 0,
      cents: 0,
      adjustmentCount: 0,
    };
    sums.set(caregiverId, value);
  }
  return value;
}

/** Adds each caregiver workweek: its hours and overtime (FLSA, `hoursByWeek`), its rounded week row and its segments. */
function addWeeks(sums: Map<string, CaregiverSums>, byWeek: ReturnType<typeof hoursByWeek>): void {
  for (const week of byWeek) {
    const value = sumsOf(sums, week.caregiverId);
    value.hours += week.hours;
    value.overtime += week.overtimeHours;
    const hours = roundHours(week.hours);
    const overtimeHours = roundHours(week.overtimeHours);
    value.weeks.push({
      weekName: week.weekName,
      hours,
      regularHours: roundHours(hours - overtimeHours),
      overtimeHours,
    });
    for (const id of week.shiftIds) value.segmentIds.add(id);
  }
}

/** Adds the period's adjustments: HOURS to paid hours, MILEAGE to miles, any other type to cents (rounded). */
function addAdjustments(sums: Map<string, CaregiverSums>, adjustments: PeriodAdjustment[]): void {
  for (const adjustment of adjustments) {
    const value = sumsOf(sums, adjustment.caregiverId);
    value.adjustmentCount += 1;
    if (adjustment.adjustmentType === 'HOURS') value.hourAdjustments += adjustment.adjustmentValue;
    else if (adjustment.adjustmentType === 'MILEAGE') value.miles += adjustment.adjustmentValue;
    else value.cents += Math.round(adjustment.adjustmentValue);
  }
}

/** A caregiver's payroll row: totals rounded once (regular = total − overtime; paid = total + hour adjustments), weeks in order. */
function payrollRow(
  caregiverId: string,
  value: CaregiverSums,
  person: PayrollPerson | undefined,
  versioned: ReadonlySet<string>,
): PayrollCaregiver {
  const total = roundHours(value.hours);
  const overtimeHours = roundHours(value.overtime);
  const hourAdjustments = roundHours(value.hourAdjustments);
  value.weeks.sort((a, b) => a.weekName.localeCompare(b.weekName));
  return {
    caregiverId,
    caregiverName: person?.name ?? '',
    externalId: person?.externalId ?? null,
    regularHours: roundHours(total - overtimeHours),
    overtimeHours,
    hourAdjustments,
    mileageMiles: roundHours(value.miles),
    amountAdjustmentCents: value.cents,
    totalPaidHours: roundHours(total + hourAdjustments),
    segmentCount: value.segmentIds.size,
    payrollVersionCount: [...value.segmentIds].filter((id) => versioned.has(id)).length,
    adjustmentCount: value.adjustmentCount,
    weeks: value.weeks,
  };
}

/** Sums of the rows (the period totals and the export's totals). */
export function payrollTotals(rows: PayrollCaregiver[]) {
  const sum = (pick: (row: PayrollCaregiver) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    caregivers: rows.length,
    regularHours: roundHours(sum((r) => r.regularHours)),
    overtimeHours: roundHours(sum((r) => r.overtimeHours)),
    hourAdjustments: roundHours(sum((r) => r.hourAdjustments)),
    mileageMiles: roundHours(sum((r) => r.mileageMiles)),
    amountAdjustmentCents: sum((r) => r.amountAdjustmentCents),
    totalPaidHours: roundHours(sum((r) => r.totalPaidHours)),
    segmentCount: sum((r) => r.segmentCount),
  };
}

/** The FLSA threshold used (hours per workweek), re-exported for the view. */
export { overtimeThresholdHours };
