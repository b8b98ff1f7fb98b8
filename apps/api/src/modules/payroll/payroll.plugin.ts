/** The payroll module (pay periods, adjustments, payroll export): its routes. No jobs, no event subscribers. */
import type { FastifyPluginAsync } from 'fastify';
import { payrollRoutes } from './payroll.routes.ts';

export const payrollPlugin: FastifyPluginAsync = async (app) => {
  await app.register(payrollRoutes);
};
