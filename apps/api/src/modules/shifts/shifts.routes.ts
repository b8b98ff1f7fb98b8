/** Shift list routes (admin only): GET /api/shifts (paged, filtered, with totals). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shiftListQuery, shiftPage } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { findShifts } from './shift-records.service.ts';

export const shiftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const access = guard(db, 'admin', 'shift');
  const tags = ['shifts'];

  app.get(
    '/api/shifts',
    { preValidation: access, schema: { tags, querystring: shiftListQuery, response: { 200: shiftPage } } },
    (request) => findShifts(db, request.ctx, request.query),
  );
};
