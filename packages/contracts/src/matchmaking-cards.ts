/**
 * What one side of matchmaking sees of the other before both agree to share contact details (issue 21 "Verification
 * and privacy"): first name and last initial, city, availability, languages, the last background check and when it
 * expires, and a photo. Never a last name, phone, email, address, date of birth or exact position; positions on
 * maps are rounded (module matchmaking `places.ts`). Built only by the API's `cards.ts`, used by the map, previews
 * and (issue 22) likes and matches.
 */
import { z } from 'zod';
import { availabilityStatuses, verificationMethods } from './matchmaking.ts';

/** A caregiver listing as a family sees it. */
export const caregiverCard = z.object({
  id: z.uuid(),
  /** Public, unguessable key of the listing (links and map pages). */
  uniqueKey: z.string(),
  firstName: z.string(),
  /** One letter, or null when there is no last name. */
  lastInitial: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  availabilityStatus: z.enum(availabilityStatuses).nullable(),
  /** `YYYY-MM-DD`, for `soon`. */
  availableFrom: z.string().nullable(),
  languages: z.array(z.string()),
  experienceYears: z.number().int().nullable(),
  specialties: z.array(z.string()),
  certifications: z.array(z.string()),
  canDrive: z.boolean().nullable(),
  /** ISO date-time of the last background check, and the `YYYY-MM-DD` it expires. */
  backgroundCheckedAt: z.string().nullable(),
  backgroundCheckExpiresAt: z.string().nullable(),
  verified: z.boolean(),
  verificationMethod: z.enum(verificationMethods).nullable(),
  /** Same-origin address of the profile photo (resized by the server), or null. */
  photoUrl: z.string().nullable(),
});
export type CaregiverCard = z.infer<typeof caregiverCard>;

/** A client listing as a caregiver sees it. */
export const clientCard = z.object({
  id: z.uuid(),
  uniqueKey: z.string(),
  firstName: z.string(),
  lastInitial: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  careType: z.string().nullable(),
  levelCareNeeded: z.string().nullable(),
  hoursNeeded: z.number().nullable(),
  hoursNeededCategory: z.string().nullable(),
  careNeededDescription: z.string().nullable(),
  languages: z.array(z.string()),
  verified: z.boolean(),
  photoUrl: z.string().nullable(),
});
export type ClientCard = z.infer<typeof clientCard>;
