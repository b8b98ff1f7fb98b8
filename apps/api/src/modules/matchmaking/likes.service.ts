/**
 * Likes between client and caregiver listings (issue 22; spec s.3 Like; contracts `matchmaking-likes.ts`; decision
 * 0059). One row per pair: the first side's like is the row (`initiator` that side, PENDING); the other side liking
 * back sets it ACCEPTED and opens the match (`matches.service.ts` `openMatch`, which follows the agency's
 * authorization setting); a pass sets it REJECTED — or, when nobody liked yet, stores a REJECTED row with the passing
 * side as initiator — and a REJECTED pair stays closed (a like on it changes nothing). Withdraw deletes the caller's
 * own PENDING like. The other listing must be shown (listed, visible) and able to reply; anything else is NOT_FOUND.
 * Every write is audited with ids only, in its transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { LikeInput, LikeResult, SenderType } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import {
  actingListing,
  canReply,
  likeOfPair,
  likeSummaryOf,
  matchOfPair,
  matchSummaryOf,
  pairOf,
  shownCaregiver,
  shownClient,
  type ActingListing,
  type LikeRow,
} from './likes-support.ts';
import { openMatch } from './matches.service.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import { likes } from './matchmaking.table.ts';

type Input = { fromListingId: string; toListingId: string };

/**
 * The other listing of `input` when it may be liked or passed: shown and able to reply; a client listing that is
 * `matched-only` only when it liked the caller first. Else NOT_FOUND "Listing".
 */
async function likeableTarget(executor: Executor, acting: ActingListing, toListingId: string): Promise<void> {
  if (acting.side === 'CLIENT') {
    const row = await shownCaregiver(executor, toListingId);
    if (!(await canReply(executor, { kind: 'caregiver', id: row.id }))) throw notFound('Listing');
    return;
  }
  const row = await shownClient(executor, toListingId);
  if (row.visibility !== 'public') {
    const like = await likeOfPair(executor, row.id, acting.caregiver.id);
    if (!like || like.initiator !== 'CLIENT') throw notFound('Listing');
  }
  if (!(await canReply(executor, { kind: 'client', guardianId: row.guardianId }))) throw notFound('Listing');
}

async function answer(executor: Executor, row: LikeRow, viewer: SenderType): Promise<LikeResult> {
  const match = await matchOfPair(executor, row.clientId, row.caregiverId);
  return { like: likeSummaryOf(row), match: match ? matchSummaryOf(match, viewer) : null };
}

const audit = (
  tx: Executor,
  ctx: RequestContext,
  action:
    | 'matchmaking_like.create'
    | 'matchmaking_like.accept'
    | 'matchmaking_like.pass'
    | 'matchmaking_like.withdraw',
  row: { id: string; clientId: string; caregiverId: string },
  side: SenderType,
) =>
  recordAudit(tx, ctx, {
    action,
    entityType: 'like',
    entityId: row.id,
    details: { clientId: row.clientId, caregiverId: row.caregiverId, side },
  });

/** `POST /api/matchmaking/likes`: like, or like back (which opens the match). Answers the like and the match. */
export async function likeListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: LikeInput & Input,
): Promise<LikeResult> {
  return deps.db.transaction(async (tx) => {
    const acting = await actingListing(deps, ctx, input.fromListingId, tx);
    await likeableTarget(tx, acting, input.toListingId);
    const pair = pairOf(acting, input.toListingId);
    const existing = await likeOfPair(tx, pair.clientId, pair.caregiverId);
    if (!existing) {
      const [row] = await tx
        .insert(likes)
        .values({ ...pair, initiator: acting.side, status: 'PENDING' })
        .returning();
      await audit(tx, ctx, 'matchmaking_like.create', row!, acting.side);
      return answer(tx, row!, acting.side);
    }
    if (existing.initiator === acting.side || existing.status !== 'PENDING')
      return answer(tx, existing, acting.side);
    const [accepted] = await tx
      .update(likes)
      .set({ status: 'ACCEPTED', updatedAt: new Date() })
      .where(eq(likes.id, existing.id))
      .returning();
    await audit(tx, ctx, 'matchmaking_like.accept', accepted!, acting.side);
    const match = await openMatch(tx, { ...pair, initiator: existing.initiator });
    await recordAudit(tx, ctx, {
      action: 'matchmaking_match.open',
      entityType: 'match',
      entityId: match.id,
      details: { ...pair, careAuthorization: match.careAuthorization },
    });
    return { like: likeSummaryOf(accepted!), match: matchSummaryOf(match, acting.side) };
  });
}

/** `POST /api/matchmaking/likes/pass`: not interested; the pair is closed (REJECTED). */
export async function passListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: Input,
): Promise<LikeResult> {
  return deps.db.transaction(async (tx) => {
    const acting = await actingListing(deps, ctx, input.fromListingId, tx);
    const pair = pairOf(acting, input.toListingId);
    const existing = await likeOfPair(tx, pair.clientId, pair.caregiverId);
    if (!existing) await likeableTarget(tx, acting, input.toListingId);
    if (existing && existing.status !== 'PENDING') return answer(tx, existing, acting.side);
    const [row] = existing
      ? await tx
          .update(likes)
          .set({ status: 'REJECTED', updatedAt: new Date() })
          .where(eq(likes.id, existing.id))
          .returning()
      : await tx
          .insert(likes)
          .values({ ...pair, initiator: acting.side, status: 'REJECTED' })
          .returning();
    await audit(tx, ctx, 'matchmaking_like.pass', row!, acting.side);
    return answer(tx, row!, acting.side);
  });
}

/** `POST /api/matchmaking/likes/withdraw`: deletes the caller's own PENDING like; else NOT_FOUND "Like". */
export async function withdrawLike(deps: MatchmakingDeps, ctx: RequestContext, input: Input) {
  return deps.db.transaction(async (tx) => {
    const acting = await actingListing(deps, ctx, input.fromListingId, tx);
    const pair = pairOf(acting, input.toListingId);
    const [row] = await tx
      .delete(likes)
      .where(
        and(
          eq(likes.clientId, pair.clientId),
          eq(likes.caregiverId, pair.caregiverId),
          eq(likes.initiator, acting.side),
          eq(likes.status, 'PENDING'),
        ),
      )
      .returning();
    if (!row) throw notFound('Like');
    await audit(tx, ctx, 'matchmaking_like.withdraw', row, acting.side);
    return { withdrawn: true };
  });
}
