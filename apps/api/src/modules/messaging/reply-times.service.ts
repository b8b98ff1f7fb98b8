/**
 * Median reply time of listings, the "no ghosting" figure profiles show (issue 22; decision 0058).
 *
 * Over the last {@link REPLY_WINDOW_DAYS} days of text messages: each run of messages a listing receives in a
 * conversation (a message whose previous message in the conversation was not from the same writer) is answered by
 * the listing's next message in that conversation; the minutes between the run's first message and that answer are
 * one sample. Unanswered runs are not samples. The median is null below {@link MIN_ANSWERED} samples.
 */
import { sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import type { MessagingDeps } from './messaging-support.ts';
import { messages } from './messaging.table.ts';

export const REPLY_WINDOW_DAYS = 90;
export const MIN_ANSWERED = 3;

export interface ReplyTime {
  listingId: string;
  medianReplyMinutes: number | null;
  answered: number;
}

/** The reply times of `listingIds` (one entry each, in the order given, duplicates once). One query. */
export async function replyTimesOf(executor: Executor, listingIds: string[]): Promise<ReplyTime[]> {
  const ids = [...new Set(listingIds)];
  const result = await executor.execute<{
    listing_id: string;
    median: number | string | null;
    answered: number | string;
  }>(sql`
    with recent as (
      select ${messages.conversationId} as conversation_id, ${messages.senderId} as sender_id,
             ${messages.recipientId} as recipient_id, ${messages.createdAt} as created_at,
             lag(${messages.senderId}) over (
               partition by ${messages.conversationId} order by ${messages.createdAt}, ${messages.id}
             ) as previous_sender
      from ${messages}
      where ${messages.createdAt} > now() - make_interval(days => ${REPLY_WINDOW_DAYS})
        and ${messages.kind} = 'text'
    ),
    runs as (
      select * from recent
      where recipient_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and previous_sender is distinct from sender_id
    ),
    answered as (
      select runs.recipient_id as listing_id,
             extract(epoch from (
               (select min(r.created_at) from recent r
                 where r.conversation_id = runs.conversation_id and r.sender_id = runs.recipient_id
                   and r.created_at > runs.created_at)
               - runs.created_at)) / 60.0 as minutes
      from runs
    )
    select listing_id::text as listing_id,
           percentile_cont(0.5) within group (order by minutes) as median,
           count(*) as answered
    from answered where minutes is not null
    group by listing_id
  `);
  const byId = new Map(result.rows.map((row) => [row.listing_id, row]));
  return ids.map((listingId) => {
    const row = byId.get(listingId);
    const answered = row ? Number(row.answered) : 0;
    return {
      listingId,
      answered,
      medianReplyMinutes:
        row && answered >= MIN_ANSWERED && row.median !== null
          ? Math.round(Number(row.median) * 10) / 10
          : null,
    };
  });
}

/** {@link replyTimesOf} for any signed-in caller (a figure of public profiles). Audited `reply_time.list` with the count. */
export async function findReplyTimes(
  deps: MessagingDeps,
  ctx: RequestContext,
  listingIds: string[],
): Promise<{ items: ReplyTime[] }> {
  const items = await replyTimesOf(deps.db, listingIds);
  await recordAudit(deps.db, ctx, {
    action: 'reply_time.list',
    entityType: 'matchmaking_listing',
    details: { count: items.length },
  });
  return { items };
}
