/**
 * Likes, discovery, matches, profiles, ratings, the case manager's authorization and the agency's matchmaking
 * settings (contracts `matchmakingLikeEndpoints`; issue 22; decision 0059). Any signed-in account in the relaxed
 * tier, except the authorization routes (they show a care record's name: PHI tier) and the settings (admins).
 * Who may do what is decided in the services: a listing or match the caller may not use is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchmakingLikeEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { getMatchmakingSettings, saveMatchmakingSettings } from './fit-inputs.ts';
import { discoverListings, listLikes } from './likes-lists.service.ts';
import { likeListing, passListing, withdrawLike } from './likes.service.ts';
import { decideAuthorization, listAuthorizations } from './match-authorizations.service.ts';
import { endMatch, listMatches, saveRating } from './match-lists.service.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import { caregiverProfile, clientProfile } from './profiles.service.ts';

/** Registers the likes and matches routes over `deps`. */
export function likeRoutes(deps: MatchmakingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['matchmaking'];
    const like = { tags, preValidation: guard(deps.db, 'auth', 'like') };
    const match = { tags, preValidation: guard(deps.db, 'auth', 'match') };
    const caseManager = { tags, preValidation: guard(deps.db, 'auth', 'match', { phi: true }) };
    const admin = { tags, preValidation: guard(deps.db, 'admin', 'app_setting', { phi: true }) };
    route(app, e.like, like, (request) => likeListing(deps, request.ctx, request.body));
    route(app, e.pass, like, (request) => passListing(deps, request.ctx, request.body));
    route(app, e.withdrawLike, like, (request) => withdrawLike(deps, request.ctx, request.body));
    route(app, e.listLikes, like, (request) => listLikes(deps, request.ctx, request.query.listingId));
    route(app, e.discover, like, (request) => discoverListings(deps, request.ctx, request.query.listingId));
    route(app, e.listMatches, match, (request) => listMatches(deps, request.ctx, request.query.listingId));
    route(app, e.endMatch, match, (request) => endMatch(deps, request.ctx, request.params.id));
    route(app, e.saveRating, match, (request) => saveRating(deps, request.ctx, request.body));
    route(app, e.caregiverProfile, like, (request) =>
      caregiverProfile(deps, request.ctx, request.params.id, request.query.fromListingId),
    );
    route(app, e.clientProfile, like, (request) =>
      clientProfile(deps, request.ctx, request.params.id, request.query.fromListingId),
    );
    route(app, e.listAuthorizations, caseManager, (request) => listAuthorizations(deps, request.ctx));
    route(app, e.decideAuthorization, caseManager, (request) =>
      decideAuthorization(deps, request.ctx, request.params.id, request.body),
    );
    route(app, e.getSettings, admin, (request) => getMatchmakingSettings(deps, request.ctx));
    route(app, e.saveSettings, admin, (request) => saveMatchmakingSettings(deps, request.ctx, request.body));
  };
}
