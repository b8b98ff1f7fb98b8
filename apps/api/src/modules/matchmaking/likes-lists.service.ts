/**
 * What a listing sees of likes (issue 22; contracts `matchmaking-likes.ts`; decision 0059):
 * - `listLikes`: the likes its side sent and those it received, PENDING or ACCEPTED (a REJECTED pair is closed and
 *   shown in neither), each with the other side's card, the fit and the caregiver's ratings; the other listing must
 *   still be shown (not archived or hidden) and able to reply (issue 22 "no ghosting").
 * - `discoverListings`: the other side's shown listings (client listings only when `public`) with no like row with
 *   the caller's listing yet, that can reply, that no hard filter excludes, best fit first (ties: nearer, then id),
 *   at most `DISCOVER_MAX`. Within `DISCOVER_RADIUS_KM` when the caller's listing has a position.
 * Reads are audited with ids and counts only.
 */
import { and, eq, or } from 'drizzle-orm';
import type { DiscoverList, LikeLists, MatchmakingSettings } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { fitsOf, kmBetween, readMatchmakingSettings } from './fit-inputs.ts';
import {
  actingId,
  actingListing,
  canReply,
  caregiverRowsOf,
  clientRowsOf,
  likeSummaryOf,
  otherSideOf,
  shownListing,
  type ActingListing,
  type CaregiverRow,
  type ClientRow,
} from './likes-support.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import { likes, tinderCaregivers, tinderClients } from './matchmaking.table.ts';

/** Most listings discovery answers. */
export const DISCOVER_MAX = 50;
/** Discovery looks this far around the caller's listing (km). */
export const DISCOVER_RADIUS_KM = 150;

const isShown = (row: { listedAt: Date | null; hidden: boolean; archived: boolean }) =>
  row.listedAt !== null && !row.hidden && !row.archived;

/** `GET /api/matchmaking/likes?listingId=`. */
export async function listLikes(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listingId: string,
): Promise<LikeLists> {
  const acting = await actingListing(deps, ctx, listingId);
  const own = actingId(acting);
  const rows = await deps.db
    .select()
    .from(likes)
    .where(
      and(
        acting.side === 'CLIENT' ? eq(likes.clientId, own) : eq(likes.caregiverId, own),
        or(eq(likes.status, 'PENDING'), eq(likes.status, 'ACCEPTED')),
      ),
    );
  const clients = await clientRowsOf(deps.db, [...new Set(rows.map((row) => row.clientId))]);
  const caregivers = await caregiverRowsOf(deps.db, [...new Set(rows.map((row) => row.caregiverId))]);
  const kept = [];
  for (const row of rows) {
    const client = clients.get(row.clientId);
    const caregiver = caregivers.get(row.caregiverId);
    if (!client || !caregiver) continue;
    const them = acting.side === 'CLIENT' ? caregiver : client;
    if (!isShown(them)) continue;
    const replies = await canReply(
      deps.db,
      acting.side === 'CLIENT'
        ? { kind: 'caregiver', id: caregiver.id }
        : { kind: 'client', guardianId: client.guardianId },
    );
    if (replies) kept.push({ row, client, caregiver });
  }
  kept.sort(
    (a, b) => b.row.createdAt.getTime() - a.row.createdAt.getTime() || a.row.id.localeCompare(b.row.id),
  );
  const fits = await fitsOf(deps.db, await readMatchmakingSettings(deps.db), kept);
  const entries = kept.map((entry, index) => ({
    other: otherSideOf(acting.side, entry.client, entry.caregiver),
    ...fits[index]!,
    like: likeSummaryOf(entry.row),
  }));
  const answer: LikeLists = {
    listingId: own,
    sent: entries.filter((entry) => entry.like.initiator === acting.side),
    received: entries.filter((entry) => entry.like.initiator !== acting.side),
  };
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_like.list',
    entityType: acting.side === 'CLIENT' ? 'tinder_client' : 'tinder_caregiver',
    entityId: own,
    details: { sent: answer.sent.length, received: answer.received.length },
  });
  return answer;
}

/** Candidate rows of the other side: shown, near enough when the caller has a position, not yet paired. */
async function candidates(deps: MatchmakingDeps, acting: ActingListing) {
  const own = acting.side === 'CLIENT' ? acting.client : acting.caregiver;
  const paired = await deps.db
    .select({ clientId: likes.clientId, caregiverId: likes.caregiverId })
    .from(likes)
    .where(acting.side === 'CLIENT' ? eq(likes.clientId, own.id) : eq(likes.caregiverId, own.id));
  const taken = new Set(paired.map((row) => (acting.side === 'CLIENT' ? row.caregiverId : row.clientId)));
  const rows: Array<ClientRow | CaregiverRow> =
    acting.side === 'CLIENT'
      ? await deps.db
          .select()
          .from(tinderCaregivers)
          .where(and(...shownListing(tinderCaregivers)))
      : await deps.db
          .select()
          .from(tinderClients)
          .where(and(...shownListing(tinderClients), eq(tinderClients.visibility, 'public')));
  return rows.filter((row) => {
    if (taken.has(row.id)) return false;
    const km = kmBetween(own, row);
    return km === null || km <= DISCOVER_RADIUS_KM;
  });
}

async function ranked(deps: MatchmakingDeps, acting: ActingListing, settings: MatchmakingSettings) {
  const rows = await candidates(deps, acting);
  const pairs = rows.map((row) =>
    acting.side === 'CLIENT'
      ? { client: acting.client, caregiver: row as CaregiverRow }
      : { client: row as ClientRow, caregiver: acting.caregiver },
  );
  const fits = await fitsOf(deps.db, settings, pairs);
  const scored = pairs.map((pair, index) => ({ ...pair, ...fits[index]! }));
  const eligible = scored.filter((entry) => entry.fit.eligible);
  eligible.sort(
    (a, b) =>
      b.fit.score - a.fit.score ||
      (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) ||
      (acting.side === 'CLIENT'
        ? a.caregiver.id.localeCompare(b.caregiver.id)
        : a.client.id.localeCompare(b.client.id)),
  );
  return { eligible, excludedCount: scored.length - eligible.length };
}

/** `GET /api/matchmaking/discover?listingId=`. */
export async function discoverListings(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listingId: string,
): Promise<DiscoverList> {
  const acting = await actingListing(deps, ctx, listingId);
  const { eligible, excludedCount } = await ranked(deps, acting, await readMatchmakingSettings(deps.db));
  const items: DiscoverList['items'] = [];
  for (const entry of eligible) {
    if (items.length >= DISCOVER_MAX) break;
    const replies = await canReply(
      deps.db,
      acting.side === 'CLIENT'
        ? { kind: 'caregiver', id: entry.caregiver.id }
        : { kind: 'client', guardianId: entry.client.guardianId },
    );
    if (!replies) continue;
    items.push({
      other: otherSideOf(acting.side, entry.client, entry.caregiver),
      fit: entry.fit,
      distanceKm: entry.distanceKm,
      ratings: entry.ratings,
    });
  }
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_discover.read',
    entityType: acting.side === 'CLIENT' ? 'tinder_client' : 'tinder_caregiver',
    entityId: actingId(acting),
    details: { count: items.length, excluded: excludedCount },
  });
  return {
    listingId: actingId(acting),
    viewer: acting.side === 'CLIENT' ? 'client' : 'caregiver',
    items,
    excludedCount,
  };
}
