/**
 * Person links on `/admin/users` (issue 20 "Accounts linked to people"; docs/accounts.md), admin only: link or
 * unlink an account (`PUT /api/users/:id/person`), the picker (`GET /api/users/person-options`) and the CAREGIVER
 * accounts waiting for confirmation (`GET /api/users/person-confirmations`). Bad input is 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsEndpoints as endpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { findPersonConfirmations, findPersonOptions, setUserPerson } from './person-link-admin.service.ts';

export const personLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const admin = { tags: ['users'], preValidation: guard(db, 'admin', 'user_account') };
  route(app, endpoints.setUserPerson, admin, (request) =>
    setUserPerson(
      db,
      request.ctx,
      request.params.id,
      request.body.person,
      app.deps.config.defaultPhoneCountry,
    ),
  );
  route(app, endpoints.findPersonOptions, admin, (request) =>
    findPersonOptions(db, request.ctx, request.query),
  );
  route(app, endpoints.findPersonConfirmations, admin, (request) => findPersonConfirmations(db, request.ctx));
};
