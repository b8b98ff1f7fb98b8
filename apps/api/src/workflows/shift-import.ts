/**
 * Shift import: "import finished → location and incident screening → validation of the touched dates"
 * (spec "each screening runs as a job over new and changed shifts"; DOMAIN.md "Violation codes").
 *
 * 1. `shifts.imported` (the import created or updated shifts) → queue `location-screening` and then
 *    `incident-screening`, each with metadata `{ afterImportJobId }` (the web and the tests find the
 *    follow-up jobs of an import by it).
 * 2. `screening.locationsScreened` after that import → queue `segment-validation` with
 *    `{ afterImportJobId }`: the service dates of the shifts the import's file created or changed.
 *    Validation follows the location screening because "location unverified" reads its findings.
 *
 * Every step is a job: idempotent (a redelivered or repeated run writes nothing new) with progress.
 */
import { LOCATION_SCREENING_JOB, SEGMENT_VALIDATION_JOB } from '@tend/contracts';
import { INCIDENT_SCREENING_JOB } from '../modules/screening/incident-screening.service.ts';
import { locationsScreened, shiftsImported } from './events.ts';
import type { WorkflowDeps } from './index.ts';

/** The screenings an import's new and changed shifts go through, in the order they are queued. */
export const screeningsAfterShiftImport = [LOCATION_SCREENING_JOB, INCIDENT_SCREENING_JOB] as const;

/** Subscribes the shift import workflow. */
export function shiftImportWorkflow({ jobs, events }: WorkflowDeps): void {
  events.subscribe(shiftsImported, async ({ importJobId }) => {
    for (const jobType of screeningsAfterShiftImport)
      await jobs.enqueue({ jobType, metadata: { afterImportJobId: importJobId } });
  });
  events.subscribe(locationsScreened, async ({ afterImportJobId }) => {
    if (afterImportJobId)
      await jobs.enqueue({ jobType: SEGMENT_VALIDATION_JOB, metadata: { afterImportJobId } });
  });
}
