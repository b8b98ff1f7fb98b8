/**
 * Routes of admin match review, match detection and the realtime diagnostics (issue 22; contracts
 * `match-review.ts`, `realtime-diagnostics.ts`; decision 0061). Every route is `admin` at aal2 (contracts
 * `apiAccess`): anonymous 401, any other role 403.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchReviewEndpoints as review, realtimeDiagnosticsEndpoints as diagnostics } from '@tend/contracts';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import type { RealtimeHub } from '../../platform/realtime/realtime.ts';
import { dismissFlag, getMatchDetection, hideFlaggedListing } from './match-detection.service.ts';
import {
  endMatchForReview,
  findMatchesForReview,
  getMatchForReview,
  type MatchReviewDeps,
} from './match-review.service.ts';
import { realtimeFigures } from './realtime-diagnostics.ts';

/** Registers the review, detection and realtime-figures routes. */
export function matchReviewRoutes(
  deps: MatchReviewDeps & { database: DatabaseHandle; realtime: RealtimeHub },
): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = (entity: string) => ({
      tags: ['messaging'],
      preValidation: guard(deps.db, 'admin', entity, { phi: true }),
    });
    route(app, review.findMatches, admin('match'), (request) =>
      findMatchesForReview(deps, request.ctx, request.query),
    );
    route(app, review.getMatch, admin('match'), (request) =>
      getMatchForReview(deps, request.ctx, request.params.id),
    );
    route(app, review.endMatch, admin('match'), (request) =>
      endMatchForReview(deps, request.ctx, request.params.id, request.body),
    );
    route(app, review.getMatchDetection, admin('match'), (request) => getMatchDetection(deps, request.ctx));
    route(app, review.dismissFlag, admin('match_flag_dismissal'), async (request, reply) => {
      const result = await dismissFlag(deps, request.ctx, request.body);
      void reply.code(201);
      return result;
    });
    route(app, review.hideListing, admin('match'), (request) =>
      hideFlaggedListing(deps, request.ctx, request.body),
    );
    route(app, diagnostics.getRealtimeFigures, admin('realtime'), async () =>
      realtimeFigures(deps.realtime, deps.database),
    );
  };
}
