/**
 * The built web app, served by the API process (one process is the whole product), and the not-found
 * handler. Register after every route.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from './errors.ts';

/**
 * Serves `webDistDir` when it holds an `index.html` (files looked up per request, so a rebuilt web app
 * is served without a restart; cached 1 h). Unknown `/api/` paths, non-GET requests and every path when
 * no web app is built are problem+json 404 NOT_FOUND; any other path gets `index.html` (no-cache) and
 * the client router decides (its 404 page included).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const webDist = webDistDir && existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : undefined;
  if (webDist) {
    await app.register(fastifyStatic, { root: path.resolve(webDist), wildcard: true, maxAge: '1h' });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || !webDist || request.method !== 'GET') {
      const error = new AppError('NOT_FOUND', `Page Not Found: ${request.url.split('?')[0]}`);
      return reply.status(404).type('application/problem+json').send(error.toProblem(request.id));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
