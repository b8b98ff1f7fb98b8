/**
 * Demo agency: "loaded → the jobs an import runs" (issue 16 item 9; decision 0038), so the newcomer's
 * first look shows screening, review and billing at work rather than "Not screened yet".
 *
 * `demo.agencyLoaded` → queue `location-screening` and `incident-screening` over every shift
 * (`{ scope: 'all', afterDemoLoad: true }`); the validation of every date follows the location
 * screening as after an on-demand screening: its new findings (the demo's far clock-ins) publish
 * `segments.mayHaveChanged` 'all' (segment-validation.ts), so "location unverified" reads them.
 */
import { LOCATION_SCREENING_JOB } from '@tend/contracts';
import { INCIDENT_SCREENING_JOB } from '../modules/screening/incident-screening.service.ts';
import { demoAgencyLoaded } from './events.ts';
import type { WorkflowDeps } from './index.ts';

/** Subscribes the demo agency workflow. */
export function demoAgencyWorkflow({ jobs, events }: WorkflowDeps): void {
  events.subscribe(demoAgencyLoaded, async () => {
    await jobs.enqueue({ jobType: LOCATION_SCREENING_JOB, metadata: { scope: 'all', afterDemoLoad: true } });
    await jobs.enqueue({ jobType: INCIDENT_SCREENING_JOB, metadata: { scope: 'all', afterDemoLoad: true } });
  });
}
