/**
 * The family side of matchmaking onboarding (issue 21; spec s.3 Guardian, TinderClient; s.4 client onboarding order;
 * docs/matchmaking.md "Guardians and client listings"; decision 0053): the caller's guardian record, and the client
 * listings the guardian makes through the steps `new`, `careDetails` and `listingFinalization` (`avatar` and
 * `scheduleMaker` are other parts' endpoints). Signed-in, relaxed tier. A listing the caller does not manage is 404.
 *
 * Creation takes little (a guardian: first and last name; a listing: first name plus whatever is known); what a
 * listing needs before it is shown to caregivers is checked when it is published (`clientListingRequiredFields`).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idParams, isoDate, optionalEmail, optionalText, requiredText, text } from './common.ts';
import { clientOnboardingSteps } from './matchmaking.ts';

/** Sex as a guardian or a listing records it (spec s.3 Guardian, TinderClient `sex`). */
export const matchmakingSexes = ['female', 'male', 'other'] as const;
/** The kind of care a family looks for (TinderClient `careType`; decision 0053). */
export const clientCareTypes = ['personal_care', 'companionship', 'respite', 'overnight', 'live_in'] as const;
/** How much help the person needs day to day (TinderClient `levelCareNeeded`; decision 0053). */
export const clientCareLevels = ['light', 'moderate', 'extensive'] as const;
/**
 * The bucket of hours needed per week (TinderClient `hoursNeededCategory`; decision 0053): `occasional` under 10,
 * `part_time` 10–29, `full_time` 30–59, `around_the_clock` 60 or more (`hoursCategoryOf`).
 */
export const clientHoursCategories = ['occasional', 'part_time', 'full_time', 'around_the_clock'] as const;
/** Who can see a published listing: every caregiver on the map, or only caregivers it matched (TinderClient). */
export const clientVisibilities = ['public', 'matched-only'] as const;

/** Most hours in a week. */
export const HOURS_PER_WEEK = 168;

/**
 * The category of `hours` hours per week (see `clientHoursCategories`), or null when no hours are given. Pure.
 */
export function hoursCategoryOf(
  hours: number | null | undefined,
): (typeof clientHoursCategories)[number] | null {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return null;
  if (hours < 10) return 'occasional';
  if (hours < 30) return 'part_time';
  if (hours < 60) return 'full_time';
  return 'around_the_clock';
}

/**
 * Whole years of age on `today` (`YYYY-MM-DD`) of someone born on `dob` (`YYYY-MM-DD`); a birthday on 29 February
 * counts on 1 March in other years. Pure.
 */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** A number typed in a form: a JSON number, or empty (`''`, null, absent) for none. */
const optionalNumber = (min: number, max: number, integer = false) =>
  z
    .union([
      z.literal(''),
      (integer ? z.number().int({ message: 'must be a whole number' }) : z.number())
        .min(min, { message: `must be at least ${min}` })
        .max(max, { message: `must be at most ${max}` }),
    ])
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value));

const pastDate = isoDate.refine((value) => value <= new Date().toISOString().slice(0, 10), {
  message: 'must not be in the future',
});

/** A language as an ISO 639 code (`en`, `es`, `vi`); the web names it with `Intl.DisplayNames`. */
export const languageCode = text().regex(/^[a-z]{2,3}$/, {
  message: 'must be a language code such as en or es',
});
const languageList = z
  .array(languageCode)
  .max(20, { message: 'must be at most 20 languages' })
  .default([])
  .transform((values) => [...new Set(values)]);

// ── Guardian ────────────────────────────────────────────────────────────────────────────────────────────────────

/** `POST /api/matchmaking/guardians`, `PUT /api/matchmaking/guardians/me` (spec s.3 Guardian). */
export const guardianProfileInput = z.object({
  firstName: requiredText(100),
  middleName: optionalText(100),
  lastName: requiredText(100),
  sex: z.enum(matchmakingSexes, { message: 'must be female, male or other' }).nullish(),
  /** As typed ("(503) 555-0100"); stored in E.164. Required when SMS notifications are on. */
  phoneNumber: optionalText(64),
  email: optionalEmail,
  dob: pastDate.nullish(),
  /** Off unless the guardian ticks it. */
  smsNotificationsEnabled: z.boolean().default(false),
});
export type GuardianProfileInput = z.input<typeof guardianProfileInput>;

