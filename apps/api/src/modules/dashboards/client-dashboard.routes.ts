/**
 * The client and portal dashboard routes (contracts `clientDashboardEndpoints`; decision 0052): any signed-in
 * account at the PHI tier (guard `dashboard`; anonymous 401, an admin without two-step verification 403); the
 * record scope is the service's (a client outside it is 404). Bad ids and locales are 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientDashboardEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { getClientDashboard, listDashboardClients } from './client-dashboard.service.ts';
import type { DashboardDeps } from './dashboard-support.ts';

/** Registers the client dashboard routes over `deps`. */
export function clientDashboardRoutes(deps: DashboardDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const options = { tags: ['dashboards'], preValidation: guard(deps.db, 'dashboard', 'client') };
    route(app, e.findDashboardClients, options, (request) => listDashboardClients(deps, request.ctx));
    route(app, e.getClientDashboard, options, (request) =>
      getClientDashboard(deps, request.ctx, request.params.clientId, request.query),
    );
  };
}
