/**
 * Payroll (issue 6 "Payroll"; spec s.3 PayrollVersion, PayrollAdjustment; DOMAIN.md "Overtime" and
 * "Money is integer cents"; rules in docs/payroll.md):
 * - Pay periods are `weekly` or `biweekly` from an anchor date (the first day of some period). The
 *   anchor's weekday must be the FLSA workweek start (`WORKWEEK_START`), so a period is exactly one or
 *   two workweeks and overtime (> 40 h per workweek) is computed per workweek inside it.
 * - A PayrollVersion holds a segment's times as paid when they differ from its EVV/billed times.
 * - A PayrollAdjustment changes what a caregiver is paid: `HOURS` (hours), `MILEAGE` (miles) or
 *   `AMOUNT` (integer cents). Editing one writes a new row that replaces it (`replacesId`); the old
 *   row is kept, inactive, as history.
 */
import { z } from 'zod';
import { idParams, isoDate, isoDateTime, optionalText, requiredText } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { workweekStarts } from './caregiver-hours.ts';

const instant = isoDateTime('must be an ISO 8601 date-time with offset');
const uuid = z.uuid({ message: 'must be a valid id' });

/** How often caregivers are paid. */
export const payPeriodFrequencies = ['weekly', 'biweekly'] as const;
export type PayPeriodFrequency = (typeof payPeriodFrequencies)[number];

/** Days in one pay period of each frequency. */
export const payPeriodDays: Record<PayPeriodFrequency, number> = { weekly: 7, biweekly: 14 };

/** `PUT /api/payroll/settings`: the pay period (stored in `app_setting` key `pay_period`). */
export const payPeriodSettingsInput = z.object({
  frequency: z.enum(payPeriodFrequencies, { message: 'must be weekly or biweekly' }),
  /** The first day of some pay period (any one: it fixes the weekday and, for biweekly, the parity). */
  anchorDate: isoDate,
});
export type PayPeriodSettingsInput = z.infer<typeof payPeriodSettingsInput>;

/** One pay period: local dates in the agency zone (`end` inclusive) and its instants (`endsAt` exclusive). */
export const payPeriod = z.object({
  start: isoDate,
  end: isoDate,
  startsAt: instant,
  endsAt: instant,
});
export type PayPeriod = z.infer<typeof payPeriod>;

/** `GET /api/payroll/settings`: the pay period setting, whether it is the default, and recent periods. */
export const payPeriodSettings = payPeriodSettingsInput.extend({
  /** True when no admin has set the pay period yet (the default is in force). */
  isDefault: z.boolean(),
  updatedAt: instant.nullable(),
  workweekStart: z.enum(workweekStarts),
  timeZone: z.string(),
  /** The period containing today, then the 11 before it (newest first). */
  recentPeriods: z.array(payPeriod),
});
export type PayPeriodSettings = z.infer<typeof payPeriodSettings>;

/** `GET /api/payroll`: the pay period starting on `periodStart` (default: the one containing today). */
export const payrollQuery = z.object({ periodStart: isoDate.optional() });
export type PayrollQuery = z.infer<typeof payrollQuery>;

/** One FLSA workweek of a caregiver inside the period. Hours rounded to 0.01. */
export const payrollWeek = z.object({
  weekName: isoDate,
  hours: z.number(),
  regularHours: z.number(),
  overtimeHours: z.number(),
});
export type PayrollWeek = z.infer<typeof payrollWeek>;

/**
 * One caregiver's payroll for the period. Hours to 0.01 h from paid times (PayrollVersion, else the
 * segment's EVV times), split at the period and workweek bounds; overtime = hours over 40 in each
 * workweek. Adjustments are the active ones dated in the period: `hourAdjustments` (hours),
 * `mileageMiles` (miles), `amountAdjustmentCents` (integer cents). `totalPaidHours` = regular +
 * overtime + hour adjustments.
 */
export const payrollCaregiver = z.object({
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  externalId: z.string().nullable(),
  regularHours: z.number(),
  overtimeHours: z.number(),
  hourAdjustments: z.number(),
  mileageMiles: z.number(),
  amountAdjustmentCents: z.number().int(),
  totalPaidHours: z.number(),
  segmentCount: z.number().int(),
  /** Segments in the period paid on times that differ from their EVV times. */
  payrollVersionCount: z.number().int(),
  adjustmentCount: z.number().int(),
  weeks: z.array(payrollWeek),
});
export type PayrollCaregiver = z.infer<typeof payrollCaregiver>;

