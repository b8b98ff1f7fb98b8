/**
 * Match detection (issue 22 "flag suspicious patterns (one account liking hundreds, duplicate profiles, contact
 * details shared in first messages)"; contracts `match-review.ts`; decision 0061). Flags are computed on every read:
 *
 * - `likes_burst`: a listing that sent more than `likesPerDay` likes in 24 hours or `likesPerWeek` in 7 days
 *   (contracts `matchDetectionThresholds`); key `likes_burst:<kind>:<id>:<UTC date of its last like>`, so a
 *   dismissed burst shows again when the listing bursts on another day;
 * - `duplicate_profile`: listings sharing a normalised email, phone digits, or name and birth date
 *   (`match-facts.ts` `duplicateListings`); key `duplicate_profile:<field>:<ids>`;
 * - `contact_details`: messages stored with contact-check flags (the writer confirmed sending them) among the first
 *   {@link FIRST_MESSAGES} of their conversation (key `contact_details:message:<id>`), and message requests whose
 *   words the contact check (`contact-check.ts` `contactFlagsOf`) flags (key `contact_details:request:<id>`).
 *
 * A dismissal (`match_flag_dismissal`) hides its key for good; hiding a listing uses matchmaking's
 * `hideListingAsAdmin`. Audit: `match_detection.list` (counts), `match_flag.dismiss`, `match_flag.hide_listing`.
 */
import { and, desc, inArray, sql } from 'drizzle-orm';
import {
  matchDetectionThresholds,
  type DismissFlagInput,
  type HideListingInput,
  type MatchDetectionReport,
  type MatchFlag,
  type ReviewedListing,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { duplicateListings, likeBursts, listingFacts, type ListingFact } from '../matchmaking/match-facts.ts';
import { hideListingAsAdmin } from '../matchmaking/match-moderation.ts';
import { matchFlagDismissals } from './match-review.table.ts';
import type { MatchReviewDeps } from './match-review.service.ts';
import { contactFlagsOf } from './contact-check.ts';
import { conversations, messageRequests, messages } from './messaging.table.ts';

/** Messages this early in a conversation count as "first messages" for the contact-details flag. */
export const FIRST_MESSAGES = 5;

/** Flagged messages among the first {@link FIRST_MESSAGES} of their conversation, newest first (≤ 200). */
async function flaggedFirstMessages(deps: MatchReviewDeps) {
  const ranked = deps.db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      senderType: messages.senderType,
      flags: messages.flags,
      createdAt: messages.createdAt,
      matchId: sql<string | null>`coalesce(${messages.matchId}, ${conversations.matchId})`.as('match_id'),
      position:
        sql<number>`row_number() over (partition by ${messages.conversationId} order by ${messages.createdAt}, ${messages.id})`.as(
          'position',
        ),
    })
    .from(messages)
    .leftJoin(conversations, sql`${conversations.id} = ${messages.conversationId}`)
    .as('ranked');
  return deps.db
    .select()
    .from(ranked)
    .where(
      and(
        sql`${ranked.position} <= ${FIRST_MESSAGES}`,
        sql`jsonb_array_length(coalesce(${ranked.flags}, '[]'::jsonb)) > 0`,
      ),
    )
    .orderBy(desc(ranked.createdAt))
    .limit(200);
}

/** Requests checked for contact details (the newest; a request is a conversation's first words). */
export const REQUESTS_CHECKED = 500;

/** The newest {@link REQUESTS_CHECKED} message requests whose words the contact check flags (msgapi's check). */
async function flaggedRequests(deps: MatchReviewDeps) {
  const rows = await deps.db
    .select({
      id: messageRequests.id,
      senderType: messageRequests.senderType,
      clientId: messageRequests.clientId,
      caregiverId: messageRequests.caregiverId,
      content: messageRequests.content,
      createdAt: messageRequests.createdAt,
    })
    .from(messageRequests)
    .orderBy(desc(messageRequests.createdAt))
    .limit(REQUESTS_CHECKED);
  return rows.flatMap(({ content, ...row }) => {
    const flags = contactFlagsOf(content);
    return flags.length
      ? [{ ...row, flags, senderId: row.senderType === 'CLIENT' ? row.clientId : row.caregiverId }]
      : [];
  });
}

const listed = (facts: Map<string, ListingFact>, ids: string[]): ReviewedListing[] =>
  ids.flatMap((id) => {
    const fact = facts.get(id);
    return fact ? [fact] : [];
  });

