/**
 * Caregiver listings and their onboarding steps (issue 21 "Caregiver onboarding"; spec s.3 TinderCaregiver, Contact,
 * TextBio, Reference; s.4 onboarding order; docs/matchmaking.md "Caregiver listings"; decision 0054).
 *
 * A caregiver account owns one listing. The steps this file serves: `form` (about you), `medallion`, `bioCreation`
 * (text bios, versioned, one current), `additionalInfo` (contacts, references, availability), `listingFinalization`
 * (publish: refused naming each missing required field) and `verificationComplete`. The preview is the listing as
 * families see it: the card of `matchmaking-cards.ts` plus the current bio, nothing else.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { isoDate, optionalEmail, optionalText, requiredText, text } from './common.ts';
import { availabilityStatuses, caregiverOnboardingSteps, verificationMethods } from './matchmaking.ts';
import { caregiverCard } from './matchmaking-cards.ts';

/** Shortest and longest text bio, in characters (a few sentences; a page at most). */
export const CAREGIVER_BIO_MIN_CHARS = 40;
export const CAREGIVER_BIO_MAX_CHARS = 2000;
/** Longest answer to one guided bio prompt, in characters. */
export const CAREGIVER_BIO_ANSWER_MAX_CHARS = 600;
/** Most contacts and most references a listing keeps. */
export const CAREGIVER_CONTACTS_MAX = 5;
export const CAREGIVER_REFERENCES_MAX = 5;

/**
 * A caregiver's medallion (DOMAIN.md "medallion": a credential status shown in matchmaking): none yet, working on
 * it, or earned. The server stamps `medallionUpdatedAt` when it changes.
 */
export const medallionStatuses = ['none', 'in_progress', 'earned'] as const;
export type MedallionStatus = (typeof medallionStatuses)[number];

/** Sex as the form offers it (spec s.3 TinderCaregiver `sex`); optional. */
export const caregiverSexes = ['female', 'male', 'other'] as const;

/** The guided prompts of the bio step, in the order the page asks them. */
export const caregiverBioPrompts = ['whyCare', 'experience', 'familiesShouldKnow'] as const;
export type CaregiverBioPrompt = (typeof caregiverBioPrompts)[number];

/**
 * The bio composed from the guided prompts' answers: each non-empty answer trimmed, as its own paragraph, in prompt
 * order (`whyCare`, `experience`, `familiesShouldKnow`); an empty string when nothing was answered. The caregiver
 * edits the result before saving (bioCreation step; decision 0054).
 */
export function composeCaregiverBio(answers: Partial<Record<CaregiverBioPrompt, string>>): string {
  return caregiverBioPrompts
    .map((prompt) => answers[prompt]?.trim() ?? '')
    .filter((answer) => answer.length > 0)
    .join('\n\n');
}

/** The fields a listing needs before it is published (issue 21; decision 0054), as the API names them. */
export const caregiverListingRequiredFields = ['firstName', 'zipCode', 'availabilityStatus', 'bio'] as const;
export type CaregiverListingRequiredField = (typeof caregiverListingRequiredFields)[number];

/**
 * The required fields `listing` lacks (in `caregiverListingRequiredFields` order): first name, ZIP code,
 * availability status and a current bio. Empty list: the listing may be published.
 */
export function missingCaregiverListingFields(listing: {
  firstName: string | null;
  zipCode: string | null;
  availabilityStatus: string | null;
  hasCurrentBio: boolean;
}): CaregiverListingRequiredField[] {
  const missing: CaregiverListingRequiredField[] = [];
  if (!listing.firstName?.trim()) missing.push('firstName');
  if (!listing.zipCode?.trim()) missing.push('zipCode');
  if (!listing.availabilityStatus) missing.push('availabilityStatus');
  if (!listing.hasCurrentBio) missing.push('bio');
  return missing;
}

const list = (max: number) =>
  z
    .array(requiredText(100))
    .max(max, { message: `must be at most ${max} items` })
    .default([])
    .transform((values) => [...new Set(values)]);

/**
 * Step `form` (create, and edit later): only first name, last name and ZIP code are required; the ZIP code must be a
 * known US ZIP (the API answers 400 on `zipCode` otherwise) and gives the listing its city, state and position.
 */
export const caregiverFormInput = z.object({
  firstName: requiredText(100),
  middleName: optionalText(100),
  lastName: requiredText(100),
  sex: z.enum(caregiverSexes, { message: 'must be female, male or other' }).nullish(),
  dob: isoDate.nullish(),
  email: optionalEmail,
  phoneNumber: text()
    .trim()
    .regex(/^[0-9+() .-]{0,30}$/, { message: 'must be a phone number (digits, spaces, + ( ) - .)' })
    .nullish()
    .transform((value) => (value ? value : null)),
  address: optionalText(200),
  zipCode: requiredText(10).regex(/^\d{5}(-\d{4})?$/, { message: 'must be a 5-digit ZIP code' }),
  experienceYears: z
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be 0 or more' })
    .max(80, { message: 'must be at most 80' })
    .nullish(),
  canDrive: z.boolean().nullish(),
  languages: list(20),
  specialties: list(30),
  certifications: list(30),
  smsNotificationsEnabled: z.boolean().default(false),
});
export type CaregiverFormInput = z.input<typeof caregiverFormInput>;

/** Step `medallion`. */
export const caregiverMedallionInput = z.object({
  medallionStatus: z.enum(medallionStatuses, { message: 'must be none, in_progress or earned' }),
});
export type CaregiverMedallionInput = z.input<typeof caregiverMedallionInput>;

