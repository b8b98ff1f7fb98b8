/**
 * Demo agency: "loaded → the jobs an import runs" (issue 16 item 9; decision 0038), so the newcomer's
 * first look shows screening, review and billing at work rather than "Not screened yet".
 *
 * 1. `demo.agencyLoaded` → queue `location-screening` and `incident-screening` over every shift
 *    (`{ scope: 'all', afterDemoLoad: true }`).
 * 2. `screening.locationsScreened` after the demo's load → queue the validation of every date
 *    (`{ scope: 'all', afterDemoLoad: true }`; "location unverified" reads the findings, as after an
 *    import; segment-validation.ts leaves this run to this workflow).
 * 3. `validation.segmentsValidated` of that validation → queue `demo-billing` (modules/demo): one
 *    export batch of READY segments and a remittance with denials, through the billing services.
 */
import { LOCATION_SCREENING_JOB, SEGMENT_VALIDATION_JOB } from '@tend/contracts';
import { INCIDENT_SCREENING_JOB } from '../modules/screening/incident-screening.service.ts';
import { DEMO_BILLING_JOB } from '../modules/demo/demo-billing.ts';
import { demoAgencyLoaded, locationsScreened, segmentsValidated } from './events.ts';
import type { WorkflowDeps } from './index.ts';

/** Subscribes the demo agency workflow. */
export function demoAgencyWorkflow({ jobs, events }: WorkflowDeps): void {
  events.subscribe(demoAgencyLoaded, async () => {
    await jobs.enqueue({ jobType: LOCATION_SCREENING_JOB, metadata: { scope: 'all', afterDemoLoad: true } });
    await jobs.enqueue({ jobType: INCIDENT_SCREENING_JOB, metadata: { scope: 'all', afterDemoLoad: true } });
  });
  events.subscribe(locationsScreened, async ({ afterDemoLoad }) => {
    if (afterDemoLoad)
      await jobs.enqueue({
        jobType: SEGMENT_VALIDATION_JOB,
        metadata: { scope: 'all', afterDemoLoad: true },
      });
  });
  events.subscribe(segmentsValidated, async ({ validationJobId, afterDemoLoad }) => {
    if (afterDemoLoad)
      await jobs.enqueue({ jobType: DEMO_BILLING_JOB, metadata: { afterValidationJobId: validationJobId } });
  });
}
