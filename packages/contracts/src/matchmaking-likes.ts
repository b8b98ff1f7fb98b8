/**
 * Likes, matches, discovery, case-manager authorization and ratings (issue 22; spec s.3 Like, Match, Rating;
 * decision 0059; docs/matchmaking.md "Likes, matches and fit").
 *
 * A like goes from the caller's listing (`fromListingId`: a guardian names which client listing, a caregiver their
 * own) to a listing of the other side (`toListingId`). One row per pair: the first side's like is the row (its
 * `initiator`); the other side liking back sets it ACCEPTED and opens the match; a pass sets it REJECTED.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idParams, text } from './common.ts';
import { matchStatus, senderType } from './enums.ts';
import { caregiverCard, clientCard } from './matchmaking-cards.ts';
import { fitResult, matchmakingSettings } from './matchmaking-fit.ts';

const uuid = z.uuid({ message: 'must be a valid id' });

/** `POST /likes`, `/likes/pass`, `/likes/withdraw`. */
export const likeInput = z.object({ fromListingId: uuid, toListingId: uuid });
export type LikeInput = z.input<typeof likeInput>;

/** Which of the caller's listings a list is for. */
export const listingQuery = z.object({ listingId: uuid });

/** Care authorization of a match (migration 0023; issue 22). */
export const careAuthorizations = ['not_required', 'requested', 'authorized', 'declined'] as const;
export type CareAuthorization = (typeof careAuthorizations)[number];

export const matchSummary = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  caregiverId: z.uuid(),
  status: matchStatus,
  rejectedBy: senderType.nullable(),
  initiator: senderType,
  careAuthorization: z.enum(careAuthorizations),
  authorizedAt: z.string().nullable(),
  authorizationNote: z.string().nullable(),
  createdAt: z.string(),
});
export type MatchSummary = z.infer<typeof matchSummary>;

export const likeSummary = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  caregiverId: z.uuid(),
  status: matchStatus,
  initiator: senderType,
  createdAt: z.string(),
});
export type LikeSummary = z.infer<typeof likeSummary>;

export const likeResult = z.object({ like: likeSummary, match: matchSummary.nullable() });
export type LikeResult = z.infer<typeof likeResult>;

/** The other side as a card (a family sees a caregiver, a caregiver a client). */
export const otherSide = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('caregiver'), card: caregiverCard }),
  z.object({ kind: z.literal('client'), card: clientCard }),
]);
export type OtherSide = z.infer<typeof otherSide>;

/** A caregiver's ratings as profiles show them. */
export const ratingSummary = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummary>;

/** One listing of the other side with the fit (always computed client-need vs. caregiver-offer). */
export const fitEntry = z.object({
  other: otherSide,
  fit: fitResult,
  distanceKm: z.number().int().nullable(),
  ratings: ratingSummary,
});

export const likeEntry = fitEntry.extend({ like: likeSummary });
export type LikeEntry = z.infer<typeof likeEntry>;

export const likeLists = z.object({
  listingId: z.uuid(),
  /** Likes the listing sent (its side is the initiator). */
  sent: z.array(likeEntry),
  /** Likes the listing received (the other side initiated). */
  received: z.array(likeEntry),
});
export type LikeLists = z.infer<typeof likeLists>;

/** Discovery: listings of the other side that can reply, not yet liked or passed, eligible, best fit first. */
export const discoverList = z.object({
  listingId: z.uuid(),
  viewer: z.enum(['client', 'caregiver']),
  items: z.array(fitEntry),
  /** Listings a hard filter excluded (counted, not shown). */
  excludedCount: z.number().int(),
});
export type DiscoverList = z.infer<typeof discoverList>;

/** A caregiver's rating by a client listing (spec s.3 Rating). */
export const rating = z.object({
  clientId: z.uuid(),
  caregiverId: z.uuid(),
  rating: z.number().int().min(1).max(5),
  review: z.string().nullable(),
  updatedAt: z.string(),
});
export type Rating = z.infer<typeof rating>;

