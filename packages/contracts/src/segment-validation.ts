/**
 * Segment validation (issue 6; DOMAIN.md "Violation codes"): the closed catalogue of violations a shift
 * segment can have, the segments list with its READY / NOT_READY counts, and the on-demand validation
 * request. A segment is READY only when none of these is open. Rules: docs/segment-validation.md.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { processingJob } from './jobs.ts';
import {
  billingCodeRule,
  billingCodeRuleInput,
  billingCodeRuleListQuery,
  billingCodeRulePage,
  billingCodeRulePatch,
} from './billing-rules.ts';
import { idParams, isoDate, pageOf, pageQuery } from './common.ts';
import { validationStatus } from './enums.ts';

/** Where a violation's rule comes from. */
export interface ViolationDefinition {
  label: string;
  description: string;
  source: string;
}

const domain = 'DOMAIN.md "Violation codes"';
const evvRule = 'OAR 410-127-0046 (EVV: date, time in/out and location of each visit)';
const budgetRule = 'ODDS Expenditure Guidelines (authorized units are not to be exceeded)';
const billingRule = 'Billing-code rules kept by the admin (/admin/billing/codes)';

/** The violation catalogue, in the order the page lists them. */
export const segmentViolationCatalogue = {
  MISSING_CLOCK_IN: {
    label: 'Missing clock-in',
    description: 'The segment has no start time, so its length and units cannot be known.',
    source: `${domain}; ${evvRule}`,
  },
  MISSING_CLOCK_OUT: {
    label: 'Missing clock-out',
    description: 'The segment has no end time, so its length and units cannot be known.',
    source: `${domain}; ${evvRule}`,
  },
  END_NOT_AFTER_START: {
    label: 'Ends before it starts',
    description: 'The end time is at or before the start time.',
    source: evvRule,
  },
  SHIFT_OVER_24H: {
    label: 'Shift over 24 hours',
    description: 'The segment lasts more than 24 hours (exactly 24 hours is allowed).',
    source: domain,
  },
  SEGMENT_OUTSIDE_SHIFT: {
    label: 'Segment outside its shift',
    description:
      "The segment starts before its shift's clock-in or ends after its clock-out (e.g. a split shift whose times were corrected later).",
    source: `${domain} ("shift segment": a billable slice of a shift); docs/segment-editor.md`,
  },
  CAREGIVER_OVERLAP: {
    label: 'Caregiver overlap',
    description:
      'The caregiver has another shift whose time overlaps this one (shifts that only touch do not overlap).',
    source: domain,
  },
  CLIENT_SEGMENT_OVERLAP: {
    label: 'Client overlap',
    description:
      'The client has another segment whose time overlaps this one, and neither carries a 2:1 staffing modifier (ZE).',
    source: domain,
  },
  MISSING_BILLING_CODE: {
    label: 'Missing billing code',
    description: 'The segment has no procedure code to bill.',
    source: domain,
  },
  NO_RATE_FOR_CODE: {
    label: 'No rate for the code',
    description:
      'No billing-code rule for this code and modifier is in effect on the service date, so there is no rate.',
    source: billingRule,
  },
  CAREGIVER_TYPE_NOT_ALLOWED: {
    label: 'Caregiver type not allowed',
    description: "The caregiver's type is not among the types the code's rule allows to bill it.",
    source: `${domain}; ${billingRule}`,
  },
  NO_ACTIVE_BUDGET: {
    label: 'No active budget',
    description: 'The client has no budget line for this code and modifier covering the service date.',
    source: `${domain}; ${budgetRule}`,
  },
  BUDGET_UNITS_EXCEEDED: {
    label: 'Budget units exceeded',
    description:
      "Counting the line's earlier segments in time order, this segment takes the use past the authorized units.",
    source: `${domain}; ${budgetRule}`,
  },
  LOCATION_UNVERIFIED: {
    label: 'Location unverified',
    description:
      'A clock-in or clock-out coordinate is missing, or location screening found a MEDIUM or HIGH suspicious location that is not reviewed yet.',
    source: `${domain}; ${evvRule}`,
  },
  SHIFT_NOTE_MISSING: {
    label: 'Shift note missing',
    description: 'No shift note is matched to the shift.',
    source: domain,
  },
} as const satisfies Record<string, ViolationDefinition>;

export type SegmentViolationCode = keyof typeof segmentViolationCatalogue;
export const segmentViolationCodes = Object.keys(segmentViolationCatalogue) as [
  SegmentViolationCode,
  ...SegmentViolationCode[],
];
export const segmentViolationCode = z.enum(segmentViolationCodes);

