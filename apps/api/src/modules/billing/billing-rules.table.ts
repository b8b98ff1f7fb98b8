/**
 * Billing-code rules as data the admin edits (issue 6; DOMAIN.md "Billing-code rules"): which
 * caregiver types may bill a procedure code + modifier, and the rate per unit in integer cents, for a
 * period. One row per code, modifier and effective date; periods of one code + modifier do not
 * overlap (checked by billing-rules.service.ts, which also refuses twins before the unique index does).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BudgetMeasure, CaregiverType } from '@tend/contracts';
import { idColumn, timestamps } from '../../platform/db/columns.ts';

export const billingCodeRules = pgTable(
  'billing_code_rule',
  {
    id: idColumn(),
    /** Procedure code, upper-case, e.g. OR526. */
    billingCode: text('billing_code').notNull(),
    /** Modifier, upper-case, e.g. ZE; null = the code without a modifier. */
    modifier: text('modifier'),
    description: text('description'),
    /** Caregiver types (contracts `caregiverTypes`) that may bill the code. */
    allowedCaregiverTypes: text('allowed_caregiver_types').array().$type<CaregiverType[]>().notNull(),
    /** Rate per unit of `unitMeasure`, integer cents. */
    rateCents: integer('rate_cents').notNull(),
    /** Unit the rate is per (contracts `budgetMeasures`). */
    unitMeasure: text('unit_measure').$type<BudgetMeasure>().notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** Last day the rule applies; null = open-ended. */
    expirationDate: date('expiration_date', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('billing_code_rule_code_modifier_start_idx').on(
      t.billingCode,
      sql`coalesce(${t.modifier}, '')`,
      t.effectiveDate,
    ),
    index('billing_code_rule_code_idx').on(t.billingCode),
    check(
      'billing_code_rule_dates_order',
      sql`${t.expirationDate} is null or ${t.expirationDate} >= ${t.effectiveDate}`,
    ),
    check('billing_code_rule_rate_cents_range', sql`${t.rateCents} >= 0`),
  ],
);
