/**
 * Message requests, the "safe first contact" of matchmaking (issue 22; spec s.3 MessageRequest; decision 0058):
 * before a match one side writes a request; the other accepts (a match and its conversation open, the request's words
 * become the first message) or declines. A request unanswered for `MESSAGE_REQUEST_REPLY_DAYS` days is closed as
 * declined with reason `no_reply` by the `message-request-no-reply` job, which also tells the sender ("no ghosting";
 * notifications/no-reply.job.ts).
 *
 * Rules: the writer acts for one of its own listings (`fromListingId`; NOT_FOUND otherwise) towards an active listing
 * of the other side (NOT_FOUND otherwise); one pending request per pair and none once the pair has a conversation
 * (CONFLICT on `toListingId`); the contact check refuses flagged words unless `confirmFlagged` (CONTACT_DETAILS). Only
 * the addressee decides (CONFLICT on `decision` for the writer; a decided request is CONFLICT, the same decision again
 * returns it unchanged). Audit: `message_request.list|send|decide` (ids, counts, flags; never words).
 */
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import {
  MESSAGE_REQUEST_REPLY_DAYS,
  conversationEvents,
  type MessageRequest,
  type SendMessageRequestInput,
  type SenderType,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import {
  activeListingOf,
  clientListingIdsOf,
  partiesOf,
  type ConversationPartyListing,
} from '../matchmaking/conversation-parties.ts';
import { openMatch } from '../matchmaking/matches.service.ts';
import { callerAccount, type MatchmakingAccount } from '../matchmaking/matchmaking-support.ts';
import { checkContactDetails, contactFlagsOf } from './contact-check.ts';
import { partyView } from './conversation-views.ts';
import { deliver, ensureConversation, insertMessage } from './conversations.service.ts';
import { accountIdsOf, sideOf, type MessagingDeps, type Participation } from './messaging-support.ts';
import { conversations, messageRequests } from './messaging.table.ts';

type RequestRow = typeof messageRequests.$inferSelect;
const DAY_MS = 86_400_000;
const closesAtOf = (row: RequestRow) =>
  new Date(row.createdAt.getTime() + MESSAGE_REQUEST_REPLY_DAYS * DAY_MS);

/** The listings of the caller: its guardian's client listings and its own caregiver listing. */
async function ownListingIds(executor: Executor, account: MatchmakingAccount) {
  return {
    clientIds: account.guardianId ? await clientListingIdsOf(executor, account.guardianId) : [],
    caregiverIds: account.tinderCaregiverId ? [account.tinderCaregiverId] : [],
  };
}

/** Request `row` as `viewerSide` sees it (the other side through the privacy projection, with presence). */
async function requestView(
  executor: Executor,
  row: RequestRow,
  viewerSide: SenderType,
  parties: Map<string, ConversationPartyListing>,
  matchIdOf: Map<string, string | null>,
): Promise<MessageRequest> {
  const other = parties.get(viewerSide === 'CLIENT' ? row.caregiverId : row.clientId);
  if (!other) throw new Error('requestView: a listing of the request is gone');
  return {
    id: row.id,
    senderSide: row.senderType,
    fromMe: row.senderType === viewerSide,
    clientListingId: row.clientId,
    caregiverListingId: row.caregiverId,
    other: await partyView(executor, other),
    content: row.content,
    status: row.accepted,
    closedReason: (row.closedReason as MessageRequest['closedReason']) ?? null,
    isRead: row.isRead,
    sentAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    conversationId: row.conversationId,
    matchId: row.conversationId ? (matchIdOf.get(row.conversationId) ?? null) : null,
    closesAt: closesAtOf(row).toISOString(),
  };
}

/** The views of `rows` for `account` (rows it is a side of). */
async function viewsOf(executor: Executor, account: MatchmakingAccount, rows: RequestRow[]) {
  const parties = await partiesOf(executor, {
    clientIds: rows.map((row) => row.clientId),
    caregiverIds: rows.map((row) => row.caregiverId),
  });
  const conversationIds = rows.flatMap((row) => (row.conversationId ? [row.conversationId] : []));
  const matchIdOf = new Map(
    conversationIds.length
      ? (
          await executor
            .select({ id: conversations.id, matchId: conversations.matchId })
            .from(conversations)
            .where(inArray(conversations.id, conversationIds))
        ).map((c) => [c.id, c.matchId] as const)
      : [],
  );
  const views: MessageRequest[] = [];
  for (const row of rows) {
    const side = sideOf(account, parties.get(row.clientId), parties.get(row.caregiverId));
    if (side) views.push(await requestView(executor, row, side, parties, matchIdOf));
  }
  return views;
}

/**
 * The caller's requests, sent and received, newest first (`listingId`: one of its listings, NOT_FOUND otherwise).
 * Received ones are marked read (the job `message-request-no-reply` closes those unanswered for 7 days). Audited
 * `message_request.list` with the counts.
 */
export async function listMessageRequests(
  deps: MessagingDeps,
  ctx: RequestContext,
  { listingId }: { listingId?: string | undefined },
): Promise<{ items: MessageRequest[] }> {
  const account = await callerAccount(deps, ctx);
  const own = await ownListingIds(deps.db, account);
  if (listingId && !own.clientIds.includes(listingId) && !own.caregiverIds.includes(listingId))
    throw notFound('Profile');
  const clientIds = listingId ? own.clientIds.filter((id) => id === listingId) : own.clientIds;
  const caregiverIds = listingId ? own.caregiverIds.filter((id) => id === listingId) : own.caregiverIds;
  const mine = or(
    ...(clientIds.length ? [inArray(messageRequests.clientId, clientIds)] : []),
    ...(caregiverIds.length ? [inArray(messageRequests.caregiverId, caregiverIds)] : []),
  );
  if (!clientIds.length && !caregiverIds.length) {
    await recordAudit(deps.db, ctx, {
      action: 'message_request.list',
      entityType: 'message_request',
      details: { count: 0 },
    });
    return { items: [] };
  }
  return deps.db.transaction(async (tx) => {
    const received = or(
      ...(clientIds.length
        ? [and(inArray(messageRequests.clientId, clientIds), eq(messageRequests.senderType, 'CAREGIVER'))]
        : []),
      ...(caregiverIds.length
        ? [and(inArray(messageRequests.caregiverId, caregiverIds), eq(messageRequests.senderType, 'CLIENT'))]
        : []),
    );
    const rows = await tx
      .select()
      .from(messageRequests)
      .where(mine)
      .orderBy(desc(messageRequests.createdAt), desc(messageRequests.id));
    const items = await viewsOf(tx, account, rows);
    const marked = await tx
      .update(messageRequests)
      .set({ isRead: true })
      .where(and(received, eq(messageRequests.isRead, false)))
      .returning({ id: messageRequests.id });
    await recordAudit(tx, ctx, {
      action: 'message_request.list',
      entityType: 'message_request',
      details: {
        count: items.length,
        ...(marked.length ? { markedRead: marked.length } : {}),
        ...(listingId ? { listingId } : {}),
      },
    });
    return { items };
  });
}

/** The caller's listing `fromListingId` and its side, or NOT_FOUND. */
async function writerListing(executor: Executor, account: MatchmakingAccount, fromListingId: string) {
  const parties = await partiesOf(executor, { clientIds: [fromListingId], caregiverIds: [fromListingId] });
  const listing = parties.get(fromListingId);
  const side = listing && !listing.archived ? sideOf(account, listing, listing) : null;
  if (!listing || side !== listing.side) throw notFound('Profile');
  return listing;
}

/**
 * Sends a request from the caller's listing `fromListingId` to listing `toListingId` of the other side (errors in
 * the module comment). Audited `message_request.send`; the addressee's accounts get `inbox:changed` (`request`).
 */
export async function sendMessageRequest(
  deps: MessagingDeps,
  ctx: RequestContext,
  input: SendMessageRequestInput,
): Promise<MessageRequest> {
  const account = await callerAccount(deps, ctx);
  const from = await writerListing(deps.db, account, input.fromListingId);
  const toSide: SenderType = from.side === 'CLIENT' ? 'CAREGIVER' : 'CLIENT';
  const to = await activeListingOf(deps.db, toSide, input.toListingId);
  if (!to) throw notFound('Profile');
  const flags = checkContactDetails(input.content, input.confirmFlagged ?? false);
  const clientId = from.side === 'CLIENT' ? from.listingId : to.listingId;
  const caregiverId = from.side === 'CAREGIVER' ? from.listingId : to.listingId;
  const row = await deps.db.transaction(async (tx) => {
    await refuseDuplicate(tx, { clientId, caregiverId });
    const [inserted] = await tx
      .insert(messageRequests)
      .values({ content: input.content, clientId, caregiverId, senderType: from.side })
      .returning();
    if (!inserted) throw new Error('sendMessageRequest: no row');
    await recordAudit(tx, ctx, {
      action: 'message_request.send',
      entityType: 'message_request',
      entityId: inserted.id,
      details: {
        clientListingId: clientId,
        caregiverListingId: caregiverId,
        ...(flags.length ? { flags } : {}),
      },
    });
    return inserted;
  });
  for (const id of await accountIdsOf(deps.db, to))
    deps.realtime.toAccount(id, conversationEvents.inboxChanged, { reason: 'request' });
  const [view] = await viewsOf(deps.db, account, [row]);
  if (!view) throw new Error('sendMessageRequest: the writer cannot see its request');
  return view;
}

/** CONFLICT on `toListingId` when the pair has a pending request or a conversation already. */
async function refuseDuplicate(executor: Executor, pair: { clientId: string; caregiverId: string }) {
  const [pending] = await executor
    .select({ id: messageRequests.id })
    .from(messageRequests)
    .where(
      and(
        eq(messageRequests.clientId, pair.clientId),
        eq(messageRequests.caregiverId, pair.caregiverId),
        eq(messageRequests.accepted, 'PENDING'),
      ),
    );
  if (pending)
    throw new AppError('CONFLICT', 'A request between these profiles is waiting for an answer', [
      { path: 'toListingId', message: 'already has a pending request' },
    ]);
  const [conversation] = await executor
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.participantAId, pair.clientId),
        eq(conversations.participantBId, pair.caregiverId),
      ),
    );
  if (conversation)
    throw new AppError('CONFLICT', 'These profiles already have a conversation', [
      { path: 'toListingId', message: 'already has a conversation' },
    ]);
}

