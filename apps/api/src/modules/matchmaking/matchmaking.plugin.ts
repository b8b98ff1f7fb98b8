/**
 * The matchmaking module (issue 21; docs/matchmaking.md): guardians, client and caregiver listings, their media,
 * schedules, verification, reports and the map. Relaxed session tier (spec s.6); never shows PHI from the care side.
 * Each part registers its own routes here.
 */
import type { FastifyPluginAsync } from 'fastify';
import { entryRoutes } from './matchmaking-home.routes.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';

export const matchmakingPlugin: FastifyPluginAsync = async (app) => {
  const deps: MatchmakingDeps = {
    db: app.deps.database.db,
    storage: app.deps.storage,
    config: app.deps.config,
  };
  await app.register(entryRoutes(deps));
};