/** One open violation: catalogue code, a message for people (ids and numbers, no PHI), and data. */
export const segmentViolation = z.object({
  code: z.string(),
  message: z.string(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type SegmentViolationItem = z.infer<typeof segmentViolation>;

/** The most days one list or validation request may span (about two years). */
export const segmentRangeMaxDays = 731;

const rangeInOrder = (range: { from: string; to: string }) => range.to >= range.from;
const rangeInOrderIssue = { message: 'must be on or after from', path: ['to'] };
const rangeNotTooLong = (range: { from: string; to: string }) =>
  (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < segmentRangeMaxDays;
const rangeTooLongIssue = { message: `must be within ${segmentRangeMaxDays} days of from`, path: ['to'] };

/** `GET /api/segments`: service dates `from`..`to` (inclusive) plus optional filters. */
export const segmentListQuery = pageQuery
  .extend({
    from: isoDate,
    to: isoDate,
    status: validationStatus.optional(),
    code: segmentViolationCode.optional(),
    caregiverId: z.uuid({ message: 'must be a valid id' }).optional(),
    clientId: z.uuid({ message: 'must be a valid id' }).optional(),
  })
  .refine(rangeInOrder, rangeInOrderIssue)
  .refine(rangeNotTooLong, rangeTooLongIssue);
export type SegmentListQuery = z.infer<typeof segmentListQuery>;

export const segmentListItem = z.object({
  id: z.uuid(),
  shiftId: z.uuid(),
  date: z.string(),
  evvStart: z.iso.datetime({ offset: true }).nullable(),
  evvEnd: z.iso.datetime({ offset: true }).nullable(),
  billingCode: z.string().nullable(),
  modifier: z.string().nullable(),
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
  validationStatus,
  validationViolations: z.array(segmentViolation),
});
export type SegmentListItem = z.infer<typeof segmentListItem>;

/** A page of segments plus the READY / NOT_READY counts of the whole filter (without `status`). */
export const segmentPage = pageOf(segmentListItem).extend({
  counts: z.object({ READY: z.number().int(), NOT_READY: z.number().int() }),
});
export type SegmentPage = z.infer<typeof segmentPage>;

/** `POST /api/segments/validate`: re-validate the segments of service dates `from`..`to`. */
export const segmentValidationRequest = z
  .object({ from: isoDate, to: isoDate })
  .refine(rangeInOrder, rangeInOrderIssue)
  .refine(rangeNotTooLong, rangeTooLongIssue);
export type SegmentValidationRequest = z.infer<typeof segmentValidationRequest>;

/** The job that validates segments (queued after imports, corrections, rule and budget edits, or on demand). */
export const SEGMENT_VALIDATION_JOB = 'segment-validation';

/** A validation job queued: the answer of `POST /api/segments/validate`. */
export const segmentValidationStarted = z.object({ job: processingJob });
/** A billing-code rule after a change, with the validation job queued for the dates it covers. */
export const billingCodeRuleWithJob = z.object({ rule: billingCodeRule, job: processingJob });

/**
 * Segment validation (admin only): the validated segments, a validation run (→ 202 with its job), and the
 * billing-code rules it applies (each change → the rule and the job revalidating the dates it covers).
 */
export const validationEndpoints = {
  findSegments: defineEndpoint({
    method: 'GET',
    path: '/api/segments',
    query: segmentListQuery,
    response: { 200: segmentPage },
  }),
  startSegmentValidation: defineEndpoint({
    method: 'POST',
    path: '/api/segments/validate',
    body: segmentValidationRequest,
    response: { 202: segmentValidationStarted },
  }),
  findBillingCodeRules: defineEndpoint({
    method: 'GET',
    path: '/api/billing-code-rules',
    query: billingCodeRuleListQuery,
    response: { 200: billingCodeRulePage },
  }),
  createBillingCodeRule: defineEndpoint({
    method: 'POST',
    path: '/api/billing-code-rules',
    body: billingCodeRuleInput,
    response: { 201: billingCodeRuleWithJob },
  }),
  updateBillingCodeRule: defineEndpoint({
    method: 'PATCH',
    path: '/api/billing-code-rules/:id',
    params: idParams,
    body: billingCodeRulePatch,
    response: { 200: billingCodeRuleWithJob },
  }),
  deleteBillingCodeRule: defineEndpoint({
    method: 'DELETE',
    path: '/api/billing-code-rules/:id',
    params: idParams,
    response: { 200: billingCodeRuleWithJob },
  }),
};
