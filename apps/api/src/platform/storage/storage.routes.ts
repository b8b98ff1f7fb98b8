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
 * never run script on the app's origin. Single byte ranges are served (`accept-ranges: bytes`; `Range: bytes=a-b` → 206, past the end → 416; spec s.7).
 */
import { Transform, pipeline, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storageEndpoints as endpoints } from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { AppError } from '../http/errors.ts';
import { route, type EndpointRequest } from '../http/endpoint-route.ts';
import type { Download, StorageService } from './storage.service.ts';
import { rangeHeaders } from './byte-range.ts';
import { imageRenderRoutes } from './image-render.routes.ts';

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
  object: Download,
  path: string,
  options: { isPublic: boolean; download: string | undefined },
) {
  const stored = object.cacheControl ?? 'no-cache';
  const cacheControl =
    options.isPublic || /\b(private|no-store)\b/i.test(stored) ? stored : `private, ${stored}`;
  return reply
    .header('content-type', object.contentType)
    .header('cache-control', cacheControl)
    .header('last-modified', object.lastModified.toUTCString())
    .header('content-disposition', contentDisposition(path, options.download))
    .header('content-security-policy', OBJECT_CSP)
    .header('accept-ranges', 'bytes')
    .headers(rangeHeaders(object))
    .code(object.unsatisfiable ? 416 : object.range ? 206 : 200)
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

/**
 * `POST /api/storage/object/:bucket/*`: stores the multipart part (see the file comment) → the object's
 * `{ bucketId, path, size }`. Errors: UNSUPPORTED_MEDIA_TYPE (not multipart), VALIDATION_FAILED naming
 * `x-upsert` or `file`, PAYLOAD_TOO_LARGE, and the storage service's.
 */
async function uploadObject(
  storage: StorageService,
  request: EndpointRequest<typeof endpoints.uploadObject>,
  reply: FastifyReply,
) {
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
    return await storage.upload(request.ctx, {
      bucketId: request.params.bucket,
      path: request.params['*'],
      body: failWhenTruncated(part.file),
      contentType: part.mimetype,
      cacheControl:
        fieldValue(part.fields.cacheControl) ?? (typeof headerCache === 'string' ? headerCache : undefined),
      upsert: upsertHeader === 'true',
    });
  } catch (error) {
    // Refused while the client is still sending: answer now and close the connection, rather
    // than leave a half-read body holding the keep-alive socket.
    if (!request.raw.complete) void reply.header('connection', 'close');
    throw error;
  }
}

/** The bucket routes (admin only): list, create, read, update, delete, empty. */
const storageBucketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.deps;
  const options = {
    tags: ['storage'],
    preValidation: guard(app.deps.database.db, 'admin', 'storage_bucket'),
  };
  route(app, endpoints.listBuckets, options, async (request) => ({
    items: await storage.listBuckets(request.ctx),
  }));
  route(app, endpoints.createBucket, options, (request) => storage.createBucket(request.ctx, request.body));
  route(app, endpoints.getBucket, options, (request) => storage.getBucket(request.ctx, request.params.id));
  route(app, endpoints.updateBucket, options, (request) =>
    storage.updateBucket(request.ctx, request.params.id, request.body),
  );
  route(app, endpoints.deleteBucket, options, async (request) => {
    await storage.deleteBucket(request.ctx, request.params.id);
    return null;
  });
  route(app, endpoints.emptyBucket, options, (request) =>
    storage.emptyBucket(request.ctx, request.params.id),
  );
};

/** The object routes: admin only, except the signed and public downloads (no session needed). */
const storageObjectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.deps;
  const options = {
    tags: ['storage'],
    preValidation: guard(app.deps.database.db, 'admin', 'storage_object'),
  };
  const publicOptions = { tags: ['storage'] };
  route(app, endpoints.listObjects, options, async (request) => ({
    items: await storage.list(request.ctx, request.params.bucket, request.body),
  }));
  for (const kind of ['move', 'copy'] as const) {
    route(app, kind === 'move' ? endpoints.moveObject : endpoints.copyObject, options, async (request) => {
      const { bucketId, sourceKey, destinationKey, upsert } = request.body;
      await storage[kind](request.ctx, bucketId, sourceKey, destinationKey, { upsert });
      return { bucketId, path: destinationKey };
    });
  }
  route(app, endpoints.removeObjects, options, async (request) => ({
    removed: await storage.remove(request.ctx, request.params.bucket, request.body.prefixes),
  }));
  route(app, endpoints.getObjectInfo, options, (request) =>
    storage.info(request.ctx, request.params.bucket, request.params['*']),
  );
  route(app, endpoints.createSignedUrl, options, (request) =>
    storage.createSignedUrl(request.ctx, request.params.bucket, request.params['*'], request.body.expiresIn),
  );
  route(app, endpoints.uploadObject, options, (request, reply) => uploadObject(storage, request, reply));
  route(app, endpoints.downloadObject, options, async (request, reply) => {
    const path = request.params['*'];
    const object = await storage.download(request.ctx, request.params.bucket, path, {
      range: request.headers.range,
    });
    return sendObject(reply, object, path, { isPublic: false, download: request.query.download });
  });
  route(app, endpoints.downloadSignedObject, publicOptions, async (request, reply) => {
    const path = request.params['*'];
    const object = await storage.downloadSigned(
      request.ctx,
      request.params.bucket,
      path,
      request.query.token,
      { range: request.headers.range },
    );
    return sendObject(reply, object, path, { isPublic: false, download: request.query.download });
  });
  route(app, endpoints.downloadPublicObject, publicOptions, async (request, reply) => {
    const path = request.params['*'];
    const object = await storage.downloadPublic(request.ctx, request.params.bucket, path, {
      range: request.headers.range,
    });
    return sendObject(reply, object, path, { isPublic: true, download: request.query.download });
  });
};

/** Registers the storage routes; needs `app.deps.storage`. */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(storageBucketRoutes);
  await app.register(storageObjectRoutes);
  await app.register(imageRenderRoutes);
};