export const guardianProfile = z.object({
  id: z.uuid(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  sex: z.string().nullable(),
  /** E.164 (`+15035550100`). */
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  dob: z.string().nullable(),
  smsNotificationsEnabled: z.boolean(),
});
export type GuardianProfile = z.infer<typeof guardianProfile>;

// ── Client listings ─────────────────────────────────────────────────────────────────────────────────────────────

/** Step `new` of a client listing: `POST /api/matchmaking/clients`, `PUT /api/matchmaking/clients/:id`. */
export const clientListingInput = z.object({
  firstName: requiredText(100),
  middleName: optionalText(100),
  lastName: optionalText(100),
  sex: z.enum(matchmakingSexes, { message: 'must be female, male or other' }).nullish(),
  /** Date of birth, or `age` when the family would rather not say (age is worked out from `dob` when given). */
  dob: pastDate.nullish(),
  age: optionalNumber(0, 130, true),
  /** Street address: kept for the family, never shown to caregivers. */
  address: optionalText(200),
  /** US ZIP (`97401` or `97401-1234`): sets city, state and the map position; an unknown ZIP is refused. */
  zipCode: optionalText(10),
  languages: languageList,
  careType: z.enum(clientCareTypes, { message: 'must be one of the care types offered' }).nullish(),
  levelCareNeeded: z.enum(clientCareLevels, { message: 'must be light, moderate or extensive' }).nullish(),
  hoursNeeded: optionalNumber(1, HOURS_PER_WEEK),
  /** Worked out from `hoursNeeded` when not given. */
  hoursNeededCategory: z
    .enum(clientHoursCategories, { message: 'must be one of the categories offered' })
    .nullish(),
  visibility: z.enum(clientVisibilities, { message: 'must be public or matched-only' }).nullish(),
});
export type ClientListingInput = z.input<typeof clientListingInput>;

/** How a person moves between bed, chair and toilet (care details; decision 0053). */
export const transferNeeds = [
  'independent',
  'standby',
  'one_person',
  'two_person',
  'mechanical_lift',
] as const;
/** How often seizures need support. */
export const seizureSupportNeeds = ['none', 'occasional', 'frequent'] as const;
/** Support with behaviour. */
export const behaviorSupportNeeds = ['none', 'redirection', 'intensive'] as const;
/** Help with medication. */
export const medicationHelpNeeds = ['none', 'reminders', 'administration'] as const;
/** Personal care tasks. */
export const personalCareTasks = [
  'bathing',
  'dressing',
  'toileting',
  'incontinence',
  'feeding',
  'grooming',
] as const;
/** Mobility aids in use. */
export const mobilityAids = ['cane', 'walker', 'wheelchair', 'hoyer_lift', 'hospital_bed'] as const;
/** Diet needs. */
export const dietNeeds = [
  'diabetic',
  'low_sodium',
  'soft_or_pureed',
  'tube_feeding',
  'vegetarian',
  'allergies',
] as const;

const enumList = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { message: 'must be one of the options offered' }))
    .max(values.length)
    .default([])
    .transform((list) => [...new Set(list)]);

/**
 * What a caregiver must know, as answers part 2 filters on (issue 21 "hard filters"; decision 0053). Every answer
 * is optional; an absent one means "not said".
 */
export const clientCareDetails = z.object({
  transfers: z.enum(transferNeeds, { message: 'must be one of the options offered' }).nullish(),
  seizureSupport: z.enum(seizureSupportNeeds, { message: 'must be one of the options offered' }).nullish(),
  behaviorSupport: z.enum(behaviorSupportNeeds, { message: 'must be one of the options offered' }).nullish(),
  medicationHelp: z.enum(medicationHelpNeeds, { message: 'must be one of the options offered' }).nullish(),
  personalCare: enumList(personalCareTasks),
  mobilityAids: enumList(mobilityAids),
  diet: enumList(dietNeeds),
  /** A language the caregiver must speak (ISO 639 code). */
  caregiverLanguage: languageCode.nullish(),
  drivingNeeded: z.boolean().nullish(),
  petsInHome: z.boolean().nullish(),
  smokingInHome: z.boolean().nullish(),
});
export type ClientCareDetails = z.infer<typeof clientCareDetails>;

/** Care details as the API answers them (no input rules: what was stored). */
const storedCareDetails = z.object({
  transfers: z.string().nullish(),
  seizureSupport: z.string().nullish(),
  behaviorSupport: z.string().nullish(),
  medicationHelp: z.string().nullish(),
  personalCare: z.array(z.string()).optional(),
  mobilityAids: z.array(z.string()).optional(),
  diet: z.array(z.string()).optional(),
  caregiverLanguage: z.string().nullish(),
  drivingNeeded: z.boolean().nullish(),
  petsInHome: z.boolean().nullish(),
  smokingInHome: z.boolean().nullish(),
});

