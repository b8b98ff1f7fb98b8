/**
 * Client budget lines and the budget-overages report (issue 5; spec s.3 Budget; DOMAIN.md "Budgets:
 * authorized amounts are 'not to be exceeded'; attendant care may not be 'bunched' into a few days"
 * (ODDS Expenditure Guidelines); units follow the budget's `measure`). Rules: docs/hours-and-budgets.md.
 */
import { z } from 'zod';
import { budgetMeasures } from './budget-measures.ts';
import { idParams, isoDate, optionalText, requiredText } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Authorized units: more than 0, at most 2 decimals (the column is numeric(12,2)). */
const units = z
  .number({ message: 'must be a number' })
  .positive({ message: 'must be more than 0' })
  .max(9_999_999_999, { message: 'is too large' })
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), {
    message: 'must have at most 2 decimals',
  });

const lineFields = {
  procCode: requiredText(20),
  svcModifierCd: optionalText(10),
  units,
  measure: z.enum(budgetMeasures, { message: `must be one of ${budgetMeasures.join(', ')}` }),
  term: optionalText(100),
  effectiveDate: isoDate,
  expirationDate: isoDate.nullish().transform((value) => value ?? null),
};

const datesInOrder = (line: { effectiveDate?: string; expirationDate?: string | null }) =>
  !line.effectiveDate || !line.expirationDate || line.expirationDate >= line.effectiveDate;
const datesInOrderIssue = {
  message: 'must be on or after the effective date',
  path: ['expirationDate'],
};

/** `POST /api/budgets`: a budget line added by hand. */
export const budgetLineInput = z
  .object({ clientId: z.uuid({ message: 'must be a valid id' }), ...lineFields })
  .refine(datesInOrder, datesInOrderIssue);
export type BudgetLineInput = z.input<typeof budgetLineInput>;

/** `PATCH /api/budgets/:id`: any of the line's fields; the merged dates are checked again by the server. */
export const budgetLinePatch = z
  .object({
    procCode: lineFields.procCode.optional(),
    /** Absent: unchanged; null or empty: cleared. */
    svcModifierCd: lineFields.svcModifierCd.optional(),
    units: units.optional(),
    measure: lineFields.measure.optional(),
    term: lineFields.term.optional(),
    effectiveDate: isoDate.optional(),
    expirationDate: isoDate.nullable().optional(),
  })
  .refine(datesInOrder, datesInOrderIssue);
export type BudgetLinePatch = z.input<typeof budgetLinePatch>;

