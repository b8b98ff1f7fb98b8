/**
 * The people module (clients, caregivers, case managers, guardians): its routes. No jobs, no event
 * subscribers; a caregiver's type change publishes `segments.mayHaveChanged` (people.routes.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { peopleRoutes } from './people.routes.ts';

export const peoplePlugin: FastifyPluginAsync = async (app) => {
  await app.register(peopleRoutes);
};
