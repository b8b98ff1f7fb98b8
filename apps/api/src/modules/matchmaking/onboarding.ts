/**
 * Onboarding progress of listings (issue 21 "Resume where left off"; contracts `clientOnboardingSteps`,
 * `caregiverOnboardingSteps`). Every step's save calls one of these in its own transaction: the furthest step
 * completed moves forward only (editing an earlier step again never sends a person back), and the last step before
 * the finish (`listingFinalization`) sets `listed_at` once.
 */
import { eq } from 'drizzle-orm';
import {
  caregiverOnboardingSteps,
  clientOnboardingSteps,
  furtherStep,
  type CaregiverOnboardingStep,
  type ClientOnboardingStep,
} from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { tinderCaregivers, tinderClients } from './matchmaking.table.ts';

const asClientStep = (value: string | null) =>
  value && (clientOnboardingSteps as readonly string[]).includes(value)
    ? (value as ClientOnboardingStep)
    : null;
const asCaregiverStep = (value: string | null) =>
  value && (caregiverOnboardingSteps as readonly string[]).includes(value)
    ? (value as CaregiverOnboardingStep)
    : null;

/** Records that client listing `listingId` completed `step`; resolves the furthest step completed after. */
export async function recordClientStep(
  executor: Executor,
  listingId: string,
  step: ClientOnboardingStep,
): Promise<ClientOnboardingStep> {
  const [row] = await executor
    .select({ step: tinderClients.onboardingStep, listedAt: tinderClients.listedAt })
    .from(tinderClients)
    .where(eq(tinderClients.id, listingId));
  const next = furtherStep(clientOnboardingSteps, asClientStep(row?.step ?? null), step);
  await executor
    .update(tinderClients)
    .set({
      onboardingStep: next,
      ...(step === 'listingFinalization' && !row?.listedAt ? { listedAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(eq(tinderClients.id, listingId));
  return next;
}

/** Records that caregiver listing `listingId` completed `step`; resolves the furthest step completed after. */
export async function recordCaregiverStep(
  executor: Executor,
  listingId: string,
  step: CaregiverOnboardingStep,
): Promise<CaregiverOnboardingStep> {
  const [row] = await executor
    .select({ step: tinderCaregivers.onboardingStep, listedAt: tinderCaregivers.listedAt })
    .from(tinderCaregivers)
    .where(eq(tinderCaregivers.id, listingId));
  const next = furtherStep(caregiverOnboardingSteps, asCaregiverStep(row?.step ?? null), step);
  await executor
    .update(tinderCaregivers)
    .set({
      onboardingStep: next,
      ...(step === 'listingFinalization' && !row?.listedAt ? { listedAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(eq(tinderCaregivers.id, listingId));
  return next;
}
