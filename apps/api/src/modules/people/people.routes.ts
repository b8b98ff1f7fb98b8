/**
 * People routes: /api/clients, /api/caregivers, /api/case-managers, each with list (paged, filtered,
 * sorted), read, create, update (PUT) and archive (POST …/archive). Admin only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  archiveInput,
  caregiver,
  caregiverInput,
  caregiverListQuery,
  caregiverPage,
  caseManager,
  caseManagerInput,
  caseManagerListQuery,
  caseManagerPage,
  client,
  clientInput,
  clientListQuery,
  clientPage,
  idParams,
  type PeoplePage,
} from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { segmentsMayHaveChanged } from '../../workflows/events.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import * as people from './people.service.ts';

interface ResourceDef<Q extends z.ZodType, I extends z.ZodType, R extends z.ZodType> {
  path: string;
  tag: string;
  entityType: string;
  listQuery: Q;
  page: z.ZodType;
  input: I;
  record: R;
  find(db: Database, ctx: RequestContext, query: z.output<Q>): Promise<PeoplePage<z.output<R>>>;
  get(db: Database, ctx: RequestContext, id: string): Promise<z.output<R>>;
  create(db: Database, ctx: RequestContext, input: z.output<I>): Promise<z.output<R>>;
  update(db: Database, ctx: RequestContext, id: string, input: z.output<I>): Promise<z.output<R>>;
  setArchived(db: Database, ctx: RequestContext, id: string, archived: boolean): Promise<z.output<R>>;
}

const resources = [
  {
    path: '/api/clients',
    tag: 'clients',
    entityType: 'client',
    listQuery: clientListQuery,
    page: clientPage,
    input: clientInput,
    record: client,
    find: people.findClients,
    get: people.getClient,
    create: people.createClient,
    update: people.updateClient,
    setArchived: people.setClientArchived,
  } satisfies ResourceDef<typeof clientListQuery, typeof clientInput, typeof client>,
  {
    path: '/api/caregivers',
    tag: 'caregivers',
    entityType: 'caregiver',
    listQuery: caregiverListQuery,
    page: caregiverPage,
    input: caregiverInput,
    record: caregiver,
    find: people.findCaregivers,
    get: people.getCaregiver,
    create: people.createCaregiver,
    update: people.updateCaregiver,
    setArchived: people.setCaregiverArchived,
  } satisfies ResourceDef<typeof caregiverListQuery, typeof caregiverInput, typeof caregiver>,
  {
    path: '/api/case-managers',
    tag: 'case managers',
    entityType: 'case_manager',
    listQuery: caseManagerListQuery,
    page: caseManagerPage,
    input: caseManagerInput,
    record: caseManager,
    find: people.findCaseManagers,
    get: people.getCaseManager,
    create: people.createCaseManager,
    update: people.updateCaseManager,
    setArchived: people.setCaseManagerArchived,
  } satisfies ResourceDef<typeof caseManagerListQuery, typeof caseManagerInput, typeof caseManager>,
];

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  for (const def of resources as ResourceDef<z.ZodType, z.ZodType, z.ZodType>[]) {
    const access = guard(db, 'admin', def.entityType);
    const tags = [def.tag];
    app.get(
      def.path,
      { preValidation: access, schema: { tags, querystring: def.listQuery, response: { 200: def.page } } },
      (request) => def.find(db, request.ctx, request.query),
    );
    app.get(
      `${def.path}/:id`,
      { preValidation: access, schema: { tags, params: idParams, response: { 200: def.record } } },
      (request) => def.get(db, request.ctx, request.params.id),
    );
    app.post(
      def.path,
      { preValidation: access, schema: { tags, body: def.input, response: { 201: def.record } } },
      async (request, reply) => reply.status(201).send(await def.create(db, request.ctx, request.body)),
    );
    app.put(
      `${def.path}/:id`,
      {
        preValidation: access,
        schema: { tags, params: idParams, body: def.input, response: { 200: def.record } },
      },
      async (request) => {
        // A caregiver's type decides which codes they may bill (CAREGIVER_TYPE_NOT_ALLOWED).
        const typeBefore =
          def.entityType === 'caregiver' ? await people.findCaregiverType(db, request.params.id) : null;
        const record = await def.update(db, request.ctx, request.params.id, request.body);
        if (typeBefore !== null && typeBefore !== (record as { type?: string }).type)
          await app.deps.events.publish(segmentsMayHaveChanged, 'all');
        return record;
      },
    );
    app.post(
      `${def.path}/:id/archive`,
      {
        preValidation: access,
        schema: { tags, params: idParams, body: archiveInput, response: { 200: def.record } },
      },
      (request) => def.setArchived(db, request.ctx, request.params.id, request.body.archived),
    );
  }
};
