/** The staging module: so far the read of the shifts promoted from staging. No jobs, no event subscribers. */
import type { FastifyPluginAsync } from 'fastify';
import { stagingRoutes } from './staging.routes.ts';

export const stagingPlugin: FastifyPluginAsync = async (app) => {
  await app.register(stagingRoutes);
};
