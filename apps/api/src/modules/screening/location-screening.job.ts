/**
 * The `location-screening` job (contracts `LOCATION_SCREENING_JOB`): runs {@link runLocationScreening}
 * with the scope and client from the job's metadata, reports progress per batch of clients, and audits
 * the run as a system event `location_screening.run` with counts only (no PHI). Queued after a shift
 * import that created or changed shifts (workflows/shift-import.ts) and on demand from
 * `/admin/baselineLocations`. Idempotent (see location-screening.service.ts), so a redelivered job is safe.
 */
import { locationScreeningRun } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { systemContext } from '../../platform/http/context.ts';
import { JobInputError, type JobHandler } from '../../platform/jobs/jobs.service.ts';
import type { JobEvents } from '../../platform/jobs/events.ts';
import { locationsScreened } from '../../workflows/events.ts';
import { runLocationScreening } from './location-screening.service.ts';

/**
 * Creates the job handler. Metadata: `{ scope?: 'due' | 'all', clientId?: uuid, afterImportJobId?, afterDemoLoad? }`
 * (default: due, all clients). At the end it publishes `screening.locationsScreened` with the import it
 * followed and whether any finding changed (the workflows re-validate segments then: "location
 * unverified" reads these findings).
 */
export function createLocationScreeningHandler(deps: {
  db: Database;
  events: Pick<JobEvents, 'publish'>;
}): JobHandler {
  return async (ctx) => {
    const parsed = locationScreeningRun.safeParse({
      scope: ctx.metadata.scope ?? 'due',
      clientId: ctx.metadata.clientId ?? undefined,
    });
    if (!parsed.success) throw new JobInputError('The screening request is invalid (scope or client id)');
    const { scope, clientId } = parsed.data;
    await ctx.progress(1, `Screening ${scope === 'all' ? 'every shift' : 'new and changed shifts'}`);
    const summary = await runLocationScreening(deps.db, {
      scope,
      clientId,
      onProgress: async (done, so) => {
        await ctx.progress(1 + done * 98, `${so.shiftsScreened} shifts screened`);
      },
    });
    const result = {
      scope,
      clientId: clientId ?? null,
      clients: summary.clients,
      baselinesLearned: summary.baselinesLearned,
      clientsWithoutBaseline: summary.clientsWithoutBaseline,
      shiftsScreened: summary.shiftsScreened,
      findingsCreated: summary.findingsCreated,
      findingsUpdated: summary.findingsUpdated,
      findingsRemoved: summary.findingsRemoved,
      findingsUnchanged: summary.findingsUnchanged,
    };
    await recordAudit(deps.db, systemContext(`job:${ctx.jobId}`), {
      action: 'location_screening.run',
      entityType: 'processing_job',
      entityId: ctx.jobId,
      details: result,
    });
    await deps.events.publish(locationsScreened, {
      afterImportJobId:
        typeof ctx.metadata.afterImportJobId === 'string' ? ctx.metadata.afterImportJobId : null,
      afterDemoLoad: ctx.metadata.afterDemoLoad === true,
      findingsChanged: summary.findingsCreated + summary.findingsUpdated + summary.findingsRemoved > 0,
    });
    await ctx.log(
      `Done: ${summary.shiftsScreened} shifts screened, ${summary.baselinesLearned} baselines learned, ` +
        `${summary.findingsCreated} findings added, ${summary.findingsUpdated} updated, ${summary.findingsRemoved} removed`,
    );
    return result;
  };
}

export { LOCATION_SCREENING_JOB } from '@tend/contracts';
