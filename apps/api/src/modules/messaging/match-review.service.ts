/**
 * Admin match review (issue 22 "Admin: `/review-matches`"; contracts `match-review.ts`; decision 0061): matches with
 * both sides' full names, their messages count and last activity; one match with its likes, its message requests and
 * its conversation read-only (corrected messages with their originals, contact-check flags); ending a match.
 *
 * The match and listing facts come from module matchmaking's read API (`match-facts.ts`) and its writes
 * (`match-moderation.ts`); the conversation, messages and requests are this module's own tables. Audit (ids and
 * counts only, never names or words): `match.admin_list`, `match.admin_read` + `conversation.admin_read`,
 * `match.admin_end`.
 */
import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import {
  MATCH_REVIEW_PAGE_SIZE,
  type ContactFlag,
  type EndMatchInput,
  type MatchReviewDetail,
  type MatchReviewItem,
  type MatchReviewPage,
  type MatchReviewQuery,
  type MessageKind,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findMatchFact, findMatchFacts, likesOfPair, type MatchFact } from '../matchmaking/match-facts.ts';
import { endMatchAsAdmin } from '../matchmaking/match-moderation.ts';
import { conversations, messageRequests, messages } from './messaging.table.ts';

export interface MatchReviewDeps {
  db: Database;
}

const DAY_MS = 24 * 3600_000;

/** Messages count and newest message time of each match of `matchIds` (through its conversation). */
async function messageActivity(executor: Executor, matchIds: string[]) {
  const out = new Map<string, { count: number; lastAt: Date | null }>();
  if (!matchIds.length) return out;
  const rows = await executor
    .select({ matchId: conversations.matchId, count: count(messages.id), lastAt: max(messages.createdAt) })
    .from(conversations)
    .leftJoin(messages, eq(messages.conversationId, conversations.id))
    .where(inArray(conversations.matchId, matchIds))
    .groupBy(conversations.matchId);
  for (const row of rows)
    if (row.matchId)
      out.set(row.matchId, { count: row.count, lastAt: row.lastAt ? new Date(row.lastAt) : null });
  return out;
}

function itemOf(
  fact: MatchFact,
  activity: { count: number; lastAt: Date | null } | undefined,
): MatchReviewItem {
  const times = [fact.createdAt, fact.updatedAt, activity?.lastAt ?? fact.createdAt].map((d) => d.getTime());
  return {
    id: fact.id,
    client: fact.client,
    caregiver: fact.caregiver,
    status: fact.status,
    careAuthorization: fact.careAuthorization,
    initiator: fact.initiator,
    rejectedBy: fact.rejectedBy,
    createdAt: fact.createdAt.toISOString(),
    messageCount: activity?.count ?? 0,
    lastActivityAt: new Date(Math.max(...times)).toISOString(),
  };
}

/**
 * `GET /api/admin/matches`: one page ({@link MATCH_REVIEW_PAGE_SIZE}) of matches passing the filters (created from
 * `from` 00:00 UTC through `to` 23:59 UTC), newest first. Audited `match.admin_list` (filters, count). Errors: 400 on
 * `to` before `from`.
 */
export async function findMatchesForReview(
  deps: MatchReviewDeps,
  ctx: RequestContext,
  query: MatchReviewQuery,
): Promise<MatchReviewPage> {
  const page = query.page;
  const createdFrom = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  const createdBefore = query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined;
  if (createdFrom && createdBefore && createdBefore <= createdFrom)
    throw AppError.field('to', 'must not be before from');
  const { rows, total } = await findMatchFacts(deps.db, {
    status: query.status,
    authorization: query.authorization,
    createdFrom,
    createdBefore,
    limit: MATCH_REVIEW_PAGE_SIZE,
    offset: (page - 1) * MATCH_REVIEW_PAGE_SIZE,
  });
  const activity = await messageActivity(
    deps.db,
    rows.map((row) => row.id),
  );
  await recordAudit(deps.db, ctx, {
    action: 'match.admin_list',
    entityType: 'match',
    details: {
      status: query.status ?? null,
      authorization: query.authorization ?? null,
      count: rows.length,
      total,
    },
  });
  return {
    items: rows.map((row) => itemOf(row, activity.get(row.id))),
    total,
    page,
    pageSize: MATCH_REVIEW_PAGE_SIZE,
  };
}

