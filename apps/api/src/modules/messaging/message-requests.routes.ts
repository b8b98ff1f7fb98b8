/**
 * Message-request routes (contracts `conversationEndpoints`; issue 22; decision 0058): any signed-in account in the
 * relaxed tier (401 anonymous); a request or listing the caller is not a side of is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { decideMessageRequest, listMessageRequests, sendMessageRequest } from './message-requests.service.ts';
import type { MessagingDeps } from './messaging-support.ts';
import { findReplyTimes } from './reply-times.service.ts';

/** Registers the message-request routes over `deps`. */
export function messageRequestRoutes(deps: MessagingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const options = { tags: ['messaging'], preValidation: guard(deps.db, 'auth', 'message_request') };
    route(app, e.findMessageRequests, options, (request) =>
      listMessageRequests(deps, request.ctx, { listingId: request.query.listingId }),
    );
    route(app, e.sendMessageRequest, options, (request) =>
      sendMessageRequest(deps, request.ctx, request.body),
    );
    route(app, e.decideMessageRequest, options, (request) =>
      decideMessageRequest(deps, request.ctx, request.params.id, request.body),
    );
    route(app, e.findReplyTimes, options, (request) =>
      findReplyTimes(deps, request.ctx, request.query.listingIds),
    );
  };
}
