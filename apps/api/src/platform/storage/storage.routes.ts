/**
 * Storage routes (spec s.7 "Storage"), Supabase-Storage-shaped:
 *
 * Admin only (401 without a session, 403 for other roles):
 * - `GET|POST /api/storage/buckets`, `GET|PUT|DELETE /api/storage/buckets/:id`, `POST /api/storage/buckets/:id/empty`;
 * - `POST /api/storage/object/:bucket/*`: multipart upload (the file part, conventionally `file`;
 *   optional field `cacheControl` or header `cache-control`, seconds or directives, default 3600 s;
 *   header `x-upsert: true` replaces an existing object) → 201 `{ bucketId, path, size }`;
 * - `GET /api/storage/object/:bucket/*` download; `GET /api/storage/object/info/:bucket/*` metadata;
 * - `POST /api/storage/object/list/:bucket`, `POST /api/storage/object/move`, `POST /api/storage/object/copy`,
 *   `DELETE /api/storage/object/:bucket` (body `{ prefixes }`), `POST /api/storage/object/sign/:bucket/*`.
 *
 * Public (no session): `GET /api/storage/object/sign/:bucket/*?token=` (403 when the token is
 * invalid or expired) and `GET /api/storage/object/public/:bucket/*` (public buckets only, else 404).
 *
 * Downloads stream with `content-type`, `content-length`, `cache-control` (prefixed `private` unless
 * the bucket is public, so shared caches never keep PHI), `last-modified`, `content-disposition`
 * (`?download[=name]` for an attachment) and a sandboxing CSP, so an uploaded HTML or SVG file can
 * never run script on the app's origin. Range requests are not supported (`accept-ranges: none`).
 */
import { Transform, pipeline, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createStorageBucketInput,
  storageBucket,
  storageBucketList,
  storageBucketOnlyParams,
  storageBucketParams,
  storageDownloadQuery,
  storageEmptyResult,
  storageList,
  storageListInput,
  storageMoveInput,
  storageMoveResult,
  storageObjectInfo,
  storageObjectParams,
  storageRemoveInput,
  storageRemoveResult,
  storageSignedQuery,
  storageSignedUrl,
  storageSignInput,
  storageUploadResult,
  updateStorageBucketInput,
} from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { AppError } from '../http/errors.ts';
import type { GetResult } from './storage.driver.ts';

/** CSP of every object response: no scripts, plugins or subresources, sandboxed origin. */
const OBJECT_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** `inline|attachment; filename="ascii"; filename*=UTF-8''encoded` for the object's last path segment. */
function contentDisposition(path: string, download: string | undefined): string {
  const name = download ? download : (path.split('/').at(-1) ?? 'download');
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${download === undefined ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Streams an opened object with its headers; see the module comment. */
function sendObject(
  reply: FastifyReply,
  object: GetResult,
  path: string,
  options: { isPublic: boolean; download: string | undefined },
) {
  const stored = object.cacheControl ?? 'no-cache';
  const cacheControl =
    options.isPublic || /\b(private|no-store)\b/i.test(stored) ? stored : `private, ${stored}`;
  return reply
    .header('content-type', object.contentType)
    .header('content-length', String(object.size))
    .header('cache-control', cacheControl)
    .header('last-modified', object.lastModified.toUTCString())
    .header('content-disposition', contentDisposition(path, options.download))
    .header('content-security-policy', OBJECT_CSP)
    .header('accept-ranges', 'none')
    .send(object.body);
}

/** A multipart field's text value, or undefined when absent or a file. */
function fieldValue(field: unknown): string | undefined {
  const first: unknown = Array.isArray(field) ? field[0] : field;
  if (first && typeof first === 'object' && 'type' in first && first.type === 'field' && 'value' in first) {
    return String(first.value);
  }
  return undefined;
}

/**
 * Past the server's per-request file cap busboy silently truncates a part (sets `truncated`, ends
 * the stream normally), possibly before the handler sees the part. This pass-through fails the
 * stream with PAYLOAD_TOO_LARGE when that happened, before the end of the stream, so the driver
 * never commits a truncated object.
 */
export function failWhenTruncated(file: Readable & { truncated?: boolean }): Readable {
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than the server accepts in one upload');
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(file.truncated ? tooLarge() : null, chunk);
    },
    flush(callback) {
      callback(file.truncated ? tooLarge() : null);
    },
  });
  pipeline(file, checked, () => {});
  return checked;
}

