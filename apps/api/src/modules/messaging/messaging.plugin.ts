/**
 * The messaging module (issue 22; docs/matchmaking.md "Conversations and message requests"; decision 0058):
 * conversations of matches, message requests, messages, read receipts and presence, over HTTP and the realtime
 * channel (relaxed session tier, spec s.6); the admins' match review and detection; the notifications of new
 * messages and the recurring clean-up jobs.
 */
import type { FastifyPluginAsync } from 'fastify';
import { registerConversationHandlers } from './conversations.realtime.ts';
import { conversationRoutes } from './conversations.routes.ts';
import { messageRequestRoutes } from './message-requests.routes.ts';
import type { MessagingDeps } from './messaging-support.ts';
import { matchReviewPlugin } from './match-review.plugin.ts';
import { notificationsPlugin } from './notifications/notifications.plugin.ts';

export const messagingPlugin: FastifyPluginAsync = async (app) => {
  const deps: MessagingDeps = {
    db: app.deps.database.db,
    storage: app.deps.storage,
    config: app.deps.config,
    realtime: app.deps.realtime,
    events: app.deps.events,
  };
  await app.register(conversationRoutes(deps));
  await app.register(messageRequestRoutes(deps));
  registerConversationHandlers(deps);
  // Admin match review, detection and realtime diagnostics (decision 0061); notifications and clean-up jobs (0060).
  await app.register(matchReviewPlugin);
  await app.register(notificationsPlugin);
};
