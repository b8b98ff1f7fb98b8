/**
 * The HTTP steps of one import kind (admin only; docs/decisions/0008-import-kinds.md), under `basePath`:
 *   POST <basePath>               multipart `file` → 201 analysis (CSV) or 202 queued (a JSON format)
 *   GET  <basePath>               the newest uploads of the kind with their latest job
 *   GET  <basePath>/:id           one upload (+ CSV analysis, to resume the mapping step)
 *   POST <basePath>/:id/preview   the first rows parsed with a column map
 *   POST <basePath>/:id/start     saves the column map and queues the import → 202
 * Responses go through the kind's contract schemas, and each schema must accept what the pipeline
 * answers for the kind (`ImportRouteSchemas`): a schema that does not fit fails typecheck.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParams, type ProcessingJob } from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { AppError } from '../http/errors.ts';
import type {
  ImportAnalysisOut,
  ImportDeps,
  ImportFileSummaryOut,
  ImportKindDefinition,
  ImportKindTypes,
  ImportUploadedOut,
} from './import-kind.ts';
import {
  getImport,
  listImports,
  previewImport,
  startImport,
  uploadImport,
  type ImportMappingOptions,
} from './import-service.ts';

/** The answers of a kind's routes, for the kind's types `T` (what serialisation is handed). */
export interface ImportRouteAnswers<T extends ImportKindTypes> {
  uploaded: ImportUploadedOut<T>;
  list: { items: ImportFileSummaryOut<T>[] };
  detail: { file: ImportFileSummaryOut<T>; analysis: ImportAnalysisOut<T> | null; agencyTimeZone: string };
  preview: { rows: T['preview'][]; problems: string[] };
  started: { csvFileId: string; job: ProcessingJob };
}

/**
 * The contract schemas of a kind's routes; `options` is the body of preview and start (its column map
 * must be one of the kind's fields, `FittingSchemas`).
 */
export type ImportRouteSchemas = Record<keyof ImportRouteAnswers<ImportKindTypes>, z.ZodType> & {
  options: z.ZodType<Omit<ImportMappingOptions<ImportKindTypes>, 'kind' | 'csvFileId'>>;
};

/**
 * `S` where each response schema's input accepts the pipeline's answer for `T`, else `never` on the
 * schema that does not fit (so the call of `importRoutes` fails typecheck there).
 */
export type FittingSchemas<T extends ImportKindTypes, S extends ImportRouteSchemas> = {
  [K in keyof S]: K extends keyof ImportRouteAnswers<T>
    ? [ImportRouteAnswers<T>[K]] extends [z.input<S[K]>]
      ? S[K]
      : never
    : K extends 'options'
      ? [z.output<S[K]>] extends [Omit<ImportMappingOptions<T>, 'kind' | 'csvFileId'>]
        ? S[K]
        : never
      : S[K];
};

export interface ImportRouteOptions<T extends ImportKindTypes, S extends ImportRouteSchemas> {
  kind: ImportKindDefinition<T>;
  basePath: string;
  tags: string[];
  schemas: S & FittingSchemas<T, S>;
}

/** A Fastify plugin with the five import routes of one kind. */
export function importRoutes<T extends ImportKindTypes, S extends ImportRouteSchemas>(
  options: ImportRouteOptions<T, S>,
): FastifyPluginAsyncZod {
  const { kind, basePath, tags } = options;
  // Checked against the kind at the call (`FittingSchemas`); here they are plain schemas.
  const schemas: ImportRouteSchemas = options.schemas;
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
        const uploaded = await uploadImport(deps, request.ctx, {
          kind,
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
      (request) => listImports(db, request.ctx, { kind }),
    );

    app.get(
      `${basePath}/:id`,
      { preValidation: access, schema: { tags, params: idParams, response: { 200: schemas.detail } } },
      (request) => getImport(deps, request.ctx, { kind, csvFileId: request.params.id }),
    );

    app.post(
      `${basePath}/:id/preview`,
      {
        preValidation: access,
        schema: { tags, params: idParams, body: schemas.options, response: { 200: schemas.preview } },
      },
      (request) => previewImport(deps, request.ctx, { ...request.body, kind, csvFileId: request.params.id }),
    );

    app.post(
      `${basePath}/:id/start`,
      {
        preValidation: access,
        schema: { tags, params: idParams, body: schemas.options, response: { 202: schemas.started } },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await startImport(deps, request.ctx, { ...request.body, kind, csvFileId: request.params.id }),
          ),
    );
  };
}