const payrollTotals = z.object({
  caregivers: z.number().int(),
  regularHours: z.number(),
  overtimeHours: z.number(),
  hourAdjustments: z.number(),
  mileageMiles: z.number(),
  amountAdjustmentCents: z.number().int(),
  totalPaidHours: z.number(),
  segmentCount: z.number().int(),
});

/** `GET /api/payroll` → the period's payroll per caregiver (by name), with totals. */
export const payrollPeriodView = z.object({
  period: payPeriod,
  frequency: z.enum(payPeriodFrequencies),
  previousPeriodStart: isoDate,
  nextPeriodStart: isoDate,
  workweekStart: z.enum(workweekStarts),
  timeZone: z.string(),
  overtimeThresholdHours: z.number(),
  /** The workweeks of the period (one per week; overtime is computed in each separately). */
  weeks: z.array(z.object({ weekName: isoDate, startsAt: instant, endsAt: instant })),
  items: z.array(payrollCaregiver),
  totals: payrollTotals,
});
export type PayrollPeriodView = z.infer<typeof payrollPeriodView>;

/** Adjustment kinds and the unit of their values. */
export const payrollAdjustmentTypes = ['HOURS', 'MILEAGE', 'AMOUNT'] as const;
export type PayrollAdjustmentType = (typeof payrollAdjustmentTypes)[number];
export const payrollAdjustmentUnits: Record<PayrollAdjustmentType, string> = {
  HOURS: 'hours',
  MILEAGE: 'miles',
  AMOUNT: 'cents',
};

/** Largest adjustment allowed, per unit (a typo guard, not a pay rule). */
export const maxAdjustmentValue: Record<PayrollAdjustmentType, number> = {
  HOURS: 336,
  MILEAGE: 10_000,
  AMOUNT: 100_000_000,
};

/** Adjustment value checks: non-zero, within bounds; cents are whole; hours and miles to 0.01. */
function checkAdjustmentValue(
  type: PayrollAdjustmentType | undefined,
  value: number | undefined,
  ctx: z.RefinementCtx,
) {
  if (value === undefined) return;
  const issue = (message: string) =>
    ctx.addIssue({ code: 'custom', path: ['adjustmentValue'], message, input: value });
  if (value === 0) return issue('must not be zero');
  if (!type) return;
  if (type === 'AMOUNT' && !Number.isInteger(value)) return issue('must be whole cents for AMOUNT');
  if (type !== 'AMOUNT' && Math.round(value * 100) !== Number((value * 100).toFixed(6)))
    return issue(`must have at most 2 decimals for ${type}`);
  if (Math.abs(value) > maxAdjustmentValue[type])
    return issue(
      `must be between -${maxAdjustmentValue[type]} and ${maxAdjustmentValue[type]} ${payrollAdjustmentUnits[type]}`,
    );
}

/**
 * `POST /api/payroll/adjustments`. `adjustmentValue` is signed (negative = deduction) in the type's
 * unit: hours, miles, or integer cents. `effectiveDate` decides the pay period; default: the service
 * date of `shiftSegmentId` (required without a segment).
 */
export const payrollAdjustmentInput = z
  .object({
    caregiverId: uuid,
    shiftSegmentId: uuid.nullish().transform((value) => value ?? null),
    adjustmentType: z.enum(payrollAdjustmentTypes, { message: 'must be HOURS, MILEAGE or AMOUNT' }),
    adjustmentValue: z.number({ message: 'must be a number' }).finite(),
    reason: requiredText(500),
    notes: optionalText(2000),
    effectiveDate: isoDate.nullish().transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    checkAdjustmentValue(value.adjustmentType, value.adjustmentValue, ctx);
    if (!value.shiftSegmentId && !value.effectiveDate)
      ctx.addIssue({
        code: 'custom',
        path: ['effectiveDate'],
        message: 'is required when the adjustment is not about one segment',
        input: value.effectiveDate,
      });
  });
export type PayrollAdjustmentInput = z.input<typeof payrollAdjustmentInput>;
export type PayrollAdjustmentValues = z.output<typeof payrollAdjustmentInput>;

/** `PATCH /api/payroll/adjustments/:id`: the new value/notes/date and why it changed (a new row replaces the old). */
export const payrollAdjustmentPatch = z.object({
  adjustmentValue: z.number({ message: 'must be a number' }).finite().optional(),
  reason: requiredText(500),
  notes: optionalText(2000).optional(),
  effectiveDate: isoDate.optional(),
});
export type PayrollAdjustmentPatch = z.infer<typeof payrollAdjustmentPatch>;

/** Checks a patched value against the adjustment's type (the type is not in the patch). */
export const payrollAdjustmentValueFor = (type: PayrollAdjustmentType) =>
  z
    .object({ adjustmentValue: z.number().finite() })
    .superRefine((value, ctx) => checkAdjustmentValue(type, value.adjustmentValue, ctx));

