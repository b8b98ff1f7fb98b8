/**
 * The `pre-match-retention` job (contracts `PRE_MATCH_RETENTION_JOB`; issue 22 "pre-match threads are deleted after
 * a configurable retention (default 180 days) by a job whose runs are checked"; decision 0060), run on a schedule
 * (`sweeps.ts`).
 *
 * A pre-match thread is a message request that never became a match (PENDING, or closed: REJECTED for a decline, no
 * reply or a withdrawal). Those sent more than `retentionDays` before the run are deleted in one statement, with the
 * audit event `pre_match_retention.run` (the run's job id, the cutoff and the count) in the same transaction. The run
 * is a `processing_job` whose result holds the same counts: that is how runs are checked (the jobs page, or
 * `GET /api/jobs/:id`). Accepted requests live on as the first message of their match's conversation and are kept.
 */
import { and, lt, ne } from 'drizzle-orm';
import { recordAudit } from '../../../platform/audit/audit.service.ts';
import type { Database } from '../../../platform/db/client.ts';
import { systemContext } from '../../../platform/http/context.ts';
import type { JobHandler } from '../../../platform/jobs/jobs.service.ts';
import { messageRequests } from '../messaging.table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the pre-match threads sent before `now - retentionDays` days; resolves the count and the cutoff. */
export async function deleteOldPreMatchThreads(
  db: Database,
  jobId: string,
  retentionDays: number,
  now = new Date(),
): Promise<{ deleted: number; cutoff: string; retentionDays: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(messageRequests)
      .where(and(ne(messageRequests.accepted, 'ACCEPTED'), lt(messageRequests.createdAt, cutoff)))
      .returning({ id: messageRequests.id });
    const result = { deleted: deleted.length, cutoff: cutoff.toISOString(), retentionDays };
    await recordAudit(tx, systemContext(`job:${jobId}`), {
      action: 'pre_match_retention.run',
      entityType: 'processing_job',
      entityId: jobId,
      details: result,
    });
    return result;
  });
}

/** The `pre-match-retention` handler: deletes with `retentionDays` (config PRE_MATCH_RETENTION_DAYS, default 180). */
export function createRetentionHandler(deps: { db: Database; retentionDays: number }): JobHandler {
  return async (ctx) => {
    const result = await deleteOldPreMatchThreads(deps.db, ctx.jobId, deps.retentionDays);
    await ctx.log(`Deleted ${result.deleted} pre-match thread(s) sent before ${result.cutoff}`);
    return result;
  };
}
