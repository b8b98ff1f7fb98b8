/**
 * Staging routes (admin only; docs/staging.md): the `staging-shifts` import's five endpoints
 * (`/api/staging-imports`), staged rows (list, fix, re-validate), mappings (unlinked people with their
 * candidates, approve), resolution rules, the comparison with production, the promotion job, the
 * health summary, the direct sync, and `GET /api/production-shifts` (the shifts promoted from
 * staging). Errors: 400 VALIDATION_FAILED naming the field; 404 unknown ids; 409 CONFLICT as each
 * service says; anonymous 401, non-admins 403 (the guard audits the denial).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stagingEndpoints as e, stagingImportEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { importRoutes } from '../../platform/imports/import-routes.ts';
import type { ImportDeps } from '../../platform/imports/import-kind.ts';
import { findProductionShifts } from './production-shifts.service.ts';
import { directSync, stagingCheck } from './staging-check.service.ts';
import { stagingImportKind } from './staging-import.ts';
import { compareStaging, STAGING_PROMOTION_JOB } from './staging-promotion.service.ts';
import {
  approveMapping,
  fixStagingShift,
  listMappings,
  listStagingShifts,
  listUnmapped,
  revalidateStaging,
} from './staging-review.service.ts';
import { createRule, listRules, updateRule } from './staging-rules.service.ts';
import { testSync } from './staging-test-sync.ts';

export const stagingImportRoutes = importRoutes({
  kind: stagingImportKind,
  endpoints: stagingImportEndpoints,
  tags: ['staging'],
});

export const stagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps: ImportDeps = {
    db,
    storage: app.deps.storage,
    jobs: app.deps.jobs,
    agencyTimeZone: app.deps.config.agencyTimeZone,
  };
  // Read per request: the folder is configuration an operator (or a test) may set after start.
  const dropFolder = () => app.deps.config.stagingDropFolder ?? null;
  const staging = { tags: ['staging'], preValidation: guard(db, 'admin', 'staging_shift') };
  route(
    app,
    e.findProductionShifts,
    { tags: ['shifts'], preValidation: guard(db, 'admin', 'shift') },
    (request) => findProductionShifts(db, request.ctx, request.query),
  );
  route(app, e.listShifts, staging, (request) => listStagingShifts(db, request.ctx, request.query));
  route(app, e.fixShift, staging, (request) =>
    fixStagingShift(db, request.ctx, request.params.id, request.body),
  );
  route(app, e.revalidate, staging, (request) => revalidateStaging(db, request.ctx));
  route(app, e.listUnmapped, staging, (request) => listUnmapped(db, request.ctx));
  route(app, e.listMappings, staging, (request) => listMappings(db, request.ctx));
  route(app, e.approveMapping, staging, (request) => approveMapping(db, request.ctx, request.body));
  route(app, e.listRules, staging, (request) => listRules(db, request.ctx));
  route(app, e.createRule, staging, async (request, reply) => {
    const rule = await createRule(db, request.ctx, request.body);
    void reply.code(201);
    return rule;
  });
  route(app, e.updateRule, staging, (request) =>
    updateRule(db, request.ctx, request.params.id, request.body),
  );
  route(app, e.compare, staging, (request) => compareStaging(db, request.ctx, request.query));
  route(app, e.promote, staging, async (request, reply) => {
    const { from, to } = request.body;
    const job = await app.deps.jobs.enqueue({
      jobType: STAGING_PROMOTION_JOB,
      metadata: { from, to },
      triggeredBy: request.ctx.actor?.userAccountId ?? null,
    });
    await recordAudit(db, request.ctx, {
      action: 'staging_shift.promote',
      entityType: 'processing_job',
      entityId: job.id,
      details: { from, to, step: 'queued' },
    });
    void reply.code(202);
    return { job };
  });
  route(app, e.check, staging, (request) => stagingCheck(db, request.ctx, dropFolder()));
  route(app, e.testSync, staging, (request) =>
    testSync(deps, request.ctx, { ...request.body, csvFileId: request.params.id }),
  );
  route(app, e.directSync, staging, async (request, reply) => {
    const result = await directSync(deps, request.ctx, dropFolder());
    void reply.code(202);
    return result;
  });
};
