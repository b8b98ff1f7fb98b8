/**
 * System routes, public (no session, no PHI):
 * - `GET /api/health` → `{ status: 'ok' }` (liveness; never rate limited);
 * - `GET /api/ready` → `{ status: 'ready', database: 'pglite' | 'postgres' }`; 503 UNAVAILABLE when the
 *   database does not answer;
 * - `GET /api/client-config` → contracts `clientConfig`: the map tile server, the agency's time zone and
 *   which sign-in options are on.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientConfig } from '@tend/contracts';
import { defaultMapTiles } from '../config/config.ts';
import { AppError } from './errors.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const tags = ['system'];
  app.get(
    '/api/health',
    { schema: { tags, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get('/api/client-config', { schema: { tags, response: { 200: clientConfig } } }, async () => {
    const mapTiles = config.map ?? defaultMapTiles;
    return {
      map: { tileUrl: mapTiles.tileUrl, attribution: mapTiles.attribution },
      agencyTimeZone: config.agencyTimeZone,
      signUpEnabled: config.signUpEnabled !== false,
      googleSignInEnabled: Boolean(config.google),
    };
  });
  app.get(
    '/api/ready',
    { schema: { tags, response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) } } },
    async () => {
      try {
        await database.query('select 1');
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ready' as const, database: database.kind };
    },
  );
};
