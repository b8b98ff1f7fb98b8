/**
 * `POST /api/client-errors` (contracts `clientErrorEndpoints.reportClientError`): the web app's logged-only errors
 * (spec s.8) reach the server log here, so support can see them (issue 24; decision 0068). Public, because errors
 * happen before sign-in; limited to {@link CLIENT_ERRORS_PER_MINUTE} reports a minute per client address (429
 * RATE_LIMITED after); the body is strict (400 naming the field) and PHI-free by construction: the route must be a
 * pattern without ids or query, and the message is scrubbed of emails, digit runs, ids and query strings by its
 * schema before this handler sees it. No record is read or written, so there is nothing to audit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientErrorEndpoints } from '@tend/contracts';
import { route } from '../http/endpoint-route.ts';

/**
 * Reports a minute from one address: a page in trouble sends a few (the web app batches and drops repeats, at most
 * 10 a minute per page), so 30 leaves room for three tabs and refuses a flood.
 */
export const CLIENT_ERRORS_PER_MINUTE = 30;

/**
 * Registers the route. Each accepted report is one `warn` line "Client error reported" with the request id (pino's
 * `reqId`), the actor's account id when someone is signed in (`actorId`, else null) and the report's fields under
 * `clientError`.
 */
export const clientErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    clientErrorEndpoints.reportClientError,
    {
      tags: ['system'],
      config: {
        rateLimit: {
          max: CLIENT_ERRORS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: { ip: string }) => `client-errors:${request.ip}`,
        },
      },
    },
    (request) => {
      const { kind, message, route: routePattern, buildVersion, at } = request.body;
      request.log.warn(
        {
          actorId: request.ctx.actor?.userAccountId ?? null,
          clientError: { kind, message, route: routePattern, buildVersion, at },
        },
        'Client error reported',
      );
      return null;
    },
  );
};
