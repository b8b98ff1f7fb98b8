/** The hours module (caregiver hours and their violations): its routes. No jobs, no event subscribers. */
import type { FastifyPluginAsync } from 'fastify';
import { caregiverHoursRoutes } from './caregiver-hours.routes.ts';

export const hoursPlugin: FastifyPluginAsync = async (app) => {
  await app.register(caregiverHoursRoutes);
};
