/** Shift import routes (admin only): POST /api/shift-imports (multipart `file`). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shiftImportStarted } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { AppError } from '../../platform/http/errors.ts';
import { startShiftImport } from './shift-import.service.ts';

export const shiftImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const access = guard(db, 'admin', 'csv_file');
  const tags = ['shift imports'];

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
};
