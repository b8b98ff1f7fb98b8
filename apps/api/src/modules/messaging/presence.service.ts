/**
 * Presence (issue 22; spec s.3 UserPresence; decision 0058): one `user_presence` row per user account (`user_id` =
 * user_account.id, `user_type` = the side it acts for), written when its sockets connect and drop and when a page
 * opens or leaves a conversation. "Online" is asked of the realtime hub (sockets of the account on any instance);
 * the row keeps `last_seen_at` and which conversation the account's latest page has open.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { conversationEvents, type SenderType } from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import type { RealtimeHub } from '../../platform/realtime/realtime.ts';
import type { MatchmakingAccount } from '../matchmaking/matchmaking-support.ts';
import { clientListingIdsOf, partiesOf } from '../matchmaking/conversation-parties.ts';
import { accountIdsOf } from './messaging-support.ts';
import { conversations, userPresences } from './messaging.table.ts';

/** The side an account acts for in matchmaking (CLIENT for a guardian), or null for neither. */
export function presenceSideOf(account: MatchmakingAccount): SenderType | null {
  if (account.guardianId) return 'CLIENT';
  if (account.tinderCaregiverId) return 'CAREGIVER';
  return null;
}

/** Marks the account online (a socket connected). Keeps the open conversation of another page. */
export async function markConnected(
  executor: Executor,
  { userAccountId, side }: { userAccountId: string; side: SenderType },
): Promise<void> {
  const now = new Date();
  await executor
    .insert(userPresences)
    .values({ userId: userAccountId, userType: side, isOnline: true, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [userPresences.userId, userPresences.userType],
      set: { isOnline: true, lastSeenAt: now },
    });
}

/**
 * Socket `socketId` of the account dropped: when it was the page with a conversation open, that is cleared; when
 * `stillConnected` is 0 the account is offline, last seen now.
 */
export async function markDisconnected(
  executor: Executor,
  {
    userAccountId,
    socketId,
    stillConnected,
  }: { userAccountId: string; socketId: string; stillConnected: number },
): Promise<void> {
  const now = new Date();
  await executor
    .update(userPresences)
    .set({
      lastSeenAt: now,
      isOnline: stillConnected > 0,
      socketId: sql`case when ${userPresences.socketId} = ${socketId} then null else ${userPresences.socketId} end`,
      activeConversationId: sql`case when ${userPresences.socketId} = ${socketId} then null else ${userPresences.activeConversationId} end`,
    })
    .where(eq(userPresences.userId, userAccountId));
}

/** Socket `socketId` opened (`conversationId`) or left (null) a conversation. */
export async function markActiveConversation(
  executor: Executor,
  {
    userAccountId,
    side,
    socketId,
    conversationId,
  }: { userAccountId: string; side: SenderType; socketId: string; conversationId: string | null },
): Promise<void> {
  const now = new Date();
  if (conversationId === null) {
    await executor
      .update(userPresences)
      .set({ activeConversationId: null, socketId: null, lastSeenAt: now })
      .where(and(eq(userPresences.userId, userAccountId), eq(userPresences.socketId, socketId)));
    return;
  }
  await executor
    .insert(userPresences)
    .values({
      userId: userAccountId,
      userType: side,
      isOnline: true,
      lastSeenAt: now,
      socketId,
      activeConversationId: conversationId,
    })
    .onConflictDoUpdate({
      target: [userPresences.userId, userPresences.userType],
      set: { isOnline: true, lastSeenAt: now, socketId, activeConversationId: conversationId },
    });
}

/**
 * Whether account `userAccountId` has a live socket on any instance (asks the hub: ≤ 10 s). For the notifications
 * helper: a recipient online is not emailed.
 */
export async function isOnline(
  deps: { db: Database; realtime: RealtimeHub },
  userAccountId: string,
): Promise<boolean> {
  return (await deps.realtime.socketCountOf(userAccountId)) > 0;
}

/**
 * Whether a live socket of account `userAccountId` has conversation `conversationId` open (its presence row names
 * the conversation and that row's socket is still connected on some instance).
 */
export async function isViewingConversation(
  deps: { db: Database; realtime: RealtimeHub },
  userAccountId: string,
  conversationId: string,
): Promise<boolean> {
  const rows = await deps.db
    .select({ socketId: userPresences.socketId })
    .from(userPresences)
    .where(
      and(eq(userPresences.userId, userAccountId), eq(userPresences.activeConversationId, conversationId)),
    );
  for (const row of rows) if (row.socketId && (await deps.realtime.isConnected(row.socketId))) return true;
  return false;
}

/** Online and last seen of the accounts `accountIds` taken together (any online; the latest sighting). */
export async function presenceOfAccounts(
  executor: Executor,
  accountIds: string[],
): Promise<{ online: boolean; lastSeenAt: Date | null }> {
  if (!accountIds.length) return { online: false, lastSeenAt: null };
  const rows = await executor
    .select({ isOnline: userPresences.isOnline, lastSeenAt: userPresences.lastSeenAt })
    .from(userPresences)
    .where(inArray(userPresences.userId, accountIds));
  let lastSeenAt: Date | null = null;
  for (const row of rows)
    if (row.lastSeenAt && (!lastSeenAt || row.lastSeenAt > lastSeenAt)) lastSeenAt = row.lastSeenAt;
  return { online: rows.some((row) => row.isOnline), lastSeenAt };
}

/**
 * Tells the other side of every conversation of `account`'s listings that the account went online or offline
 * (`presence:changed`, one per conversation, naming the account's listing in it).
 */
export async function pushPresence(
  deps: { db: Database; realtime: RealtimeHub },
  account: MatchmakingAccount,
  online: boolean,
): Promise<void> {
  const clientIds = account.guardianId ? await clientListingIdsOf(deps.db, account.guardianId) : [];
  const caregiverIds = account.tinderCaregiverId ? [account.tinderCaregiverId] : [];
  const conditions = [
    ...(clientIds.length ? [inArray(conversations.participantAId, clientIds)] : []),
    ...(caregiverIds.length ? [inArray(conversations.participantBId, caregiverIds)] : []),
  ];
  if (!conditions.length) return;
  const rows = await deps.db
    .select({ a: conversations.participantAId, b: conversations.participantBId })
    .from(conversations)
    .where(or(...conditions));
  if (!rows.length) return;
  const parties = await partiesOf(deps.db, {
    clientIds: rows.map((row) => row.a),
    caregiverIds: rows.map((row) => row.b),
  });
  const lastSeenAt = online ? null : new Date().toISOString();
  const accountsOf = new Map<string, string[]>();
  for (const row of rows) {
    const mineIsClient = clientIds.includes(row.a);
    const other = parties.get(mineIsClient ? row.b : row.a);
    if (!other) continue;
    let targets = accountsOf.get(other.listingId);
    if (!targets) {
      targets = await accountIdsOf(deps.db, other);
      accountsOf.set(other.listingId, targets);
    }
    const payload = {
      side: mineIsClient ? ('CLIENT' as const) : ('CAREGIVER' as const),
      listingId: mineIsClient ? row.a : row.b,
      online,
      lastSeenAt,
    };
    for (const id of targets) deps.realtime.toAccount(id, conversationEvents.presence, payload);
  }
}
