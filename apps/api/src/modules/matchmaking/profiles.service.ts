/**
 * A profile of the other side, seen from the caller's listing (issue 22; spec s.2 `/matchmaking/client/caregiver/
 * {id}/profile`, `/fullProfile`, `/matchmaking/caregiver/client/{id}/profile`; decision 0059). The caller's listing
 * (`fromListingId`) must be one it manages and of the other side; the profile must be shown (listed, visible; a
 * client listing `public`) or already paired with it by a like or a match. Anything else NOT_FOUND "Listing".
 * A caregiver's profile adds the current bio, the primary video's id, the references count and the reviews (rating,
 * text, the reviewing listing's first name), newest first. Audited `matchmaking_profile.read` with ids only.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { CaregiverProfileView, ClientProfileView } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { currentBioOf } from './caregiver-bios.service.ts';
import { fitsOf, readMatchmakingSettings } from './fit-inputs.ts';
import {
  actingListing,
  caregiverRowsOf,
  clientRowsOf,
  likeOfPair,
  likeSummaryOf,
  matchOfPair,
  matchSummaryOf,
  otherSideOf,
} from './likes-support.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import { caregiverReferences, ratings, tinderClients, videoBios } from './matchmaking.table.ts';

const shown = (row: { listedAt: Date | null; hidden: boolean; archived: boolean }) =>
  row.listedAt !== null && !row.hidden && !row.archived;

/** The pair's like, match and fit, or NOT_FOUND when the other listing may not be seen. */
async function pairView(
  deps: MatchmakingDeps,
  clientId: string,
  caregiverId: string,
  visible: (client: typeof tinderClients.$inferSelect) => boolean,
  viewer: 'CLIENT' | 'CAREGIVER',
) {
  const client = (await clientRowsOf(deps.db, [clientId])).get(clientId);
  const caregiver = (await caregiverRowsOf(deps.db, [caregiverId])).get(caregiverId);
  if (!client || !caregiver) throw notFound('Listing');
  const like = await likeOfPair(deps.db, clientId, caregiverId);
  const match = await matchOfPair(deps.db, clientId, caregiverId);
  const other = viewer === 'CLIENT' ? caregiver : client;
  if (other.archived || (!visible(client) && !like && !match)) throw notFound('Listing');
  const [fit] = await fitsOf(deps.db, await readMatchmakingSettings(deps.db), [{ client, caregiver }]);
  return {
    other: otherSideOf(viewer, client, caregiver),
    ...fit!,
    like: like ? likeSummaryOf(like) : null,
    match: match ? matchSummaryOf(match, viewer) : null,
  };
}

async function caregiverExtras(executor: Executor, caregiverId: string) {
  const [video] = await executor
    .select({ id: videoBios.id })
    .from(videoBios)
    .where(and(eq(videoBios.caregiverId, caregiverId), eq(videoBios.isPrimary, true)));
  const [references] = await executor
    .select({ count: count() })
    .from(caregiverReferences)
    .where(eq(caregiverReferences.caregiverId, caregiverId));
  const reviews = await executor
    .select({
      rating: ratings.rating,
      review: ratings.review,
      by: tinderClients.firstName,
      updatedAt: ratings.updatedAt,
    })
    .from(ratings)
    .innerJoin(tinderClients, eq(tinderClients.id, ratings.clientId))
    .where(eq(ratings.caregiverId, caregiverId))
    .orderBy(desc(ratings.updatedAt))
    .limit(50);
  return {
    bio: await currentBioOf(executor, caregiverId),
    videoId: video?.id ?? null,
    referencesCount: references?.count ?? 0,
    reviews: reviews.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
  };
}

/** `GET /api/matchmaking/profiles/caregivers/:id?fromListingId=` (a client listing of the caller). */
export async function caregiverProfile(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  caregiverId: string,
  fromListingId: string,
): Promise<CaregiverProfileView> {
  const acting = await actingListing(deps, ctx, fromListingId);
  if (acting.side !== 'CLIENT') throw notFound('Listing');
  const view = await pairView(deps, acting.client.id, caregiverId, () => true, 'CLIENT');
  const caregiver = (await caregiverRowsOf(deps.db, [caregiverId])).get(caregiverId)!;
  if (!shown(caregiver) && !view.like && !view.match) throw notFound('Listing');
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_profile.read',
    entityType: 'tinder_caregiver',
    entityId: caregiverId,
    details: { fromListingId: acting.client.id },
  });
  return { ...view, ...(await caregiverExtras(deps.db, caregiverId)) };
}

/** `GET /api/matchmaking/profiles/clients/:id?fromListingId=` (the caller's caregiver listing). */
export async function clientProfile(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  clientId: string,
  fromListingId: string,
): Promise<ClientProfileView> {
  const acting = await actingListing(deps, ctx, fromListingId);
  if (acting.side !== 'CAREGIVER') throw notFound('Listing');
  const view = await pairView(
    deps,
    clientId,
    acting.caregiver.id,
    (client) => shown(client) && client.visibility === 'public',
    'CAREGIVER',
  );
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_profile.read',
    entityType: 'tinder_client',
    entityId: clientId,
    details: { fromListingId: acting.caregiver.id },
  });
  return view;
}