/** Every flag, dismissed ones included (the caller filters). */
async function computeFlags(deps: MatchReviewDeps, now: Date): Promise<MatchFlag[]> {
  const [bursts, duplicates, flagged, requests] = await Promise.all([
    likeBursts(deps.db, {
      now,
      perDay: matchDetectionThresholds.likesPerDay,
      perWeek: matchDetectionThresholds.likesPerWeek,
    }),
    duplicateListings(deps.db),
    flaggedFirstMessages(deps),
    flaggedRequests(deps),
  ]);
  const ids = { client: [] as string[], caregiver: [] as string[] };
  for (const burst of bursts) ids[burst.kind].push(burst.listingId);
  for (const group of duplicates) ids[group.kind].push(...group.listingIds);
  for (const row of [...flagged, ...requests])
    ids[row.senderType === 'CLIENT' ? 'client' : 'caregiver'].push(row.senderId);
  const facts = await listingFacts(deps.db, ids);
  const flags: MatchFlag[] = [];
  for (const burst of bursts)
    flags.push({
      key: `likes_burst:${burst.kind}:${burst.listingId}:${burst.lastAt.toISOString().slice(0, 10)}`,
      kind: 'likes_burst',
      listings: listed(facts, [burst.listingId]),
      evidence: `${burst.lastDay} likes sent in the last 24 hours, ${burst.lastWeek} in the last 7 days`,
      matchId: null,
      at: burst.lastAt.toISOString(),
    });
  const fieldWords = {
    email: 'the same email address',
    phone: 'the same phone number',
    name_dob: 'the same name and date of birth',
  };
  for (const group of duplicates)
    flags.push({
      key: `duplicate_profile:${group.field}:${group.listingIds.join(',')}`,
      kind: 'duplicate_profile',
      listings: listed(facts, group.listingIds),
      evidence: `${group.listingIds.length} ${group.kind} listings with ${fieldWords[group.field]}`,
      matchId: null,
      at: group.lastAt.toISOString(),
    });
  for (const row of flagged)
    flags.push({
      key: `contact_details:message:${row.id}`,
      kind: 'contact_details',
      listings: listed(facts, [row.senderId]),
      evidence: `Message ${row.position} of its conversation was sent with: ${(row.flags ?? []).join(', ')}`,
      matchId: row.matchId,
      at: row.createdAt.toISOString(),
    });
  for (const row of requests)
    flags.push({
      key: `contact_details:request:${row.id}`,
      kind: 'contact_details',
      listings: listed(facts, [row.senderId]),
      evidence: `A first-contact request looks like it holds: ${row.flags.join(', ')}`,
      matchId: null,
      at: row.createdAt.toISOString(),
    });
  return flags.sort((a, b) => b.at.localeCompare(a.at));
}

/**
 * `GET /api/admin/match-detection`: the flags not dismissed, newest evidence first, with the thresholds. Audited
 * `match_detection.list` (flag counts by kind).
 */
export async function getMatchDetection(
  deps: MatchReviewDeps,
  ctx: RequestContext,
  now = new Date(),
): Promise<MatchDetectionReport> {
  const flags = await computeFlags(deps, now);
  const dismissed = new Set(
    flags.length
      ? (
          await deps.db
            .select({ key: matchFlagDismissals.flagKey })
            .from(matchFlagDismissals)
            .where(
              inArray(
                matchFlagDismissals.flagKey,
                flags.map((flag) => flag.key),
              ),
            )
        ).map((row) => row.key)
      : [],
  );
  const open = flags.filter((flag) => !dismissed.has(flag.key));
  const byKind = (kind: MatchFlag['kind']) => open.filter((flag) => flag.kind === kind).length;
  await recordAudit(deps.db, ctx, {
    action: 'match_detection.list',
    entityType: 'match',
    details: {
      likesBursts: byKind('likes_burst'),
      duplicates: byKind('duplicate_profile'),
      contactDetails: byKind('contact_details'),
      dismissed: dismissed.size,
    },
  });
  return { thresholds: { ...matchDetectionThresholds }, flags: open, dismissedCount: dismissed.size };
}

/**
 * `POST /api/admin/match-detection/dismissals`: stores the dismissal of flag `key` (a second dismissal of the same
 * key changes nothing). Audited `match_flag.dismiss` (the key holds ids only; never the note).
 */
export async function dismissFlag(
  deps: MatchReviewDeps,
  ctx: RequestContext,
  input: DismissFlagInput,
): Promise<{ key: string }> {
  const key = input.key.trim();
  const actor = ctx.actor;
  if (!actor) throw notFound('Flag');
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(matchFlagDismissals)
      .values({ flagKey: key, dismissedByUserId: actor.userAccountId, note: input.note ?? null })
      .onConflictDoNothing({ target: matchFlagDismissals.flagKey });
    await recordAudit(tx, ctx, {
      action: 'match_flag.dismiss',
      entityType: 'match_flag_dismissal',
      details: { key: key.slice(0, 300), kind: key.split(':')[0] ?? null },
    });
  });
  return { key };
}

/**
 * `POST /api/admin/match-detection/hide-listing`: hides the listing from everyone but its owner and admins.
 * Audited `match_flag.hide_listing` (kind, id). Errors: NOT_FOUND (unknown listing).
 */
export async function hideFlaggedListing(
  deps: MatchReviewDeps,
  ctx: RequestContext,
  input: HideListingInput,
): Promise<ReviewedListing> {
  return deps.db.transaction(async (tx) => {
    await hideListingAsAdmin(tx, input);
    await recordAudit(tx, ctx, {
      action: 'match_flag.hide_listing',
      entityType: input.kind === 'client' ? 'tinder_client' : 'tinder_caregiver',
      entityId: input.id,
      details: { kind: input.kind },
    });
    const facts = await listingFacts(tx, {
      client: input.kind === 'client' ? [input.id] : [],
      caregiver: input.kind === 'caregiver' ? [input.id] : [],
    });
    const fact = facts.get(input.id);
    if (!fact) throw notFound('Listing');
    return fact;
  });
}
