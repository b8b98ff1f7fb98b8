/**
 * The privacy projection of listings (contracts `matchmaking-cards.ts`; issue 21 "never a last name, phone, email or
 * address before both sides agree"). The one place a listing row becomes what the other side may see: every page
 * that shows someone else's listing (map, previews, likes) goes through here.
 */
import {
  availabilityStatuses,
  verificationMethods,
  type AvailabilityStatus,
  type CaregiverCard,
  type ClientCard,
  type VerificationMethod,
} from '@tend/contracts';
import type { tinderCaregivers, tinderClients } from './matchmaking.table.ts';
import { photoUrlOf } from './media-urls.ts';

const initialOf = (lastName: string | null) => {
  const letter = lastName?.trim().charAt(0);
  return letter ? letter.toUpperCase() : null;
};
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** What a conversation shows of a listing (either side): first name, last initial, photo. */
export function nameplateOf(row: {
  firstName: string;
  lastName: string | null;
  profilePicture: string | null;
}): { firstName: string; lastInitial: string | null; photoUrl: string | null } {
  return {
    firstName: row.firstName,
    lastInitial: initialOf(row.lastName),
    photoUrl: photoUrlOf(row.profilePicture),
  };
}

/** The card of caregiver listing `row`. */
export function caregiverCardOf(row: typeof tinderCaregivers.$inferSelect): CaregiverCard {
  return {
    id: row.id,
    uniqueKey: row.uniqueKey,
    ...nameplateOf(row),
    city: row.city,
    state: row.state,
    availabilityStatus: oneOf<AvailabilityStatus>(availabilityStatuses, row.availabilityStatus),
    availableFrom: row.availableFrom,
    languages: row.languages,
    experienceYears: row.experienceYears,
    specialties: row.specialties,
    certifications: row.certifications,
    canDrive: row.canDrive,
    backgroundCheckedAt: row.backgroundCheckedAt?.toISOString() ?? null,
    backgroundCheckExpiresAt: row.backgroundCheckExpiresAt,
    verified: row.verifiedAt !== null,
    verificationMethod: oneOf<VerificationMethod>(verificationMethods, row.verificationMethod),
  };
}

/** The card of client listing `row`. */
export function clientCardOf(row: typeof tinderClients.$inferSelect): ClientCard {
  return {
    id: row.id,
    uniqueKey: row.uniqueKey,
    ...nameplateOf(row),
    city: row.city,
    state: row.state,
    careType: row.careType,
    levelCareNeeded: row.levelCareNeeded,
    hoursNeeded: row.hoursNeeded,
    hoursNeededCategory: row.hoursNeededCategory,
    careNeededDescription: row.careNeededDescription,
    languages: row.languages,
    verified: row.verifiedAt !== null,
  };
}
