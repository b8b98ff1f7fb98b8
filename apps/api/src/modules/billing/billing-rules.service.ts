/**
 * Billing-code rules kept by the admin as data (issue 6; DOMAIN.md "Billing-code rules": which
 * caregiver types may bill which code, rate per code/modifier with effective dates). Money is integer
 * cents. Periods of one code + modifier must not overlap (so at most one rule applies on a service
 * date); a twin (same code, modifier and effective date) is a CONFLICT. Every read and write is
 * audited (`billing_code_rule.*`, ids and field names only). Rule changes re-validate the segments of
 * the dates they cover: the routes queue the `segment-validation` job for {@link ruleRange}.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  BillingCodeRule,
  BillingCodeRuleListQuery,
  BillingCodeRulePage,
  BillingCodeRulePatch,
  BillingCodeRuleValues,
  CaregiverType,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { billingCodeRules } from './billing-rules.table.ts';

type RuleRow = typeof billingCodeRules.$inferSelect;

function toRule(row: RuleRow): BillingCodeRule {
  return {
    id: row.id,
    billingCode: row.billingCode,
    modifier: row.modifier,
    description: row.description,
    allowedCaregiverTypes: row.allowedCaregiverTypes,
    rateCents: row.rateCents,
    unitMeasure: row.unitMeasure,
    effectiveDate: row.effectiveDate,
    expirationDate: row.expirationDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Service dates a rule covers, for re-validation (`to` null = open-ended). */
export function ruleRange(rule: { effectiveDate: string; expirationDate: string | null }) {
  return { from: rule.effectiveDate, to: rule.expirationDate };
}

/** PostgreSQL unique violation (SQLSTATE 23505), directly or as the cause of a driver error. */
function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    typeof value === 'object' && value !== null && 'code' in value ? value.code : null;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

const twinError = () =>
  new AppError(
    'CONFLICT',
    'A rule for this billing code, modifier and effective date exists already: edit it instead',
  );

/**
 * Refuses a rule whose period overlaps another rule of the same code + modifier (VALIDATION_FAILED
 * naming `effectiveDate`, with the other rule's dates), or a twin (CONFLICT).
 */
async function checkPeriod(
  executor: Executor,
  rule: {
    id?: string;
    billingCode: string;
    modifier: string | null;
    effectiveDate: string;
    expirationDate: string | null;
  },
) {
  const others = await executor
    .select()
    .from(billingCodeRules)
    .where(
      and(
        eq(billingCodeRules.billingCode, rule.billingCode),
        sql`coalesce(${billingCodeRules.modifier}, '') = ${rule.modifier ?? ''}`,
        rule.id ? sql`${billingCodeRules.id} <> ${rule.id}` : undefined,
      ),
    );
  for (const other of others) {
    if (other.effectiveDate === rule.effectiveDate) throw twinError();
    const overlaps =
      (!other.expirationDate || rule.effectiveDate <= other.expirationDate) &&
      (!rule.expirationDate || other.effectiveDate <= rule.expirationDate);
    if (overlaps)
      throw AppError.field(
        'effectiveDate',
        `overlaps the rule in effect ${other.effectiveDate} to ${other.expirationDate ?? 'open-ended'}: end that rule first`,
      );
  }
}

/** A billing-code rule as the segment validator (module `validation`) reads it. */
export interface RuleFacts {
  id: string;
  billingCode: string;
  modifier: string | null;
  allowedCaregiverTypes: readonly CaregiverType[];
  effectiveDate: string;
  expirationDate: string | null;
}

/** Every rule as the validator needs it (few rows: one per code, modifier and period). Not audited. */
export async function findRulesForValidation(executor: Executor): Promise<RuleFacts[]> {
  const rows = await executor.select().from(billingCodeRules);
  return rows.map((row) => ({
    id: row.id,
    billingCode: row.billingCode,
    modifier: row.modifier,
    allowedCaregiverTypes: row.allowedCaregiverTypes,
    effectiveDate: row.effectiveDate,
    expirationDate: row.expirationDate,
  }));
}

