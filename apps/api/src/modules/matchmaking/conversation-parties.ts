/**
 * Read functions module `messaging` needs of listings (issue 22; decision 0058): who a conversation's two listings
 * are as the other side may see them (the privacy projection of `cards.ts`: first name, last initial, photo), which
 * account owns each, and the client listings of a guardian. No writes; no audit (the caller audits its own read).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SenderType } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { nameplateOf } from './cards.ts';
import { tinderCaregivers, tinderClients } from './matchmaking.table.ts';

/** One listing as a conversation shows it. `guardianId` is the client listing's family (null for a caregiver). */
export interface ConversationPartyListing {
  side: SenderType;
  listingId: string;
  firstName: string;
  lastInitial: string | null;
  photoUrl: string | null;
  guardianId: string | null;
  archived: boolean;
}

/**
 * The listings `clientIds` and `caregiverIds` (archived ones included: a conversation outlives a listing's
 * archiving), keyed by listing id. Unknown ids are absent. One query (only the columns a conversation shows: it runs
 * for every message sent, bench:realtime).
 */
export async function partiesOf(
  executor: Executor,
  { clientIds, caregiverIds }: { clientIds: string[]; caregiverIds: string[] },
): Promise<Map<string, ConversationPartyListing>> {
  const parties = new Map<string, ConversationPartyListing>();
  const clients = clientIds.length
    ? executor
        .select({
          side: sql<SenderType>`'CLIENT'`.as('side'),
          listingId: tinderClients.id,
          firstName: tinderClients.firstName,
          lastName: tinderClients.lastName,
          profilePicture: tinderClients.profilePicture,
          guardianId: tinderClients.guardianId,
          archived: tinderClients.archived,
        })
        .from(tinderClients)
        .where(inArray(tinderClients.id, [...new Set(clientIds)]))
    : null;
  const caregivers = caregiverIds.length
    ? executor
        .select({
          side: sql<SenderType>`'CAREGIVER'`.as('side'),
          listingId: tinderCaregivers.id,
          firstName: tinderCaregivers.firstName,
          lastName: tinderCaregivers.lastName,
          profilePicture: tinderCaregivers.profilePicture,
          guardianId: sql<string | null>`null::uuid`.as('guardian_id'),
          archived: tinderCaregivers.archived,
        })
        .from(tinderCaregivers)
        .where(inArray(tinderCaregivers.id, [...new Set(caregiverIds)]))
    : null;
  const rows =
    clients && caregivers ? await clients.unionAll(caregivers) : await (clients ?? caregivers ?? []);
  for (const row of rows)
    parties.set(row.listingId, {
      side: row.side,
      listingId: row.listingId,
      ...nameplateOf(row),
      guardianId: row.guardianId,
      archived: row.archived,
    });
  return parties;
}

/** The ids of guardian `guardianId`'s client listings (archived ones included). One query. */
export async function clientListingIdsOf(executor: Executor, guardianId: string): Promise<string[]> {
  const rows = await executor
    .select({ id: tinderClients.id })
    .from(tinderClients)
    .where(eq(tinderClients.guardianId, guardianId));
  return rows.map((row) => row.id);
}

/** Listing `listingId` of side `side` when it exists and is not archived (a request's addressee); else null. */
export async function activeListingOf(
  executor: Executor,
  side: SenderType,
  listingId: string,
): Promise<ConversationPartyListing | null> {
  const parties = await partiesOf(
    executor,
    side === 'CLIENT'
      ? { clientIds: [listingId], caregiverIds: [] }
      : { clientIds: [], caregiverIds: [listingId] },
  );
  const party = parties.get(listingId);
  return party && !party.archived ? party : null;
}

/** Whether caregiver listing `caregiverId` exists and is not archived. */
export async function caregiverListingActive(executor: Executor, caregiverId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: tinderCaregivers.id })
    .from(tinderCaregivers)
    .where(and(eq(tinderCaregivers.id, caregiverId), eq(tinderCaregivers.archived, false)));
  return Boolean(row);
}
