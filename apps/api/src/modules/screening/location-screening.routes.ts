/**
 * Suspicious-location routes (issue 5), admin only; anonymous callers get 401, other roles 403 (the
 * guard audits the denial):
 * - `GET /api/baseline-locations` (`baselineListQuery`) → `baselinePage`.
 * - `GET /api/baseline-locations/:clientId` → `baselineDetail` (404 when no such client).
 * - `GET /api/approved-locations?clientId=` → `{ items: approvedLocation[] }` (404 when no such client).
 * - `POST /api/approved-locations` (`approvedLocationInput`) → 201 `approvedLocation`; re-screens the client.
 * - `PATCH /api/approved-locations/:id` (`approvedLocationUpdate`) → `approvedLocation`; re-screens. 404.
 * - `DELETE /api/approved-locations/:id` → `approvedLocation` (the removed one); re-screens. 404.
 * - `GET /api/suspicious-locations` (`suspiciousLocationListQuery`) → `suspiciousLocationPage`.
 * - `POST /api/suspicious-locations/:id/review` (`suspiciousLocationReview`) → `suspiciousLocation`. 404.
 * - `POST /api/location-screening/runs` (`locationScreeningRun`) → 202 `{ job }`; progress at `/api/jobs/:id`.
 *   404 when `clientId` names no client.
 * Bad input → 400 VALIDATION_FAILED naming the field.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOCATION_SCREENING_JOB, locationScreeningEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { segmentsMayHaveChanged } from '../../workflows/events.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { route, type EndpointRequest } from '../../platform/http/endpoint-route.ts';
import { notFound } from '../../platform/http/errors.ts';
import { findPeopleNames } from '../people/people.service.ts';
import {
  createApprovedLocation,
  deleteApprovedLocation,
  findApprovedLocations,
  findBaselines,
  getBaselineDetail,
  updateApprovedLocation,
} from './baseline-locations.service.ts';
import { findSuspiciousLocations, reviewSuspiciousLocation } from './suspicious-locations.service.ts';

const e = locationScreeningEndpoints;

/**
 * Queues the location screening job for `scope` (of `clientId` when given; NOT_FOUND when it names no
 * client); audited `location_screening.run`.
 */
async function startLocationScreening(
  app: FastifyInstance,
  request: EndpointRequest<typeof e.startLocationScreening>,
) {
  const { db } = app.deps.database;
  const { scope, clientId } = request.body;
  if (clientId) {
    const names = await findPeopleNames(db, { caregiverIds: [], clientIds: [clientId] });
    if (!names.clients.has(clientId)) throw notFound('Client');
  }
  const job = await app.deps.jobs.enqueue({
    jobType: LOCATION_SCREENING_JOB,
    metadata: { scope, clientId: clientId ?? null },
    triggeredBy: request.ctx.actor?.userAccountId ?? null,
  });
  await recordAudit(db, request.ctx, {
    action: 'location_screening.run',
    entityType: 'processing_job',
    entityId: job.id,
    details: { scope, clientId: clientId ?? null },
  });
  return { job };
}

export const locationScreeningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['screening'];
  const baselines = { tags, preValidation: guard(db, 'admin', 'baseline_location') };
  const approved = { tags, preValidation: guard(db, 'admin', 'approved_location') };
  const findings = { tags, preValidation: guard(db, 'admin', 'suspicious_location') };
  /** An approved location's change re-screens the client: "location unverified" may change. */
  const revalidateAll = () => app.deps.events.publish(segmentsMayHaveChanged, 'all');

  route(app, e.findBaselines, baselines, (request) => findBaselines(db, request.ctx, request.query));
  route(app, e.getBaselineDetail, baselines, (request) =>
    getBaselineDetail(db, request.ctx, request.params.clientId),
  );

  route(app, e.findApprovedLocations, approved, async (request) => ({
    items: await findApprovedLocations(db, request.ctx, request.query.clientId),
  }));
  route(app, e.createApprovedLocation, approved, async (request) => {
    const location = await createApprovedLocation(db, request.ctx, request.body);
    await revalidateAll();
    return location;
  });
  route(app, e.updateApprovedLocation, approved, async (request) => {
    const location = await updateApprovedLocation(db, request.ctx, request.params.id, request.body);
    await revalidateAll();
    return location;
  });
  route(app, e.deleteApprovedLocation, approved, async (request) => {
    const location = await deleteApprovedLocation(db, request.ctx, request.params.id);
    await revalidateAll();
    return location;
  });

  route(app, e.findSuspiciousLocations, findings, (request) =>
    findSuspiciousLocations(db, request.ctx, request.query),
  );
  route(app, e.reviewSuspiciousLocation, findings, async (request) => {
    const finding = await reviewSuspiciousLocation(db, request.ctx, request.params.id, request.body);
    // A reviewed finding no longer leaves the shift's location unverified.
    await app.deps.events.publish(segmentsMayHaveChanged, { from: finding.date, to: finding.date });
    return finding;
  });

  route(app, e.startLocationScreening, findings, (request) => startLocationScreening(app, request));
};
