/**
 * The built web app, served by the API process (one process is the whole product), and the not-found
 * handler. Register after every route.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BUILD_MANIFEST_PATH } from '@tend/contracts';
import { AppError } from './errors.ts';

/** The web build's manifest, beside `index.html` (written by the web build; contracts `buildManifest`). */
export const BUILD_MANIFEST_FILE = 'build-manifest.json';

/**
 * Serves `webDistDir` when it holds an `index.html`: files are looked up per request, so a rebuilt web app is
 * served without a restart; cached 1 h, except the build manifest (`/build-manifest.json`, contracts
 * `buildManifest`), sent with `Cache-Control: no-store` so every open page sees a deploy (issue 24 "App updates";
 * decision 0068). A missing manifest is a 404 like a missing built file. Unknown `/api/` and `/assets/` paths, non-GET requests and every path when
 * no web app is built are problem+json 404 NOT_FOUND; any other path gets `index.html` (no-cache) and
 * the client router decides (its 404 page included).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const webDist = webDistDir && existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: path.resolve(webDist),
      wildcard: true,
      maxAge: '1h',
      setHeaders: (reply: FastifyReply, filePath: string) => {
        if (path.basename(filePath) === BUILD_MANIFEST_FILE) void reply.header('cache-control', 'no-store');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A missing built file (`/assets/…`: an old chunk a deploy removed) is a 404, not the app's page, so the
    // browser's import fails as a failed load and the app offers a reload (decision 0068).
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith('/assets/') ||
      request.url.split('?')[0] === BUILD_MANIFEST_PATH ||
      !webDist ||
      request.method !== 'GET'
    ) {
      const error = new AppError('NOT_FOUND', `Page Not Found: ${request.url.split('?')[0]}`);
      return reply.status(404).type('application/problem+json').send(error.toProblem(request.id));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
