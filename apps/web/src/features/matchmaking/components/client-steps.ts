/**
 * Where to change a client listing's step (issue 21 "Resume where left off"; decision 0053): the step pages of
 * `clientStepPath`, except that step `new` edits an existing listing with `?clientId=`.
 */
import { clientStepPath, type ClientOnboardingStep } from '@tend/contracts';

/** The page that changes `step` of listing `id`. */
export function editStepPath(step: ClientOnboardingStep, id: string): string {
  return step === 'new' ? `/matchmaking/client/new?clientId=${id}` : clientStepPath(step, id);
}
