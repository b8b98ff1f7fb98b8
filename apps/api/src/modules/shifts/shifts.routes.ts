/**
 * Shift routes (admin only): POST /api/shift-imports (multipart `file`), GET /api/shifts (paged,
 * filtered), GET /api/shifts/:id (with change history).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, shiftDetail, shiftImportStarted, shiftListQuery, shiftPage } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findShifts, getShift, startShiftImport } from './shifts.service.ts';

export const shiftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const access = guard(db, 'admin', 'shift');
  const tags = ['shifts'];

  app.post(
    '/api/shift-imports',
    {
      preValidation: access,
      schema: { tags, consumes: ['multipart/form-data'], response: { 202: shiftImportStarted } },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the file as multipart/form-data in a field named "file"',
        );
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw AppError.field('file', 'is required');
      const started = await startShiftImport(
        { db, storage: app.deps.storage, jobs: app.deps.jobs },
        request.ctx,
        {
          originalName: file.filename || 'upload',
          contentType: file.mimetype || 'application/octet-stream',
          body: file.file,
        },
      );
      return reply.status(202).send(started);
    },
  );

  app.get(
    '/api/shifts',
    { preValidation: access, schema: { tags, querystring: shiftListQuery, response: { 200: shiftPage } } },
    (request) => findShifts(db, request.ctx, request.query),
  );
  app.get(
    '/api/shifts/:id',
    { preValidation: access, schema: { tags, params: idParams, response: { 200: shiftDetail } } },
    (request) => getShift(db, request.ctx, request.params.id),
  );
};
