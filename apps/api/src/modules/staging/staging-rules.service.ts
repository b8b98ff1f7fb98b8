/**
 * Resolution rules (issue 23; spec s.3 StagingResolutionRule: type, source value → target value,
 * active, applied count, notes). Types: CAREGIVER_NAME / CLIENT_NAME (a spelling → the name Tend has;
 * matched folded: case, accents, spaces, punctuation), CAREGIVER_ID / CLIENT_ID (an id merge), and
 * BILLING_CODE (a code alias; matched trimmed, case-insensitively). Active rules apply to every later
 * staged row before mapping, and each application is counted (`applied_count`). Creating or
 * switching a rule re-validates staging so rows waiting on it follow at once.
 */
import { asc, eq } from 'drizzle-orm';
import type { StagingRule, StagingRuleInput } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { revalidateStaging } from './staging-review.service.ts';
import { stagingResolutionRules } from './staging.table.ts';

type RuleRow = typeof stagingResolutionRules.$inferSelect;

function toRule(row: RuleRow): StagingRule {
  return {
    id: row.id,
    ruleType: row.ruleType as StagingRule['ruleType'],
    sourceValue: row.sourceValue,
    targetValue: row.targetValue,
    isActive: row.isActive,
    appliedCount: row.appliedCount,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every rule, by type then source value. Audited `staging_rule.list` (count). */
export async function listRules(db: Database, ctx: RequestContext): Promise<{ items: StagingRule[] }> {
  const rows = await db
    .select()
    .from(stagingResolutionRules)
    .orderBy(asc(stagingResolutionRules.ruleType), asc(stagingResolutionRules.sourceValue));
  await recordAudit(db, ctx, {
    action: 'staging_rule.list',
    entityType: 'staging_resolution_rule',
    details: { returned: rows.length },
  });
  return { items: rows.map(toRule) };
}

/**
 * Creates an active rule and re-validates staging. Errors: 400 naming `targetValue` when it equals
 * the source; 409 CONFLICT when a rule of the type already has this source value. Audited
 * `staging_rule.create` (id and type).
 */
export async function createRule(
  db: Database,
  ctx: RequestContext,
  input: StagingRuleInput,
): Promise<StagingRule> {
  if (input.sourceValue === input.targetValue)
    throw AppError.field('targetValue', 'must differ from the source value');
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(stagingResolutionRules)
      .values({ ...input, notes: input.notes ?? null })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw new AppError('CONFLICT', 'A rule of this type already rewrites this value: edit that rule');
    await recordAudit(tx, ctx, {
      action: 'staging_rule.create',
      entityType: 'staging_resolution_rule',
      entityId: created.id,
      details: { ruleType: created.ruleType },
    });
    return created;
  });
  await revalidateStaging(db, ctx);
  return toRule(row);
}

/** Switches a rule on or off and re-validates staging. Errors: 404. Audited `staging_rule.update`. */
export async function updateRule(
  db: Database,
  ctx: RequestContext,
  id: string,
  patch: { isActive: boolean },
): Promise<StagingRule> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(stagingResolutionRules)
      .set({ isActive: patch.isActive, updatedAt: new Date() })
      .where(eq(stagingResolutionRules.id, id))
      .returning();
    if (!updated) throw notFound('Rule');
    await recordAudit(tx, ctx, {
      action: 'staging_rule.update',
      entityType: 'staging_resolution_rule',
      entityId: id,
      details: { isActive: patch.isActive },
    });
    return updated;
  });
  await revalidateStaging(db, ctx);
  return toRule(row);
}
