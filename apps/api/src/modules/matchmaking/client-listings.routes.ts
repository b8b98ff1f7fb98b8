/**
 * Guardian and client listing routes (contracts `matchmakingClientEndpoints`; issue 21; decision 0053): any
 * signed-in account, relaxed session tier (matchmaking routes never upgrade the session to PHI). Who may do what is
 * decided in the services: a listing the caller does not manage is 404, an account that cannot act as a family 403.
 * Bad input is 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchmakingClientEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import {
  archiveClientListing,
  createClientListing,
  finalizeClientListing,
  getClientListing,
  listClientListings,
  saveClientCareDetails,
  updateClientListing,
} from './client-listings.service.ts';
import {
  createGuardianProfile,
  getGuardianProfile,
  updateGuardianProfile,
} from './guardian-profiles.service.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';

/** Registers the guardian and client listing routes over `deps`. */
export function clientListingRoutes(deps: MatchmakingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const guardian = { tags: ['matchmaking'], preValidation: guard(deps.db, 'auth', 'guardian') };
    const listing = { tags: ['matchmaking'], preValidation: guard(deps.db, 'auth', 'tinder_client') };
    route(app, e.createGuardianProfile, guardian, async (request, reply) => {
      const created = await createGuardianProfile(deps, request.ctx, request.body);
      void reply.code(201);
      return created;
    });
    route(app, e.getGuardianProfile, guardian, (request) => getGuardianProfile(deps, request.ctx));
    route(app, e.updateGuardianProfile, guardian, (request) =>
      updateGuardianProfile(deps, request.ctx, request.body),
    );
    route(app, e.createClientListing, listing, async (request, reply) => {
      const created = await createClientListing(deps, request.ctx, request.body);
      void reply.code(201);
      return created;
    });
    route(app, e.findClientListings, listing, (request) => listClientListings(deps, request.ctx));
    route(app, e.getClientListing, listing, (request) =>
      getClientListing(deps, request.ctx, request.params.id),
    );
    route(app, e.updateClientListing, listing, (request) =>
      updateClientListing(deps, request.ctx, request.params.id, request.body),
    );
    route(app, e.saveClientCareDetails, listing, (request) =>
      saveClientCareDetails(deps, request.ctx, request.params.id, request.body),
    );
    route(app, e.finalizeClientListing, listing, (request) =>
      finalizeClientListing(deps, request.ctx, request.params.id, request.body),
    );
    route(app, e.archiveClientListing, listing, (request) =>
      archiveClientListing(deps, request.ctx, request.params.id),
    );
  };
}
