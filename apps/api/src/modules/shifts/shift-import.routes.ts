/**
 * Shift import routes (admin only; docs/evv-import.md):
 *   POST /api/shift-imports               multipart `file` → 202 queued (JSON) or 201 analysis (CSV)
 *   GET  /api/shift-imports               the newest uploads with their latest job
 *   GET  /api/shift-imports/:id           one upload (+ CSV analysis, to resume the mapping step)
 *   POST /api/shift-imports/:id/preview   the first rows parsed with a column map
 *   POST /api/shift-imports/:id/start     saves the column map and queues the import → 202
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  csvFileList,
  idParams,
  shiftImportDetail,
  shiftImportOptions,
  shiftImportPreview,
  shiftImportStarted,
  shiftImportUploaded,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  getShiftImport,
  listShiftImports,
  previewShiftImport,
  startCsvImport,
  uploadShiftImport,
  type ShiftImportDeps,
} from './shift-import.service.ts';

export const shiftImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps: ShiftImportDeps = {
    db,
    storage: app.deps.storage,
    jobs: app.deps.jobs,
    agencyTimeZone: app.deps.config.agencyTimeZone,
  };
  const access = guard(db, 'admin', 'csv_file');
  const tags = ['shift imports'];

  app.post(
    '/api/shift-imports',
    {
      preValidation: access,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 201: shiftImportUploaded, 202: shiftImportUploaded },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the file as multipart/form-data in a field named "file"',
        );
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw AppError.field('file', 'is required');
      const uploaded = await uploadShiftImport(deps, request.ctx, {
        originalName: file.filename || 'upload',
        contentType: file.mimetype || 'application/octet-stream',
        body: file.file,
      });
      return reply.status(uploaded.format === 'csv' ? 201 : 202).send(uploaded);
    },
  );

  app.get(
    '/api/shift-imports',
    { preValidation: access, schema: { tags, response: { 200: csvFileList } } },
    (request) => listShiftImports(db, request.ctx),
  );

  app.get(
    '/api/shift-imports/:id',
    { preValidation: access, schema: { tags, params: idParams, response: { 200: shiftImportDetail } } },
    (request) => getShiftImport(deps, request.ctx, request.params.id),
  );

  app.post(
    '/api/shift-imports/:id/preview',
    {
      preValidation: access,
      schema: { tags, params: idParams, body: shiftImportOptions, response: { 200: shiftImportPreview } },
    },
    (request) => previewShiftImport(deps, request.ctx, request.params.id, request.body),
  );

  app.post(
    '/api/shift-imports/:id/start',
    {
      preValidation: access,
      schema: { tags, params: idParams, body: shiftImportOptions, response: { 202: shiftImportStarted } },
    },
    async (request, reply) =>
      reply.status(202).send(await startCsvImport(deps, request.ctx, request.params.id, request.body)),
  );
};
