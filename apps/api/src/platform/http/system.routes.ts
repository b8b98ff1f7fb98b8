/**
 * System routes, public (no session, no PHI):
 * - `GET /api/health` → `{ status: 'ok' }` (liveness; never rate limited);
 * - `GET /api/ready` → `{ status: 'ready', database: 'pglite' | 'postgres' }`; 503 UNAVAILABLE when the
 *   database does not answer;
 * - `GET /api/client-config` → contracts `clientConfig`: the map tile server, the agency's time zone and
 *   which sign-in options are on.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemEndpoints } from '@tend/contracts';
import { defaultMapTiles } from '../config/config.ts';
import { AppError } from './errors.ts';
import { route } from './endpoint-route.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const options = { tags: ['system'] };
  route(app, systemEndpoints.getHealth, options, async () => ({ status: 'ok' as const }));
  route(app, systemEndpoints.getClientConfig, options, async () => {
    const mapTiles = config.map ?? defaultMapTiles;
    return {
      map: { tileUrl: mapTiles.tileUrl, attribution: mapTiles.attribution },
      agencyTimeZone: config.agencyTimeZone,
      signUpEnabled: config.signUpEnabled !== false,
      googleSignInEnabled: Boolean(config.google),
    };
  });
  route(app, systemEndpoints.getReadiness, options, async () => {
    try {
      await database.query('select 1');
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not reachable');
    }
    return { status: 'ready' as const, database: database.kind };
  });
};
