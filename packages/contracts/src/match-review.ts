/**
 * Admin match review and match detection (issue 22 "Admin: `/review-matches` and `/admin/match-detection`"; spec s.2;
 * decision 0061; docs/matchmaking.md "Admin: match review, detection and realtime diagnostics"). API module
 * `messaging` (`match-review.*`, `match-detection.*`), web feature `messaging`. Every operation is admin only (aal2).
 *
 * - **Review**: matches with both sides' full names, status, care authorization, initiator, messages and last
 *   activity; a match's likes history and its conversation read-only, corrected messages with their originals and
 *   the contact-check flags. Reading a conversation is audited (`conversation.admin_read`, ids and counts only). An
 *   admin may end a match (REJECTED).
 * - **Detection**: flags computed on every read from thresholds ({@link matchDetectionThresholds}): a listing that
 *   liked more than N listings in 24 hours or M in 7 days, duplicate profiles (same email, phone digits, or first and
 *   last name with date of birth), contact details in messages or first requests. An admin dismisses a flag (kept
 *   by its key) or hides the listing.
 */
import { z } from 'zod';
import { idParams, isoDate, optionalText, text } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { matchStatuses, senderTypes } from './enums.ts';
import { contactFlags, messageKinds } from './conversations.ts';
import { careAuthorizations } from './matchmaking-likes.ts';

/** Matches per review page. */
export const MATCH_REVIEW_PAGE_SIZE = 50;

const dateTime = z.iso.datetime({ offset: true });
const side = z.enum(senderTypes);

/** A listing as admins see it: full name, hidden or archived. */
export const reviewedListing = z.object({
  id: z.uuid(),
  kind: z.enum(['client', 'caregiver']),
  firstName: z.string(),
  lastName: z.string().nullable(),
  hidden: z.boolean(),
  archived: z.boolean(),
});
export type ReviewedListing = z.infer<typeof reviewedListing>;

export const matchReviewItem = z.object({
  id: z.uuid(),
  client: reviewedListing,
  caregiver: reviewedListing,
  status: z.enum(matchStatuses),
  careAuthorization: z.enum(careAuthorizations),
  initiator: side,
  rejectedBy: side.nullable(),
  createdAt: dateTime,
  messageCount: z.number().int(),
  /** The newest of the match's creation, its last update and its last message. */
  lastActivityAt: dateTime,
});
export type MatchReviewItem = z.infer<typeof matchReviewItem>;

