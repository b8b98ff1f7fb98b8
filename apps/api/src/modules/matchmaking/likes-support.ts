/**
 * Shared parts of likes, matches and profiles (issue 22; decision 0059): which listing the caller acts for, the
 * other side's listings that may be shown (listed, not hidden, not archived, and — issue 22 "no ghosting" — with an
 * active account that can reply), and the rows → contract shapes.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { LikeSummary, MatchSummary, OtherSide, SenderType } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { accountsActingFor, findMatchmakingAccount } from '../users/matchmaking-accounts.service.ts';
import { caregiverCardOf, clientCardOf } from './cards.ts';
import {
  managedCaregiverListing,
  managedClientListing,
  type MatchmakingAccount,
  type MatchmakingDeps,
} from './matchmaking-support.ts';
import { likes, matches, tinderCaregivers, tinderClients } from './matchmaking.table.ts';

export type ClientRow = typeof tinderClients.$inferSelect;
export type CaregiverRow = typeof tinderCaregivers.$inferSelect;
export type LikeRow = typeof likes.$inferSelect;
export type MatchRowShape = typeof matches.$inferSelect;

/** The listing the caller acts for: a client listing (side CLIENT) or a caregiver listing (side CAREGIVER). */
export type ActingListing =
  | { side: 'CLIENT'; account: MatchmakingAccount; client: ClientRow }
  | { side: 'CAREGIVER'; account: MatchmakingAccount; caregiver: CaregiverRow };

/**
 * Listing `listingId` when the caller manages it (a client listing of its guardian, its own caregiver listing; an
 * admin: any). Anything else: NOT_FOUND "Listing", one body for every refusal.
 */
export async function actingListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listingId: string,
  executor: Executor = deps.db,
): Promise<ActingListing> {
  const id = ctx.actor?.userAccountId;
  const account = id ? await findMatchmakingAccount(executor, id) : null;
  if (!account) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  const [client] = await executor
    .select({ id: tinderClients.id })
    .from(tinderClients)
    .where(eq(tinderClients.id, listingId));
  const refused = () => {
    throw notFound('Listing');
  };
  if (client) {
    const row = await managedClientListing(executor, account, listingId).catch(refused);
    return { side: 'CLIENT', account, client: row };
  }
  const row = await managedCaregiverListing(executor, account, listingId).catch(refused);
  return { side: 'CAREGIVER', account, caregiver: row };
}

/** Whether a listing has an active account acting for it (issue 22 "only people who can reply appear"). */
export async function canReply(
  executor: Executor,
  listing: { kind: 'client'; guardianId: string | null } | { kind: 'caregiver'; id: string },
): Promise<boolean> {
  if (listing.kind === 'client' && !listing.guardianId) return false;
  const accounts = await accountsActingFor(
    executor,
    listing.kind === 'client'
      ? { guardianId: listing.guardianId as string }
      : { tinderCaregiverId: listing.id },
  );
  return accounts.some((account) => account.isActive);
}

/** Conditions of a listing the other side may see: listed, not hidden, not archived. */
export const shownListing = (table: typeof tinderCaregivers | typeof tinderClients) => [
  isNotNull(table.listedAt),
  eq(table.hidden, false),
  eq(table.archived, false),
];

/** Client listings `ids` (any state), by id. */
export async function clientRowsOf(executor: Executor, ids: string[]): Promise<Map<string, ClientRow>> {
  if (!ids.length) return new Map();
  const rows = await executor.select().from(tinderClients).where(inArray(tinderClients.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Caregiver listings `ids` (any state), by id. */
export async function caregiverRowsOf(executor: Executor, ids: string[]): Promise<Map<string, CaregiverRow>> {
  if (!ids.length) return new Map();
  const rows = await executor.select().from(tinderCaregivers).where(inArray(tinderCaregivers.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A shown caregiver listing `id` (listed, visible); else NOT_FOUND. */
export async function shownCaregiver(executor: Executor, id: string): Promise<CaregiverRow> {
  const [row] = await executor
    .select()
    .from(tinderCaregivers)
    .where(and(eq(tinderCaregivers.id, id), ...shownListing(tinderCaregivers)));
  if (!row) throw notFound('Listing');
  return row;
}

/** A shown client listing `id` (listed, visible); else NOT_FOUND. */
export async function shownClient(executor: Executor, id: string): Promise<ClientRow> {
  const [row] = await executor
    .select()
    .from(tinderClients)
    .where(and(eq(tinderClients.id, id), ...shownListing(tinderClients)));
  if (!row) throw notFound('Listing');
  return row;
}

/** The like of a pair, or null. */
export async function likeOfPair(
  executor: Executor,
  clientId: string,
  caregiverId: string,
): Promise<LikeRow | null> {
  const [row] = await executor
    .select()
    .from(likes)
    .where(and(eq(likes.clientId, clientId), eq(likes.caregiverId, caregiverId)));
  return row ?? null;
}

/** The match of a pair, or null. */
export async function matchOfPair(
  executor: Executor,
  clientId: string,
  caregiverId: string,
): Promise<MatchRowShape | null> {
  const [row] = await executor
    .select()
    .from(matches)
    .where(and(eq(matches.clientId, clientId), eq(matches.caregiverId, caregiverId)));
  return row ?? null;
}

export const likeSummaryOf = (row: LikeRow): LikeSummary => ({
  id: row.id,
  clientId: row.clientId,
  caregiverId: row.caregiverId,
  status: row.status,
  initiator: row.initiator,
  createdAt: row.createdAt.toISOString(),
});

const careAuthorizationOf = (value: string): MatchSummary['careAuthorization'] =>
  value === 'requested' || value === 'authorized' || value === 'declined' ? value : 'not_required';

/** Who reads a match summary: one of its two sides, or the care team (the case manager, an admin). */
export type MatchViewer = SenderType | 'CARE_TEAM';

/**
 * A match as `viewer` may read it. The case manager's `authorizationNote` is written for the family (decision 0059:
 * "an optional note the family sees"; the page says so): the care team and the CLIENT side read it, the caregiver
 * gets `null` — the note may speak of the client's care record (decision 0059 addendum "mmauth").
 */
export const matchSummaryOf = (row: MatchRowShape, viewer: MatchViewer): MatchSummary => ({
  id: row.id,
  clientId: row.clientId,
  caregiverId: row.caregiverId,
  status: row.status,
  rejectedBy: row.rejectedBy,
  initiator: row.initiator,
  careAuthorization: careAuthorizationOf(row.careAuthorization),
  authorizedAt: row.authorizedAt?.toISOString() ?? null,
  authorizationNote: viewer === 'CAREGIVER' ? null : row.authorizationNote,
  createdAt: row.createdAt.toISOString(),
});

/** The other side of a pair as `side` sees it. */
export const otherSideOf = (side: SenderType, client: ClientRow, caregiver: CaregiverRow): OtherSide =>
  side === 'CLIENT'
    ? { kind: 'caregiver', card: caregiverCardOf(caregiver) }
    : { kind: 'client', card: clientCardOf(client) };

/** The pair (client, caregiver) of the caller's listing and another listing's id. */
export const pairOf = (acting: ActingListing, otherId: string) =>
  acting.side === 'CLIENT'
    ? { clientId: acting.client.id, caregiverId: otherId }
    : { clientId: otherId, caregiverId: acting.caregiver.id };

export const actingId = (acting: ActingListing) =>
  acting.side === 'CLIENT' ? acting.client.id : acting.caregiver.id;
