/**
 * The HTTP steps of one import kind (admin only; docs/decisions/0008-import-kinds.md), under `basePath`:
 *   POST <basePath>               multipart `file` → 201 analysis (CSV) or 202 queued (a JSON format)
 *   GET  <basePath>               the newest uploads of the kind with their latest job
 *   GET  <basePath>/:id           one upload (+ CSV analysis, to resume the mapping step)
 *   POST <basePath>/:id/preview   the first rows parsed with a column map
 *   POST <basePath>/:id/start     saves the column map and queues the import → 202
 * Responses go through the kind's contract schemas.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParams } from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { AppError } from '../http/errors.ts';
import type { ImportDeps, ImportService } from './import-service.ts';

export interface ImportRouteOptions {
  service: ImportService;
  basePath: string;
  tags: string[];
  schemas: {
    uploaded: z.ZodType;
    list: z.ZodType;
    detail: z.ZodType;
    options: z.ZodType<{ columnMap: Record<string, string>; timeZone?: string | undefined }>;
    preview: z.ZodType;
    started: z.ZodType;
  };
}

/** A Fastify plugin with the five import routes of one kind. */
export function importRoutes(options: ImportRouteOptions): FastifyPluginAsyncZod {
  const { service, basePath, tags, schemas } = options;
  return async (app) => {
    const { db } = app.deps.database;
    const deps: ImportDeps = {
      db,
      storage: app.deps.storage,
      jobs: app.deps.jobs,
      agencyTimeZone: app.deps.config.agencyTimeZone,
    };
    const access = guard(db, 'admin', 'csv_file');

    app.post(
      basePath,
      {
        preValidation: access,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 201: schemas.uploaded, 202: schemas.uploaded },
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
        const uploaded = await service.upload(deps, request.ctx, {
          originalName: file.filename || 'upload',
          contentType: file.mimetype || 'application/octet-stream',
          body: file.file,
        });
        return reply.status(uploaded.format === 'csv' ? 201 : 202).send(uploaded);
      },
    );

    app.get(
      basePath,
      { preValidation: access, schema: { tags, response: { 200: schemas.list } } },
      (request) => service.list(db, request.ctx),
    );

    app.get(
      `${basePath}/:id`,
      { preValidation: access, schema: { tags, params: idParams, response: { 200: schemas.detail } } },
      (request) => service.get(deps, request.ctx, request.params.id),
    );

    app.post(
      `${basePath}/:id/preview`,
      {
        preValidation: access,
        schema: { tags, params: idParams, body: schemas.options, response: { 200: schemas.preview } },
      },
      (request) => service.preview(deps, request.ctx, request.params.id, request.body),
    );

    app.post(
      `${basePath}/:id/start`,
      {
        preValidation: access,
        schema: { tags, params: idParams, body: schemas.options, response: { 202: schemas.started } },
      },
      async (request, reply) =>
        reply.status(202).send(await service.start(deps, request.ctx, request.params.id, request.body)),
    );
  };
}
