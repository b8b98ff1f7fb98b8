/**
 * Caregiver listings (issue 21 "Caregiver onboarding"; spec s.3 TinderCaregiver, Contact, Reference; s.4 onboarding
 * order; docs/matchmaking.md "Caregiver listings"; decision 0054): the caller's own listing, created at step `form`
 * and completed step by step (`medallion`, `additionalInfo`, `listingFinalization`, `verificationComplete`; the bio in
 * caregiver-bios.service.ts). Every save is one transaction that also records the step (`recordCaregiverStep`) and
 * the audit event (ids and counts only, never names, contact details or free text).
 *
 * Who: an account has at most one listing (`user_account.tinder_caregiver_id`); every `/me` operation works on the
 * caller's own, NOT_FOUND when it has none. Creating one: a GUARDIAN is FORBIDDEN; a plain USER first becomes
 * CAREGIVER (`chooseMatchmakingRole`), a CAREGIVER or ADMIN keeps its role; a second listing is CONFLICT on
 * `caregiver`.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  availabilityStatuses,
  caregiverOnboardingSteps,
  medallionStatuses,
  missingCaregiverListingFields,
  nextOnboardingStep,
  verificationMethods,
  type AvailabilityStatus,
  type CaregiverListing,
  type CaregiverOnboardingStep,
  type CaregiverPreview,
  type MedallionStatus,
  type VerificationMethod,
  type caregiverAdditionalInfoInput,
  type caregiverFormInput,
  type caregiverMedallionInput,
} from '@tend/contracts';
import { recordAudit, type AuditInput } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { chooseMatchmakingRole, linkCaregiverListingAccount } from '../users/matchmaking-accounts.service.ts';
import { caregiverCardOf } from './cards.ts';
import { currentBioOf } from './caregiver-bios.service.ts';
import { callerAccount, ownCaregiverListing, type MatchmakingDeps } from './matchmaking-support.ts';
import { caregiverReferences, contacts, tinderCaregivers } from './matchmaking.table.ts';
import { recordCaregiverStep } from './onboarding.ts';
import { placeOfZip } from './places.ts';

type ListingRow = typeof tinderCaregivers.$inferSelect;
type FormInput = z.output<typeof caregiverFormInput>;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A random, unguessable public key for a listing (128 bits, base64url). */
export function newListingKey(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The listing columns of form `input`: the ZIP code gives city, state and the ZIP's centroid (places.ts).
 * Errors: VALIDATION_FAILED on `zipCode` for a ZIP code that is not a known US ZIP.
 */
function formColumns(input: FormInput) {
  const place = placeOfZip(input.zipCode);
  if (!place) throw AppError.field('zipCode', 'is not a known US ZIP code');
  return {
    ...input,
    sex: input.sex ?? null,
    dob: input.dob ?? null,
    experienceYears: input.experienceYears ?? null,
    canDrive: input.canDrive ?? null,
    zipCode: place.zipCode,
    city: place.city,
    state: place.state,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/** The owner's view of listing `row`, with its contacts, references, current bio and onboarding position. */
async function toListing(executor: Executor, row: ListingRow): Promise<CaregiverListing> {
  const [contactRows, referenceRows, bio] = await Promise.all([
    executor.select().from(contacts).where(eq(contacts.caregiverId, row.id)).orderBy(asc(contacts.createdAt)),
    executor
      .select()
      .from(caregiverReferences)
      .where(eq(caregiverReferences.caregiverId, row.id))
      .orderBy(asc(caregiverReferences.createdAt)),
    currentBioOf(executor, row.id),
  ]);
  const furthestStep = oneOf<CaregiverOnboardingStep>(caregiverOnboardingSteps, row.onboardingStep);
  const availabilityStatus = oneOf<AvailabilityStatus>(availabilityStatuses, row.availabilityStatus);
  return {
    id: row.id,
    uniqueKey: row.uniqueKey,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    sex: row.sex,
    dob: row.dob,
    email: row.email,
    phoneNumber: row.phoneNumber,
    address: row.address,
    zipCode: row.zipCode,
    city: row.city,
    state: row.state,
    experienceYears: row.experienceYears,
    canDrive: row.canDrive,
    languages: row.languages,
    specialties: row.specialties,
    certifications: row.certifications,
    smsNotificationsEnabled: row.smsNotificationsEnabled,
    medallionStatus: oneOf<MedallionStatus>(medallionStatuses, row.medallionStatus),
    medallionUpdatedAt: iso(row.medallionUpdatedAt),
    availabilityStatus,
    availableFrom: row.availableFrom,
    availableHours: row.availableHours,
    backupReady: row.backupReady,
    contacts: contactRows.map((c) => ({ id: c.id, name: c.name, relationship: c.relationship })),
    references: referenceRows.map((r) => ({
      id: r.id,
      refName: r.refName,
      refContact: r.refContact,
      relationship: r.relationship,
      verified: r.verified,
    })),
    bio,
    hasProfilePhoto: row.profilePicture !== null,
    verified: row.verifiedAt !== null,
    verifiedAt: iso(row.verifiedAt),
    verificationMethod: oneOf<VerificationMethod>(verificationMethods, row.verificationMethod),
    listedAt: iso(row.listedAt),
    furthestStep,
    nextStep: nextOnboardingStep(caregiverOnboardingSteps, furthestStep),
    missingFields: missingCaregiverListingFields({
      firstName: row.firstName,
      zipCode: row.zipCode,
      availabilityStatus,
      hasCurrentBio: bio !== null,
    }),
  };
}

/** Re-reads listing `id` inside `executor` (after an update) and returns the owner's view. */
async function reread(executor: Executor, id: string): Promise<CaregiverListing> {
  const [row] = await executor.select().from(tinderCaregivers).where(eq(tinderCaregivers.id, id));
  if (!row) throw new Error('the caregiver listing vanished');
  return toListing(executor, row);
}

/** Sets `values` (and `updatedAt`) on listing `id`. */
async function setListing(
  executor: Executor,
  id: string,
  values: Partial<typeof tinderCaregivers.$inferInsert>,
): Promise<void> {
  await executor
    .update(tinderCaregivers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tinderCaregivers.id, id));
}

/**
 * One save of the caller's own listing: in one transaction, `write` changes the row (given the locked row), step
 * `step` is recorded and audit event `event(row)` (its entity the listing) is written; resolves the listing after.
 * Errors: NOT_FOUND when the caller has no listing; whatever `write` throws (nothing is kept then).
 */
async function saveOwnListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  step: CaregiverOnboardingStep,
  event: (row: ListingRow) => Pick<AuditInput, 'action' | 'details'>,
  write: (tx: Executor, row: ListingRow) => Promise<void>,
): Promise<CaregiverListing> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const listing = await ownCaregiverListing(tx, account);
    const [locked] = await tx
      .select()
      .from(tinderCaregivers)
      .where(eq(tinderCaregivers.id, listing.id))
      .for('update');
    const row = locked ?? listing;
    await write(tx, row);
    await recordCaregiverStep(tx, listing.id, step);
    await recordAudit(tx, ctx, { ...event(row), entityType: 'tinder_caregiver', entityId: listing.id });
    return reread(tx, listing.id);
  });
}

