/**
 * Conversations of matches (issue 22; spec s.2 `/messageHub`, `/messager/{matchId}`; decision 0058): the list with
 * unread counts, a match's conversation (created on first open), pages of history, sending (HTTP or socket, one
 * path), read receipts. Every call acts for the caller's side (messaging-support.ts); anyone else gets NOT_FOUND.
 *
 * Audit (ids and counts, never content): `conversation.list`, `conversation.open` (created), `conversation
 * .read_messages` (a page of history), `message.send`, `conversation.mark_read`.
 * Realtime: a stored message goes to every account of both sides (`conversation:message`, each with its own
 * `fromMe`) and `inbox:changed`; reading pushes `conversation:receipt` to the writer's side.
 */
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AuditAction,
  ConversationMessage,
  ConversationSummary,
  MessageKind,
  MessagePage,
  SenderType,
} from '@tend/contracts';
import { conversationEvents, type messagePageQuery } from '@tend/contracts';
import { auditEventsPerRow, recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { messageSent } from '../../workflows/events.ts';
import { clientListingIdsOf } from '../matchmaking/conversation-parties.ts';
import { participantMatch } from '../matchmaking/matches.service.ts';
import { callerAccount } from '../matchmaking/matchmaking-support.ts';
import type { MatchmakingAccount } from '../matchmaking/matchmaking-support.ts';
import { checkContactDetails } from './contact-check.ts';
import { messageView, summariesOf, type MessageRow } from './conversation-views.ts';
import {
  accountIdsOfSides,
  assertWritable,
  participation,
  participationIn,
  readReceiptsOn,
  type MessagingDeps,
  type Participation,
} from './messaging-support.ts';
import { conversations, messages } from './messaging.table.ts';

/**
 * The caller's conversations, latest activity first; `listingId` keeps those of one of its listings (NOT_FOUND for
 * a listing that is not the caller's). Audited `conversation.list` with the count.
 */
export async function listConversations(
  deps: MessagingDeps,
  ctx: RequestContext,
  { listingId }: { listingId?: string | undefined },
): Promise<{ items: ConversationSummary[] }> {
  const account = await callerAccount(deps, ctx);
  const clientIds = account.guardianId ? await clientListingIdsOf(deps.db, account.guardianId) : [];
  const caregiverIds = account.tinderCaregiverId ? [account.tinderCaregiverId] : [];
  if (listingId && !clientIds.includes(listingId) && !caregiverIds.includes(listingId))
    throw notFound('Profile');
  const aIds = listingId ? clientIds.filter((id) => id === listingId) : clientIds;
  const bIds = listingId ? caregiverIds.filter((id) => id === listingId) : caregiverIds;
  const conditions = [
    ...(aIds.length ? [inArray(conversations.participantAId, aIds)] : []),
    ...(bIds.length ? [inArray(conversations.participantBId, bIds)] : []),
  ];
  const rows = conditions.length
    ? await deps.db
        .select()
        .from(conversations)
        .where(or(...conditions))
    : [];
  const items = (await summariesOf(deps.db, account, rows)).sort((a, b) =>
    b.updatedAt.localeCompare(a.updatedAt),
  );
  await recordAudit(deps.db, ctx, {
    action: 'conversation.list',
    entityType: 'conversation',
    details: { count: items.length, ...(listingId ? { listingId } : {}) },
  });
  return { items };
}

/**
 * The conversation of client listing `clientId` and caregiver listing `caregiverId` (created when missing; its
 * `match_id` set when given and not set yet). In `executor`. Returns the row and whether it was created.
 */
export async function ensureConversation(
  executor: Executor,
  { clientId, caregiverId, matchId }: { clientId: string; caregiverId: string; matchId: string | null },
): Promise<{ conversation: typeof conversations.$inferSelect; created: boolean }> {
  const inserted = await executor
    .insert(conversations)
    .values({ participantAId: clientId, participantBId: caregiverId, matchId })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { conversation: inserted[0], created: true };
  const [row] = await executor
    .select()
    .from(conversations)
    .where(and(eq(conversations.participantAId, clientId), eq(conversations.participantBId, caregiverId)));
  if (!row) throw new Error('ensureConversation: the conversation row vanished');
  if (matchId && row.matchId !== matchId) {
    const [updated] = await executor
      .update(conversations)
      .set({ matchId })
      .where(eq(conversations.id, row.id))
      .returning();
    return { conversation: updated ?? row, created: false };
  }
  return { conversation: row, created: false };
}

/**
 * Match `matchId`'s conversation with its newest page, created on first open (NOT_FOUND unless the caller is one of
 * the match's sides). Audited `conversation.open` when created and `conversation.read_messages` with the count.
 */
export async function openMatchConversation(
  deps: MessagingDeps,
  ctx: RequestContext,
  matchId: string,
): Promise<{ conversation: ConversationSummary; messages: MessagePage }> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const { match } = await participantMatch(tx, account, matchId);
    const { conversation, created } = await ensureConversation(tx, {
      clientId: match.clientId,
      caregiverId: match.caregiverId,
      matchId: match.id,
    });
    if (created)
      await recordAudit(tx, ctx, {
        action: 'conversation.open',
        entityType: 'conversation',
        entityId: conversation.id,
        details: { matchId: match.id },
      });
    const [summary] = await summariesOf(tx, account, [conversation]);
    if (!summary) throw notFound('Conversation');
    const receipts = await readReceiptsOn(tx, (await participationIn(tx, account, conversation)).me);
    const page = await messagePage(tx, { side: summary.me.side, receipts }, conversation.id, {
      limit: undefined,
    });
    await auditPageRead(tx, ctx, conversation.id, page.items.length);
    return { conversation: summary, messages: page };
  });
}

