/**
 * Changes to messages after they are sent (issue 22; decision 0058): delivery receipts, correcting one's own message
 * (the first wording kept in `original_content`, shown to admins only), the logged "share contact" action after a
 * match, and typing indicators. Each acts for the caller's side (NOT_FOUND for anyone else).
 *
 * Audit (ids and counts, never words or contact details): `message.delivered` (count), `message.edit`,
 * `conversation.share_contact` (which kinds were shared). Typing is not stored nor audited.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { conversationEvents, type ConversationMessage } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { callerAccount } from '../matchmaking/matchmaking-support.ts';
import { accountsActingFor } from '../users/matchmaking-accounts.service.ts';
import { checkContactDetails } from './contact-check.ts';
import { messageView } from './conversation-views.ts';
import { deliver, insertMessage, pushReceipt } from './conversations.service.ts';
import {
  accountIdsOf,
  assertWritable,
  conversationRoom,
  participation,
  type MessagingDeps,
} from './messaging-support.ts';
import { messages } from './messaging.table.ts';

/**
 * The caller's device received the messages to its side in `conversationId` up to `messageId` (that one included):
 * their `delivered_at` is set when empty. NOT_FOUND for a message not of this conversation. Audited
 * `message.delivered` with the count when any; the writers get `conversation:receipt`.
 */
export async function markDelivered(
  deps: MessagingDeps,
  ctx: RequestContext,
  { conversationId, messageId }: { conversationId: string; messageId: string },
): Promise<{ delivered: number }> {
  const account = await callerAccount(deps, ctx);
  const p = await participation(deps.db, account, conversationId);
  const now = new Date();
  const ids = await deps.db.transaction(async (tx) => {
    const [cursor] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
    if (!cursor) throw notFound('Message');
    const rows = await tx
      .update(messages)
      .set({ deliveredAt: now })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.recipientType, p.side),
          isNull(messages.deliveredAt),
          sql`(${messages.createdAt}, ${messages.id}) <= (select c.created_at, c.id from message c where c.id = ${messageId})`,
        ),
      )
      .returning({ id: messages.id });
    if (rows.length)
      await recordAudit(tx, ctx, {
        action: 'message.delivered',
        entityType: 'conversation',
        entityId: conversationId,
        details: { count: rows.length },
      });
    return rows.map((row) => row.id);
  });
  if (ids.length) await pushReceipt(deps, p, { messageIds: ids, deliveredAt: now, readAt: null });
  return { delivered: ids.length };
}

/**
 * Corrects the caller's side's text message `messageId` in `conversationId` to `content` (contact check as for
 * sending). The first wording stays in `original_content`. NOT_FOUND for a message of the other side or another
 * conversation. Audited `message.edit`; both sides get `conversation:edited`.
 */
export async function editMessage(
  deps: MessagingDeps,
  ctx: RequestContext,
  { conversationId, messageId }: { conversationId: string; messageId: string },
  input: { content: string; confirmFlagged?: boolean | undefined },
): Promise<ConversationMessage> {
  const account = await callerAccount(deps, ctx);
  const p = await participation(deps.db, account, conversationId);
  await assertWritable(deps.db, p);
  const flags = checkContactDetails(input.content, input.confirmFlagged ?? false);
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(messages)
      .set({
        content: input.content,
        editedAt: new Date(),
        originalContent: sql`coalesce(${messages.originalContent}, ${messages.content})`,
        flags: flags.length ? flags : null,
      })
      .where(
        and(
          eq(messages.id, messageId),
          eq(messages.conversationId, conversationId),
          eq(messages.senderType, p.side),
          eq(messages.kind, 'text'),
        ),
      )
      .returning();
    if (!updated) throw notFound('Message');
    await recordAudit(tx, ctx, {
      action: 'message.edit',
      entityType: 'message',
      entityId: messageId,
      details: { conversationId, ...(flags.length ? { flags } : {}) },
    });
    return updated;
  });
  for (const id of await accountIdsOf(deps.db, p.me))
    deps.realtime.toAccount(id, conversationEvents.edited, messageView(row, p.side));
  for (const id of await accountIdsOf(deps.db, p.other))
    deps.realtime.toAccount(id, conversationEvents.edited, messageView(row, p.other.side));
  return messageView(row, p.side);
}

/**
 * The logged "share contact" action (issue 22): posts the caller's own account phone and email (those it has, one a
 * line, phone first) as a `contact_share` message. Only in a match's conversation (CONFLICT on `matchId` before a
 * match); CONFLICT on `contact` when the account has neither. Audited `conversation.share_contact` with the kinds
 * shared; delivered like any message.
 */
export async function shareContact(
  deps: MessagingDeps,
  ctx: RequestContext,
  conversationId: string,
): Promise<ConversationMessage> {
  const account = await callerAccount(deps, ctx);
  const p = await participation(deps.db, account, conversationId);
  if (!p.conversation.matchId)
    throw new AppError('CONFLICT', 'Contact details are shared after a match', [
      { path: 'matchId', message: 'no match yet' },
    ]);
  await assertWritable(deps.db, p);
  const owner =
    p.side === 'CLIENT'
      ? { guardianId: p.me.guardianId ?? '00000000-0000-0000-0000-000000000000' }
      : { tinderCaregiverId: p.me.listingId };
  const own = (await accountsActingFor(deps.db, owner)).find(
    (a) => a.userAccountId === account.userAccountId,
  );
  const shared = [
    ...(own?.phone ? [['phone', own.phone] as const] : []),
    ...(own?.email ? [['email', own.email] as const] : []),
  ];
  if (!shared.length)
    throw new AppError('CONFLICT', 'Add a phone number or email address to your account first', [
      { path: 'contact', message: 'no phone or email on the account' },
    ]);
  const { message } = await deps.db.transaction(async (tx) => {
    const stored = await insertMessage(tx, p, {
      content: shared.map(([, value]) => value).join('\n'),
      kind: 'contact_share',
    });
    await recordAudit(tx, ctx, {
      action: 'conversation.share_contact',
      entityType: 'conversation',
      entityId: conversationId,
      details: { messageId: stored.message.id, shared: shared.map(([kind]) => kind) },
    });
    return stored;
  });
  await deliver(deps, p, message);
  return messageView(message, p.side);
}

/**
 * The caller's side is (or stopped) typing in `conversationId`: pushed to the conversation's room but the typing
 * socket. NOT_FOUND for anyone else.
 */
export async function typing(
  deps: MessagingDeps,
  ctx: RequestContext,
  {
    conversationId,
    typing: isTyping,
    socketId,
  }: { conversationId: string; typing: boolean; socketId: string },
): Promise<null> {
  const account = await callerAccount(deps, ctx);
  const p = await participation(deps.db, account, conversationId);
  deps.realtime.toRoom(
    conversationRoom(conversationId),
    conversationEvents.typingChanged,
    { conversationId, side: p.side, typing: isTyping },
    { exceptSocketId: socketId },
  );
  return null;
}
