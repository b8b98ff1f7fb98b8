/**
 * The dashboards module (issue 20; docs/dashboards.md): read-only pages over other modules' published reads, scoped
 * by module access. Its routes only; no tables, jobs or event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { caseManagerDashboardRoutes } from './case-manager-dashboard.routes.ts';

export const dashboardsPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, storage } = app.deps;
  await app.register(
    caseManagerDashboardRoutes({ db: database.db, storage, agencyTimeZone: config.agencyTimeZone }),
  );
};
