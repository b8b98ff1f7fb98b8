/**
 * The dashboards module (issue 20; docs/dashboards.md; decisions 0051, 0052): read-only pages over other modules'
 * published reads, scoped by module access. Its routes only; no tables, jobs or event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { caregiverDashboardRoutes } from './caregiver-dashboard.routes.ts';
import { caseManagerDashboardRoutes } from './case-manager-dashboard.routes.ts';
import { clientDashboardRoutes } from './client-dashboard.routes.ts';
import type { DashboardDeps } from './dashboard-support.ts';

export const dashboardsPlugin: FastifyPluginAsync = async (app) => {
  const deps: DashboardDeps = {
    db: app.deps.database.db,
    storage: app.deps.storage,
    agencyTimeZone: app.deps.config.agencyTimeZone,
    workweekStart: app.deps.config.workweekStart ?? 'sunday',
  };
  await app.register(caseManagerDashboardRoutes(deps));
  await app.register(clientDashboardRoutes(deps));
  await app.register(caregiverDashboardRoutes(deps));
};
