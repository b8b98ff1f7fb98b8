/**
 * Billing-code rules kept by the admin as data (issue 6; DOMAIN.md "Billing-code rules"): which
 * caregiver types may bill a procedure code (+ modifier), the rate per unit in integer cents and the
 * unit it is paid in, for a period. Periods of one code + modifier never overlap (checked by the server).
 */
import { z } from 'zod';
import { budgetMeasures } from './budget-measures.ts';
import { isoDate, optionalText, pageOf, pageQuery, requiredText, text, timestamps } from './common.ts';
import { caregiverType } from './enums.ts';

/** Rate per unit in integer cents (money is integer cents, DOMAIN.md): 0 .. $100,000.00. */
export const rateCents = z
  .number({ message: 'must be a number of cents' })
  .int({ message: 'must be whole cents' })
  .min(0, { message: 'must not be negative' })
  .max(10_000_000, { message: 'is too large' });

const ruleFields = {
  /** Procedure code, e.g. OR526; stored upper-case. */
  billingCode: requiredText(20).transform((value) => value.toUpperCase()),
  /** Modifier, e.g. ZE; empty = the code without a modifier. Stored upper-case. */
  modifier: optionalText(10).transform((value) => (value ? value.toUpperCase() : null)),
  description: optionalText(500),
  allowedCaregiverTypes: z
    .array(caregiverType, { message: 'must be a list of caregiver types' })
    .min(1, { message: 'must name at least one caregiver type' })
    .transform((values) => [...new Set(values)]),
  rateCents,
  unitMeasure: z.enum(budgetMeasures, { message: `must be one of ${budgetMeasures.join(', ')}` }),
  effectiveDate: isoDate,
  expirationDate: isoDate.nullish().transform((value) => value ?? null),
};

const datesInOrder = (rule: { effectiveDate?: string; expirationDate?: string | null }) =>
  !rule.effectiveDate || !rule.expirationDate || rule.expirationDate >= rule.effectiveDate;
const datesInOrderIssue = { message: 'must be on or after the effective date', path: ['expirationDate'] };

/** `POST /api/billing-code-rules`. */
export const billingCodeRuleInput = z.object(ruleFields).refine(datesInOrder, datesInOrderIssue);
export type BillingCodeRuleInput = z.input<typeof billingCodeRuleInput>;
export type BillingCodeRuleValues = z.output<typeof billingCodeRuleInput>;

/** `PATCH /api/billing-code-rules/:id`: any field; the merged dates and period are checked again. */
export const billingCodeRulePatch = z
  .object({
    billingCode: ruleFields.billingCode.optional(),
    modifier: ruleFields.modifier.optional(),
    description: ruleFields.description.optional(),
    allowedCaregiverTypes: ruleFields.allowedCaregiverTypes.optional(),
    rateCents: rateCents.optional(),
    unitMeasure: ruleFields.unitMeasure.optional(),
    effectiveDate: isoDate.optional(),
    expirationDate: isoDate.nullable().optional(),
  })
  .refine(datesInOrder, datesInOrderIssue);
export type BillingCodeRulePatch = z.output<typeof billingCodeRulePatch>;

export const billingCodeRule = z.object({
  id: z.uuid(),
  billingCode: z.string(),
  modifier: z.string().nullable(),
  description: z.string().nullable(),
  allowedCaregiverTypes: z.array(caregiverType),
  rateCents: z.number().int(),
  unitMeasure: z.enum(budgetMeasures),
  effectiveDate: z.string(),
  expirationDate: z.string().nullable(),
  ...timestamps,
});
export type BillingCodeRule = z.infer<typeof billingCodeRule>;

export const billingCodeRuleListQuery = pageQuery.extend({
  billingCode: text().trim().max(20).optional(),
});
export type BillingCodeRuleListQuery = z.infer<typeof billingCodeRuleListQuery>;
export const billingCodeRulePage = pageOf(billingCodeRule);
export type BillingCodeRulePage = z.infer<typeof billingCodeRulePage>;