/** Rules by code, modifier and start, paged, optionally of one code. Audited `billing_code_rule.list`. */
export async function findBillingCodeRules(
  db: Database,
  ctx: RequestContext,
  query: BillingCodeRuleListQuery,
): Promise<BillingCodeRulePage> {
  const where = query.billingCode
    ? eq(billingCodeRules.billingCode, query.billingCode.toUpperCase())
    : undefined;
  const rows = await db
    .select()
    .from(billingCodeRules)
    .where(where)
    .orderBy(
      asc(billingCodeRules.billingCode),
      sql`coalesce(${billingCodeRules.modifier}, '')`,
      asc(billingCodeRules.effectiveDate),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totals] = await db.select({ total: count() }).from(billingCodeRules).where(where);
  await recordAudit(db, ctx, {
    action: 'billing_code_rule.list',
    entityType: 'billing_code_rule',
    details: { billingCode: query.billingCode ?? null, returned: rows.length },
  });
  return { items: rows.map(toRule), total: totals?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/**
 * Adds a rule (contracts `billingCodeRuleInput`, already validated). Errors: VALIDATION_FAILED naming
 * `effectiveDate` (period overlaps another of the code + modifier); CONFLICT (twin). Audited
 * `billing_code_rule.create`.
 */
export async function createBillingCodeRule(
  db: Database,
  ctx: RequestContext,
  input: BillingCodeRuleValues,
): Promise<BillingCodeRule> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`billing_code_rule:${input.billingCode}`}))`,
      );
      await checkPeriod(tx, input);
      const [created] = await tx.insert(billingCodeRules).values(input).returning();
      if (!created) throw new AppError('INTERNAL');
      await recordAudit(tx, ctx, {
        action: 'billing_code_rule.create',
        entityType: 'billing_code_rule',
        entityId: created.id,
        details: { billingCode: created.billingCode, modifier: created.modifier },
      });
      return toRule(created);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw twinError();
    throw error;
  }
}

/**
 * Changes the given fields of a rule. Errors: NOT_FOUND; VALIDATION_FAILED when nothing changes, when
 * the merged dates are out of order (`expirationDate`) or the period overlaps (`effectiveDate`);
 * CONFLICT (twin). Audited `billing_code_rule.update` with the changed field names. Returns the rule
 * before and after (both periods need re-validation).
 */
export async function updateBillingCodeRule(
  db: Database,
  ctx: RequestContext,
  id: string,
  patch: BillingCodeRulePatch,
): Promise<{ before: BillingCodeRule; after: BillingCodeRule }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select().from(billingCodeRules).where(eq(billingCodeRules.id, id)).for('update');
      if (!row) throw notFound('Billing-code rule');
      const given = Object.entries(patch).filter(([, value]) => value !== undefined) as [
        keyof BillingCodeRulePatch,
        unknown,
      ][];
      const changed = given.filter(([field, value]) => {
        const current = row[field];
        return Array.isArray(value)
          ? JSON.stringify([...(value as string[])].sort()) !==
              JSON.stringify([...(current as string[])].sort())
          : current !== value;
      });
      if (!changed.length)
        throw new AppError(
          'VALIDATION_FAILED',
          'The change changes nothing: every given field already has that value',
          given.length
            ? given.map(([path]) => ({ path, message: 'already has this value' }))
            : [{ path: 'body', message: 'names no field to change' }],
        );
      const next = Object.fromEntries(changed) as Partial<RuleRow>;
      const merged = { ...row, ...next };
      if (merged.expirationDate && merged.expirationDate < merged.effectiveDate)
        throw AppError.field('expirationDate', 'must be on or after the effective date');
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`billing_code_rule:${merged.billingCode}`}))`,
      );
      await checkPeriod(tx, { ...merged, id });
      const [updated] = await tx
        .update(billingCodeRules)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(billingCodeRules.id, id))
        .returning();
      if (!updated) throw new AppError('INTERNAL');
      await recordAudit(tx, ctx, {
        action: 'billing_code_rule.update',
        entityType: 'billing_code_rule',
        entityId: id,
        details: { fields: changed.map(([field]) => field) },
      });
      return { before: toRule(row), after: toRule(updated) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw twinError();
    throw error;
  }
}

/** Deletes a rule. Errors: NOT_FOUND. Audited `billing_code_rule.delete`. Returns the deleted rule. */
export async function deleteBillingCodeRule(
  db: Database,
  ctx: RequestContext,
  id: string,
): Promise<BillingCodeRule> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(billingCodeRules).where(eq(billingCodeRules.id, id)).returning();
    if (!row) throw notFound('Billing-code rule');
    await recordAudit(tx, ctx, {
      action: 'billing_code_rule.delete',
      entityType: 'billing_code_rule',
      entityId: id,
      details: { billingCode: row.billingCode, modifier: row.modifier },
    });
    return toRule(row);
  });
}
