/**
 * The caregiver dashboard route (contracts `caregiverDashboardEndpoints`; decision 0052): any signed-in account at
 * the PHI tier (guard `dashboard`; anonymous 401, an admin without two-step verification 403); only the caregiver's
 * own account and admins get the dashboard, anyone else 404. Bad ids and locales are 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caregiverDashboardEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { getCaregiverDashboard } from './caregiver-dashboard.service.ts';
import type { DashboardDeps } from './dashboard-support.ts';

/** Registers the caregiver dashboard route over `deps`. */
export function caregiverDashboardRoutes(deps: DashboardDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const options = { tags: ['dashboards'], preValidation: guard(deps.db, 'dashboard', 'caregiver') };
    route(app, e.getCaregiverDashboard, options, (request) =>
      getCaregiverDashboard(deps, request.ctx, request.params.caregiverId, request.query),
    );
  };
}