/**
 * The addressee accepts or declines request `id` (errors in the module comment). Accepting opens the match
 * (`openMatch`, initiator = the writer's side) and its conversation with the request's words as the writer's first
 * message (pushed and published as any message). Audited `message_request.decide` (and `conversation.open`,
 * `message.send` when accepting); the writer's accounts get `inbox:changed` (`decision`).
 */
export async function decideMessageRequest(
  deps: MessagingDeps,
  ctx: RequestContext,
  id: string,
  { decision }: { decision: 'accept' | 'decline' },
): Promise<MessageRequest> {
  const account = await callerAccount(deps, ctx);
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(messageRequests).where(eq(messageRequests.id, id)).for('update');
    if (!row) throw notFound('Message request');
    const parties = await partiesOf(tx, { clientIds: [row.clientId], caregiverIds: [row.caregiverId] });
    const client = parties.get(row.clientId);
    const caregiver = parties.get(row.caregiverId);
    const side = sideOf(account, client, caregiver);
    if (!side || !client || !caregiver) throw notFound('Message request');
    if (side === row.senderType)
      throw new AppError('CONFLICT', 'Only the person who received the request answers it', [
        { path: 'decision', message: 'only the addressee decides' },
      ]);
    const wanted = decision === 'accept' ? 'ACCEPTED' : 'REJECTED';
    if (row.accepted !== 'PENDING') {
      if (row.accepted === wanted) return { row, delivered: null };
      throw new AppError('CONFLICT', 'This request was already answered', [
        { path: 'decision', message: 'already answered' },
      ]);
    }
    const writer = row.senderType === 'CLIENT' ? client : caregiver;
    const addressee = row.senderType === 'CLIENT' ? caregiver : client;
    return decision === 'accept'
      ? accept(tx, ctx, row, { writer, addressee, client, caregiver })
      : { row: await decline(tx, ctx, row), delivered: null, writer };
  });
  if (outcome.delivered) await deliver(deps, outcome.delivered.p, outcome.delivered.message);
  if ('writer' in outcome && outcome.writer)
    for (const accountId of await accountIdsOf(deps.db, outcome.writer))
      deps.realtime.toAccount(accountId, conversationEvents.inboxChanged, { reason: 'decision' });
  const [view] = await viewsOf(deps.db, account, [outcome.row]);
  if (!view) throw notFound('Message request');
  return view;
}

