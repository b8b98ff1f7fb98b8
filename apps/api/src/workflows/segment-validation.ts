/**
 * Segment validation: "an edit that may change a segment's violations → the `segment-validation` job"
 * (DOMAIN.md "Violation codes"; docs/segment-validation.md). The job is idempotent (it writes only
 * changed segments), so an extra run only costs time.
 *
 * - `segments.mayHaveChanged` `{ from, to }` → the job with metadata `{ from, to }`; `'all'` → the job
 *   with `{ scope: 'all' }`. Published by budget line, approved location, finding review, caregiver
 *   type and segment edits, and by the import workflows.
 * - `screening.locationsScreened` on demand (not after an import: shift-import.ts validates the
 *   import's dates then; not after the demo agency's load: demo-agency.ts validates every date then) that created, updated or removed a finding → every date ("location
 *   unverified" reads the findings).
 */
import { SEGMENT_VALIDATION_JOB } from '@tend/contracts';
import { locationsScreened, segmentsMayHaveChanged } from './events.ts';
import type { WorkflowDeps } from './index.ts';

/** Subscribes the segment validation workflow. */
export function segmentValidationWorkflow({ jobs, events }: WorkflowDeps): void {
  events.subscribe(segmentsMayHaveChanged, async (range) => {
    await jobs.enqueue({
      jobType: SEGMENT_VALIDATION_JOB,
      metadata: range === 'all' ? { scope: 'all' } : range,
    });
  });
  events.subscribe(locationsScreened, async ({ afterImportJobId, afterDemoLoad, findingsChanged }) => {
    if (!afterImportJobId && !afterDemoLoad && findingsChanged)
      await events.publish(segmentsMayHaveChanged, 'all');
  });
}
