/**
 * The access module (issue 20 "Access links done right"; decision 0048): scoped grants, a signed-in person's home
 * and, with the lead's merge, access links. Its routes; no jobs, no event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { accessGrantsRoutes } from './access-grants.routes.ts';

export const accessPlugin: FastifyPluginAsync = async (app) => {
  await app.register(accessGrantsRoutes);
};
