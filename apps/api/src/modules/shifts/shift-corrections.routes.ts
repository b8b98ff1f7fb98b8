/** One shift (admin only): GET /api/shifts/:id with history, segments and its import. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, shiftDetail } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { getShift } from './shift-corrections.service.ts';

export const shiftCorrectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const access = guard(db, 'admin', 'shift');
  const tags = ['shifts'];

  app.get(
    '/api/shifts/:id',
    { preValidation: access, schema: { tags, params: idParams, response: { 200: shiftDetail } } },
    (request) => getShift(db, request.ctx, request.params.id),
  );
};