/** The conversation of match `matchId` and its messages, oldest first (admins: originals and flags included). */
async function conversationOf(executor: Executor, matchId: string) {
  const [conversation] = await executor
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.matchId, matchId))
    .limit(1);
  if (!conversation) return { conversationId: null, messages: [] };
  const rows = await executor
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(2000);
  return {
    conversationId: conversation.id,
    messages: rows.map((row) => ({
      id: row.id,
      kind: row.kind as MessageKind,
      senderSide: row.senderType,
      senderName: row.senderName,
      content: row.content,
      originalContent: row.originalContent,
      editedAt: row.editedAt?.toISOString() ?? null,
      sentAt: row.createdAt.toISOString(),
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      readAt: row.readAt?.toISOString() ?? null,
      flags: (row.flags ?? []) as ContactFlag[],
    })),
  };
}

/** The message requests between the match's pair, oldest first. */
async function requestsOf(executor: Executor, fact: MatchFact) {
  const rows = await executor
    .select()
    .from(messageRequests)
    .where(
      and(eq(messageRequests.clientId, fact.client.id), eq(messageRequests.caregiverId, fact.caregiver.id)),
    )
    .orderBy(asc(messageRequests.createdAt));
  return rows.map((row) => ({
    id: row.id,
    senderSide: row.senderType,
    content: row.content,
    accepted: row.accepted,
    closedReason: row.closedReason,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
  }));
}

/**
 * `GET /api/admin/matches/:id`: the match with its likes, requests and conversation, read-only. Audited
 * `match.admin_read` (match id, counts) and, when it has a conversation, `conversation.admin_read` (conversation id,
 * match id, message count), in one transaction with the reads. Errors: NOT_FOUND.
 */
export async function getMatchForReview(
  deps: MatchReviewDeps,
  ctx: RequestContext,
  id: string,
): Promise<MatchReviewDetail> {
  return deps.db.transaction(async (tx) => {
    const fact = await findMatchFact(tx, id);
    if (!fact) throw notFound('Match');
    // One after another: a transaction is one connection.
    const likes = await likesOfPair(tx, { clientId: fact.client.id, caregiverId: fact.caregiver.id });
    const requests = await requestsOf(tx, fact);
    const conversation = await conversationOf(tx, fact.id);
    const activity = await messageActivity(tx, [fact.id]);
    await recordAudit(tx, ctx, {
      action: 'match.admin_read',
      entityType: 'match',
      entityId: fact.id,
      details: { likes: likes.length, requests: requests.length },
    });
    if (conversation.conversationId)
      await recordAudit(tx, ctx, {
        action: 'conversation.admin_read',
        entityType: 'conversation',
        entityId: conversation.conversationId,
        details: { matchId: fact.id, messages: conversation.messages.length },
      });
    return {
      ...itemOf(fact, activity.get(fact.id)),
      authorizationNote: fact.authorizationNote,
      authorizedAt: fact.authorizedAt?.toISOString() ?? null,
      likes: likes.map((like) => ({
        ...like,
        createdAt: like.createdAt.toISOString(),
        updatedAt: like.updatedAt.toISOString(),
      })),
      requests,
      ...conversation,
    };
  });
}

/**
 * `POST /api/admin/matches/:id/end`: the match becomes REJECTED (ended by an admin; the conversation stays for the
 * record). Audited `match.admin_end` (previous status; never the note). Errors: NOT_FOUND; CONFLICT when it is
 * REJECTED already.
 */
export async function endMatchForReview(
  deps: MatchReviewDeps,
  ctx: RequestContext,
  id: string,
  input: EndMatchInput,
): Promise<MatchReviewItem> {
  return deps.db.transaction(async (tx) => {
    const before = await findMatchFact(tx, id);
    if (!before) throw notFound('Match');
    if (before.status === 'REJECTED')
      throw new AppError('CONFLICT', 'status the match has ended already', [
        { path: 'status', message: 'the match has ended already' },
      ]);
    const { previousStatus } = await endMatchAsAdmin(tx, id);
    await recordAudit(tx, ctx, {
      action: 'match.admin_end',
      entityType: 'match',
      entityId: id,
      details: { previousStatus, withNote: Boolean(input.note) },
    });
    const after = await findMatchFact(tx, id);
    const activity = await messageActivity(tx, [id]);
    return itemOf(after ?? before, activity.get(id));
  });
}
