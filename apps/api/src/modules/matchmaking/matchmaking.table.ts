/**
 * Matchmaking tables (spec s.3 Guardian, TinderClient, TinderCaregiver, Contact, TextBio, VideoBio,
 * AdditionalPhoto, Reference, Rating, CaregiverSchedule, ClientSchedule, Match, Like): guardians, the
 * client and caregiver listing profiles, their media and schedules, and likes and matches between them.
 * Inside this domain `clientId` / `caregiverId` point at the profiles (`tinder_client`,
 * `tinder_caregiver`); a profile's own `clientId` / `caregiverId` links it to the care record.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from '../../platform/db/columns.ts';
import { matchStatusEnum, senderTypeEnum } from '../../platform/db/enums.ts';
import { referenceFromUserAccount, userAccounts } from '../../platform/auth/auth.table.ts';
import { caregivers, clients, guardians } from '../people/people.table.ts';

/** A weekly schedule: day (`monday`..`sunday`) -> time ranges in local `HH:mm`. */
export type WeeklySchedule = Partial<Record<string, Array<{ start: string; end: string }>>>;

/**
 * Who verified a profile, how and when (issue 21 "Verification and privacy"): only this is kept once verification is
 * done; identity documents are deleted. `verificationMethod`: `provider_number`, `case_manager_code`,
 * `id_document` or `admin`.
 */
const verificationColumns = {
  verifiedAt: tstz('verified_at'),
  verificationMethod: text('verification_method'),
  verifiedByUserId: uuid('verified_by_user_id'),
};

/**
 * Onboarding progress (issue 21 "resume where left off"): `onboardingStep` is the furthest step completed
 * (contracts `clientOnboardingSteps` / `caregiverOnboardingSteps`); `listedAt` is set by the listing-finalization step.
 */
const listingColumns = {
  onboardingStep: text('onboarding_step'),
  listedAt: tstz('listed_at'),
};

/** City-level place of a client listing (what other people may see instead of the address). */
const placeColumns = {
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  languages: jsonb('languages')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
};

