/**
 * Matchmaking verification (issue 21 "Verification and privacy", learned from Carina; spec s.2
 * `/matchmaking/verification/id`; decision 0057; docs/matchmaking.md "Verification").
 *
 * - Caregivers give their Oregon provider number (`submitProviderNumber`): the same number on an agency caregiver
 *   record (`caregiver.external_id`, the EVV employee identifier) whose name contains the listing's first and last
 *   name (case and accents ignored) verifies the listing (`provider_number`) and links it to that record; anything
 *   else waits for an admin (`findProviderChecks`, `decideProviderCheck`) and is never linked on a guess.
 * - Families enter a code from their case manager (`redeemFamilyCode`): issued for one care client by an admin or the
 *   client's case manager (`issueFamilyCode`, shown once), valid `FAMILY_CODE_DAYS` days, spent once, revocable;
 *   stored as SHA-256 only. A wrong, expired, used or revoked code is one refusal (400 on `code`); attempts are
 *   rate-limited per client IP (`FAMILY_CODE_ATTEMPTS` per `FAMILY_CODE_WINDOW_MINUTES`).
 * - Identity documents (`uploadIdentityDocument`, multipart `documentType` + `file`: JPEG, PNG, WebP or PDF, at most
 *   `IDENTITY_DOCUMENT_MAX_BYTES`) wait as PENDING; an admin views (`downloadIdentityDocument`) and verifies or
 *   rejects it (`reviewIdentityDocument`), which deletes the file: only who verified, how and when stay.
 * - Admins set a caregiver listing's checks (`updateCaregiverChecks`): background check status, date and expiry,
 *   criminal and sex-offender statuses with their dates (shown on profile cards).
 */
import { z } from 'zod';
import { idParams, isoDate, isoDateTime, optionalText, text } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { verificationMethods } from './matchmaking.ts';

/** Family code alphabet: no 0/O, 1/I/L (read aloud or copied from paper without doubt). */
export const FAMILY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters of a family code. */
export const FAMILY_CODE_LENGTH = 8;
/** Code attempts per client IP and window before 429. */
export const FAMILY_CODE_ATTEMPTS = 10;
export const FAMILY_CODE_WINDOW_MINUTES = 15;
/** Largest identity document, in bytes (10 MiB). */
export const IDENTITY_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Media types an identity document may have. */
export const identityDocumentTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** Kinds of identity document (`identity_document.document_type`). */
export const identityDocumentKinds = ['drivers_license', 'state_id', 'passport', 'other'] as const;
export type IdentityDocumentKind = (typeof identityDocumentKinds)[number];
export const identityDocumentStatuses = ['PENDING', 'VERIFIED', 'REJECTED'] as const;
export type IdentityDocumentStatus = (typeof identityDocumentStatuses)[number];
/** Statuses of a caregiver's checks (background, criminal, sex-offender registry). */
export const caregiverCheckStatuses = ['not_started', 'pending', 'clear', 'flagged'] as const;
export type CaregiverCheckStatus = (typeof caregiverCheckStatuses)[number];

const verificationMethod = z.enum(verificationMethods);
const when = z.iso.datetime({ offset: true });

/** How one profile stands: verified (how, when) or not; a provider number waiting for an admin. */
export const profileVerification = z.object({
  verified: z.boolean(),
  method: verificationMethod.nullable(),
  verifiedAt: when.nullable(),
});
export type ProfileVerification = z.infer<typeof profileVerification>;

export const identityDocument = z.object({
  id: z.uuid(),
  documentType: z.string(),
  status: z.enum(identityDocumentStatuses),
  /** Whether the file is still stored (false once reviewed). */
  fileStored: z.boolean(),
  createdAt: when,
  reviewedAt: when.nullable(),
});
export type IdentityDocument = z.infer<typeof identityDocument>;

/** `GET /api/matchmaking/verification`: the caller's own verification state. */
/** One of the guardian's own client listings, for the family-code form's listing picker. */
export const guardianListingChoice = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  /** Already linked to a care client (then it cannot be chosen for another one). */
  linked: z.boolean(),
});
export type GuardianListingChoice = z.infer<typeof guardianListingChoice>;

export const myVerification = z.object({
  guardian: profileVerification
    .extend({
      id: z.uuid(),
      /** The guardian's client listings not archived, oldest first. */
      listings: z.array(guardianListingChoice),
    })
    .nullable(),
  caregiver: profileVerification
    .extend({
      id: z.uuid(),
      uniqueKey: z.string(),
      /** A provider number was given and waits for an admin. */
      providerNumberPending: z.boolean(),
    })
    .nullable(),
  documents: z.array(identityDocument),
});
export type MyVerification = z.infer<typeof myVerification>;

export const providerNumberInput = z.object({
  providerNumber: text()
    .trim()
    .min(3, { message: 'must be at least 3 characters' })
    .max(20, { message: 'must be at most 20 characters' })
    .regex(/^[A-Za-z0-9-]+$/, { message: 'must be letters, digits and dashes only' }),
});
export type ProviderNumberInput = z.infer<typeof providerNumberInput>;
export const providerNumberResult = z.object({ outcome: z.enum(['verified', 'pending']) });
export type ProviderNumberResult = z.infer<typeof providerNumberResult>;

export const familyCodeInput = z.object({
  code: text()
    .trim()
    .min(1, { message: 'is required' })
    .max(40, { message: 'must be at most 40 characters' }),
  /**
   * The caller's own client listing to link to the code's care client (`tinder_client.client_id`), so the agency's
   * "require case-manager authorization" applies to its matches (decision 0059 addendum). Optional: without it the
   * code only verifies the guardian. Another person's listing → 404; a listing linked to another care client → 409.
   */
  listingId: z.uuid({ message: 'must be a valid id' }).optional(),
});
export type FamilyCodeInput = z.infer<typeof familyCodeInput>;