type PageQuery = Partial<z.infer<typeof messagePageQuery>>;

/**
 * A page of conversation `conversationId`'s messages, oldest first: the newest `limit`, those `before` a message
 * (older page) or `after` one (what a reconnecting page missed). A cursor not of this conversation is 400 on its
 * field. Audited `conversation.read_messages` with the count.
 */
export async function findMessages(
  deps: MessagingDeps,
  ctx: RequestContext,
  conversationId: string,
  query: PageQuery,
): Promise<MessagePage> {
  const account = await callerAccount(deps, ctx);
  const p = await participation(deps.db, account, conversationId);
  const receipts = await readReceiptsOn(deps.db, p.me);
  return deps.db.transaction(async (tx) => {
    const page = await messagePage(tx, { side: p.side, receipts }, conversationId, query);
    await auditPageRead(tx, ctx, conversationId, page.items.length);
    return page;
  });
}

async function auditPageRead(executor: Executor, ctx: RequestContext, conversationId: string, count: number) {
  await recordAudit(executor, ctx, {
    action: 'conversation.read_messages',
    entityType: 'conversation',
    entityId: conversationId,
    details: { count },
  });
}

/**
 * The page of {@link findMessages} (no access check, no audit). With `receipts` false (the viewer turned read
 * receipts off) no read time shows, on either side's messages (reciprocal; decision 0058 addendum).
 */
async function messagePage(
  executor: Executor,
  { side, receipts }: { side: SenderType; receipts: boolean },
  conversationId: string,
  { before, after, limit = 50 }: PageQuery,
): Promise<MessagePage> {
  const viewFor = (row: MessageRow) => {
    const view = messageView(row, side);
    return receipts ? view : { ...view, readAt: null };
  };
  for (const [field, cursor] of [
    ['before', before],
    ['after', after],
  ] as const) {
    if (!cursor) continue;
    const [row] = await executor
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, cursor), eq(messages.conversationId, conversationId)));
    if (!row)
      throw new AppError('VALIDATION_FAILED', 'Unknown message', [
        { path: field, message: 'is not a message of this conversation' },
      ]);
  }
  const position = sql`(${messages.createdAt}, ${messages.id})`;
  const cursorOf = (id: string) => sql`(select c.created_at, c.id from message c where c.id = ${id})`;
  if (after) {
    const rows = await executor
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), sql`${position} > ${cursorOf(after)}`))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(limit);
    return { items: rows.map((row) => viewFor(row)), hasOlder: true };
  }
  const rows = await executor
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        before ? sql`${position} < ${cursorOf(before)}` : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const hasOlder = rows.length > limit;
  return {
    items: rows
      .slice(0, limit)
      .reverse()
      .map((row) => viewFor(row)),
    hasOlder,
  };
}

