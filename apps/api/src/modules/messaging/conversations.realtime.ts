/**
 * The socket handlers of conversations (contracts `conversationEvents`; issue 22; decision 0058). Each checks the
 * caller is a side of the conversation first (`NOT_FOUND` ack otherwise, as the routes' 404) and audits like the
 * matching route. `join` puts the socket in the conversation's room (typing) and records the open conversation in
 * the account's presence; connecting and dropping sockets keep presence up to date.
 */
import { conversationEvents as ev } from '@tend/contracts';
import { callerAccount } from '../matchmaking/matchmaking-support.ts';
import { callerParticipation, markRead, sendMessage } from './conversations.service.ts';
import { markDelivered, typing } from './message-changes.service.ts';
import { conversationRoom, type MessagingDeps } from './messaging-support.ts';
import {
  markActiveConversation,
  markConnected,
  markDisconnected,
  presenceSideOf,
  pushPresence,
} from './presence.service.ts';

/** Registers the conversation handlers and presence listeners on `deps.realtime` (before the app is ready). */
export function registerConversationHandlers(deps: MessagingDeps): void {
  const hub = deps.realtime;
  hub.handle(ev.join, async (context, { conversationId }) => {
    const { account, p } = await callerParticipation(deps, context.ctx, conversationId);
    await context.joinRoom(conversationRoom(conversationId));
    await markActiveConversation(deps.db, {
      userAccountId: account.userAccountId,
      side: p.side,
      socketId: context.socketId,
      conversationId,
    });
    return { conversationId };
  });
  hub.handle(ev.leave, async (context, { conversationId }) => {
    await context.leaveRoom(conversationRoom(conversationId));
    const account = await callerAccount(deps, context.ctx);
    const side = presenceSideOf(account);
    if (side)
      await markActiveConversation(deps.db, {
        userAccountId: account.userAccountId,
        side,
        socketId: context.socketId,
        conversationId: null,
      });
    return null;
  });
  hub.handle(ev.send, async (context, { conversationId, ...input }) =>
    sendMessage(deps, context.ctx, conversationId, input),
  );
  hub.handle(ev.read, async (context, { conversationId }) => markRead(deps, context.ctx, conversationId));
  hub.handle(ev.delivered, async (context, payload) => {
    await markDelivered(deps, context.ctx, payload);
    return null;
  });
  hub.handle(ev.typing, async (context, payload) =>
    typing(deps, context.ctx, { ...payload, socketId: context.socketId }),
  );
  hub.onConnect(async (context) => {
    const account = await callerAccount(deps, context.ctx);
    const side = presenceSideOf(account);
    if (!side) return;
    await markConnected(deps.db, { userAccountId: account.userAccountId, side });
    if ((await hub.socketCountOf(account.userAccountId)) === 1) await pushPresence(deps, account, true);
  });
  hub.onDisconnect(async (context) => {
    const userAccountId = context.ctx.actor.userAccountId;
    const stillConnected = await hub.socketCountOf(userAccountId);
    await markDisconnected(deps.db, { userAccountId, socketId: context.socketId, stillConnected });
    if (stillConnected > 0) return;
    const account = await callerAccount(deps, context.ctx).catch(() => null);
    if (account && presenceSideOf(account)) await pushPresence(deps, account, false);
  });
}