export const issueFamilyCodeInput = z.object({ careClientId: z.uuid({ message: 'must be a valid id' }) });
export type IssueFamilyCodeInput = z.infer<typeof issueFamilyCodeInput>;
/** A newly issued code: the only time the code itself is shown. */
export const issuedFamilyCode = z.object({
  id: z.uuid(),
  careClientId: z.uuid(),
  code: z.string(),
  expiresAt: when,
});
export type IssuedFamilyCode = z.infer<typeof issuedFamilyCode>;

export const familyCodeStatuses = ['active', 'used', 'expired', 'revoked'] as const;
export const familyCode = z.object({
  id: z.uuid(),
  careClientId: z.uuid(),
  clientName: z.string().nullable(),
  status: z.enum(familyCodeStatuses),
  createdAt: when,
  expiresAt: when,
  usedAt: when.nullable(),
  revokedAt: when.nullable(),
});
export type FamilyCode = z.infer<typeof familyCode>;
export const familyCodeList = z.object({ items: z.array(familyCode) });

/** A document waiting for an admin, with the name of the profile it is for (to compare with the document). */
export const pendingIdentityDocument = identityDocument.extend({
  userAccountId: z.uuid(),
  profileName: z.string().nullable(),
  profileKind: z.enum(['guardian', 'caregiver']).nullable(),
});
export type PendingIdentityDocument = z.infer<typeof pendingIdentityDocument>;
export const pendingIdentityDocumentList = z.object({ items: z.array(pendingIdentityDocument) });

export const identityDocumentReviewInput = z.object({
  decision: z.enum(['verify', 'reject'], { message: 'must be verify or reject' }),
});
export type IdentityDocumentReviewInput = z.infer<typeof identityDocumentReviewInput>;

/** A caregiver listing whose provider number waits for an admin, with agency records having that number. */
export const providerCheck = z.object({
  listingId: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  providerNumber: z.string(),
  submittedAt: when,
  candidates: z.array(z.object({ caregiverId: z.uuid(), name: z.string() })),
});
export type ProviderCheck = z.infer<typeof providerCheck>;
export const providerCheckList = z.object({ items: z.array(providerCheck) });

export const providerCheckDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('confirm'), caregiverId: z.uuid({ message: 'must be a valid id' }) }),
  z.object({ decision: z.literal('refuse') }),
]);
export type ProviderCheckDecision = z.infer<typeof providerCheckDecision>;

const checkStatus = z.enum(caregiverCheckStatuses, { message: 'must be a known status' }).nullable();
/** `PUT /api/matchmaking/caregivers/:id/checks`: every field, null clears it. */
export const caregiverChecksInput = z.object({
  backgroundCheckStatus: checkStatus,
  backgroundCheckedAt: isoDateTime().nullable(),
  backgroundCheckExpiresAt: isoDate.nullable(),
  criminalStatus: checkStatus,
  criminalCheckedAt: isoDateTime().nullable(),
  sexOffenderStatus: checkStatus,
  sexOffenderCheckedAt: isoDateTime().nullable(),
});
export type CaregiverChecksInput = z.infer<typeof caregiverChecksInput>;

export const caregiverChecks = z.object({
  listingId: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  verified: z.boolean(),
  backgroundCheckStatus: z.string().nullable(),
  backgroundCheckedAt: when.nullable(),
  backgroundCheckExpiresAt: z.string().nullable(),
  criminalStatus: z.string().nullable(),
  criminalCheckedAt: when.nullable(),
  sexOffenderStatus: z.string().nullable(),
  sexOffenderCheckedAt: when.nullable(),
});
export type CaregiverChecks = z.infer<typeof caregiverChecks>;
export const caregiverChecksList = z.object({ items: z.array(caregiverChecks) });
export const caregiverChecksQuery = z.object({ q: optionalText(100) });

export const matchmakingVerificationEndpoints = {
  getMyVerification: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/verification',
    response: { 200: myVerification },
  }),
  submitProviderNumber: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/verification/provider-number',
    body: providerNumberInput,
    response: { 200: providerNumberResult },
  }),
  redeemFamilyCode: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/verification/family-code',
    body: familyCodeInput,
    response: { 200: profileVerification },
  }),
  issueFamilyCode: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/family-codes',
    body: issueFamilyCodeInput,
    response: { 201: issuedFamilyCode },
  }),
  findFamilyCodes: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/family-codes',
    response: { 200: familyCodeList },
  }),
  revokeFamilyCode: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/family-codes/:id/revoke',
    params: idParams,
    response: { 200: familyCode },
  }),
  uploadIdentityDocument: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/identity-documents',
    multipart: true,
    response: { 201: identityDocument },
  }),
  findPendingIdentityDocuments: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/identity-documents',
    response: { 200: pendingIdentityDocumentList },
  }),
  downloadIdentityDocument: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/identity-documents/:id/file',
    params: idParams,
    response: {},
    produces: identityDocumentTypes,
  }),
  reviewIdentityDocument: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/identity-documents/:id/review',
    params: idParams,
    body: identityDocumentReviewInput,
    response: { 200: identityDocument },
  }),
  findProviderChecks: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/provider-checks',
    response: { 200: providerCheckList },
  }),
  decideProviderCheck: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/provider-checks/:id',
    params: idParams,
    body: providerCheckDecision,
    response: { 200: profileVerification },
  }),
  findCaregiverChecks: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/caregiver-checks',
    query: caregiverChecksQuery,
    response: { 200: caregiverChecksList },
  }),
  updateCaregiverChecks: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/caregivers/:id/checks',
    params: idParams,
    body: caregiverChecksInput,
    response: { 200: caregiverChecks },
  }),
};