/** A client's matchmaking listing (spec s.3 TinderClient). */
export const tinderClients = pgTable(
  'tinder_client',
  {
    id: idColumn(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    sex: text('sex'),
    age: integer('age'),
    dob: date('dob', { mode: 'string' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    address: text('address'),
    careType: text('care_type'),
    levelCareNeeded: text('level_care_needed'),
    uniqueIssues: text('unique_issues'),
    notes: text('notes'),
    /** Storage key or URL of the profile picture. */
    profilePicture: text('profile_picture'),
    /** Stable public key of the listing (used in links instead of the id). */
    uniqueKey: text('unique_key').notNull(),
    guardianId: uuid('guardian_id').references(() => guardians.id, { onDelete: 'cascade' }),
    /** Hours of care needed per week. */
    hoursNeeded: numeric('hours_needed', { precision: 6, scale: 2, mode: 'number' }),
    /** Bucket of `hoursNeeded`, e.g. part-time, full-time. */
    hoursNeededCategory: text('hours_needed_category'),
    careNeededDescription: text('care_needed_description'),
    archived: boolean('archived').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    /** Who can see the listing, e.g. `public`, `matched-only`. */
    visibility: text('visibility'),
    /** Body weight in pounds, as entered (relevant for transfers and lifting). */
    weight: doublePrecision('weight'),
    /** Answers of the care-details onboarding step. */
    careDetails: jsonb('care_details').$type<Record<string, unknown>>(),
    /** The care record (client) this listing belongs to, once linked. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    ...placeColumns,
    ...listingColumns,
    ...verificationColumns,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tinder_client_unique_key_idx').on(t.uniqueKey),
    index('tinder_client_guardian_idx').on(t.guardianId),
    index('tinder_client_client_idx').on(t.clientId),
    index('tinder_client_listing_idx').on(t.archived, t.hidden),
  ],
);

/** A caregiver's matchmaking listing (spec s.3 TinderCaregiver). */
export const tinderCaregivers = pgTable(
  'tinder_caregiver',
  {
    id: idColumn(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    sex: text('sex'),
    dob: date('dob', { mode: 'string' }),
    email: text('email'),
    phoneNumber: text('phone_number'),
    /** Location (geocoded from the address). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Street address line. */
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    experienceYears: integer('experience_years'),
    specialties: jsonb('specialties')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    certifications: jsonb('certifications')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    availability: jsonb('availability').$type<WeeklySchedule>(),
    /** Hours per week the caregiver can work. */
    availableHours: numeric('available_hours', { precision: 6, scale: 2, mode: 'number' }),
    notes: text('notes'),
    profilePicture: text('profile_picture'),
    /** Storage key or URL of the primary video bio. */
    videoBio: text('video_bio'),
    backgroundCheckStatus: text('background_check_status'),
    criminalStatus: text('criminal_status'),
    criminalCheckedAt: tstz('criminal_checked_at'),
    sexOffenderStatus: text('sex_offender_status'),
    sexOffenderCheckedAt: tstz('sex_offender_checked_at'),
    medallionStatus: text('medallion_status'),
    medallionUpdatedAt: tstz('medallion_updated_at'),
    canDrive: boolean('can_drive'),
    /** Kind of identity document given (e.g. driver licence, state id, passport). */
    idType: text('id_type'),
    /** Code handed to the caregiver to claim or open the profile. */
    userAccessCode: text('user_access_code'),
    archived: boolean('archived').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    /** SMS opt-in (off until the caregiver agrees). */
    smsNotificationsEnabled: boolean('sms_notifications_enabled').notNull().default(false),
    /** Matchmaking emails (new messages, matches, reminders); on until the caregiver turns them off (issue 22). */
    emailNotificationsEnabled: boolean('email_notifications_enabled').notNull().default(true),
    /** Read receipts (decision 0058 addendum): when off, reading sets no `read_at` and no read times of others show. */
    readReceiptsEnabled: boolean('read_receipts_enabled').notNull().default(true),
    lastProfileReminderAt: tstz('last_profile_reminder_at'),
    /** Willing to be a backup caregiver at short notice. */
    backupReady: boolean('backup_ready').notNull().default(false),
    /** The care record (caregiver) this listing belongs to, once linked. */
    caregiverId: uuid('caregiver_id').references(() => caregivers.id, { onDelete: 'set null' }),
    /** Stable public key of the listing (not in the spec's field list; mirrors TinderClient). */
    uniqueKey: text('unique_key').notNull(),
    /** What profile cards show: `available`, `soon` (from `availableFrom`) or `not_available` (issue 21). */
    availabilityStatus: text('availability_status'),
    availableFrom: date('available_from', { mode: 'string' }),
    /** When the last background check was done and when it expires (shown on profile cards; issue 21). */
    backgroundCheckedAt: tstz('background_checked_at'),
    backgroundCheckExpiresAt: date('background_check_expires_at', { mode: 'string' }),
    /** Oregon home care provider number, checked against the agency's caregiver records (issue 21). */
    providerNumber: text('provider_number'),
    languages: jsonb('languages')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...listingColumns,
    ...verificationColumns,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tinder_caregiver_unique_key_idx').on(t.uniqueKey),
    index('tinder_caregiver_caregiver_idx').on(t.caregiverId),
    index('tinder_caregiver_email_idx').on(t.email),
    index('tinder_caregiver_user_access_code_idx').on(t.userAccessCode),
    index('tinder_caregiver_listing_idx').on(t.archived, t.hidden),
  ],
);

// The account link of user_account (tinder_caregiver_id) points at the caregiver listing; the platform's table
// takes the foreign key from here so it never imports this module (guardian_id: module people).
referenceFromUserAccount(
  foreignKey({ columns: [userAccounts.tinderCaregiverId], foreignColumns: [tinderCaregivers.id] }).onDelete(
    'set null',
  ),
);

/** A contact person of a caregiver profile (spec s.3 Contact). */
export const contacts = pgTable(
  'contact',
  {
    id: idColumn(),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => tinderCaregivers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship'),
    ...timestamps,
  },
  (t) => [index('contact_caregiver_idx').on(t.caregiverId)],
);

/** A version of a caregiver's written bio; one is current (spec s.3 TextBio). */
export const textBios = pgTable(
  'text_bio',
  {
    id: idColumn(),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => tinderCaregivers.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull(),
    version: integer('version').notNull().default(1),
    isCurrent: boolean('is_current').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('text_bio_caregiver_version_idx').on(t.caregiverId, t.version),
    uniqueIndex('text_bio_current_idx')
      .on(t.caregiverId)
      .where(sql`${t.isCurrent}`),
  ],
);

/** A caregiver's recorded video answer; at most one primary (spec s.3 VideoBio). */
export const videoBios = pgTable(
  'video_bio',
  {
    id: idColumn(),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => tinderCaregivers.id, { onDelete: 'cascade' }),
    /** Storage key or URL of the video. */
    videoUrl: text('video_url').notNull(),
    transcript: text('transcript'),
    /** Transcoding/transcription state, e.g. `PENDING`, `READY`, `FAILED`. */
    processingStatus: text('processing_status'),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** Id of the onboarding question the video answers. */
    answerId: text('answer_id'),
    ...timestamps,
  },
  (t) => [
    index('video_bio_caregiver_idx').on(t.caregiverId),
    uniqueIndex('video_bio_primary_idx')
      .on(t.caregiverId)
      .where(sql`${t.isPrimary}`),
  ],
);

/** An extra photo of a caregiver profile (spec s.3 AdditionalPhoto). */
export const additionalPhotos = pgTable(
  'additional_photo',
  {
    id: idColumn(),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => tinderCaregivers.id, { onDelete: 'cascade' }),
    /** Storage key or URL of the photo. */
    url: text('url').notNull(),
    ...timestamps,
  },
  (t) => [index('additional_photo_caregiver_idx').on(t.caregiverId)],
);

/** A professional reference of a caregiver profile (spec s.3 Reference). */
export const caregiverReferences = pgTable(
  'reference',
  {
    id: idColumn(),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => tinderCaregivers.id, { onDelete: 'cascade' }),
    refName: text('ref_name').notNull(),
    /** Phone number or email of the reference. */
    refContact: text('ref_contact'),
    relationship: text('relationship'),
    verified: boolean('verified').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('reference_caregiver_idx').on(t.caregiverId)],
);

/** A client profile's rating of a caregiver profile, one per pair (spec s.3 Rating). */
export const ratings = pgTable(
  'rating',
  {
    id: idColumn(),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => tinderCaregivers.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => tinderClients.id, { onDelete: 'cascade' }),
    /** 1..5 stars. */
    rating: integer('rating').notNull(),
    review: text('review'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('rating_client_caregiver_idx').on(t.clientId, t.caregiverId),
    index('rating_caregiver_idx').on(t.caregiverId),
    check('rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * A caregiver profile's weekly availability from the schedule maker (spec s.3 CaregiverSchedule).
 * The owner column is not in the spec's field list; one schedule per profile.
 */
export const caregiverSchedules = pgTable(
  'caregiver_schedule',
  {
    id: idColumn(),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => tinderCaregivers.id, { onDelete: 'cascade' }),
    schedule: jsonb('schedule').$type<WeeklySchedule>(),
    /** The free-text description the schedule was parsed from. */
    schedulePrompt: text('schedule_prompt'),
    ...timestamps,
  },
  (t) => [uniqueIndex('caregiver_schedule_caregiver_idx').on(t.caregiverId)],
);

/**
 * A client profile's weekly care needs from the schedule maker (spec s.3 ClientSchedule).
 * The owner column is not in the spec's field list; one schedule per profile.
 */
export const clientSchedules = pgTable(
  'client_schedule',
  {
    id: idColumn(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => tinderClients.id, { onDelete: 'cascade' }),
    schedule: jsonb('schedule').$type<WeeklySchedule>(),
    schedulePrompt: text('schedule_prompt'),
    ...timestamps,
  },
  (t) => [uniqueIndex('client_schedule_client_idx').on(t.clientId)],
);

/** A match between a client profile and a caregiver profile (spec s.3 Match). */
export const matches = pgTable(
  'match',
  {
    id: idColumn(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => tinderClients.id, { onDelete: 'cascade' }),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => tinderCaregivers.id, { onDelete: 'cascade' }),
    status: matchStatusEnum('status').notNull().default('PENDING'),
    /** Side that rejected, when status is REJECTED. */
    rejectedBy: senderTypeEnum('rejected_by'),
    /** Side that started the match. */
    initiator: senderTypeEnum('initiator').notNull(),
    /**
     * The case manager's authorization before the match turns into scheduled care (issue 22; per agency setting):
     * `not_required`, `requested`, `authorized` or `declined`.
     */
    careAuthorization: text('care_authorization').notNull().default('not_required'),
    /** The user account that authorized or declined, when, and their note. */
    authorizedByUserId: uuid('authorized_by_user_id'),
    authorizedAt: tstz('authorized_at'),
    authorizationNote: text('authorization_note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('match_client_caregiver_idx').on(t.clientId, t.caregiverId),
    index('match_caregiver_idx').on(t.caregiverId),
    index('match_status_idx').on(t.status),
  ],
);

/** A like from one side to the other; becomes a match when accepted (spec s.3 Like). */
export const likes = pgTable(
  'like',
  {
    id: idColumn(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => tinderClients.id, { onDelete: 'cascade' }),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => tinderCaregivers.id, { onDelete: 'cascade' }),
    status: matchStatusEnum('status').notNull().default('PENDING'),
    initiator: senderTypeEnum('initiator').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('like_client_caregiver_idx').on(t.clientId, t.caregiverId),
    index('like_caregiver_idx').on(t.caregiverId),
    index('like_status_idx').on(t.status),
  ],
);

/**
 * A family verification code (issue 21 "families with a verification code from their case manager that expires after
 * 14 days"): issued for one care client by a case manager or admin; stored as the SHA-256 of the code; spent once.
 */
export const familyVerificationCodes = pgTable(
  'family_verification_code',
  {
    id: idColumn(),
    codeHash: text('code_hash').notNull(),
    /** The care record the code vouches for. */
    careClientId: uuid('care_client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    issuedByUserId: uuid('issued_by_user_id').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    usedByGuardianId: uuid('used_by_guardian_id').references(() => guardians.id, { onDelete: 'set null' }),
    revokedAt: tstz('revoked_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('family_verification_code_hash_idx').on(t.codeHash),
    index('family_verification_code_client_idx').on(t.careClientId),
  ],
);

/**
 * An identity document uploaded for verification (issue 21): the stored file is deleted once verification is done
 * (`storageKey` then null, `deletedAt` set); the row keeps who, how and when. `status`: PENDING, VERIFIED, REJECTED.
 */
export const identityDocuments = pgTable(
  'identity_document',
  {
    id: idColumn(),
    userAccountId: uuid('user_account_id').notNull(),
    documentType: text('document_type').notNull(),
    storageBucket: text('storage_bucket'),
    storageKey: text('storage_key'),
    status: text('status').notNull().default('PENDING'),
    reviewedByUserId: uuid('reviewed_by_user_id'),
    reviewedAt: tstz('reviewed_at'),
    deletedAt: tstz('deleted_at'),
    ...timestamps,
  },
  (t) => [
    index('identity_document_account_idx').on(t.userAccountId),
    index('identity_document_status_idx').on(t.status),
  ],
);

/**
 * A "Report" from a user about a profile or a thread (issue 21), reviewed by admins. `targetType`: `client`,
 * `caregiver` or `conversation`; `status`: OPEN, DISMISSED, ACTIONED.
 */
export const profileReports = pgTable(
  'profile_report',
  {
    id: idColumn(),
    reporterUserId: uuid('reporter_user_id').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status').notNull().default('OPEN'),
    reviewedByUserId: uuid('reviewed_by_user_id'),
    reviewedAt: tstz('reviewed_at'),
    resolutionNote: text('resolution_note'),
    ...timestamps,
  },
  (t) => [
    index('profile_report_status_idx').on(t.status, t.createdAt),
    index('profile_report_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * A short-lived link to continue a photo or video upload from a phone (spec s.2 `/matchmaking/mobile-upload`; issue
 * 21): the SHA-256 of a 32-byte token; `purpose` names what the upload becomes (`client-avatar`, `caregiver-photo`,
 * `caregiver-video`, `additional-photo`) for profile `profileId` of account `userAccountId`.
 */
export const mobileUploadLinks = pgTable(
  'mobile_upload_link',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    userAccountId: uuid('user_account_id').notNull(),
    purpose: text('purpose').notNull(),
    profileId: uuid('profile_id').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('mobile_upload_link_token_idx').on(t.tokenHash)],
);

/** A profile alert the user chose to hide (spec s.3 DismissedProfileAlert). */
export const dismissedProfileAlerts = pgTable(
  'dismissed_profile_alert',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    userType: senderTypeEnum('user_type').notNull(),
    /** Profile field the alert is about. */
    alertField: text('alert_field').notNull(),
    alertSeverity: text('alert_severity'),
    dismissedAt: tstz('dismissed_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex('dismissed_profile_alert_user_field_idx').on(t.userId, t.userType, t.alertField)],
);
