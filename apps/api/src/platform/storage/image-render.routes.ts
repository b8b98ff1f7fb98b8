/**
 * The image render routes (spec s.7 "public and authenticated image render"; decision 0055):
 * - `GET /api/storage/render/image/public/:bucket/*` — public buckets only (else 404), no session, not audited, like
 *   the public object route; `cache-control: public, max-age=3600`;
 * - `GET /api/storage/render/image/authenticated/:bucket/*` — admin, audited `file.read` by the storage service;
 *   `cache-control: private, max-age=3600`.
 * Query: `width`, `height`, `resize`, `quality`, `format` (contracts `imageRenderQuery`; a bad one is 400 naming it).
 * A stored file that is not an image is 415; a missing one 404.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storageRenderEndpoints as endpoints, type ImageRenderQuery } from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { AppError } from '../http/errors.ts';
import { route } from '../http/endpoint-route.ts';
import { IMAGE_RENDER_MAX_INPUT_BYTES, renderImage } from './image-render.ts';
import type { Download } from './storage.service.ts';

/** CSP of rendered images: nothing but the image itself. */
const IMAGE_CSP = "default-src 'none'; sandbox";

/**
 * The whole of `body`, refused with PAYLOAD_TOO_LARGE past `limit` bytes (the stream is destroyed then).
 */
export async function readAll(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > limit) {
      body.destroy();
      throw new AppError('PAYLOAD_TOO_LARGE', `The image is too large to render (at most ${limit} bytes)`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * Renders an opened object and sends it with `cache-control` (`public` or `private`, one hour), `content-type`,
 * `last-modified`, `x-content-type-options: nosniff` and a sandboxing CSP.
 */
export async function sendRendered(
  reply: FastifyReply,
  object: Download,
  query: Partial<ImageRenderQuery>,
  cache: 'public' | 'private',
  maxAgeSeconds = 3600,
): Promise<FastifyReply> {
  if (object.size > IMAGE_RENDER_MAX_INPUT_BYTES) {
    object.body.destroy();
    throw new AppError('PAYLOAD_TOO_LARGE', 'The image is too large to render (at most 25 MiB)');
  }
  const rendered = await renderImage(await readAll(object.body, IMAGE_RENDER_MAX_INPUT_BYTES), query);
  return reply
    .header('content-type', rendered.contentType)
    .header('cache-control', `${cache}, max-age=${maxAgeSeconds}`)
    .header('last-modified', object.lastModified.toUTCString())
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', IMAGE_CSP)
    .send(rendered.body);
}

/** Registers the two render routes; needs `app.deps.storage`. */
export const imageRenderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.deps;
  route(app, endpoints.renderPublicImage, { tags: ['storage'] }, async (request, reply) => {
    const object = await storage.downloadPublic(request.ctx, request.params.bucket, request.params['*']);
    return sendRendered(reply, object, request.query, 'public');
  });
  route(
    app,
    endpoints.renderAuthenticatedImage,
    { tags: ['storage'], preValidation: guard(app.deps.database.db, 'admin', 'storage_object') },
    async (request, reply) => {
      const object = await storage.download(request.ctx, request.params.bucket, request.params['*']);
      return sendRendered(reply, object, request.query, 'private');
    },
  );
};
