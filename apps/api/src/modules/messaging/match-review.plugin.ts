/**
 * Admin match review, match detection and the realtime diagnostics of module messaging (issue 22; decision 0061).
 * Registered by the module's `messaging.plugin.ts`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { matchReviewRoutes } from './match-review.routes.ts';
import { registerRealtimeDiagnostics } from './realtime-diagnostics.ts';

export const matchReviewPlugin: FastifyPluginAsync = async (app) => {
  registerRealtimeDiagnostics(app.deps.realtime);
  await app.register(
    matchReviewRoutes({ db: app.deps.database.db, database: app.deps.database, realtime: app.deps.realtime }),
  );
};
