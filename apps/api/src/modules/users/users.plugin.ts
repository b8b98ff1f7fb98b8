/**
 * The users module (staff and caregiver accounts, invitations, the signed-in account's own settings):
 * its routes. No jobs, no event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { usersRoutes } from './users.routes.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { personLinksRoutes } from './person-links.routes.ts';

export const usersPlugin: FastifyPluginAsync = async (app) => {
  await app.register(usersRoutes);
  await app.register(accountsRoutes);
  await app.register(personLinksRoutes);
};
