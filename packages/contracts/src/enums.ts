/**
 * Enumerations of spec section 4 ("States and transitions"). Each is a readonly tuple (for zod and
 * for the database enum) plus its union type. Values are exactly the spec's; do not rename them.
 */
import { z } from 'zod';

export const caregiverTypes = [
  'DSP_CARE',
  'DOC_CARE_1',
  'DOC_CARE_2',
  'FELLOWSHIP_PROTECTION',
  'FIFTY_STRAIGHT',
] as const;
export const caregiverType = z.enum(caregiverTypes);
export type CaregiverType = z.infer<typeof caregiverType>;

/** MatchStatus, LikeStatus and the message-request acceptance share these values (spec s.4). */
export const matchStatuses = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export const matchStatus = z.enum(matchStatuses);
export type MatchStatus = z.infer<typeof matchStatus>;

export const senderTypes = ['CLIENT', 'CAREGIVER'] as const;
export const senderType = z.enum(senderTypes);
export type SenderType = z.infer<typeof senderType>;

export const roles = ['ADMIN', 'GUARDIAN', 'CAREGIVER', 'USER'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

export const emailCampaignStatuses = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export const emailCampaignStatus = z.enum(emailCampaignStatuses);
export type EmailCampaignStatus = z.infer<typeof emailCampaignStatus>;

export const emailRecipientStatuses = ['PENDING', 'SENT', 'FAILED', 'SKIPPED'] as const;
export const emailRecipientStatus = z.enum(emailRecipientStatuses);
export type EmailRecipientStatus = z.infer<typeof emailRecipientStatus>;

/**
 * Scoped relationships an account may hold to care records (issue 20 "Access links done right"; decision 0048):
 * GUARDIAN and REPRESENTATIVE of one client, CASE_MANAGER covering one case manager's caseload, AUDITOR
 * (read-only, time-limited) of one client. Each grant row names one client or one case manager and may expire.
 */
export const accessGrantKinds = ['GUARDIAN', 'REPRESENTATIVE', 'CASE_MANAGER', 'AUDITOR'] as const;
export const accessGrantKind = z.enum(accessGrantKinds);
export type AccessGrantKind = z.infer<typeof accessGrantKind>;

/**
 * What an access link opens (decision 0048): DASHBOARD starts one strict-tier session as the person it names
 * (single use); REPORT downloads one stored report, read-only, for at most 72 h.
 */
export const accessLinkPurposes = ['DASHBOARD', 'REPORT'] as const;
export const accessLinkPurpose = z.enum(accessLinkPurposes);
export type AccessLinkPurpose = z.infer<typeof accessLinkPurpose>;

/** The person record an account is linked to (issue 20 "Accounts linked to people"). */
export const personKinds = ['caregiver', 'case_manager', 'guardian'] as const;
export const personKind = z.enum(personKinds);
export type PersonKind = z.infer<typeof personKind>;

export const ispStatuses = ['UPLOADED', 'PROCESSING', 'ANALYZED', 'COMPLETED', 'ERROR', 'VERIFIED'] as const;
export const ispStatus = z.enum(ispStatuses);
export type IspStatus = z.infer<typeof ispStatus>;

export const protocolStatuses = ['DRAFT', 'REVIEWED', 'FINALIZED', 'NEEDS_INFO'] as const;
export const protocolStatus = z.enum(protocolStatuses);
export type ProtocolStatus = z.infer<typeof protocolStatus>;

export const validationStatuses = ['READY', 'NOT_READY'] as const;
export const validationStatus = z.enum(validationStatuses);
export type ValidationStatus = z.infer<typeof validationStatus>;

export const stagingStatuses = ['READY', 'NOT_READY', 'UPLOADED', 'FAILED'] as const;
export const stagingStatus = z.enum(stagingStatuses);
export type StagingStatus = z.infer<typeof stagingStatus>;

/** ConnectionStatus and EntityConnectionStatus share these values (spec s.4). */
export const connectionStatuses = [
  'AUTO_MAPPED',
  'PENDING_APPROVAL',
  'NOT_FOUND',
  'MANUALLY_LINKED',
] as const;
export const connectionStatus = z.enum(connectionStatuses);
export type ConnectionStatus = z.infer<typeof connectionStatus>;

export const entityTypes = ['CAREGIVER', 'CLIENT'] as const;
export const entityType = z.enum(entityTypes);
export type EntityType = z.infer<typeof entityType>;

export const mappingMethods = ['EXACT_ID', 'NAME_MATCH', 'MANUAL_APPROVAL'] as const;
export const mappingMethod = z.enum(mappingMethods);
export type MappingMethod = z.infer<typeof mappingMethod>;

export const billingItemStatuses = ['EXPORTED', 'MATCHED', 'VOID'] as const;
export const billingItemStatus = z.enum(billingItemStatuses);
export type BillingItemStatus = z.infer<typeof billingItemStatus>;

/**
 * ProcessingJob status. Not enumerated by the spec; decided in docs/decisions/0003-jobs.md.
 */
export const jobStatuses = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export const jobStatus = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatus>;
