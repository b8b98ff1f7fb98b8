/**
 * The matchmaking module (issue 21; docs/matchmaking.md): guardians, client and caregiver listings, their media,
 * schedules, verification, reports and the map. Relaxed session tier (spec s.6); never shows PHI from the care side.
 * Each part registers its own routes here.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import { mediaRoutes } from './media.routes.ts';
import { ensureMediaBuckets } from './media.service.ts';

export const matchmakingPlugin: FastifyPluginAsync = async (app) => {
  const deps: MatchmakingDeps = {
    db: app.deps.database.db,
    storage: app.deps.storage,
    config: app.deps.config,
  };
  app.addHook('onReady', () => ensureMediaBuckets(deps.storage));
  await app.register(mediaRoutes(deps));
};