export const matchEntry = fitEntry.extend({
  match: matchSummary,
  /** The client listing's rating of the caregiver (client side only; null when none yet or on the caregiver side). */
  myRating: rating.nullable(),
});
export type MatchEntry = z.infer<typeof matchEntry>;
export const matchList = z.object({ listingId: z.uuid(), items: z.array(matchEntry) });
export type MatchList = z.infer<typeof matchList>;

/** `PUT /ratings`: one per pair, editable; the pair needs an ACCEPTED match. */
export const ratingInput = z.object({
  clientId: uuid,
  caregiverId: uuid,
  rating: z
    .number({ message: 'must be a number from 1 to 5' })
    .int({ message: 'must be a whole number from 1 to 5' })
    .min(1, { message: 'must be at least 1' })
    .max(5, { message: 'must be at most 5' }),
  review: text()
    .trim()
    .max(2000, { message: 'must be at most 2000 characters' })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type RatingInput = z.input<typeof ratingInput>;

/** A profile of the other side, seen from the caller's listing `fromListingId`. */
export const profileQuery = z.object({ fromListingId: uuid });
export const publicReview = z.object({
  rating: z.number().int(),
  review: z.string().nullable(),
  /** First name of the reviewing client listing. */
  by: z.string(),
  updatedAt: z.string(),
});
export const caregiverProfileView = fitEntry.extend({
  like: likeSummary.nullable(),
  match: matchSummary.nullable(),
  bio: z.string().nullable(),
  /** The primary video (`GET /api/matchmaking/media/videos/:videoId`), or null. */
  videoId: z.string().nullable(),
  referencesCount: z.number().int(),
  reviews: z.array(publicReview),
});
export type CaregiverProfileView = z.infer<typeof caregiverProfileView>;
export const clientProfileView = fitEntry.extend({
  like: likeSummary.nullable(),
  match: matchSummary.nullable(),
});
export type ClientProfileView = z.infer<typeof clientProfileView>;

/** `POST /matches/:id/authorization` (the client's case manager, or an admin). */
export const authorizationInput = z.object({
  decision: z.enum(['authorize', 'decline'], { message: 'must be authorize or decline' }),
  note: text()
    .trim()
    .max(1000, { message: 'must be at most 1000 characters' })
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type AuthorizationInput = z.input<typeof authorizationInput>;

/** A match waiting for (or decided by) a case manager. */
export const authorizationItem = z.object({
  match: matchSummary,
  /** The care record's id and name (the case manager's own client). */
  careClientId: z.uuid(),
  careClientName: z.string(),
  caregiver: caregiverCard,
  fit: fitResult,
});
export type AuthorizationItem = z.infer<typeof authorizationItem>;
export const authorizationList = z.object({ items: z.array(authorizationItem) });

export const matchmakingLikeEndpoints = {
  like: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/likes',
    body: likeInput,
    response: { 200: likeResult },
  }),
  pass: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/likes/pass',
    body: likeInput,
    response: { 200: likeResult },
  }),
  withdrawLike: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/likes/withdraw',
    body: likeInput,
    response: { 200: z.object({ withdrawn: z.boolean() }) },
  }),
  listLikes: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/likes',
    query: listingQuery,
    response: { 200: likeLists },
  }),
  discover: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/discover',
    query: listingQuery,
    response: { 200: discoverList },
  }),
  listMatches: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/matches',
    query: listingQuery,
    response: { 200: matchList },
  }),
  endMatch: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/matches/:id/end',
    params: idParams,
    response: { 200: matchSummary },
  }),
  listAuthorizations: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/authorizations',
    response: { 200: authorizationList },
  }),
  decideAuthorization: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/matches/:id/authorization',
    params: idParams,
    body: authorizationInput,
    response: { 200: matchSummary },
  }),
  saveRating: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/ratings',
    body: ratingInput,
    response: { 200: rating },
  }),
  caregiverProfile: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/profiles/caregivers/:id',
    params: idParams,
    query: profileQuery,
    response: { 200: caregiverProfileView },
  }),
  clientProfile: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/profiles/clients/:id',
    params: idParams,
    query: profileQuery,
    response: { 200: clientProfileView },
  }),
  getSettings: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/settings',
    response: { 200: matchmakingSettings },
  }),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/settings',
    body: matchmakingSettings,
    response: { 200: matchmakingSettings },
  }),
} as const;