export const budgetLine = z.object({
  id: z.uuid(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  procCode: z.string(),
  svcModifierCd: z.string().nullable(),
  units: z.number(),
  measure: z.enum(budgetMeasures).nullable(),
  term: z.string().nullable(),
  budgetClientId: z.string().nullable(),
  effectiveDate: isoDate,
  expirationDate: isoDate.nullable(),
  csvFileId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type BudgetLine = z.infer<typeof budgetLine>;

export const budgetListQuery = z.object({
  clientId: z.uuid({ message: 'must be a valid id' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type BudgetListQuery = z.infer<typeof budgetListQuery>;
export const budgetLinePage = z.object({
  items: z.array(budgetLine),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BudgetLinePage = z.infer<typeof budgetLinePage>;

/** Flags of a budget line in the overages report. */
export const budgetFlags = ['overage', 'projected_overage', 'bunching'] as const;
export type BudgetFlag = (typeof budgetFlags)[number];
export const budgetFlagLabels: Record<BudgetFlag, string> = {
  overage: 'Over budget',
  projected_overage: 'Projected over',
  bunching: 'Bunching',
};

/** `GET /api/budget-overages`. `flag=any` keeps lines with at least one flag. */
export const budgetOverageQuery = z.object({
  asOf: isoDate.optional(),
  clientId: z.uuid({ message: 'must be a valid id' }).optional(),
  flag: z.enum([...budgetFlags, 'any']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type BudgetOverageQuery = z.infer<typeof budgetOverageQuery>;

/**
 * What a budget line's units are compared against (issue 16 item 11; docs/hours-and-budgets.md
 * "Budget terms"): `term`, the whole term (effective to expiration, or one plan year); `month`, the
 * calendar month of the as-of date, for a line whose term says the units are per month.
 */
export const budgetPeriods = ['term', 'month'] as const;
export type BudgetPeriod = (typeof budgetPeriods)[number];

/**
 * The period a line's free-text term names: `month` for "Monthly", "per month", "Month", "/mo",
 * "mo." (any case); `term` for anything else, empty included ("Plan year", "Annual", "ISP year").
 */
export function budgetPeriodOf(term: string | null | undefined): BudgetPeriod {
  if (!term) return 'term';
  return /\bmonth(ly)?\b|\/\s*mo\b|\bmo\.|\bper\s+mo\b/i.test(term) ? 'month' : 'term';
}

/** One budget line with what was used and what the current pace projects (units in the line's measure). */
export const budgetOverageLine = budgetLine.extend({
  /** What the units are compared against: the whole term, or the as-of date's month ({@link budgetPeriodOf}). */
  period: z.enum(budgetPeriods),
  /** First day counted: the effective date, or for a monthly line the later of it and the month's first day. */
  periodStart: isoDate,
  /**
   * Last day of the period used for the projection: the expiration date, else one plan year; for a
   * monthly line the earlier of the month's last day and the term's.
   */
  termEnd: isoDate,
  termDays: z.number().int(),
  /** Days of the period (`periodStart`..`termEnd`) up to `asOf` (0 before it starts). */
  elapsedDays: z.number().int(),
  authorized: z.number(),
  used: z.number(),
  projected: z.number(),
  /** authorized − used (negative when over). */
  remaining: z.number(),
  segmentCount: z.number().int(),
  /** Segments without a clock-out (counted as 0). */
  openSegmentCount: z.number().int(),
  serviceDays: z.number().int(),
  /** Share of the units used that fall on the busiest 20 % of days with service (0..1). */
  busiestDaysShare: z.number(),
  flags: z.array(z.enum(budgetFlags)),
  /** Why a number may be incomplete (e.g. miles are not recorded on segments). */
  note: z.string().nullable(),
});
export type BudgetOverageLine = z.infer<typeof budgetOverageLine>;

export const budgetOveragePage = z.object({
  items: z.array(budgetOverageLine),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  asOf: isoDate,
  /** Budget lines in the database at all (for the empty state). */
  budgetLines: z.number().int(),
  totals: z.object({
    overage: z.number().int(),
    projected_overage: z.number().int(),
    bunching: z.number().int(),
  }),
});
export type BudgetOveragePage = z.infer<typeof budgetOveragePage>;

export const budgetUsageQuery = z.object({ asOf: isoDate.optional() });

/** One segment counted against a budget line (the drill-down). */
export const budgetUsageSegment = z.object({
  segmentId: z.uuid(),
  shiftId: z.uuid(),
  date: isoDate,
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  evvStart: z.iso.datetime({ offset: true }).nullable(),
  evvEnd: z.iso.datetime({ offset: true }).nullable(),
  billingCode: z.string().nullable(),
  modifier: z.string().nullable(),
  minutes: z.number().int(),
  /** Units this segment adds, in the line's measure. */
  units: z.number(),
});
export type BudgetUsageSegment = z.infer<typeof budgetUsageSegment>;

export const budgetUsage = z.object({
  line: budgetOverageLine,
  segments: z.array(budgetUsageSegment),
  /** The agency time zone, for showing segment times. */
  timeZone: z.string(),
  /** True when more segments exist than listed (the list stops at 2,000). */
  truncated: z.boolean(),
});
export type BudgetUsage = z.infer<typeof budgetUsage>;

/**
 * The budget endpoints (admin only): budget lines kept by hand (paged list, create 201, PATCH, DELETE
 * answering the deleted line; 409 for a twin line) and the budget-overages report (paged) with one
 * line's drill-down (the segments counted against it, as of `asOf`).
 */
export const budgetEndpoints = {
  findBudgetLines: defineEndpoint({
    method: 'GET',
    path: '/api/budgets',
    query: budgetListQuery,
    response: { 200: budgetLinePage },
  }),
  createBudgetLine: defineEndpoint({
    method: 'POST',
    path: '/api/budgets',
    body: budgetLineInput,
    response: { 201: budgetLine },
  }),
  updateBudgetLine: defineEndpoint({
    method: 'PATCH',
    path: '/api/budgets/:id',
    params: idParams,
    body: budgetLinePatch,
    response: { 200: budgetLine },
  }),
  deleteBudgetLine: defineEndpoint({
    method: 'DELETE',
    path: '/api/budgets/:id',
    params: idParams,
    response: { 200: budgetLine },
  }),
  findBudgetOverages: defineEndpoint({
    method: 'GET',
    path: '/api/budget-overages',
    query: budgetOverageQuery,
    response: { 200: budgetOveragePage },
  }),
  getBudgetUsage: defineEndpoint({
    method: 'GET',
    path: '/api/budget-overages/:id/segments',
    params: idParams,
    query: budgetUsageQuery,
    response: { 200: budgetUsage },
  }),
};
