/**
 * Staging routes (admin only): `GET /api/production-shifts` (`shiftListQuery`) → `shiftPage`, the
 * shifts promoted from staging. Errors: 400 VALIDATION_FAILED naming the query field; anonymous 401,
 * non-admins 403 (the guard audits the denial).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stagingEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { findProductionShifts } from './production-shifts.service.ts';

export const stagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  route(
    app,
    stagingEndpoints.findProductionShifts,
    { tags: ['shifts'], preValidation: guard(db, 'admin', 'shift') },
    (request) => findProductionShifts(db, request.ctx, request.query),
  );
};
