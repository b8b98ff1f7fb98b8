/**
 * Shift notes import: "notes matched to shifts → incident screening of the notes; validation of every
 * date" (docs/shift-notes.md; DOMAIN.md "Violation codes": "shift note missing" may no longer hold).
 *
 * `screening.shiftNotesImported` (the import matched at least one note) → queue `incident-screening`
 * with `{ afterImportJobId }`, then publish `segments.mayHaveChanged` `'all'` (segment-validation.ts
 * turns it into the validation job).
 */
import { INCIDENT_SCREENING_JOB } from '../modules/screening/incident-screening.service.ts';
import { segmentsMayHaveChanged, shiftNotesImported } from './events.ts';
import type { WorkflowDeps } from './index.ts';

/** Subscribes the shift notes import workflow. */
export function shiftNoteImportWorkflow({ jobs, events }: WorkflowDeps): void {
  events.subscribe(shiftNotesImported, async ({ importJobId }) => {
    await jobs.enqueue({ jobType: INCIDENT_SCREENING_JOB, metadata: { afterImportJobId: importJobId } });
    await events.publish(segmentsMayHaveChanged, 'all');
  });
}
