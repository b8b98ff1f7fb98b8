/**
 * Fixtures of the messaging tests (decision 0058): a guardian with a client listing and a caregiver with a listing,
 * optionally matched (through matches.service `openMatch`), and a third account that is neither.
 */
import { as, signInAs, type TestApp } from '../../../test/helpers.ts';
import { caregiverListingFor, clientListingOf, guardianFor } from '../matchmaking/entry.test-support.ts';
import { openMatch } from '../matchmaking/matches.service.ts';

export interface Side {
  cookie: string;
  accountId: string;
  listingId: string;
  call: ReturnType<typeof as>;
}

/** A guardian (client listing "Pablo R.") and a caregiver ("María N."), unmatched. */
export async function twoSides(t: TestApp): Promise<{ family: Side; caregiver: Side }> {
  const g = await signInAs(t, 'GUARDIAN');
  const clientId = await clientListingOf(t, await guardianFor(t, g.accountId));
  const c = await signInAs(t, 'CAREGIVER');
  const caregiverId = await caregiverListingFor(t, c.accountId);
  return {
    family: { cookie: g.cookie, accountId: g.accountId, listingId: clientId, call: as(t, g.cookie) },
    caregiver: { cookie: c.cookie, accountId: c.accountId, listingId: caregiverId, call: as(t, c.cookie) },
  };
}

/** {@link twoSides} with an open match between the two listings. */
export async function matchedPair(t: TestApp) {
  const sides = await twoSides(t);
  const match = await openMatch(t.database.db, {
    clientId: sides.family.listingId,
    caregiverId: sides.caregiver.listingId,
    initiator: 'CLIENT',
  });
  return { ...sides, matchId: match.id };
}

/** A guardian with a client listing of their own, party to nothing (the "third user"). */
export async function stranger(t: TestApp): Promise<Side> {
  const s = await signInAs(t, 'GUARDIAN');
  const listingId = await clientListingOf(t, await guardianFor(t, s.accountId, ['Eva', 'Soto']));
  return { cookie: s.cookie, accountId: s.accountId, listingId, call: as(t, s.cookie) };
}

/** Opens the pair's match conversation as the family and returns its id. */
export async function conversationOf(pair: Awaited<ReturnType<typeof matchedPair>>): Promise<string> {
  const response = await pair.family.call({
    method: 'GET',
    url: `/api/matchmaking/matches/${pair.matchId}/conversation`,
  });
  if (response.statusCode !== 200) throw new Error(`open failed: ${response.statusCode} ${response.body}`);
  return response.json<{ conversation: { id: string } }>().conversation.id;
}