/**
 * Creates the caller's listing from step `form` (see the file comment for who may), with a new `uniqueKey`, links it
 * to the account and records step `form` — one transaction. Audited `caregiver_listing.create`.
 * Errors: FORBIDDEN for a GUARDIAN account (audited as denied); CONFLICT on `caregiver` when the account has a listing, on `role` when
 * the account cannot become a caregiver; VALIDATION_FAILED on `zipCode` for an unknown ZIP code.
 */
export async function createCaregiverListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: FormInput,
): Promise<CaregiverListing> {
  const account = await callerAccount(deps, ctx);
  if (account.role === 'GUARDIAN') {
    await recordAudit(deps.db, ctx, {
      action: 'caregiver_listing.create',
      entityType: 'tinder_caregiver',
      outcome: 'denied',
      details: { reason: 'guardian' },
    });
    throw new AppError('FORBIDDEN', 'A guardian account cannot create a caregiver listing');
  }
  if (account.tinderCaregiverId) {
    throw new AppError('CONFLICT', 'caregiver this account already has a caregiver listing', [
      { path: 'caregiver', message: 'this account already has a caregiver listing' },
    ]);
  }
  const columns = formColumns(input);
  return deps.db.transaction(async (tx) => {
    await chooseMatchmakingRole(tx, ctx, account.userAccountId, 'CAREGIVER');
    const [row] = await tx
      .insert(tinderCaregivers)
      .values({ ...columns, uniqueKey: newListingKey() })
      .returning();
    if (!row) throw new Error('the caregiver listing was not stored');
    await linkCaregiverListingAccount(tx, ctx, account.userAccountId, row.id);
    await recordCaregiverStep(tx, row.id, 'form');
    await recordAudit(tx, ctx, {
      action: 'caregiver_listing.create',
      entityType: 'tinder_caregiver',
      entityId: row.id,
      details: { step: 'form' },
    });
    return reread(tx, row.id);
  });
}

/** The caller's own listing. Audited `caregiver_listing.read`. Errors: NOT_FOUND when the caller has none. */
export async function getOwnCaregiverListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<CaregiverListing> {
  const row = await ownCaregiverListing(deps.db, await callerAccount(deps, ctx));
  const listing = await toListing(deps.db, row);
  await recordAudit(deps.db, ctx, {
    action: 'caregiver_listing.read',
    entityType: 'tinder_caregiver',
    entityId: row.id,
  });
  return listing;
}

/**
 * Replaces the form fields of the caller's listing (step `form` again; the furthest step never moves back).
 * Audited `caregiver_listing.update`. Errors: NOT_FOUND without a listing; VALIDATION_FAILED on `zipCode`.
 */
export async function updateOwnCaregiverListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: FormInput,
): Promise<CaregiverListing> {
  const columns = formColumns(input);
  return saveOwnListing(
    deps,
    ctx,
    'form',
    () => ({ action: 'caregiver_listing.update' }),
    async (tx, row) => {
      await setListing(tx, row.id, columns);
    },
  );
}