async function decline(tx: Executor, ctx: RequestContext, row: RequestRow): Promise<RequestRow> {
  const [updated] = await tx
    .update(messageRequests)
    .set({ accepted: 'REJECTED', closedReason: 'declined', respondedAt: new Date(), isRead: true })
    .where(eq(messageRequests.id, row.id))
    .returning();
  await recordAudit(tx, ctx, {
    action: 'message_request.decide',
    entityType: 'message_request',
    entityId: row.id,
    details: { decision: 'decline' },
  });
  return updated ?? row;
}

async function accept(
  tx: Executor,
  ctx: RequestContext,
  row: RequestRow,
  parties: {
    writer: ConversationPartyListing;
    addressee: ConversationPartyListing;
    client: ConversationPartyListing;
    caregiver: ConversationPartyListing;
  },
) {
  const match = await openMatch(tx, {
    clientId: row.clientId,
    caregiverId: row.caregiverId,
    initiator: row.senderType,
  });
  const { conversation, created } = await ensureConversation(tx, {
    clientId: row.clientId,
    caregiverId: row.caregiverId,
    matchId: match.id,
  });
  if (created)
    await recordAudit(tx, ctx, {
      action: 'conversation.open',
      entityType: 'conversation',
      entityId: conversation.id,
      details: { matchId: match.id, messageRequestId: row.id },
    });
  const p: Participation = {
    conversation,
    side: row.senderType,
    me: parties.writer,
    other: parties.addressee,
  };
  const { message } = await insertMessage(tx, p, {
    content: row.content,
    kind: 'text',
    flags: contactFlagsOf(row.content),
  });
  const [updated] = await tx
    .update(messageRequests)
    .set({ accepted: 'ACCEPTED', respondedAt: new Date(), isRead: true, conversationId: conversation.id })
    .where(eq(messageRequests.id, row.id))
    .returning();
  await recordAudit(tx, ctx, {
    action: 'message_request.decide',
    entityType: 'message_request',
    entityId: row.id,
    details: {
      decision: 'accept',
      matchId: match.id,
      conversationId: conversation.id,
      messageId: message.id,
    },
  });
  return { row: updated ?? row, delivered: { p, message }, writer: parties.writer };
}
