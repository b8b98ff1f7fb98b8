/**
 * The access module (issue 20 "Access links done right"; decisions 0048, 0049, 0050): its routes — scoped grants, a
 * signed-in person's home, access links and report links. Access links are opened by better-auth's
 * `POST /api/auth/access-link/open`, whose meaning (`createAccessLinkOpener`) app-deps.ts passes to the auth setup.
 * No jobs, no event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { accessGrantsRoutes } from './access-grants.routes.ts';
import { accessLinkRoutes } from './access-links.routes.ts';

export const accessPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, messaging, storage } = app.deps;
  await app.register(accessGrantsRoutes);
  await app.register(accessLinkRoutes({ db: database.db, messaging, storage, publicUrl: config.publicUrl }));
};