/**
 * Step `medallion`: sets the medallion status; `medallionUpdatedAt` is stamped by the server when the status
 * changes (saving the same status again keeps the date). Audited `caregiver_listing.medallion`.
 * Errors: NOT_FOUND without a listing.
 */
export async function updateCaregiverMedallion(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: z.output<typeof caregiverMedallionInput>,
): Promise<CaregiverListing> {
  return saveOwnListing(
    deps,
    ctx,
    'medallion',
    () => ({ action: 'caregiver_listing.medallion', details: { status: input.medallionStatus } }),
    async (tx, row) => {
      if (row.medallionStatus === input.medallionStatus && row.medallionUpdatedAt) return;
      await setListing(tx, row.id, {
        medallionStatus: input.medallionStatus,
        medallionUpdatedAt: new Date(),
      });
    },
  );
}

/**
 * Step `additionalInfo`: replaces every contact and reference of the caller's listing with those given (references
 * start unverified: only the agency verifies them) and sets backup-ready, availability and hours per week — one
 * transaction. `availableFrom` is kept only for `soon`. Audited `caregiver_listing.additional_info` with the counts.
 * Errors: NOT_FOUND without a listing.
 */
export async function updateCaregiverAdditionalInfo(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: z.output<typeof caregiverAdditionalInfoInput>,
): Promise<CaregiverListing> {
  return saveOwnListing(
    deps,
    ctx,
    'additionalInfo',
    () => ({
      action: 'caregiver_listing.additional_info',
      details: { contacts: input.contacts.length, references: input.references.length },
    }),
    async (tx, row) => {
      await tx.delete(contacts).where(eq(contacts.caregiverId, row.id));
      await tx.delete(caregiverReferences).where(eq(caregiverReferences.caregiverId, row.id));
      if (input.contacts.length) {
        await tx.insert(contacts).values(input.contacts.map((c) => ({ ...c, caregiverId: row.id })));
      }
      if (input.references.length) {
        await tx
          .insert(caregiverReferences)
          .values(input.references.map((r) => ({ ...r, caregiverId: row.id, verified: false })));
      }
      const status = input.availabilityStatus ?? null;
      await setListing(tx, row.id, {
        backupReady: input.backupReady,
        availabilityStatus: status,
        availableFrom: status === 'soon' ? (input.availableFrom ?? null) : null,
        availableHours: input.availableHours ?? null,
      });
    },
  );
}

/**
 * Step `listingFinalization`: publishes the caller's listing (`listedAt` set once, by `recordCaregiverStep`).
 * Audited `caregiver_listing.finalize`. Errors: VALIDATION_FAILED naming each missing required field
 * (`missingCaregiverListingFields`: firstName, zipCode, availabilityStatus, bio), nothing written then;
 * NOT_FOUND without a listing.
 */
export async function finalizeCaregiverListing(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<CaregiverListing> {
  return saveOwnListing(
    deps,
    ctx,
    'listingFinalization',
    () => ({ action: 'caregiver_listing.finalize' }),
    async (tx, row) => {
      const missing = missingCaregiverListingFields({
        firstName: row.firstName,
        zipCode: row.zipCode,
        availabilityStatus: row.availabilityStatus,
        hasCurrentBio: (await currentBioOf(tx, row.id)) !== null,
      });
      if (missing.length) {
        throw new AppError(
          'VALIDATION_FAILED',
          `The listing cannot be published yet: ${missing.join(', ')} missing`,
          missing.map((path) => ({ path, message: 'is required before the listing is published' })),
        );
      }
    },
  );
}

/**
 * Step `verificationComplete`: the caregiver has seen where verification stands (verified or not; verifying is
 * module part `/matchmaking/verification/id`). Audited `caregiver_listing.verification_step` with whether the
 * listing is verified. Errors: VALIDATION_FAILED on `listedAt` when the listing is not published yet; NOT_FOUND
 * without a listing.
 */
export async function completeCaregiverVerificationStep(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<CaregiverListing> {
  return saveOwnListing(
    deps,
    ctx,
    'verificationComplete',
    (row) => ({
      action: 'caregiver_listing.verification_step',
      details: { verified: row.verifiedAt !== null },
    }),
    async (_tx, row) => {
      if (!row.listedAt) throw AppError.field('listedAt', 'publish the listing first');
    },
  );
}

/**
 * The caller's listing exactly as families see it: its card (cards.ts `caregiverCardOf`) and the current bio,
 * nothing else. Audited `caregiver_listing.preview`. Errors: NOT_FOUND without a listing.
 */
export async function getCaregiverPreview(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<CaregiverPreview> {
  const row = await ownCaregiverListing(deps.db, await callerAccount(deps, ctx));
  const bio = await currentBioOf(deps.db, row.id);
  await recordAudit(deps.db, ctx, {
    action: 'caregiver_listing.preview',
    entityType: 'tinder_caregiver',
    entityId: row.id,
  });
  return { card: caregiverCardOf(row), bio };
}
