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
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { incidentEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { route, type EndpointRequest } from '../../platform/http/endpoint-route.ts';
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

const e = incidentEndpoints;

/** Queues the incident screening job (scope `changed` when no body is sent); audited `job.create`. */
async function startIncidentScreening(
  app: FastifyInstance,
  request: EndpointRequest<typeof e.startIncidentScreening>,
) {
  const scope = request.body?.scope ?? 'changed';
  const job = await app.deps.jobs.enqueue({
    jobType: INCIDENT_SCREENING_JOB,
    triggeredBy: request.ctx.actor?.userAccountId ?? null,
    metadata: { scope },
  });
  await recordAudit(app.deps.database.db, request.ctx, {
    action: 'job.create',
    entityType: 'processing_job',
    entityId: job.id,
    details: { jobType: INCIDENT_SCREENING_JOB, scope },
  });
  return { job };
}

export const incidentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const incidents = { tags: ['incidents'], preValidation: guard(db, 'admin', 'shift') };
  const terms = { tags: ['incidents'], preValidation: guard(db, 'admin', 'term') };

  route(app, e.findIncidents, incidents, (request) => findIncidents(db, request.ctx, request.query));
  route(app, e.getIncident, incidents, (request) => getIncident(db, request.ctx, request.params.id));
  route(app, e.handleIncident, incidents, (request) =>
    handleIncident(db, request.ctx, request.params.id, request.body),
  );
  route(app, e.startIncidentScreening, incidents, (request) => startIncidentScreening(app, request));
  route(app, e.listIncidentCategories, terms, () => listIncidentCategories());
  route(app, e.testPhrases, terms, (request) => testPhrases(db, request.ctx, request.body));

  route(app, e.findTerms, terms, (request) => findTerms(db, request.ctx));
  route(app, e.createTerm, terms, (request) => saveTerm(db, request.ctx, request.body));
  route(app, e.updateTerm, terms, (request) => saveTerm(db, request.ctx, request.body, request.params.id));
  route(app, e.deleteTerm, terms, async (request) => {
    await deleteTerm(db, request.ctx, request.params.id);
    return null;
  });

  route(app, e.findClientSpecificTerms, terms, (request) => findClientSpecificTerms(db, request.ctx));
  route(app, e.createClientSpecificTerm, terms, (request) =>
    saveClientSpecificTerm(db, request.ctx, request.body),
  );
  route(app, e.updateClientSpecificTerm, terms, (request) =>
    saveClientSpecificTerm(db, request.ctx, request.body, request.params.id),
  );
  route(app, e.deleteClientSpecificTerm, terms, async (request) => {
    await deleteClientSpecificTerm(db, request.ctx, request.params.id);
    return null;
  });
};
