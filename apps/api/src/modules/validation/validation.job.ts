/**
 * The `segment-validation` job (contracts `SEGMENT_VALIDATION_JOB`): validates the segments of a range
 * of service dates with a progress bar. Metadata, one of:
 * - `{ from, to }` (`YYYY-MM-DD`; `to` null = up to the last segment's date): on demand and after
 *   billing-code rule edits;
 * - `{ afterImportJobId }`: queued after the location screening that follows a shift import (workflows/shift-import.ts);
 *   the range is the service dates of the shifts the import's file created or changed;
 * - `{ scope: 'all' }`: every date with segments (after a notes or budget import, an approved-location
 *   change, or a screening run that changed findings); with `afterDemoLoad: true` when it is the
 *   validation of the demo agency's first look (workflows/demo-agency.ts).
 * When the run ends it publishes `validation.segmentsValidated` (its job id and `afterDemoLoad`).
 * The range is clamped to the dates that have segments. Idempotent (only changes are written), so a
 * redelivered job is safe. Audited as a system event `segment_validation.run` with counts only.
 *
 * At the end, drift detection (billing/billing-drift.service.ts) runs for the same range: exported billing
 * items whose segment changed get `hasDrift` (or lose it when the segment is back to the exported
 * values). Every segment change re-queues this job, so drift follows automatically.
 */
import { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { systemContext } from '../../platform/http/context.ts';
import { JobInputError, type JobContext, type JobHandler } from '../../platform/jobs/jobs.service.ts';
import type { JobEvents } from '../../platform/jobs/events.ts';
import { segmentsValidated } from '../../workflows/events.ts';
import { findImportDateRange, findSegmentDateBounds } from './validation-source.ts';
import { validateSegmentRange } from './validation.service.ts';
import { detectBillingDrift } from '../billing/billing-drift.service.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const metadataSchema = z.union([
  z.object({ afterImportJobId: z.uuid() }),
  z.object({ from: isoDate, to: isoDate.nullable() }),
  z.object({ scope: z.literal('all') }),
]);

/** What the job uses: the database, and the events it publishes when a run ends. */
interface ValidationJobDeps {
  db: Database;
  events: Pick<JobEvents, 'publish'>;
}

/** Creates the job handler. Errors: JobInputError for metadata that is neither shape. */
export function createSegmentValidationHandler(deps: ValidationJobDeps): JobHandler {
  return async (ctx) => {
    const result = await validateForJob(deps, ctx);
    await deps.events.publish(segmentsValidated, {
      validationJobId: ctx.jobId,
      afterDemoLoad: ctx.metadata.afterDemoLoad === true,
    });
    return result;
  };
}

/** The run of {@link createSegmentValidationHandler}: range from the metadata, validation, drift, audit. */
async function validateForJob(deps: ValidationJobDeps, ctx: JobContext) {
  const parsed = metadataSchema.safeParse(ctx.metadata);
  if (!parsed.success) throw new JobInputError('The validation request is invalid (dates or import job id)');
  const bounds = await findSegmentDateBounds(deps.db);
  let range: { from: string; to: string } | null;
  if ('afterImportJobId' in parsed.data)
    range = await findImportDateRange(deps.db, parsed.data.afterImportJobId);
  else if ('scope' in parsed.data) range = bounds;
  else range = bounds ? { from: parsed.data.from, to: parsed.data.to ?? bounds.to } : null;
  if (range && bounds) {
    range = {
      from: range.from > bounds.from ? range.from : bounds.from,
      to: range.to < bounds.to ? range.to : bounds.to,
    };
  }
  if (!range || !bounds || range.to < range.from) {
    await ctx.log('No segments in the range: nothing to validate');
    return { segments: 0, ready: 0, notReady: 0, changed: 0 };
  }
  await ctx.progress(1, `Validating segments of ${range.from} to ${range.to}`);
  const summary = await validateSegmentRange(deps.db, range, async (done, so) => {
    await ctx.progress(1 + done * 98, `${so.segments} segments validated, ${so.changed} changed`);
  });
  await ctx.progress(99, 'Checking exported billing items for drift');
  const drift = await detectBillingDrift(deps.db, range);
  const result = {
    ...summary,
    driftItems: drift.items,
    drifted: drift.drifted,
    driftChanged: drift.changed,
  };
  await recordAudit(deps.db, systemContext(`job:${ctx.jobId}`), {
    action: 'segment_validation.run',
    entityType: 'processing_job',
    entityId: ctx.jobId,
    details: result,
  });
  await ctx.log(
    `Done: ${summary.segments} segments, ${summary.ready} ready, ${summary.notReady} not ready, ${summary.changed} changed; ` +
      `${drift.items} billing items checked, ${drift.drifted} with drift, ${drift.changed} drift changes`,
  );
  return result;
}

export { SEGMENT_VALIDATION_JOB } from '@tend/contracts';
