/**
 * The access module (issue 20; decisions 0048 and 0049): its routes. Access links are opened by better-auth's
 * `POST /api/auth/access-link/open`, whose meaning (`createAccessLinkOpener`) app-deps.ts passes to the auth setup.
 */
import type { FastifyPluginAsync } from 'fastify';
import { accessLinkRoutes } from './access-links.routes.ts';

export const accessPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, messaging, storage } = app.deps;
  await app.register(accessLinkRoutes({ db: database.db, messaging, storage, publicUrl: config.publicUrl }));
};