/** Registers the storage routes; needs `app.deps.storage`. */
export const storageRoutes: FastifyPluginAsyncZod = (app) => {
  const { db } = app.deps.database;
  const { storage } = app.deps;
  const bucketGuard = guard(db, 'admin', 'storage_bucket');
  const objectGuard = guard(db, 'admin', 'storage_object');
  const tags = ['storage'];

  // ---- Buckets ---------------------------------------------------------------------------------

  app.get(
    '/api/storage/buckets',
    { preValidation: bucketGuard, schema: { tags, response: { 200: storageBucketList } } },
    async (request) => ({
      items: await storage.listBuckets(request.ctx),
    }),
  );

  app.post(
    '/api/storage/buckets',
    {
      preValidation: bucketGuard,
      schema: { tags, body: createStorageBucketInput, response: { 201: storageBucket } },
    },
    async (request, reply) => reply.status(201).send(await storage.createBucket(request.ctx, request.body)),
  );

  app.get(
    '/api/storage/buckets/:id',
    {
      preValidation: bucketGuard,
      schema: { tags, params: storageBucketParams, response: { 200: storageBucket } },
    },
    (request) => storage.getBucket(request.ctx, request.params.id),
  );

  app.put(
    '/api/storage/buckets/:id',
    {
      preValidation: bucketGuard,
      schema: {
        tags,
        params: storageBucketParams,
        body: updateStorageBucketInput,
        response: { 200: storageBucket },
      },
    },
    (request) => storage.updateBucket(request.ctx, request.params.id, request.body),
  );

  app.delete(
    '/api/storage/buckets/:id',
    {
      preValidation: bucketGuard,
      schema: { tags, params: storageBucketParams, response: { 204: z.null().describe('Deleted') } },
    },
    async (request, reply) => {
      await storage.deleteBucket(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/storage/buckets/:id/empty',
    {
      preValidation: bucketGuard,
      schema: { tags, params: storageBucketParams, response: { 200: storageEmptyResult } },
    },
    (request) => storage.emptyBucket(request.ctx, request.params.id),
  );

  // ---- Objects (admin) -------------------------------------------------------------------------
  // Static segments (info, list, move, copy, sign, public) win over `:bucket`; those ids are reserved.

  app.post(
    '/api/storage/object/list/:bucket',
    {
      preValidation: objectGuard,
      schema: {
        tags,
        params: storageBucketOnlyParams,
        body: storageListInput,
        response: { 200: storageList },
      },
    },
    async (request) => ({ items: await storage.list(request.ctx, request.params.bucket, request.body) }),
  );

  for (const kind of ['move', 'copy'] as const) {
    app.post(
      `/api/storage/object/${kind}`,
      {
        preValidation: objectGuard,
        schema: { tags, body: storageMoveInput, response: { 200: storageMoveResult } },
      },
      async (request) => {
        const { bucketId, sourceKey, destinationKey, upsert } = request.body;
        await storage[kind](request.ctx, bucketId, sourceKey, destinationKey, { upsert });
        return { bucketId, path: destinationKey };
      },
    );
  }

  app.delete(
    '/api/storage/object/:bucket',
    {
      preValidation: objectGuard,
      schema: {
        tags,
        params: storageBucketOnlyParams,
        body: storageRemoveInput,
        response: { 200: storageRemoveResult },
      },
    },
    async (request) => ({
      removed: await storage.remove(request.ctx, request.params.bucket, request.body.prefixes),
    }),
  );

  app.get(
    '/api/storage/object/info/:bucket/*',
    {
      preValidation: objectGuard,
      schema: { tags, params: storageObjectParams, response: { 200: storageObjectInfo } },
    },
    (request) => storage.info(request.ctx, request.params.bucket, request.params['*']),
  );

  app.post(
    '/api/storage/object/sign/:bucket/*',
    {
      preValidation: objectGuard,
      schema: {
        tags,
        params: storageObjectParams,
        body: storageSignInput,
        response: { 200: storageSignedUrl },
      },
    },
    (request) =>
      storage.createSignedUrl(
        request.ctx,
        request.params.bucket,
        request.params['*'],
        request.body.expiresIn,
      ),
  );

  app.post(
    '/api/storage/object/:bucket/*',
    {
      preValidation: objectGuard,
      schema: {
        tags,
        params: storageObjectParams,
        consumes: ['multipart/form-data'],
        response: { 201: storageUploadResult },
      },
    },
    async (request, reply) => {
      try {
        if (!request.isMultipart()) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the file as multipart/form-data, in a part named "file"',
          );
        }
        const upsertHeader = request.headers['x-upsert'];
        if (upsertHeader !== undefined && upsertHeader !== 'true' && upsertHeader !== 'false') {
          throw new AppError('VALIDATION_FAILED', "x-upsert must be 'true' or 'false'", [
            { path: 'x-upsert', message: "must be 'true' or 'false'" },
          ]);
        }
        const part = await request.file();
        if (!part)
          throw new AppError(
            'VALIDATION_FAILED',
            'file is required: send the file in a multipart part named "file"',
            [{ path: 'file', message: 'is required' }],
          );
        const headerCache = request.headers['cache-control'];
        const result = await storage.upload(request.ctx, {
          bucketId: request.params.bucket,
          path: request.params['*'],
          body: failWhenTruncated(part.file),
          contentType: part.mimetype,
          cacheControl:
            fieldValue(part.fields.cacheControl) ??
            (typeof headerCache === 'string' ? headerCache : undefined),
          upsert: upsertHeader === 'true',
        });
        return await reply.status(201).send(result);
      } catch (error) {
        // Refused while the client is still sending: answer now and close the connection, rather
        // than leave a half-read body holding the keep-alive socket.
        if (!request.raw.complete) void reply.header('connection', 'close');
        throw error;
      }
    },
  );

  app.get(
    '/api/storage/object/:bucket/*',
    {
      preValidation: objectGuard,
      schema: { tags, params: storageObjectParams, querystring: storageDownloadQuery },
    },
    async (request, reply) => {
      const path = request.params['*'];
      const object = await storage.download(request.ctx, request.params.bucket, path);
      return sendObject(reply, object, path, { isPublic: false, download: request.query.download });
    },
  );

  // ---- Objects (no session needed) -------------------------------------------------------------

  app.get(
    '/api/storage/object/sign/:bucket/*',
    { schema: { tags, params: storageObjectParams, querystring: storageSignedQuery } },
    async (request, reply) => {
      const path = request.params['*'];
      const object = await storage.downloadSigned(
        request.ctx,
        request.params.bucket,
        path,
        request.query.token,
      );
      return sendObject(reply, object, path, { isPublic: false, download: request.query.download });
    },
  );

  app.get(
    '/api/storage/object/public/:bucket/*',
    { schema: { tags, params: storageObjectParams, querystring: storageDownloadQuery } },
    async (request, reply) => {
      const path = request.params['*'];
      const object = await storage.downloadPublic(request.ctx, request.params.bucket, path);
      return sendObject(reply, object, path, { isPublic: true, download: request.query.download });
    },
  );
  return Promise.resolve();
};
