/**
 * Workflows: the flows between modules, declared in one place (ARCHITECTURE.md "Workflows";
 * docs/decisions/0026-module-plugins-and-workflows.md).
 *
 * A module publishes a typed event where a fact happens (events.ts is the catalog); a workflow
 * subscribes and queues the next steps as jobs on the job engine (platform/jobs), so every step is
 * idempotent, visible with progress and survives a restart. A workflow holds no domain logic: it only
 * decides which job follows which event, with what metadata.
 *
 * The workflows:
 * - shift-import.ts: shifts imported → location and incident screening → validation of the import's dates.
 * - shift-note-import.ts: notes imported → incident screening; validation of every date.
 * - client-prime-import.ts: budget lines imported → validation of every date.
 * - demo-agency.ts: the demo agency loaded → location and incident screening of everything → validation
 *   of every date (after the location screening, as for an import) → the demo's export batch and
 *   remittance (`demo-billing`).
 * - conversation-notifications.ts: a matchmaking message stored → the `message-notification` job.
 * - segment-validation.ts: segments may have changed (edits, imports, an on-demand screening that
 *   changed findings) → the validation job.
 *
 * A new flow (ISP processing, campaigns, OCR, staging promotion) adds: its events to events.ts, one
 * file here exporting `<name>Workflow(deps)`, one line in {@link workflows}, and a test beside it.
 */
import type { JobEvents } from '../platform/jobs/events.ts';
import type { JobRunner } from '../platform/jobs/jobs.service.ts';
import { clientPrimeImportWorkflow } from './client-prime-import.ts';
import { conversationNotificationsWorkflow } from './conversation-notifications.ts';
import { demoAgencyWorkflow } from './demo-agency.ts';
import { segmentValidationWorkflow } from './segment-validation.ts';
import { shiftImportWorkflow } from './shift-import.ts';
import { shiftNoteImportWorkflow } from './shift-note-import.ts';

/** What a workflow uses: the job runner to queue steps, the events to subscribe (and publish). */
export interface WorkflowDeps {
  jobs: Pick<JobRunner, 'enqueue'>;
  events: JobEvents;
}

/** Every workflow, subscribed by `buildApp` after the modules registered their job handlers. */
export const workflows: readonly ((deps: WorkflowDeps) => void)[] = [
  shiftImportWorkflow,
  shiftNoteImportWorkflow,
  clientPrimeImportWorkflow,
  segmentValidationWorkflow,
  demoAgencyWorkflow,
  conversationNotificationsWorkflow,
];

/** Subscribes every workflow to `deps.events`. */
export function registerWorkflows(deps: WorkflowDeps): void {
  for (const workflow of workflows) workflow(deps);
}
