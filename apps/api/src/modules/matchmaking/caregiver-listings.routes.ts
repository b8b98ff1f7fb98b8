/**
 * Caregiver listing routes (contracts `caregiverListingEndpoints`; issue 21; docs/matchmaking.md "Caregiver
 * listings"; decision 0054): any signed-in account (relaxed session tier, spec s.6), anonymous 401. Every `/me` route
 * works on the caller's own listing only (NOT_FOUND when it has none); creating one is refused to a GUARDIAN (403).
 * Bad input is 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caregiverListingEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { createCaregiverBio, findCaregiverBios } from './caregiver-bios.service.ts';
import {
  completeCaregiverVerificationStep,
  createCaregiverListing,
  finalizeCaregiverListing,
  getCaregiverPreview,
  getOwnCaregiverListing,
  updateCaregiverAdditionalInfo,
  updateCaregiverMedallion,
  updateOwnCaregiverListing,
} from './caregiver-listings.service.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';

/** Registers the caregiver listing routes over `deps`. */
export function caregiverListingRoutes(deps: MatchmakingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = { tags: ['matchmaking'], preValidation: guard(deps.db, 'auth', 'tinder_caregiver') };
    route(app, e.createCaregiverListing, signedIn, (request) =>
      createCaregiverListing(deps, request.ctx, request.body),
    );
    route(app, e.getOwnCaregiverListing, signedIn, (request) => getOwnCaregiverListing(deps, request.ctx));
    route(app, e.updateOwnCaregiverListing, signedIn, (request) =>
      updateOwnCaregiverListing(deps, request.ctx, request.body),
    );
    route(app, e.updateCaregiverMedallion, signedIn, (request) =>
      updateCaregiverMedallion(deps, request.ctx, request.body),
    );
    route(app, e.findCaregiverBios, signedIn, (request) => findCaregiverBios(deps, request.ctx));
    route(app, e.createCaregiverBio, signedIn, (request) =>
      createCaregiverBio(deps, request.ctx, request.body),
    );
    route(app, e.updateCaregiverAdditionalInfo, signedIn, (request) =>
      updateCaregiverAdditionalInfo(deps, request.ctx, request.body),
    );
    route(app, e.finalizeCaregiverListing, signedIn, (request) =>
      finalizeCaregiverListing(deps, request.ctx),
    );
    route(app, e.completeCaregiverVerificationStep, signedIn, (request) =>
      completeCaregiverVerificationStep(deps, request.ctx),
    );
    route(app, e.getCaregiverPreview, signedIn, (request) => getCaregiverPreview(deps, request.ctx));
  };
}
