/**
 * Access grants and a signed-in person's home (contracts `accessGrantEndpoints`; docs/accounts.md; decisions 0048
 * and 0050):
 * - admin: `GET/POST /api/access-grants`, `POST /api/access-grants/:id/revoke`, `GET /api/access-grants/activity`
 *   (what an account, e.g. an auditor, read);
 * - any signed-in account: `GET /api/me/home` (its own dashboard's path, or null).
 * Bad input is 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessGrantEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { createAccessGrant, findAccessGrants, revokeAccessGrant } from './access-grants.service.ts';
import { findAccountActivity, getMyHome } from './access-home.service.ts';

export const accessGrantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const admin = { tags: ['access'], preValidation: guard(db, 'admin', 'access_grant') };
  route(app, e.findAccessGrants, admin, (request) => findAccessGrants(db, request.ctx, request.query));
  route(app, e.createAccessGrant, admin, async (request, reply) => {
    const created = await createAccessGrant(db, request.ctx, request.body);
    void reply.code(201);
    return created;
  });
  route(app, e.revokeAccessGrant, admin, (request) => revokeAccessGrant(db, request.ctx, request.params.id));
  route(app, e.findAccountActivity, admin, (request) => findAccountActivity(db, request.ctx, request.query));
  const signedIn = { tags: ['access'], preValidation: guard(db, 'auth', 'user_account', { phi: false }) };
  route(app, e.getMyHome, signedIn, (request) => getMyHome(db, request.ctx));
};
