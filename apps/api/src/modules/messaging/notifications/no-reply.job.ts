/**
 * The `message-request-no-reply` job (contracts `REQUEST_NO_REPLY_JOB`; issue 22 "No ghosting: a thread with no
 * reply in 7 days closes with a polite automatic decline"; decision 0060), run on a schedule (`sweeps.ts`).
 *
 * One conditional update closes every message request still PENDING `MESSAGE_REQUEST_REPLY_DAYS` after it was sent:
 * `accepted = REJECTED`, `closed_reason = no_reply`, `responded_at = now` (a request answered meanwhile is not
 * touched, and a second run finds nothing: idempotent), audited `message_request.no_reply_run` in the same
 * transaction with the count. Then both sides' accounts are told their inbox changed (`inbox:changed`, reason
 * `decision`), and the sender gets a polite automatic notice by email when their listing's owner allows email
 * (outbox key `request-no-reply:<requestId>:<accountId>`: never twice). A failed email is counted, not retried: the
 * close is what matters.
 */
import { and, eq, lt } from 'drizzle-orm';
import { conversationEvents, MESSAGE_REQUEST_REPLY_DAYS } from '@tend/contracts';
import { recordAudit } from '../../../platform/audit/audit.service.ts';
import type { Database } from '../../../platform/db/client.ts';
import { systemContext } from '../../../platform/http/context.ts';
import type { JobHandler } from '../../../platform/jobs/jobs.service.ts';
import type { MessagingService } from '../../../platform/messaging/messaging.service.ts';
import type { RealtimeHub } from '../../../platform/realtime/realtime.ts';
import { messageRequests } from '../messaging.table.ts';
import { matchmakingLink, renderNotificationEmail } from './notification-templates.ts';
import { recipientsOfListing } from './recipients.ts';

/** What the job needs. */
export interface NoReplyDeps {
  db: Database;
  realtime: Pick<RealtimeHub, 'toAccount'>;
  messaging: Pick<MessagingService, 'sendEmail'>;
  publicUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type ClosedRequest = {
  id: string;
  senderType: 'CLIENT' | 'CAREGIVER';
  clientId: string;
  caregiverId: string;
};

/** Closes the requests unanswered since before `now - MESSAGE_REQUEST_REPLY_DAYS`; resolves them. */
export async function closeUnansweredRequests(
  db: Database,
  jobId: string,
  now = new Date(),
): Promise<ClosedRequest[]> {
  const cutoff = new Date(now.getTime() - MESSAGE_REQUEST_REPLY_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(messageRequests)
      .set({ accepted: 'REJECTED', closedReason: 'no_reply', respondedAt: now, updatedAt: now })
      .where(and(eq(messageRequests.accepted, 'PENDING'), lt(messageRequests.createdAt, cutoff)))
      .returning({
        id: messageRequests.id,
        senderType: messageRequests.senderType,
        clientId: messageRequests.clientId,
        caregiverId: messageRequests.caregiverId,
      });
    await recordAudit(tx, systemContext(`job:${jobId}`), {
      action: 'message_request.no_reply_run',
      entityType: 'processing_job',
      entityId: jobId,
      details: { closed: closed.length, requestIds: closed.slice(0, 100).map((row) => row.id) },
    });
    return closed;
  });
}

/** Tells both sides of `request` and emails its sender (see the file comment); resolves the emails sent/failed. */
async function tellParties(
  deps: NoReplyDeps,
  request: ClosedRequest,
): Promise<{ sent: number; failed: number }> {
  const senderSide = request.senderType;
  const senderListing = senderSide === 'CLIENT' ? request.clientId : request.caregiverId;
  const otherSide = senderSide === 'CLIENT' ? 'CAREGIVER' : 'CLIENT';
  const otherListing = senderSide === 'CLIENT' ? request.caregiverId : request.clientId;
  const sender = await recipientsOfListing(deps.db, senderSide, senderListing);
  const other = await recipientsOfListing(deps.db, otherSide, otherListing);
  for (const account of [...(sender?.accounts ?? []), ...(other?.accounts ?? [])])
    deps.realtime.toAccount(account.userAccountId, conversationEvents.inboxChanged, { reason: 'decision' });
  const counts = { sent: 0, failed: 0 };
  if (!sender?.emailEnabled) return counts;
  for (const account of sender.accounts) {
    if (!account.email) continue;
    const email = renderNotificationEmail(account.locale, 'requestNoReply', {
      days: MESSAGE_REQUEST_REPLY_DAYS,
      link: matchmakingLink(deps.publicUrl, senderSide, senderSide === 'CLIENT' ? '/likes' : '/clients'),
      settingsLink: matchmakingLink(deps.publicUrl, senderSide, '/profile'),
    });
    try {
      await deps.messaging.sendEmail({
        to: account.email,
        ...email,
        relatedEntityType: 'message_request',
        relatedEntityId: request.id,
        idempotencyKey: `request-no-reply:${request.id}:${account.userAccountId}`,
      });
      counts.sent += 1;
    } catch {
      counts.failed += 1;
    }
  }
  return counts;
}

/** The `message-request-no-reply` handler over `deps`: resolves `{ closed, emailed, emailFailed }`. */
export function createNoReplyHandler(deps: NoReplyDeps): JobHandler {
  return async (ctx) => {
    const closed = await closeUnansweredRequests(deps.db, ctx.jobId);
    let emailed = 0;
    let emailFailed = 0;
    for (const request of closed) {
      const counts = await tellParties(deps, request);
      emailed += counts.sent;
      emailFailed += counts.failed;
    }
    await ctx.log(`Closed ${closed.length} unanswered message request(s)`);
    return { closed: closed.length, emailed, emailFailed };
  };
}
