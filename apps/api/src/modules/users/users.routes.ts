/**
 * Account routes: GET /api/me, first-run setup (GET/POST /api/setup) and user administration
 * (/api/users, admin only). The endpoints are contracts' `authEndpoints` and `usersEndpoints`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints, usersEndpoints } from '@tend/contracts';
import { guard, mfaPending, requireActor } from '../../platform/auth/auth.plugin.ts';
import { mfaEnabled } from '../../platform/auth/mfa.ts';
import { storedAccountLocale } from '../../platform/auth/account-locale.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import * as users from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { auth } = app.deps;
  /** Phones typed without a country code are read in this country and shown in its national form (decision 0019). */
  const phoneCountry = app.deps.config.defaultPhoneCountry;

  route(app, authEndpoints.getMe, { tags: ['auth'] }, async (request) => {
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
      locale: await storedAccountLocale(db, actor.userAccountId),
    };
  });

  route(app, authEndpoints.getSetupStatus, { tags: ['auth'] }, async () => ({
    needsSetup: await users.needsSetup(db),
  }));

  route(
    app,
    authEndpoints.completeSetup,
    { tags: ['auth'], config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request) => {
      const account = await users.completeSetup(db, auth, request.ctx, app.deps.setupToken, request.body);
      let demoDataLoaded = false;
      if (request.body.loadDemoData) {
        demoDataLoaded = await app.deps.loadDemoAgency(app.deps.database, { ...request.ctx, actor: null });
      }
      return { email: account.email, demoDataLoaded };
    },
  );

  const admin = { tags: ['users'], preValidation: guard(db, 'admin', 'user_account') };
  route(app, usersEndpoints.findUsers, admin, (request) =>
    users.findUsers(db, request.ctx, request.query, phoneCountry),
  );
  route(app, usersEndpoints.getUser, admin, (request) =>
    users.getUser(db, request.ctx, request.params.id, phoneCountry),
  );
  route(app, usersEndpoints.createUser, admin, (request) =>
    users.createUser(db, auth, request.ctx, request.body, phoneCountry),
  );
  route(app, usersEndpoints.updateUser, admin, (request) =>
    users.updateUser(db, request.ctx, request.params.id, request.body, phoneCountry),
  );
};
