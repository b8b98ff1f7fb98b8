/**
 * Account routes: GET /api/me, first-run setup (GET/POST /api/setup) and user administration
 * (/api/users, admin only).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParams,
  me,
  setupInput,
  setupResult,
  setupStatus,
  userAccount,
  userCreateInput,
  userListQuery,
  userPage,
  userUpdateInput,
} from '@tend/contracts';
import { guard, mfaPending, requireActor } from '../../platform/auth/auth.plugin.ts';
import { mfaEnabled } from '../../platform/auth/mfa.ts';
import * as users from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { auth } = app.deps;
  /** Phones typed without a country code are read in this country and shown in its national form (decision 0019). */
  const phoneCountry = app.deps.config.defaultPhoneCountry;

  app.get('/api/me', { schema: { tags: ['auth'], response: { 200: me } } }, async (request) => {
    const actor = requireActor(request);
    return {
      userAccountId: actor.userAccountId,
      authUserId: actor.authUserId,
      email: actor.email,
      role: actor.role,
      fullName: actor.fullName,
      session: {
        issuedAt: actor.sessionIssuedAt.toISOString(),
        tier: request.authSession?.tier,
        aal: request.authSession?.aal,
      },
      mfa: { enabled: await mfaEnabled(db, actor.authUserId), required: mfaPending(request) },
    };
  });

  app.get('/api/setup', { schema: { tags: ['auth'], response: { 200: setupStatus } } }, async () => ({
    needsSetup: await users.needsSetup(db),
  }));

  app.post(
    '/api/setup',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: setupInput, response: { 201: setupResult } },
    },
    async (request, reply) => {
      const account = await users.completeSetup(db, auth, request.ctx, app.deps.setupToken, request.body);
      let demoDataLoaded = false;
      if (request.body.loadDemoData) {
        demoDataLoaded = await app.deps.loadDemoAgency(app.deps.database, { ...request.ctx, actor: null });
      }
      return reply.status(201).send({ email: account.email, demoDataLoaded });
    },
  );

  const adminOnly = guard(db, 'admin', 'user_account');
  const tags = ['users'];
  app.get(
    '/api/users',
    { preValidation: adminOnly, schema: { tags, querystring: userListQuery, response: { 200: userPage } } },
    (request) => users.findUsers(db, request.ctx, request.query, phoneCountry),
  );
  app.get(
    '/api/users/:id',
    { preValidation: adminOnly, schema: { tags, params: idParams, response: { 200: userAccount } } },
    (request) => users.getUser(db, request.ctx, request.params.id, phoneCountry),
  );
  app.post(
    '/api/users',
    { preValidation: adminOnly, schema: { tags, body: userCreateInput, response: { 201: userAccount } } },
    async (request, reply) =>
      reply.status(201).send(await users.createUser(db, auth, request.ctx, request.body, phoneCountry)),
  );
  app.put(
    '/api/users/:id',
    {
      preValidation: adminOnly,
      schema: { tags, params: idParams, body: userUpdateInput, response: { 200: userAccount } },
    },
    (request) => users.updateUser(db, request.ctx, request.params.id, request.body, phoneCountry),
  );
};
