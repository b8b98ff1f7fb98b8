/**
 * People routes: /api/clients, /api/caregivers, /api/case-managers, each with list (paged, filtered,
 * sorted), read, create, update (PUT) and archive (POST …/archive). Admin only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { peopleEndpoints as endpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { segmentsMayHaveChanged } from '../../workflows/events.ts';
import * as people from './people.service.ts';

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  const clients = { tags: ['clients'], preValidation: guard(db, 'admin', 'client') };
  route(app, endpoints.findClients, clients, (request) => people.findClients(db, request.ctx, request.query));
  route(app, endpoints.getClient, clients, (request) => people.getClient(db, request.ctx, request.params.id));
  route(app, endpoints.createClient, clients, (request) =>
    people.createClient(db, request.ctx, request.body),
  );
  route(app, endpoints.updateClient, clients, (request) =>
    people.updateClient(db, request.ctx, request.params.id, request.body),
  );
  route(app, endpoints.setClientArchived, clients, (request) =>
    people.setClientArchived(db, request.ctx, request.params.id, request.body.archived),
  );

  const caregivers = { tags: ['caregivers'], preValidation: guard(db, 'admin', 'caregiver') };
  route(app, endpoints.findCaregivers, caregivers, (request) =>
    people.findCaregivers(db, request.ctx, request.query),
  );
  route(app, endpoints.getCaregiver, caregivers, (request) =>
    people.getCaregiver(db, request.ctx, request.params.id),
  );
  route(app, endpoints.createCaregiver, caregivers, (request) =>
    people.createCaregiver(db, request.ctx, request.body),
  );
  route(app, endpoints.updateCaregiver, caregivers, async (request) => {
    // A caregiver's type decides which codes they may bill (CAREGIVER_TYPE_NOT_ALLOWED).
    const typeBefore = await people.findCaregiverType(db, request.params.id);
    const record = await people.updateCaregiver(db, request.ctx, request.params.id, request.body);
    if (typeBefore !== null && typeBefore !== record.type)
      await app.deps.events.publish(segmentsMayHaveChanged, 'all');
    return record;
  });
  route(app, endpoints.setCaregiverArchived, caregivers, (request) =>
    people.setCaregiverArchived(db, request.ctx, request.params.id, request.body.archived),
  );

  const caseManagers = { tags: ['case managers'], preValidation: guard(db, 'admin', 'case_manager') };
  route(app, endpoints.findCaseManagers, caseManagers, (request) =>
    people.findCaseManagers(db, request.ctx, request.query),
  );
  route(app, endpoints.getCaseManager, caseManagers, (request) =>
    people.getCaseManager(db, request.ctx, request.params.id),
  );
  route(app, endpoints.createCaseManager, caseManagers, (request) =>
    people.createCaseManager(db, request.ctx, request.body),
  );
  route(app, endpoints.updateCaseManager, caseManagers, (request) =>
    people.updateCaseManager(db, request.ctx, request.params.id, request.body),
  );
  route(app, endpoints.setCaseManagerArchived, caseManagers, (request) =>
    people.setCaseManagerArchived(db, request.ctx, request.params.id, request.body.archived),
  );
};
