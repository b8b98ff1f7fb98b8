/**
 * The dashboards module (issue 20; decision 0052): read-only pages over other modules' read APIs, scoped by the
 * access module. Routes only: no tables, no jobs, no event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { caregiverDashboardRoutes } from './caregiver-dashboard.routes.ts';
import { clientDashboardRoutes } from './client-dashboard.routes.ts';
import type { DashboardDeps } from './dashboard-support.ts';

export const dashboardsPlugin: FastifyPluginAsync = async (app) => {
  const deps: DashboardDeps = {
    db: app.deps.database.db,
    agencyTimeZone: app.deps.config.agencyTimeZone,
    workweekStart: app.deps.config.workweekStart ?? 'sunday',
  };
  await app.register(clientDashboardRoutes(deps));
  await app.register(caregiverDashboardRoutes(deps));
};