export interface SendInput {
  content: string;
  confirmFlagged?: boolean | undefined;
  clientMessageId?: string | undefined;
}

/**
 * Sends `content` in conversation `conversationId` for the caller's side (the HTTP route and the socket event
 * `conversation:send`). The contact check refuses it with CONTACT_DETAILS unless `confirmFlagged`; a resend with the
 * same `clientMessageId` returns the stored message without storing or pushing it again. Audited `message.send`;
 * after the commit the message is pushed to both sides and `messageSent` published.
 */
export async function sendMessage(
  deps: MessagingDeps,
  ctx: RequestContext,
  conversationId: string,
  input: SendInput,
): Promise<ConversationMessage> {
  const account = await callerAccount(deps, ctx);
  const p = await participation(deps.db, account, conversationId);
  // Who gets the message is read beside the checks and the insert (one round trip less before delivery).
  const recipients = accountIdsOfSides(deps.db, p);
  recipients.catch(() => undefined);
  await assertWritable(deps.db, p);
  const flags = checkContactDetails(input.content, input.confirmFlagged ?? false);
  const stored = await insertMessage(
    deps.db,
    p,
    { content: input.content, kind: 'text', flags, clientMessageId: input.clientMessageId },
    { ctx, action: 'message.send', details: { conversationId, ...(flags.length ? { flags } : {}) } },
  );
  if (stored.created) await deliver(deps, p, stored.message, await recipients);
  return messageView(stored.message, p.side);
}

/**
 * Stores a message of `p.side` in `p`'s conversation and touches the conversation (its `updated_at` orders lists), in
 * one statement (so no transaction is needed for it; bench:realtime, decision 0061). With `audit`, the same statement
 * writes that audit event for the new message (entity `message`, its id; ids and counts only in `details`). With
 * `clientMessageId`, a message the writer stored before under that id is returned instead (`created: false`; nothing
 * touched, nothing audited).
 */
export async function insertMessage(
  executor: Executor,
  p: Participation,
  {
    content,
    kind,
    flags = [],
    clientMessageId,
  }: { content: string; kind: MessageKind; flags?: string[]; clientMessageId?: string | undefined },
  audit?: { ctx: RequestContext; action: AuditAction; details: Record<string, unknown> },
): Promise<{ message: MessageRow; created: boolean }> {
  const inserted = executor.$with('inserted').as(
    executor
      .insert(messages)
      .values({
        conversationId: p.conversation.id,
        matchId: p.conversation.matchId,
        senderId: p.me.listingId,
        senderType: p.side,
        recipientId: p.other.listingId,
        recipientType: p.other.side,
        senderName: p.me.firstName,
        content,
        kind,
        flags: flags.length ? flags : null,
        clientMessageId: clientMessageId ?? null,
      })
      .onConflictDoNothing()
      .returning(),
  );
  const touched = executor.$with('touched').as(
    executor
      .update(conversations)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(conversations.id, p.conversation.id), sql`exists (select 1 from ${inserted})`)),
  );
  const audited = audit
    ? [
        executor.$with('audited', {}).as(
          auditEventsPerRow(audit.ctx, {
            action: audit.action,
            entityType: 'message',
            rows: sql`${inserted}`,
            entityId: sql`id::text`,
            details: sql`${JSON.stringify(audit.details)}::jsonb`,
          }),
        ),
      ]
    : [];
  const [row] = await executor
    .with(inserted, touched, ...audited)
    .select()
    .from(inserted);
  if (row) return { message: row, created: true };
  const [existing] = await executor
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, p.conversation.id),
        eq(messages.senderType, p.side),
        eq(messages.clientMessageId, clientMessageId ?? ''),
      ),
    );
  if (!existing) throw new Error('insertMessage: conflict without the earlier message');
  return { message: existing, created: false };
}

