/**
 * The matchmaking module (issue 21; docs/matchmaking.md): guardians, client and caregiver listings, their media,
 * schedules, verification, reports and the map. Relaxed session tier (spec s.6); never shows PHI from the care side.
 * Each part registers its own routes here.
 */
import type { FastifyPluginAsync } from 'fastify';
import { clientListingRoutes } from './client-listings.routes.ts';
import { entryRoutes } from './matchmaking-home.routes.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import { caregiverListingRoutes } from './caregiver-listings.routes.ts';
import { likeRoutes } from './likes.routes.ts';
import { nearbyRoutes } from './nearby.routes.ts';
import { profileAlertRoutes } from './profile-alerts.routes.ts';
import { scheduleRoutes } from './schedules.routes.ts';
import { mediaRoutes } from './media.routes.ts';
import { ensureMediaBuckets } from './media.service.ts';

export const matchmakingPlugin: FastifyPluginAsync = async (app) => {
  const deps: MatchmakingDeps = {
    db: app.deps.database.db,
    storage: app.deps.storage,
    config: app.deps.config,
  };
  await app.register(clientListingRoutes(deps));
  await app.register(caregiverListingRoutes(deps));
  await app.register(scheduleRoutes(deps));
  await app.register(profileAlertRoutes(deps));
  await app.register(nearbyRoutes(deps));
  await app.register(entryRoutes(deps));
  await app.register(likeRoutes(deps));
  app.addHook('onReady', () => ensureMediaBuckets(deps.storage));
  await app.register(mediaRoutes(deps));
};
