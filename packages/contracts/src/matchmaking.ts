/**
 * Matchmaking shared terms (issue 21; spec s.2 matchmaking routes, s.3 Guardian/TinderClient/TinderCaregiver, s.4
 * "Matchmaking onboarding order", s.6 relaxed tier). The step lists are the one source of the onboarding order for
 * both sides: the API records the furthest step completed (`onboardingStep`), the web resumes at the step after it.
 *
 * Zod-free on purpose (the web shell may import it without the schemas).
 */

/** Client onboarding, in order (spec s.4): `/matchmaking/client/new` → … → `/listingFinalization`. */
export const clientOnboardingSteps = [
  'new',
  'avatar',
  'careDetails',
  'scheduleMaker',
  'listingFinalization',
] as const;
export type ClientOnboardingStep = (typeof clientOnboardingSteps)[number];

/** Caregiver onboarding, in order (spec s.4): `/new/form` → … → `/verificationComplete`. */
export const caregiverOnboardingSteps = [
  'form',
  'addMedia',
  'medallion',
  'scheduleMaker',
  'bioCreation',
  'profilePhoto',
  'additionalInfo',
  'listingFinalization',
  'verificationComplete',
] as const;
export type CaregiverOnboardingStep = (typeof caregiverOnboardingSteps)[number];

/**
 * The page of a client onboarding step. Steps after `new` work on one listing: `id` is the listing's id (the avatar
 * route carries it in the path, the others as `?clientId=`).
 */
export function clientStepPath(step: ClientOnboardingStep, id: string | null): string {
  if (step === 'new') return '/matchmaking/client/new';
  if (step === 'avatar') return `/matchmaking/client/new/${id ?? ''}/avatar`;
  return `/matchmaking/client/${step}?clientId=${id ?? ''}`;
}

/** The page of a caregiver onboarding step (a caregiver has one listing: no id but in `addMedia`'s path). */
export function caregiverStepPath(step: CaregiverOnboardingStep, id: string | null): string {
  if (step === 'form') return '/matchmaking/caregiver/new/form';
  if (step === 'addMedia') return `/matchmaking/caregiver/new/${id ?? ''}/addMedia`;
  return `/matchmaking/caregiver/${step}`;
}

/**
 * The step to resume at after `completed` (the furthest step done; null: none), or null when every step is done
 * (then the profile page is the place to go).
 */
export function nextOnboardingStep<S extends string>(steps: readonly S[], completed: S | null): S | null {
  if (completed === null) return steps[0] ?? null;
  const index = steps.indexOf(completed);
  return index < 0 ? (steps[0] ?? null) : (steps[index + 1] ?? null);
}

/**
 * Which of two steps is further (the furthest step completed never moves back when an earlier step is edited again).
 */
export function furtherStep<S extends string>(steps: readonly S[], a: S | null, b: S): S {
  if (a === null) return b;
  return steps.indexOf(b) > steps.indexOf(a) ? b : a;
}

/** Availability shown on a caregiver's card (issue 21): available now, soon (from a date), or not available. */
export const availabilityStatuses = ['available', 'soon', 'not_available'] as const;
export type AvailabilityStatus = (typeof availabilityStatuses)[number];

/** How a profile was verified (issue 21 "Verification and privacy"; table columns `verification_method`). */
export const verificationMethods = ['provider_number', 'case_manager_code', 'id_document', 'admin'] as const;
export type VerificationMethod = (typeof verificationMethods)[number];

/** What a "Report" is about (table `profile_report.target_type`). */
export const reportTargetTypes = ['client', 'caregiver', 'conversation'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];

/** Days a family verification code from a case manager lives (issue 21). */
export const FAMILY_CODE_DAYS = 14;
/** Minutes a mobile-upload link lives (issue 21 "short-lived link/QR code"). */
export const MOBILE_UPLOAD_MINUTES = 30;
