/**
 * Matches as their two sides see and end them, and ratings (issue 22; spec s.3 Match, Rating; contracts
 * `matchmaking-likes.ts`; decision 0059).
 * - `listMatches`: the matches of the caller's listing, every status, newest first, each with the other side's card,
 *   the fit, the caregiver's ratings and (client side) the client listing's own rating.
 * - `endMatch`: either side ends a match (REJECTED, `rejectedBy` its side); ending an ended one changes nothing.
 * - `saveRating`: a client listing rates a caregiver it has an ACCEPTED match with, 1–5 and a review, one per pair,
 *   editable (upsert); without such a match 409 CONFLICT on `caregiverId`.
 * Writes and reads are audited with ids and counts only (never the review's text).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { MatchList, MatchSummary, Rating, RatingInput } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { fitsOf, readMatchmakingSettings } from './fit-inputs.ts';
import {
  actingId,
  actingListing,
  caregiverRowsOf,
  clientRowsOf,
  matchSummaryOf,
  otherSideOf,
} from './likes-support.ts';
import { participantMatch } from './matches.service.ts';
import { callerAccount, managedClientListing, type MatchmakingDeps } from './matchmaking-support.ts';
import { matches, ratings } from './matchmaking.table.ts';

const ratingOf = (row: typeof ratings.$inferSelect): Rating => ({
  clientId: row.clientId,
  caregiverId: row.caregiverId,
  rating: row.rating,
  review: row.review,
  updatedAt: row.updatedAt.toISOString(),
});

/** `GET /api/matchmaking/matches?listingId=`. */
export async function listMatches(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listingId: string,
): Promise<MatchList> {
  const acting = await actingListing(deps, ctx, listingId);
  const own = actingId(acting);
  const rows = await deps.db
    .select()
    .from(matches)
    .where(acting.side === 'CLIENT' ? eq(matches.clientId, own) : eq(matches.caregiverId, own))
    .orderBy(desc(matches.createdAt), desc(matches.id));
  const clients = await clientRowsOf(deps.db, [...new Set(rows.map((row) => row.clientId))]);
  const caregivers = await caregiverRowsOf(deps.db, [...new Set(rows.map((row) => row.caregiverId))]);
  const kept = rows.flatMap((row) => {
    const client = clients.get(row.clientId);
    const caregiver = caregivers.get(row.caregiverId);
    return client && caregiver ? [{ row, client, caregiver }] : [];
  });
  const fits = await fitsOf(deps.db, await readMatchmakingSettings(deps.db), kept);
  const mine =
    acting.side === 'CLIENT' ? await deps.db.select().from(ratings).where(eq(ratings.clientId, own)) : [];
  const items = kept.map((entry, index) => {
    const rated = mine.find((rating) => rating.caregiverId === entry.caregiver.id);
    return {
      other: otherSideOf(acting.side, entry.client, entry.caregiver),
      ...fits[index]!,
      match: matchSummaryOf(entry.row, acting.side),
      myRating: rated ? ratingOf(rated) : null,
    };
  });
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_match.list',
    entityType: acting.side === 'CLIENT' ? 'tinder_client' : 'tinder_caregiver',
    entityId: own,
    details: { count: items.length },
  });
  return { listingId: own, items };
}

/** `POST /api/matchmaking/matches/:id/end`: a participant ends the match (see the file comment); else NOT_FOUND. */
export async function endMatch(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  matchId: string,
): Promise<MatchSummary> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const { match, side } = await participantMatch(tx, account, matchId);
    if (match.status === 'REJECTED') return matchSummaryOf(match, side);
    const [ended] = await tx
      .update(matches)
      .set({ status: 'REJECTED', rejectedBy: side, updatedAt: new Date() })
      .where(eq(matches.id, match.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'matchmaking_match.end',
      entityType: 'match',
      entityId: match.id,
      details: { clientId: match.clientId, caregiverId: match.caregiverId, rejectedBy: side },
    });
    return matchSummaryOf(ended!, side);
  });
}

/** `PUT /api/matchmaking/ratings` (see the file comment). The client listing must be the caller's; else NOT_FOUND. */
export async function saveRating(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: RatingInput,
): Promise<Rating> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const client = await managedClientListing(tx, account, input.clientId);
    const [match] = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(
        and(
          eq(matches.clientId, client.id),
          eq(matches.caregiverId, input.caregiverId),
          eq(matches.status, 'ACCEPTED'),
        ),
      );
    if (!match)
      throw new AppError('CONFLICT', 'caregiverId needs an accepted match', [
        { path: 'caregiverId', message: 'needs an accepted match to rate' },
      ]);
    const values = { rating: input.rating, review: input.review ?? null, updatedAt: new Date() };
    const [row] = await tx
      .insert(ratings)
      .values({ clientId: client.id, caregiverId: input.caregiverId, ...values })
      .onConflictDoUpdate({ target: [ratings.clientId, ratings.caregiverId], set: values })
      .returning();
    await recordAudit(tx, ctx, {
      action: 'matchmaking_rating.save',
      entityType: 'rating',
      entityId: row!.id,
      details: {
        clientId: client.id,
        caregiverId: input.caregiverId,
        rating: input.rating,
        hasReview: Boolean(values.review),
      },
    });
    return ratingOf(row!);
  });
}
