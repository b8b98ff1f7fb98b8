/**
 * Client prime (budget) import: "budget lines imported → validation of every date" ("no active budget"
 * and "budget units exceeded" may change; DOMAIN.md "Violation codes").
 *
 * `budgets.imported` → publish `segments.mayHaveChanged` `'all'` (segment-validation.ts queues the job).
 * The `client-prime` import kind reports no change today (`changed: () => false` in
 * modules/budgets/budget-import.ts), so this step does not run yet after an import; it is wired so that
 * the kind only has to report its changes.
 */
import { budgetsImported, segmentsMayHaveChanged } from './events.ts';
import type { WorkflowDeps } from './index.ts';

/** Subscribes the client prime import workflow. */
export function clientPrimeImportWorkflow({ events }: WorkflowDeps): void {
  events.subscribe(budgetsImported, () => events.publish(segmentsMayHaveChanged, 'all'));
}
