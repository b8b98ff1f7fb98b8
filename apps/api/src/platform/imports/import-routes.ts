/**
 * The HTTP steps of one import kind (admin only; docs/decisions/0008-import-kinds.md, 0031, 0032): the
 * kind's five endpoints from contracts (`importEndpointSet`: upload, list, get, preview, start) registered
 * with `route()` over the pipeline's steps (import-service.ts). Each endpoint's response schema must
 * accept what the pipeline answers for the kind (`FittingEndpoints`): one that does not fit fails
 * typecheck at the kind's `importRoutes` call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ImportEndpoints, ProcessingJob, ResponseOf } from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { route, type EndpointHandler } from '../http/endpoint-route.ts';
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

/** The answers of a kind's endpoints, for the kind's types `T` (what serialisation is handed). */
export interface ImportRouteAnswers<T extends ImportKindTypes> {
  upload: ImportUploadedOut<T>;
  list: { items: ImportFileSummaryOut<T>[] };
  get: { file: ImportFileSummaryOut<T>; analysis: ImportAnalysisOut<T> | null; agencyTimeZone: string };
  preview: { rows: T['preview'][]; problems: string[] };
  start: { csvFileId: string; job: ProcessingJob };
}

type MappingBody<T extends ImportKindTypes> = Omit<ImportMappingOptions<T>, 'kind' | 'csvFileId' | 'extra'>;

/** A preview or start body as the pipeline's options: the column map and zone, the kind's own fields in `extra`. */
function mappingOf<T extends ImportKindTypes>(
  body: unknown,
): Omit<ImportMappingOptions<T>, 'kind' | 'csvFileId'> {
  // The endpoint's schema validated the body (`FittingEndpoints`: a column map of the kind's fields).
  const { columnMap, timeZone, ...extra } = body as MappingBody<T> & Record<string, unknown>;
  return { columnMap, timeZone, extra };
}

/**
 * `E` where each endpoint's response schema accepts the pipeline's answer for `T` and the preview/start
 * body is a column map of the kind's fields; else `never` on the endpoint that does not fit.
 */
export type FittingEndpoints<T extends ImportKindTypes, E extends ImportEndpoints> = {
  [K in keyof E]: K extends keyof ImportRouteAnswers<T>
    ? [ImportRouteAnswers<T>[K]] extends [ResponseOf<E[K]>]
      ? K extends 'preview' | 'start'
        ? E[K] extends { body: infer B extends z.ZodType }
          ? [z.output<B>] extends [MappingBody<T>]
            ? E[K]
            : never
          : never
        : E[K]
      : never
    : E[K];
};

export interface ImportRouteOptions<T extends ImportKindTypes, E extends ImportEndpoints> {
  kind: ImportKindDefinition<T>;
  endpoints: E & FittingEndpoints<T, E>;
  tags: string[];
}

/**
 * A handler of the generic endpoint set: the call site checked that the kind's endpoints fit the
 * pipeline's answers (`FittingEndpoints`), so here the answer is handed on as the endpoint's response.
 */
const handle = <E extends ImportEndpoints[keyof ImportEndpoints]>(
  handler: (...args: Parameters<EndpointHandler<E>>) => Promise<unknown>,
) => handler as unknown as EndpointHandler<E>;

/** A Fastify plugin with the five import endpoints of one kind. */
export function importRoutes<T extends ImportKindTypes, E extends ImportEndpoints>(
  options: ImportRouteOptions<T, E>,
): FastifyPluginAsyncZod {
  const { kind, tags } = options;
  const endpoints: ImportEndpoints = options.endpoints;
  return async (app) => {
    const { db } = app.deps.database;
    const deps: ImportDeps = {
      db,
      storage: app.deps.storage,
      jobs: app.deps.jobs,
      agencyTimeZone: app.deps.config.agencyTimeZone,
    };
    const access = { tags, preValidation: guard(db, 'admin', 'csv_file') };

    route(
      app,
      endpoints.upload,
      access,
      handle(async (request, reply) => {
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
        // 201: a CSV waits for its mapping; 202: a format detected from content is queued at once.
        if (uploaded.format !== 'csv') void reply.code(202);
        return uploaded;
      }),
    );
    route(
      app,
      endpoints.list,
      access,
      handle((request) => listImports(db, request.ctx, { kind })),
    );
    route(
      app,
      endpoints.get,
      access,
      handle((request) => getImport(deps, request.ctx, { kind, csvFileId: request.params.id })),
    );
    route(
      app,
      endpoints.preview,
      access,
      handle((request) =>
        previewImport(deps, request.ctx, {
          ...mappingOf<T>(request.body),
          kind,
          csvFileId: request.params.id,
        }),
      ),
    );
    route(
      app,
      endpoints.start,
      access,
      handle((request) =>
        startImport(deps, request.ctx, { ...mappingOf<T>(request.body), kind, csvFileId: request.params.id }),
      ),
    );
  };
}
