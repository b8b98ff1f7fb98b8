/**
 * How conversations and messages are shown to a participant (contracts `conversationSummary`,
 * `conversationMessage`; issue 22; decision 0058): names and photos through the privacy projection, unread counts,
 * last message, whether each side shared its contact details, the other side's presence. Reads only.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type {
  ConversationMessage,
  ConversationParty,
  ConversationSummary,
  ContactFlag,
  MessageKind,
} from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { partiesOf, type ConversationPartyListing } from '../matchmaking/conversation-parties.ts';
import type { MatchmakingAccount } from '../matchmaking/matchmaking-support.ts';
import { matchStatusesOf } from '../matchmaking/matches.service.ts';
import {
  accountIdsOf,
  conversationEnded,
  sideOf,
  type ConversationRow,
  type Participation,
} from './messaging-support.ts';
import { messages } from './messaging.table.ts';
import { presenceOfAccounts } from './presence.service.ts';

export type MessageRow = typeof messages.$inferSelect;

/** Characters of a message shown in a conversation list. */
const PREVIEW_CHARS = 120;

/** Message `row` as side `viewerSide` sees it (`originalContent` only for admins: never on these routes). */
export function messageView(row: MessageRow, viewerSide: 'CLIENT' | 'CAREGIVER'): ConversationMessage {
  return {
    id: row.id,
    conversationId: row.conversationId ?? '',
    kind: row.kind as MessageKind,
    senderSide: row.senderType,
    fromMe: row.senderType === viewerSide,
    senderName: row.senderName,
    content: row.content,
    sentAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    originalContent: null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
    flags: (row.flags ?? []) as ContactFlag[],
  };
}

/** Listing `party` as the other side sees it, with its accounts' presence. */
export async function partyView(
  executor: Executor,
  party: ConversationPartyListing,
): Promise<ConversationParty> {
  const presence = await presenceOfAccounts(executor, await accountIdsOf(executor, party));
  return {
    side: party.side,
    listingId: party.listingId,
    firstName: party.firstName,
    lastInitial: party.lastInitial,
    photoUrl: party.photoUrl,
    online: presence.online,
    lastSeenAt: presence.lastSeenAt?.toISOString() ?? null,
  };
}

/** The participations of `account` in `rows` (rows it is not a side of are left out). One or two queries. */
async function participationsOf(
  executor: Executor,
  account: MatchmakingAccount,
  rows: ConversationRow[],
): Promise<Participation[]> {
  if (!rows.length) return [];
  const parties = await partiesOf(executor, {
    clientIds: rows.map((row) => row.participantAId),
    caregiverIds: rows.map((row) => row.participantBId),
  });
  const mine: Participation[] = [];
  for (const conversation of rows) {
    const client = parties.get(conversation.participantAId);
    const caregiver = parties.get(conversation.participantBId);
    const side = sideOf(account, client, caregiver);
    if (!side || !client || !caregiver) continue;
    mine.push(
      side === 'CLIENT'
        ? { conversation, side, me: client, other: caregiver }
        : { conversation, side, me: caregiver, other: client },
    );
  }
  return mine;
}

/**
 * The summaries of `rows` that `account` takes part in, in the order given (the others are left out). About five
 * queries plus one per distinct other listing (its presence).
 */
export async function summariesOf(
  executor: Executor,
  account: MatchmakingAccount,
  rows: ConversationRow[],
): Promise<ConversationSummary[]> {
  const mine = await participationsOf(executor, account, rows);
  if (!mine.length) return [];
  const ids = mine.map((p) => p.conversation.id);
  const myListingIds = [...new Set(mine.map((p) => p.me.listingId))];
  const matchIds = mine.flatMap((p) => (p.conversation.matchId ? [p.conversation.matchId] : []));
  const [lastMessages, unread, shared, statuses] = await Promise.all([
    executor
      .selectDistinctOn([messages.conversationId])
      .from(messages)
      .where(inArray(messages.conversationId, ids))
      .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id)),
    executor
      .select({ conversationId: messages.conversationId, unread: count() })
      .from(messages)
      .where(
        and(
          inArray(messages.conversationId, ids),
          inArray(messages.recipientId, myListingIds),
          eq(messages.isRead, false),
        ),
      )
      .groupBy(messages.conversationId),
    executor
      .selectDistinct({ conversationId: messages.conversationId, senderType: messages.senderType })
      .from(messages)
      .where(and(inArray(messages.conversationId, ids), eq(messages.kind, 'contact_share'))),
    matchStatusesOf(executor, matchIds),
  ]);
  const lastOf = new Map(lastMessages.map((row) => [row.conversationId, row]));
  const unreadOf = new Map(unread.map((row) => [row.conversationId, row.unread]));
  const distinctOthers = [...new Map(mine.map((p) => [p.other.listingId, p.other])).values()];
  const others = new Map(
    await Promise.all(
      distinctOthers.map(async (other) => [other.listingId, await partyView(executor, other)] as const),
    ),
  );
  return mine.map((p) => {
    const last = lastOf.get(p.conversation.id);
    const sharedBy = (side: string) =>
      shared.some((row) => row.conversationId === p.conversation.id && row.senderType === side);
    return {
      id: p.conversation.id,
      matchId: p.conversation.matchId,
      me: { side: p.side, listingId: p.me.listingId, firstName: p.me.firstName },
      other: others.get(p.other.listingId) as ConversationParty,
      lastMessage: last
        ? {
            id: last.id,
            preview: last.content.slice(0, PREVIEW_CHARS),
            sentAt: last.createdAt.toISOString(),
            fromMe: last.senderType === p.side,
            kind: last.kind as MessageKind,
          }
        : null,
      unreadCount: unreadOf.get(p.conversation.id) ?? 0,
      contactShared: { mine: sharedBy(p.side), theirs: sharedBy(p.other.side) },
      ended: conversationEnded(p, p.conversation.matchId ? statuses.get(p.conversation.matchId) : undefined),
      updatedAt: (last && last.createdAt > p.conversation.updatedAt
        ? last.createdAt
        : p.conversation.updatedAt
      ).toISOString(),
    };
  });
}
