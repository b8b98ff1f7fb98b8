/**
 * Profile-alert routes (contracts `matchmakingAlertEndpoints`; decision 0056): any signed-in account in the relaxed
 * tier (401 anonymous); a listing the caller does not manage is 404; dismissing a high alert is 400.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchmakingAlertEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import { dismissProfileAlert, listProfileAlerts } from './profile-alerts.service.ts';

/** Registers the profile-alert routes over `deps`. */
export function profileAlertRoutes(deps: MatchmakingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const options = { tags: ['matchmaking'], preValidation: guard(deps.db, 'auth', 'profile_alert') };
    route(app, e.findProfileAlerts, options, (request) =>
      listProfileAlerts(deps, request.ctx, request.query.listing),
    );
    route(app, e.dismissProfileAlert, options, (request) =>
      dismissProfileAlert(deps, request.ctx, request.body),
    );
  };
}
