/**
 * The people module (clients, caregivers, case managers, guardians): its routes and the email export's (issue 24).
 * No jobs, no event
 * subscribers; a caregiver's type change publishes `segments.mayHaveChanged` (people.routes.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { emailExportRoutes } from './email-export.routes.ts';
import { peopleRoutes } from './people.routes.ts';

export const peoplePlugin: FastifyPluginAsync = async (app) => {
  await app.register(peopleRoutes);
  await app.register(emailExportRoutes);
};