export const matchReviewQuery = z.object({
  status: z.enum(matchStatuses, { message: 'must be PENDING, ACCEPTED or REJECTED' }).optional(),
  authorization: z
    .enum(careAuthorizations, { message: 'must be not_required, requested, authorized or declined' })
    .optional(),
  /** Matches created on or after this date (UTC), and on or before `to`. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number({ message: 'must be a number' }).int().min(1).max(10_000).default(1),
});
export type MatchReviewQuery = z.infer<typeof matchReviewQuery>;

export const matchReviewPage = z.object({
  items: z.array(matchReviewItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MatchReviewPage = z.infer<typeof matchReviewPage>;

/** One like of the match's pair (spec s.3 Like). */
export const reviewedLike = z.object({
  id: z.uuid(),
  initiator: side,
  status: z.enum(matchStatuses),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** A message as admins read it: the original of a corrected message and the flags included. */
export const reviewedMessage = z.object({
  id: z.uuid(),
  kind: z.enum(messageKinds),
  senderSide: side,
  senderName: z.string().nullable(),
  content: z.string(),
  originalContent: z.string().nullable(),
  editedAt: dateTime.nullable(),
  sentAt: dateTime,
  deliveredAt: dateTime.nullable(),
  readAt: dateTime.nullable(),
  flags: z.array(z.enum(contactFlags)),
});
export type ReviewedMessage = z.infer<typeof reviewedMessage>;

/** A message request between the pair (the safe first contact), with its words. */
export const reviewedRequest = z.object({
  id: z.uuid(),
  senderSide: side,
  content: z.string(),
  accepted: z.enum(matchStatuses),
  closedReason: z.string().nullable(),
  createdAt: dateTime,
  respondedAt: dateTime.nullable(),
});

export const matchReviewDetail = matchReviewItem.extend({
  authorizationNote: z.string().nullable(),
  authorizedAt: dateTime.nullable(),
  likes: z.array(reviewedLike),
  requests: z.array(reviewedRequest),
  conversationId: z.uuid().nullable(),
  messages: z.array(reviewedMessage),
});
export type MatchReviewDetail = z.infer<typeof matchReviewDetail>;

export const endMatchInput = z.object({ note: optionalText(1000) });
export type EndMatchInput = z.input<typeof endMatchInput>;

/**
 * The detection thresholds (decision 0061): constants, shown on the page. More than `likesPerDay` likes sent by one
 * listing in the last 24 hours, or more than `likesPerWeek` in the last 7 days, is a flag.
 */
export const matchDetectionThresholds = { likesPerDay: 100, likesPerWeek: 300 } as const;

export const matchFlagKinds = ['likes_burst', 'duplicate_profile', 'contact_details'] as const;
export type MatchFlagKind = (typeof matchFlagKinds)[number];

export const matchFlag = z.object({
  /** Stable key of the flag (what a dismissal stores), e.g. `likes_burst:caregiver:<id>`. */
  key: z.string(),
  kind: z.enum(matchFlagKinds),
  /** The listings concerned (one for a burst or a message, two or more for duplicates). */
  listings: z.array(reviewedListing),
  /** What was found, in words (counts, the field that matched, the flags of a message); never the content. */
  evidence: z.string(),
  /** The match to open, when the flag is about one. */
  matchId: z.uuid().nullable(),
  /** When the evidence last happened. */
  at: dateTime,
});
export type MatchFlag = z.infer<typeof matchFlag>;

export const matchDetectionReport = z.object({
  thresholds: z.object({ likesPerDay: z.number().int(), likesPerWeek: z.number().int() }),
  flags: z.array(matchFlag),
  dismissedCount: z.number().int(),
});
export type MatchDetectionReport = z.infer<typeof matchDetectionReport>;

export const dismissFlagInput = z.object({
  key: text({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(300),
  note: optionalText(1000),
});
export type DismissFlagInput = z.input<typeof dismissFlagInput>;

export const hideListingInput = z.object({
  kind: z.enum(['client', 'caregiver'], { message: 'must be client or caregiver' }),
  id: z.uuid({ message: 'must be a valid id' }),
});
export type HideListingInput = z.input<typeof hideListingInput>;

export const matchReviewEndpoints = {
  findMatches: defineEndpoint({
    method: 'GET',
    path: '/api/admin/matches',
    query: matchReviewQuery,
    response: { 200: matchReviewPage },
  }),
  getMatch: defineEndpoint({
    method: 'GET',
    path: '/api/admin/matches/:id',
    params: idParams,
    response: { 200: matchReviewDetail },
  }),
  endMatch: defineEndpoint({
    method: 'POST',
    path: '/api/admin/matches/:id/end',
    params: idParams,
    body: endMatchInput,
    response: { 200: matchReviewItem },
  }),
  getMatchDetection: defineEndpoint({
    method: 'GET',
    path: '/api/admin/match-detection',
    response: { 200: matchDetectionReport },
  }),
  dismissFlag: defineEndpoint({
    method: 'POST',
    path: '/api/admin/match-detection/dismissals',
    body: dismissFlagInput,
    response: { 201: z.object({ key: z.string() }) },
  }),
  hideListing: defineEndpoint({
    method: 'POST',
    path: '/api/admin/match-detection/hide-listing',
    body: hideListingInput,
    response: { 200: reviewedListing },
  }),
};
