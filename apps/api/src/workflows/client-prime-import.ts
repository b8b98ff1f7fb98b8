/**
 * Client prime (budget) import: "budget lines imported → validation of every date" ("no active budget"
 * and "budget units exceeded" may change; DOMAIN.md "Violation codes").
 *
 * `budgets.imported` (the `client-prime` import created or updated budget lines) → publish
 * `segments.mayHaveChanged` `'all'` (segment-validation.ts queues the job).
 */
import { budgetsImported, segmentsMayHaveChanged } from './events.ts';
import type { WorkflowDeps } from './index.ts';

/** Subscribes the client prime import workflow. */
export function clientPrimeImportWorkflow({ events }: WorkflowDeps): void {
  events.subscribe(budgetsImported, () => events.publish(segmentsMayHaveChanged, 'all'));
}
