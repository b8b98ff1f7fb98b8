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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvedLocation,
  approvedLocationInput,
  approvedLocationUpdate,
  baselineDetail,
  baselineListQuery,
  baselinePage,
  idParams,
  LOCATION_SCREENING_JOB,
  locationScreeningRun,
  processingJob,
  suspiciousLocation,
  suspiciousLocationListQuery,
  suspiciousLocationPage,
  suspiciousLocationReview,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { segmentsMayHaveChanged } from '../../workflows/events.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
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

const clientParams = z.object({ clientId: z.uuid({ message: 'must be a valid id' }) });

export const locationScreeningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['screening'];
  const baselines = guard(db, 'admin', 'baseline_location');
  const approved = guard(db, 'admin', 'approved_location');
  const findings = guard(db, 'admin', 'suspicious_location');

  app.get(
    '/api/baseline-locations',
    {
      preValidation: baselines,
      schema: { tags, querystring: baselineListQuery, response: { 200: baselinePage } },
    },
    (request) => findBaselines(db, request.ctx, request.query),
  );
  app.get(
    '/api/baseline-locations/:clientId',
    { preValidation: baselines, schema: { tags, params: clientParams, response: { 200: baselineDetail } } },
    (request) => getBaselineDetail(db, request.ctx, request.params.clientId),
  );

  app.get(
    '/api/approved-locations',
    {
      preValidation: approved,
      schema: {
        tags,
        querystring: clientParams,
        response: { 200: z.object({ items: z.array(approvedLocation) }) },
      },
    },
    async (request) => ({ items: await findApprovedLocations(db, request.ctx, request.query.clientId) }),
  );
  app.post(
    '/api/approved-locations',
    {
      preValidation: approved,
      schema: { tags, body: approvedLocationInput, response: { 201: approvedLocation } },
    },
    async (request, reply) => {
      const location = await createApprovedLocation(db, request.ctx, request.body);
      // The client's findings were re-screened: "location unverified" may change.
      await app.deps.events.publish(segmentsMayHaveChanged, 'all');
      return reply.status(201).send(location);
    },
  );
  app.patch(
    '/api/approved-locations/:id',
    {
      preValidation: approved,
      schema: { tags, params: idParams, body: approvedLocationUpdate, response: { 200: approvedLocation } },
    },
    async (request) => {
      const location = await updateApprovedLocation(db, request.ctx, request.params.id, request.body);
      await app.deps.events.publish(segmentsMayHaveChanged, 'all');
      return location;
    },
  );
  app.delete(
    '/api/approved-locations/:id',
    { preValidation: approved, schema: { tags, params: idParams, response: { 200: approvedLocation } } },
    async (request) => {
      const location = await deleteApprovedLocation(db, request.ctx, request.params.id);
      await app.deps.events.publish(segmentsMayHaveChanged, 'all');
      return location;
    },
  );

  app.get(
    '/api/suspicious-locations',
    {
      preValidation: findings,
      schema: { tags, querystring: suspiciousLocationListQuery, response: { 200: suspiciousLocationPage } },
    },
    (request) => findSuspiciousLocations(db, request.ctx, request.query),
  );
  app.post(
    '/api/suspicious-locations/:id/review',
    {
      preValidation: findings,
      schema: {
        tags,
        params: idParams,
        body: suspiciousLocationReview,
        response: { 200: suspiciousLocation },
      },
    },
    async (request) => {
      const finding = await reviewSuspiciousLocation(db, request.ctx, request.params.id, request.body);
      // A reviewed finding no longer leaves the shift's location unverified.
      await app.deps.events.publish(segmentsMayHaveChanged, { from: finding.date, to: finding.date });
      return finding;
    },
  );

  app.post(
    '/api/location-screening/runs',
    {
      preValidation: findings,
      schema: { tags, body: locationScreeningRun, response: { 202: z.object({ job: processingJob }) } },
    },
    async (request, reply) => {
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
      return reply.status(202).send({ job });
    },
  );
};
