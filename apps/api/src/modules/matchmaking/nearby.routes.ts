/**
 * The map route (contracts `matchmakingMapEndpoints`; decision 0056): any signed-in account in the relaxed tier (401
 * anonymous); a `uniqueKey` whose listing the caller does not manage is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchmakingMapEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import { nearbyMap } from './nearby.service.ts';

/** Registers the map route over `deps`. */
export function nearbyRoutes(deps: MatchmakingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const options = { tags: ['matchmaking'], preValidation: guard(deps.db, 'auth', 'matchmaking_map') };
    route(app, e.getNearbyMap, options, (request) =>
      nearbyMap(deps, request.ctx, request.params.uniqueKey, request.query),
    );
  };
}