/** Step `bioCreation`: a new version of the text bio, which becomes the current one. */
export const caregiverBioInput = z.object({
  bio: requiredText(CAREGIVER_BIO_MAX_CHARS).refine((value) => value.length >= CAREGIVER_BIO_MIN_CHARS, {
    message: `must be at least ${CAREGIVER_BIO_MIN_CHARS} characters`,
  }),
});
export type CaregiverBioInput = z.input<typeof caregiverBioInput>;

export const caregiverContactInput = z.object({
  name: requiredText(100),
  relationship: optionalText(100),
});
/** A reference as the caregiver gives it (`verified` is set by the agency only, never here). */
export const caregiverReferenceInput = z.object({
  refName: requiredText(100),
  refContact: optionalText(200),
  relationship: optionalText(100),
});

/**
 * Step `additionalInfo`: contacts and references replace the listing's (all of them, in one transaction);
 * `availableFrom` is required when the status is `soon`.
 */
export const caregiverAdditionalInfoInput = z
  .object({
    contacts: z
      .array(caregiverContactInput)
      .max(CAREGIVER_CONTACTS_MAX, { message: `must be at most ${CAREGIVER_CONTACTS_MAX} contacts` })
      .default([]),
    references: z
      .array(caregiverReferenceInput)
      .max(CAREGIVER_REFERENCES_MAX, {
        message: `must be at most ${CAREGIVER_REFERENCES_MAX} references`,
      })
      .default([]),
    backupReady: z.boolean().default(false),
    availabilityStatus: z
      .enum(availabilityStatuses, { message: 'must be available, soon or not_available' })
      .nullish(),
    availableFrom: isoDate.nullish(),
    availableHours: z
      .number({ message: 'must be a number' })
      .min(0, { message: 'must be 0 or more' })
      .max(168, { message: 'must be at most 168 hours a week' })
      .nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.availabilityStatus === 'soon' && !value.availableFrom) {
      ctx.addIssue({ code: 'custom', path: ['availableFrom'], message: 'is required when available soon' });
    }
  });
export type CaregiverAdditionalInfoInput = z.input<typeof caregiverAdditionalInfoInput>;

export const caregiverContact = z.object({
  id: z.uuid(),
  name: z.string(),
  relationship: z.string().nullable(),
});
export const caregiverReference = z.object({
  id: z.uuid(),
  refName: z.string(),
  refContact: z.string().nullable(),
  relationship: z.string().nullable(),
  verified: z.boolean(),
});

/** The owner's own listing, with every field they entered and where they are in onboarding. */
export const caregiverListing = z.object({
  id: z.uuid(),
  uniqueKey: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  sex: z.string().nullable(),
  dob: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  experienceYears: z.number().int().nullable(),
  canDrive: z.boolean().nullable(),
  languages: z.array(z.string()),
  specialties: z.array(z.string()),
  certifications: z.array(z.string()),
  smsNotificationsEnabled: z.boolean(),
  medallionStatus: z.enum(medallionStatuses).nullable(),
  medallionUpdatedAt: z.iso.datetime({ offset: true }).nullable(),
  availabilityStatus: z.enum(availabilityStatuses).nullable(),
  availableFrom: z.string().nullable(),
  availableHours: z.number().nullable(),
  backupReady: z.boolean(),
  contacts: z.array(caregiverContact),
  references: z.array(caregiverReference),
  /** The current text bio, or null. */
  bio: z.string().nullable(),
  hasProfilePhoto: z.boolean(),
  verified: z.boolean(),
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
  verificationMethod: z.enum(verificationMethods).nullable(),
  listedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The furthest onboarding step completed (null: none) and the one to resume at (null: all done). */
  furthestStep: z.enum(caregiverOnboardingSteps).nullable(),
  nextStep: z.enum(caregiverOnboardingSteps).nullable(),
  /** Required fields still missing before the listing can be published. */
  missingFields: z.array(z.enum(caregiverListingRequiredFields)),
});
export type CaregiverListing = z.infer<typeof caregiverListing>;

export const caregiverTextBio = z.object({
  id: z.uuid(),
  bio: z.string(),
  version: z.number().int(),
  isCurrent: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CaregiverTextBio = z.infer<typeof caregiverTextBio>;
/** Every version, newest first. */
export const caregiverTextBioList = z.object({ items: z.array(caregiverTextBio) });
export type CaregiverTextBioList = z.infer<typeof caregiverTextBioList>;

/** The listing as families see it: the card and the current bio. */
export const caregiverPreview = z.object({ card: caregiverCard, bio: z.string().nullable() });
export type CaregiverPreview = z.infer<typeof caregiverPreview>;

export const caregiverListingEndpoints = {
  createCaregiverListing: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/caregivers',
    body: caregiverFormInput,
    response: { 201: caregiverListing },
  }),
  getOwnCaregiverListing: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/caregivers/me',
    response: { 200: caregiverListing },
  }),
  updateOwnCaregiverListing: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/caregivers/me',
    body: caregiverFormInput,
    response: { 200: caregiverListing },
  }),
  updateCaregiverMedallion: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/caregivers/me/medallion',
    body: caregiverMedallionInput,
    response: { 200: caregiverListing },
  }),
  findCaregiverBios: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/caregivers/me/bios',
    response: { 200: caregiverTextBioList },
  }),
  createCaregiverBio: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/caregivers/me/bios',
    body: caregiverBioInput,
    response: { 201: caregiverTextBio },
  }),
  updateCaregiverAdditionalInfo: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/caregivers/me/additional-info',
    body: caregiverAdditionalInfoInput,
    response: { 200: caregiverListing },
  }),
  finalizeCaregiverListing: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/caregivers/me/finalize',
    response: { 200: caregiverListing },
  }),
  completeCaregiverVerificationStep: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/caregivers/me/verification-complete',
    response: { 200: caregiverListing },
  }),
  getCaregiverPreview: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/caregivers/me/preview',
    response: { 200: caregiverPreview },
  }),
};
