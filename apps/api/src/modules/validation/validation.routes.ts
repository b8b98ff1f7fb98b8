/**
 * Segment validation and billing-code rule routes (admin only; issue 6):
 * - `GET /api/segments` (`segmentListQuery`) → `segmentPage`. Audited `segment.list`.
 * - `POST /api/segments/validate` (`segmentValidationRequest`) → 202 `{ job }` (the
 *   `segment-validation` job for the range). Audited `segment_validation.run`.
 * - `GET /api/billing-code-rules` → `billingCodeRulePage`. Audited `billing_code_rule.list`.
 * - `POST /api/billing-code-rules` (`billingCodeRuleInput`) → 201 `{ rule, job }`. 400 naming the
 *   field, 409 for a twin. Audited `billing_code_rule.create`.
 * - `PATCH /api/billing-code-rules/:id` (`billingCodeRulePatch`) → `{ rule, job }`. 400, 404, 409.
 * - `DELETE /api/billing-code-rules/:id` → `{ rule, job }`. 404.
 * Rule changes queue the validation job for the dates the rule covers (before and after an edit).
 * Anonymous callers get 401, non-admins 403 (the guard audits the denial).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEGMENT_VALIDATION_JOB, validationEndpoints as endpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import {
  createBillingCodeRule,
  deleteBillingCodeRule,
  findBillingCodeRules,
  updateBillingCodeRule,
} from '../billing/billing-rules.service.ts';
import { findSegments } from './validation.service.ts';

type RulePeriod = { effectiveDate: string; expirationDate: string | null };

/** The dates two versions of a rule cover together (an edit can move the period); `to` null: no end. */
function coveredDates(a: RulePeriod, b: RulePeriod): { from: string; to: string | null } {
  return {
    from: a.effectiveDate < b.effectiveDate ? a.effectiveDate : b.effectiveDate,
    to:
      a.expirationDate && b.expirationDate
        ? a.expirationDate > b.expirationDate
          ? a.expirationDate
          : b.expirationDate
        : null,
  };
}

export const segmentValidationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const segments = { tags: ['billing'], preValidation: guard(db, 'admin', 'shift_segment') };
  const rules = { tags: ['billing'], preValidation: guard(db, 'admin', 'billing_code_rule') };

  /** Queues validation of the dates `from`..`to` (`to` null: up to the last segment). */
  const queueValidation = (range: { from: string; to: string | null }, triggeredBy: string | null) =>
    app.deps.jobs.enqueue({ jobType: SEGMENT_VALIDATION_JOB, metadata: range, triggeredBy });

  route(app, endpoints.findSegments, segments, (request) => findSegments(db, request.ctx, request.query));

  route(app, endpoints.startSegmentValidation, segments, async (request) => {
    const job = await queueValidation(request.body, request.ctx.actor?.userAccountId ?? null);
    await recordAudit(db, request.ctx, {
      action: 'segment_validation.run',
      entityType: 'processing_job',
      entityId: job.id,
      details: { from: request.body.from, to: request.body.to },
    });
    return { job };
  });

  route(app, endpoints.findBillingCodeRules, rules, (request) =>
    findBillingCodeRules(db, request.ctx, request.query),
  );

  route(app, endpoints.createBillingCodeRule, rules, async (request) => {
    const rule = await createBillingCodeRule(db, request.ctx, request.body);
    const job = await queueValidation(coveredDates(rule, rule), request.ctx.actor?.userAccountId ?? null);
    return { rule, job };
  });

  route(app, endpoints.updateBillingCodeRule, rules, async (request) => {
    const { before, after } = await updateBillingCodeRule(db, request.ctx, request.params.id, request.body);
    const job = await queueValidation(coveredDates(before, after), request.ctx.actor?.userAccountId ?? null);
    return { rule: after, job };
  });

  route(app, endpoints.deleteBillingCodeRule, rules, async (request) => {
    const rule = await deleteBillingCodeRule(db, request.ctx, request.params.id);
    const job = await queueValidation(coveredDates(rule, rule), request.ctx.actor?.userAccountId ?? null);
    return { rule, job };
  });
};
