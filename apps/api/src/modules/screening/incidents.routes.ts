/**
 * Incident screening API (admin only; issue 5; docs/incident-screening.md). Anonymous callers get 401,
 * non-admins 403 (the guard audits the denial).
 * - `GET /api/incidents` (`incidentListQuery`) → `incidentPage`: the queue, filtered, sorted, paged.
 * - `GET /api/incidents/:id` → `incidentDetail` (`:id` is the shift id). 404 when the shift has no incident.
 * - `POST /api/incidents/:id/handle` (`incidentHandling`) → `incidentDetail`. 400 without a note, 404.
 * - `POST /api/incident-screenings` (`incidentScreeningRun`) → 202 `{ job }`: runs the screening job.
 * - `GET /api/incident-categories` → the catalogue.
 * - `POST /api/phrase-test` (`phraseTestInput`) → `phraseTestResult` (nothing stored).
 * - `GET|POST /api/terms`, `PATCH|DELETE /api/terms/:id`: Terms (409 on a duplicate term).
 * - `GET|POST /api/client-specific-terms`, `PATCH|DELETE /api/client-specific-terms/:id`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientSpecificTermInput,
  clientSpecificTermList,
  clientSpecificTermView,
  idParams,
  incidentCatalogue,
  incidentDetail,
  incidentHandling,
  incidentListQuery,
  incidentPage,
  incidentScreeningRun,
  incidentScreeningStarted,
  phraseTestInput,
  phraseTestResult,
  termInput,
  termList,
  termView,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { INCIDENT_SCREENING_JOB } from './incident-screening.service.ts';
import {
  deleteClientSpecificTerm,
  deleteTerm,
  findClientSpecificTerms,
  findIncidents,
  findTerms,
  getIncident,
  handleIncident,
  listIncidentCategories,
  saveClientSpecificTerm,
  saveTerm,
  testPhrases,
} from './incidents.service.ts';

export const incidentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const incidents = guard(db, 'admin', 'shift');
  const termsAccess = guard(db, 'admin', 'term');
  const tags = ['incidents'];

  app.get(
    '/api/incidents',
    {
      preValidation: incidents,
      schema: { tags, querystring: incidentListQuery, response: { 200: incidentPage } },
    },
    (request) => findIncidents(db, request.ctx, request.query),
  );
  app.get(
    '/api/incidents/:id',
    { preValidation: incidents, schema: { tags, params: idParams, response: { 200: incidentDetail } } },
    (request) => getIncident(db, request.ctx, request.params.id),
  );
  app.post(
    '/api/incidents/:id/handle',
    {
      preValidation: incidents,
      schema: { tags, params: idParams, body: incidentHandling, response: { 200: incidentDetail } },
    },
    (request) => handleIncident(db, request.ctx, request.params.id, request.body),
  );
  app.post(
    '/api/incident-screenings',
    {
      preValidation: incidents,
      schema: {
        tags,
        // No body = scope `changed`.
        body: incidentScreeningRun.nullish(),
        response: { 202: incidentScreeningStarted },
      },
    },
    async (request, reply) => {
      const scope = request.body?.scope ?? 'changed';
      const job = await app.deps.jobs.enqueue({
        jobType: INCIDENT_SCREENING_JOB,
        triggeredBy: request.ctx.actor?.userAccountId ?? null,
        metadata: { scope },
      });
      await recordAudit(db, request.ctx, {
        action: 'job.create',
        entityType: 'processing_job',
        entityId: job.id,
        details: { jobType: INCIDENT_SCREENING_JOB, scope },
      });
      return reply.status(202).send({ job });
    },
  );
  app.get(
    '/api/incident-categories',
    { preValidation: termsAccess, schema: { tags, response: { 200: incidentCatalogue } } },
    () => listIncidentCategories(),
  );
  app.post(
    '/api/phrase-test',
    {
      preValidation: termsAccess,
      schema: { tags, body: phraseTestInput, response: { 200: phraseTestResult } },
    },
    (request) => testPhrases(db, request.ctx, request.body),
  );

  app.get(
    '/api/terms',
    { preValidation: termsAccess, schema: { tags, response: { 200: termList } } },
    (request) => findTerms(db, request.ctx),
  );
  app.post(
    '/api/terms',
    { preValidation: termsAccess, schema: { tags, body: termInput, response: { 201: termView } } },
    async (request, reply) => reply.status(201).send(await saveTerm(db, request.ctx, request.body)),
  );
  app.patch(
    '/api/terms/:id',
    {
      preValidation: termsAccess,
      schema: { tags, params: idParams, body: termInput, response: { 200: termView } },
    },
    (request) => saveTerm(db, request.ctx, request.body, request.params.id),
  );
  app.delete(
    '/api/terms/:id',
    { preValidation: termsAccess, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteTerm(db, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/client-specific-terms',
    { preValidation: termsAccess, schema: { tags, response: { 200: clientSpecificTermList } } },
    (request) => findClientSpecificTerms(db, request.ctx),
  );
  app.post(
    '/api/client-specific-terms',
    {
      preValidation: termsAccess,
      schema: { tags, body: clientSpecificTermInput, response: { 201: clientSpecificTermView } },
    },
    async (request, reply) =>
      reply.status(201).send(await saveClientSpecificTerm(db, request.ctx, request.body)),
  );
  app.patch(
    '/api/client-specific-terms/:id',
    {
      preValidation: termsAccess,
      schema: {
        tags,
        params: idParams,
        body: clientSpecificTermInput,
        response: { 200: clientSpecificTermView },
      },
    },
    (request) => saveClientSpecificTerm(db, request.ctx, request.body, request.params.id),
  );
  app.delete(
    '/api/client-specific-terms/:id',
    { preValidation: termsAccess, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteClientSpecificTerm(db, request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