/**
 * After the commit: pushes `message` to every account of both sides (each sees its own `fromMe`), tells them their
 * inbox changed, and publishes `messageSent` for the notification workflow. `accounts`: both sides' accounts when
 * the caller read them already (`accountIdsOfSides`).
 */
export async function deliver(
  deps: MessagingDeps,
  p: Participation,
  message: MessageRow,
  accounts?: { mine: string[]; theirs: string[] },
): Promise<void> {
  const { mine, theirs } = accounts ?? (await accountIdsOfSides(deps.db, p));
  for (const id of mine)
    deps.realtime.toAccount(id, conversationEvents.message, messageView(message, p.side));
  for (const id of theirs) {
    deps.realtime.toAccount(id, conversationEvents.message, messageView(message, p.other.side));
    deps.realtime.toAccount(id, conversationEvents.inboxChanged, { reason: 'message' });
  }
  await deps.events.publish(messageSent, {
    messageId: message.id,
    conversationId: p.conversation.id,
    recipientSide: p.other.side,
    recipientListingId: p.other.listingId,
  });
}

/**
 * Marks every message to the caller's side in conversation `conversationId` read (and delivered when it was not),
 * returning how many. Read receipts (decision 0058 addendum): when the reader's owner turned them off, the messages
 * are only marked read for the reader (`is_read`; unread counts and notices) with no `read_at`, and the writer gets
 * a delivered-only receipt; when the writer's owner turned them off, the writer gets no read time either. Audited `conversation.mark_read` with the count when any; the writer's accounts get
 * `conversation:receipt`.
 */
export async function markRead(
  deps: MessagingDeps,
  ctx: RequestContext,
  conversationId: string,
): Promise<{ read: number }> {
  const account = await callerAccount(deps, ctx);
  const p = await participation(deps.db, account, conversationId);
  const [mine, theirs] = await Promise.all([readReceiptsOn(deps.db, p.me), readReceiptsOn(deps.db, p.other)]);
  const now = new Date();
  const read = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({
        isRead: true,
        ...(mine ? { readAt: now } : {}),
        deliveredAt: sql`coalesce(${messages.deliveredAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(messages.conversationId, conversationId),
          eq(messages.recipientType, p.side),
          eq(messages.isRead, false),
        ),
      )
      .returning({ id: messages.id });
    if (rows.length)
      await recordAudit(tx, ctx, {
        action: 'conversation.mark_read',
        entityType: 'conversation',
        entityId: conversationId,
        details: { count: rows.length },
      });
    return rows.map((row) => row.id);
  });
  if (read.length)
    await pushReceipt(deps, p, {
      messageIds: read,
      deliveredAt: now,
      readAt: mine && theirs ? now : null,
      inboxRead: true,
    });
  return { read: read.length };
}

/** Tells the writers' accounts (the other side of `p`) their messages' receipts changed, and the reader's inbox. */
export async function pushReceipt(
  deps: MessagingDeps,
  p: Participation,
  receipt: { messageIds: string[]; deliveredAt: Date | null; readAt: Date | null; inboxRead?: boolean },
): Promise<void> {
  const payload = {
    conversationId: p.conversation.id,
    messageIds: receipt.messageIds,
    deliveredAt: receipt.deliveredAt?.toISOString() ?? null,
    readAt: receipt.readAt?.toISOString() ?? null,
  };
  const { mine, theirs } = await accountIdsOfSides(deps.db, p);
  for (const id of theirs) deps.realtime.toAccount(id, conversationEvents.receipt, payload);
  if (receipt.inboxRead)
    for (const id of mine) deps.realtime.toAccount(id, conversationEvents.inboxChanged, { reason: 'read' });
}

/** The caller's participation in `conversationId` (for the socket handlers). */
export async function callerParticipation(
  deps: MessagingDeps,
  ctx: RequestContext,
  conversationId: string,
): Promise<{ account: MatchmakingAccount; p: Participation }> {
  const account = await callerAccount(deps, ctx);
  return { account, p: await participation(deps.db, account, conversationId) };
}