/** `POST /api/payroll/adjustments/:id/deactivate`. */
export const payrollAdjustmentDeactivate = z.object({ reason: requiredText(500) });
export type PayrollAdjustmentDeactivate = z.infer<typeof payrollAdjustmentDeactivate>;

/**
 * One adjustment row. `originalValue`/`adjustedValue` are set for a segment's `HOURS` (the segment's
 * paid hours before/after) and `MILEAGE` (segments record no miles: 0 → the value); null otherwise.
 */
export const payrollAdjustment = z.object({
  id: z.uuid(),
  caregiverId: z.uuid().nullable(),
  caregiverName: z.string(),
  shiftSegmentId: z.uuid().nullable(),
  adjustmentType: z.enum(payrollAdjustmentTypes),
  adjustmentValue: z.number(),
  originalValue: z.number().nullable(),
  adjustedValue: z.number().nullable(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  effectiveDate: isoDate.nullable(),
  isActive: z.boolean(),
  /** When a payroll export first included it. */
  appliedAt: instant.nullable(),
  replacesId: z.uuid().nullable(),
  /** The row that replaced this one (null: current or deactivated). */
  replacedById: z.uuid().nullable(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type PayrollAdjustment = z.infer<typeof payrollAdjustment>;

/** `GET /api/payroll/adjustments`: one caregiver's or everyone's, in a period, active only unless `includeInactive`. */
export const payrollAdjustmentListQuery = z.object({
  caregiverId: uuid.optional(),
  periodStart: isoDate.optional(),
  includeInactive: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});
export type PayrollAdjustmentListQuery = z.infer<typeof payrollAdjustmentListQuery>;
export const payrollAdjustmentList = z.object({ items: z.array(payrollAdjustment) });

/** `PUT /api/segments/:id/payroll-version`: the times to pay, and why they differ. */
export const payrollVersionInput = z.object({
  evvStart: instant,
  evvEnd: instant,
  reason: requiredText(500),
});
export type PayrollVersionInput = z.infer<typeof payrollVersionInput>;

/** `DELETE /api/segments/:id/payroll-version` body (optional): why the segment's own times are paid again. */
export const payrollVersionDelete = z.object({ reason: optionalText(500) }).optional();

/** The answer of the payroll-version routes: the segment's EVV times and the times now paid. */
export const payrollVersionResult = z.object({
  shiftSegmentId: z.uuid(),
  evvStart: instant.nullable(),
  evvEnd: instant.nullable(),
  paidStart: instant.nullable(),
  paidEnd: instant.nullable(),
  hasPayrollVersion: z.boolean(),
});
export type PayrollVersionResult = z.infer<typeof payrollVersionResult>;

/** A segment's payroll view: its EVV times, the paid times (version or EVV) and whether a version exists. */
export const payrollSegment = z.object({
  segmentId: z.uuid(),
  shiftId: z.uuid(),
  date: isoDate,
  clientId: z.uuid(),
  clientName: z.string(),
  billingCode: z.string().nullable(),
  modifier: z.string().nullable(),
  evvStart: instant.nullable(),
  evvEnd: instant.nullable(),
  paidStart: instant.nullable(),
  paidEnd: instant.nullable(),
  hasPayrollVersion: z.boolean(),
  /** Paid hours inside the period (0.01 h); null when the paid times are missing or out of order. */
  hours: z.number().nullable(),
});
export type PayrollSegment = z.infer<typeof payrollSegment>;

/** `GET /api/payroll/caregivers/:id?periodStart=`: one caregiver's payroll, segments and adjustments. */
export const payrollCaregiverDetail = z.object({
  period: payPeriod,
  timeZone: z.string(),
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  summary: payrollCaregiver,
  segments: z.array(payrollSegment),
  adjustments: z.array(payrollAdjustment),
});
export type PayrollCaregiverDetail = z.infer<typeof payrollCaregiverDetail>;

/** `POST /api/payroll/exports`. */
export const payrollExportInput = z.object({ periodStart: isoDate });
export type PayrollExportInput = z.infer<typeof payrollExportInput>;

/** One stored payroll export (the CSV is at `GET /api/payroll/exports/:id/file`). */
export const payrollExport = z.object({
  id: z.uuid(),
  periodStart: isoDate,
  periodEnd: isoDate,
  fileName: z.string(),
  fileSha256: z.string(),
  caregiverCount: z.number().int(),
  regularHours: z.number(),
  overtimeHours: z.number(),
  mileageMiles: z.number(),
  exportedBy: z.uuid().nullable(),
  exportedByName: z.string().nullable(),
  createdAt: instant,
});
export type PayrollExport = z.infer<typeof payrollExport>;

/** `GET /api/payroll/exports`: newest first, optionally of one period. */
export const payrollExportListQuery = z.object({
  periodStart: isoDate.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type PayrollExportListQuery = z.infer<typeof payrollExportListQuery>;
export const payrollExportPage = z.object({
  items: z.array(payrollExport),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PayrollExportPage = z.infer<typeof payrollExportPage>;

/** The payroll CSV's header row (one row per caregiver; docs/payroll.md "Export"). */
export const payrollCsvHeader = [
  'Caregiver',
  'Caregiver ID',
  'External ID',
  'Period start',
  'Period end',
  'Regular hours',
  'Overtime hours',
  'Mileage (miles)',
  'Hour adjustments',
  'Amount adjustments (USD)',
  'Total paid hours',
] as const;

/** Integer cents → plain decimal dollars for files ("-12.05", "1234.50"); no symbol, no grouping. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The payroll endpoints (admin only; docs/payroll.md): the pay-period setting (PUT: 400 naming `anchorDate`
 * off the workweek start), a period's payroll and one caregiver's (`periodStart` the first day of a period,
 * else 400; none = the current period), a segment's paid times (PUT/DELETE its PayrollVersion), adjustments
 * (list, one's history oldest first, create 201, PATCH writing the replacing row, deactivate with a reason;
 * 409 when not active) and exports (create 201, paged list, the stored CSV as an attachment, not JSON).
 */
export const payrollEndpoints = {
  getPayPeriodSettings: defineEndpoint({
    method: 'GET',
    path: '/api/payroll/settings',
    response: { 200: payPeriodSettings },
  }),
  setPayPeriodSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/payroll/settings',
    body: payPeriodSettingsInput,
    response: { 200: payPeriodSettings },
  }),
  getPayroll: defineEndpoint({
    method: 'GET',
    path: '/api/payroll',
    query: payrollQuery,
    response: { 200: payrollPeriodView },
  }),
  getCaregiverPayroll: defineEndpoint({
    method: 'GET',
    path: '/api/payroll/caregivers/:id',
    params: idParams,
    query: payrollQuery,
    response: { 200: payrollCaregiverDetail },
  }),
  setPayrollVersion: defineEndpoint({
    method: 'PUT',
    path: '/api/segments/:id/payroll-version',
    params: idParams,
    body: payrollVersionInput,
    response: { 200: payrollVersionResult },
  }),
  deletePayrollVersion: defineEndpoint({
    method: 'DELETE',
    path: '/api/segments/:id/payroll-version',
    params: idParams,
    body: payrollVersionDelete,
    response: { 200: payrollVersionResult },
  }),
  listAdjustments: defineEndpoint({
    method: 'GET',
    path: '/api/payroll/adjustments',
    query: payrollAdjustmentListQuery,
    response: { 200: payrollAdjustmentList },
  }),
  getAdjustmentHistory: defineEndpoint({
    method: 'GET',
    path: '/api/payroll/adjustments/:id/history',
    params: idParams,
    response: { 200: payrollAdjustmentList },
  }),
  createAdjustment: defineEndpoint({
    method: 'POST',
    path: '/api/payroll/adjustments',
    body: payrollAdjustmentInput,
    response: { 201: payrollAdjustment },
  }),
  updateAdjustment: defineEndpoint({
    method: 'PATCH',
    path: '/api/payroll/adjustments/:id',
    params: idParams,
    body: payrollAdjustmentPatch,
    response: { 200: payrollAdjustment },
  }),
  deactivateAdjustment: defineEndpoint({
    method: 'POST',
    path: '/api/payroll/adjustments/:id/deactivate',
    params: idParams,
    body: payrollAdjustmentDeactivate,
    response: { 200: payrollAdjustment },
  }),
  createPayrollExport: defineEndpoint({
    method: 'POST',
    path: '/api/payroll/exports',
    body: payrollExportInput,
    response: { 201: payrollExport },
  }),
  listPayrollExports: defineEndpoint({
    method: 'GET',
    path: '/api/payroll/exports',
    query: payrollExportListQuery,
    response: { 200: payrollExportPage },
  }),
  /** The stored payroll CSV (UTF-8 with BOM, CRLF); the web app links to it (`endpointUrl`). */
  downloadPayrollExportFile: defineEndpoint({
    method: 'GET',
    path: '/api/payroll/exports/:id/file',
    params: idParams,
    response: {},
    produces: ['text/csv'],
  }),
};
