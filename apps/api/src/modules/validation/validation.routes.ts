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
import { z } from 'zod';
import {
  billingCodeRule,
  billingCodeRuleInput,
  billingCodeRuleListQuery,
  billingCodeRulePage,
  billingCodeRulePatch,
  idParams,
  processingJob,
  segmentPage,
  segmentListQuery,
  segmentValidationRequest,
  SEGMENT_VALIDATION_JOB,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import {
  createBillingCodeRule,
  deleteBillingCodeRule,
  findBillingCodeRules,
  updateBillingCodeRule,
} from '../billing/billing-rules.service.ts';
import { findSegments } from './validation.service.ts';

const ruleWithJob = z.object({ rule: billingCodeRule, job: processingJob });

export const segmentValidationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const access = guard(db, 'admin', 'shift_segment');
  const rulesAccess = guard(db, 'admin', 'billing_code_rule');
  const tags = ['billing'];

  /** Queues validation of the dates `from`..`to` (`to` null: up to the last segment). */
  const queueValidation = (range: { from: string; to: string | null }, triggeredBy: string | null) =>
    app.deps.jobs.enqueue({ jobType: SEGMENT_VALIDATION_JOB, metadata: range, triggeredBy });

  /** The dates two versions of a rule cover together (an edit can move the period). */
  const union = (
    a: { effectiveDate: string; expirationDate: string | null },
    b: { effectiveDate: string; expirationDate: string | null },
  ) => ({
    from: a.effectiveDate < b.effectiveDate ? a.effectiveDate : b.effectiveDate,
    to:
      a.expirationDate && b.expirationDate
        ? a.expirationDate > b.expirationDate
          ? a.expirationDate
          : b.expirationDate
        : null,
  });

  app.get(
    '/api/segments',
    {
      preValidation: access,
      schema: { tags, querystring: segmentListQuery, response: { 200: segmentPage } },
    },
    (request) => findSegments(db, request.ctx, request.query),
  );

  app.post(
    '/api/segments/validate',
    {
      preValidation: access,
      schema: { tags, body: segmentValidationRequest, response: { 202: z.object({ job: processingJob }) } },
    },
    async (request, reply) => {
      const job = await queueValidation(request.body, request.ctx.actor?.userAccountId ?? null);
      await recordAudit(db, request.ctx, {
        action: 'segment_validation.run',
        entityType: 'processing_job',
        entityId: job.id,
        details: { from: request.body.from, to: request.body.to },
      });
      return reply.status(202).send({ job });
    },
  );

  app.get(
    '/api/billing-code-rules',
    {
      preValidation: rulesAccess,
      schema: { tags, querystring: billingCodeRuleListQuery, response: { 200: billingCodeRulePage } },
    },
    (request) => findBillingCodeRules(db, request.ctx, request.query),
  );

  app.post(
    '/api/billing-code-rules',
    {
      preValidation: rulesAccess,
      schema: { tags, body: billingCodeRuleInput, response: { 201: ruleWithJob } },
    },
    async (request, reply) => {
      const rule = await createBillingCodeRule(db, request.ctx, request.body);
      const job = await queueValidation(union(rule, rule), request.ctx.actor?.userAccountId ?? null);
      return reply.status(201).send({ rule, job });
    },
  );

  app.patch(
    '/api/billing-code-rules/:id',
    {
      preValidation: rulesAccess,
      schema: { tags, params: idParams, body: billingCodeRulePatch, response: { 200: ruleWithJob } },
    },
    async (request) => {
      const { before, after } = await updateBillingCodeRule(db, request.ctx, request.params.id, request.body);
      const job = await queueValidation(union(before, after), request.ctx.actor?.userAccountId ?? null);
      return { rule: after, job };
    },
  );

  app.delete(
    '/api/billing-code-rules/:id',
    { preValidation: rulesAccess, schema: { tags, params: idParams, response: { 200: ruleWithJob } } },
    async (request) => {
      const rule = await deleteBillingCodeRule(db, request.ctx, request.params.id);
      const job = await queueValidation(union(rule, rule), request.ctx.actor?.userAccountId ?? null);
      return { rule, job };
    },
  );
};
