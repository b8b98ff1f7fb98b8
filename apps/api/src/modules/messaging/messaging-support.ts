/**
 * What every messaging service is given, and who is who in a conversation (issue 22; decision 0058).
 *
 * - A conversation is between a client listing (participant A) and a caregiver listing (participant B).
 * - The caller acts for the side whose listing it manages: the client listing's guardian account is `CLIENT`, the
 *   caregiver listing's own account `CAREGIVER` (`participantMatch`'s rule). Anyone else, admins included, gets
 *   NOT_FOUND, the same body as an unknown id.
 */
import { eq } from 'drizzle-orm';
import type { SenderType } from '@tend/contracts';
import type { Config } from '../../platform/config/config.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import type { JobEvents } from '../../platform/jobs/events.ts';
import type { RealtimeHub } from '../../platform/realtime/realtime.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { partiesOf, type ConversationPartyListing } from '../matchmaking/conversation-parties.ts';
import { matchStatusesOf } from '../matchmaking/matches.service.ts';
import type { MatchmakingAccount } from '../matchmaking/matchmaking-support.ts';
import { accountsActingFor, accountsActingForAny } from '../users/matchmaking-accounts.service.ts';
import { conversations } from './messaging.table.ts';
import { ownerChoices } from './notifications/recipients.ts';

export interface MessagingDeps {
  db: Database;
  storage: StorageService;
  config: Config;
  realtime: RealtimeHub;
  events: JobEvents;
}

export type ConversationRow = typeof conversations.$inferSelect;

/** A conversation as one of its participants sees it. */
export interface Participation {
  conversation: ConversationRow;
  side: SenderType;
  me: ConversationPartyListing;
  other: ConversationPartyListing;
}

/** The side `account` acts for in a conversation of `client` and `caregiver`, or null when it is neither. */
export function sideOf(
  account: MatchmakingAccount,
  client: ConversationPartyListing | undefined,
  caregiver: ConversationPartyListing | undefined,
): SenderType | null {
  if (client && account.guardianId && client.guardianId === account.guardianId) return 'CLIENT';
  if (caregiver && account.tinderCaregiverId && caregiver.listingId === account.tinderCaregiverId)
    return 'CAREGIVER';
  return null;
}

/** Conversation `conversationId` when `account` is one of its participants; else NOT_FOUND. Two or three queries. */
export async function participation(
  executor: Executor,
  account: MatchmakingAccount,
  conversationId: string,
): Promise<Participation> {
  const [conversation] = await executor
    .select()
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!conversation) throw notFound('Conversation');
  return participationIn(executor, account, conversation);
}

/** {@link participation} for a conversation row already read. */
export async function participationIn(
  executor: Executor,
  account: MatchmakingAccount,
  conversation: ConversationRow,
): Promise<Participation> {
  const parties = await partiesOf(executor, {
    clientIds: [conversation.participantAId],
    caregiverIds: [conversation.participantBId],
  });
  const client = parties.get(conversation.participantAId);
  const caregiver = parties.get(conversation.participantBId);
  const side = sideOf(account, client, caregiver);
  if (!side || !client || !caregiver) throw notFound('Conversation');
  return side === 'CLIENT'
    ? { conversation, side, me: client, other: caregiver }
    : { conversation, side, me: caregiver, other: client };
}

/** The user accounts that act for listing `party` (its family's accounts, or the caregiver's own). One query. */
export async function accountIdsOf(executor: Executor, party: ConversationPartyListing): Promise<string[]> {
  if (party.side === 'CAREGIVER')
    return (await accountsActingFor(executor, { tinderCaregiverId: party.listingId })).map(
      (a) => a.userAccountId,
    );
  if (!party.guardianId) return [];
  return (await accountsActingFor(executor, { guardianId: party.guardianId })).map((a) => a.userAccountId);
}

/**
 * The user accounts of both sides of conversation `p`: `mine` act for the caller's listing, `theirs` for the other.
 * One query.
 */
export async function accountIdsOfSides(
  executor: Executor,
  p: Participation,
): Promise<{ mine: string[]; theirs: string[] }> {
  const owners = { guardianIds: [] as string[], tinderCaregiverIds: [] as string[] };
  for (const party of [p.me, p.other]) {
    if (party.side === 'CAREGIVER') owners.tinderCaregiverIds.push(party.listingId);
    else if (party.guardianId) owners.guardianIds.push(party.guardianId);
  }
  const actsFor = (
    party: ConversationPartyListing,
    account: { guardianId: string | null; tinderCaregiverId: string | null },
  ) =>
    party.side === 'CAREGIVER'
      ? account.tinderCaregiverId === party.listingId
      : party.guardianId !== null && account.guardianId === party.guardianId;
  const accounts = await accountsActingForAny(executor, owners);
  return {
    mine: accounts.filter((a) => actsFor(p.me, a)).map((a) => a.userAccountId),
    theirs: accounts.filter((a) => actsFor(p.other, a)).map((a) => a.userAccountId),
  };
}

/** The room of a conversation's open pages (`conversation:join`). */
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;

/**
 * Whether conversation `p` is closed to writing (decision 0058 addendum): its match is REJECTED (ended by a side,
 * declined by the case manager, or ended by an admin) or the listing of either side is archived. `matchStatus` is the
 * status of the conversation's match (absent for a conversation without one). Participants still read it.
 */
export function conversationEnded(p: Participation, matchStatus: string | undefined): boolean {
  return matchStatus === 'REJECTED' || p.me.archived || p.other.archived;
}

/**
 * Refuses writing (send, edit, share contact; REST and socket) in an ended conversation (see
 * {@link conversationEnded}) with CONFLICT naming `conversation`. One query when the conversation has a match.
 */
export async function assertWritable(executor: Executor, p: Participation): Promise<void> {
  const matchId = p.conversation.matchId;
  const status = matchId ? (await matchStatusesOf(executor, [matchId])).get(matchId) : undefined;
  if (conversationEnded(p, status))
    throw new AppError('CONFLICT', 'This match has ended: the conversation can be read but not written to', [
      { path: 'conversation', message: 'the match has ended' },
    ]);
}

/**
 * Whether the owner of listing `party` (the family's guardian record, or the caregiver listing) has read receipts on
 * (decision 0058 addendum; on by default, and when the owner is unknown). One query.
 */
export async function readReceiptsOn(executor: Executor, party: ConversationPartyListing): Promise<boolean> {
  const owner =
    party.side === 'CAREGIVER'
      ? { tinderCaregiverId: party.listingId }
      : party.guardianId
        ? { guardianId: party.guardianId }
        : null;
  if (!owner) return true;
  return (await ownerChoices(executor, owner))?.readReceiptsEnabled ?? true;
}
