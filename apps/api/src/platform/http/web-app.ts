/**
 * The built web app, served by the API process (one process is the whole product), and the not-found
 * handler. Register after every route.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BUILD_MANIFEST_PATH, buildManifest } from '@tend/contracts';
import { AppError } from './errors.ts';

/** The web build's manifest, beside `index.html` (written by the web build; contracts `buildManifest`). */
export const BUILD_MANIFEST_FILE = 'build-manifest.json';

/**
 * `GET /build-manifest.json` (issue 24 "App updates"; decision 0068): the manifest of the web app on disk, read on
 * every request (it is a few dozen bytes) and sent with `Cache-Control: no-store`, so a deploy that replaces the
 * built files is seen by every open page without a restart. 404 NOT_FOUND when no web app is built or its
 * manifest is missing or unreadable.
 */
function registerBuildManifest(app: FastifyInstance, webDist: string | undefined): void {
  // A file of the web app, not an API operation (contracts has its schema, no endpoint): hidden from the API document.
  app.get(BUILD_MANIFEST_PATH, { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const parsed = webDist
      ? buildManifest.safeParse(
          await readFile(path.join(webDist, BUILD_MANIFEST_FILE), 'utf8')
            .then((text) => JSON.parse(text) as unknown)
            .catch(() => null),
        )
      : undefined;
    if (!parsed?.success) throw new AppError('NOT_FOUND', 'No web build manifest');
    return parsed.data;
  });
}

/**
 * Serves `webDistDir` when it holds an `index.html` (its build manifest without caching, see
 * {@link registerBuildManifest}; other files looked up per request, so a rebuilt web app
 * is served without a restart; cached 1 h). Unknown `/api/` and `/assets/` paths, non-GET requests and every path when
 * no web app is built are problem+json 404 NOT_FOUND; any other path gets `index.html` (no-cache) and
 * the client router decides (its 404 page included).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const webDist = webDistDir && existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : undefined;
  registerBuildManifest(app, webDist);
  if (webDist) {
    await app.register(fastifyStatic, { root: path.resolve(webDist), wildcard: true, maxAge: '1h' });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A missing built file (`/assets/…`: an old chunk a deploy removed) is a 404, not the app's page, so the
    // browser's import fails as a failed load and the app offers a reload (decision 0068).
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith('/assets/') ||
      !webDist ||
      request.method !== 'GET'
    ) {
      const error = new AppError('NOT_FOUND', `Page Not Found: ${request.url.split('?')[0]}`);
      return reply.status(404).type('application/problem+json').send(error.toProblem(request.id));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