/** Step `careDetails`: `PUT /api/matchmaking/clients/:id/care-details`. */
export const clientCareDetailsInput = z.object({
  careNeededDescription: optionalText(2000),
  uniqueIssues: optionalText(2000),
  /** Pounds (relevant to transfers and lifting). */
  weight: optionalNumber(1, 1000),
  careDetails: clientCareDetails.default({ personalCare: [], mobilityAids: [], diet: [] }),
});
export type ClientCareDetailsInput = z.input<typeof clientCareDetailsInput>;

/** Step `listingFinalization`: `POST /api/matchmaking/clients/:id/finalize`. */
export const clientFinalizeInput = z.object({
  visibility: z.enum(clientVisibilities, { message: 'must be public or matched-only' }).default('public'),
  hidden: z.boolean().default(false),
});
export type ClientFinalizeInput = z.input<typeof clientFinalizeInput>;

/**
 * What a listing needs before it is published, and the step where each is filled in (issue 21; the finalize
 * endpoint answers 400 naming each missing one).
 */
export const clientListingRequiredFields = {
  firstName: 'new',
  zipCode: 'new',
  careType: 'new',
  hoursNeeded: 'new',
  careNeededDescription: 'careDetails',
} as const;
export type ClientListingRequiredField = keyof typeof clientListingRequiredFields;
/** The message of a missing required field in the finalize endpoint's 400. */
export const MISSING_TO_PUBLISH = 'is required to publish the listing';

const onboardingStep = z.enum(clientOnboardingSteps);

/** The caller's own client listing, in full (never someone else's: see `matchmaking-cards.ts` for those). */
export const clientListing = z.object({
  id: z.uuid(),
  /** Public, unguessable key (map links). */
  uniqueKey: z.string(),
  guardianId: z.uuid().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  sex: z.string().nullable(),
  dob: z.string().nullable(),
  age: z.number().int().nullable(),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  languages: z.array(z.string()),
  careType: z.string().nullable(),
  levelCareNeeded: z.string().nullable(),
  hoursNeeded: z.number().nullable(),
  hoursNeededCategory: z.string().nullable(),
  careNeededDescription: z.string().nullable(),
  uniqueIssues: z.string().nullable(),
  weight: z.number().nullable(),
  careDetails: storedCareDetails.nullable(),
  visibility: z.string().nullable(),
  hidden: z.boolean(),
  /** Same-origin address of the profile picture, or null. */
  photoUrl: z.string().nullable(),
  /** The furthest step completed (null: none yet). */
  onboardingStep: onboardingStep.nullable(),
  /** The step to resume at (null: every step done). */
  nextStep: onboardingStep.nullable(),
  /** When the listing was published (ISO date-time), or null. */
  listedAt: z.string().nullable(),
  /** Fields still missing before it can be published (`clientListingRequiredFields`). */
  missingFields: z.array(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ClientListing = z.infer<typeof clientListing>;
export const clientListingList = z.object({ items: z.array(clientListing) });
export type ClientListingList = z.infer<typeof clientListingList>;

export const matchmakingClientEndpoints = {
  createGuardianProfile: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/guardians',
    body: guardianProfileInput,
    response: { 201: guardianProfile },
  }),
  getGuardianProfile: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/guardians/me',
    response: { 200: guardianProfile },
  }),
  updateGuardianProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/guardians/me',
    body: guardianProfileInput,
    response: { 200: guardianProfile },
  }),
  createClientListing: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/clients',
    body: clientListingInput,
    response: { 201: clientListing },
  }),
  findClientListings: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/clients',
    response: { 200: clientListingList },
  }),
  getClientListing: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/clients/:id',
    params: idParams,
    response: { 200: clientListing },
  }),
  updateClientListing: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/clients/:id',
    params: idParams,
    body: clientListingInput,
    response: { 200: clientListing },
  }),
  saveClientCareDetails: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/clients/:id/care-details',
    params: idParams,
    body: clientCareDetailsInput,
    response: { 200: clientListing },
  }),
  finalizeClientListing: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/clients/:id/finalize',
    params: idParams,
    body: clientFinalizeInput,
    response: { 200: clientListing },
  }),
  archiveClientListing: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/clients/:id/archive',
    params: idParams,
    response: { 200: clientListing },
  }),
};
