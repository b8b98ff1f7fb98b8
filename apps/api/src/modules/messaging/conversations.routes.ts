/**
 * Conversation routes (contracts `conversationEndpoints`; issue 22; decision 0058): any signed-in account in the
 * relaxed tier (401 anonymous); a conversation or match the caller is not a side of is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import {
  findMessages,
  listConversations,
  markRead,
  openMatchConversation,
  sendMessage,
} from './conversations.service.ts';
import { editMessage, shareContact } from './message-changes.service.ts';
import type { MessagingDeps } from './messaging-support.ts';

/** Registers the conversation routes over `deps`. */
export function conversationRoutes(deps: MessagingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const options = { tags: ['messaging'], preValidation: guard(deps.db, 'auth', 'conversation') };
    route(app, e.findConversations, options, (request) =>
      listConversations(deps, request.ctx, { listingId: request.query.listingId }),
    );
    route(app, e.openMatchConversation, options, (request) =>
      openMatchConversation(deps, request.ctx, request.params.matchId),
    );
    route(app, e.findMessages, options, (request) =>
      findMessages(deps, request.ctx, request.params.id, request.query),
    );
    route(app, e.sendMessage, options, (request) =>
      sendMessage(deps, request.ctx, request.params.id, request.body),
    );
    route(app, e.markRead, options, (request) => markRead(deps, request.ctx, request.params.id));
    route(app, e.editMessage, options, (request) =>
      editMessage(
        deps,
        request.ctx,
        { conversationId: request.params.id, messageId: request.params.messageId },
        request.body,
      ),
    );
    route(app, e.shareContact, options, (request) => shareContact(deps, request.ctx, request.params.id));
  };
}
