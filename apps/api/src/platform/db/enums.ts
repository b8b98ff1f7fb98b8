/** PostgreSQL enum types for every enumeration of spec s.4, built from the contracts' value lists. */
import { pgEnum } from 'drizzle-orm/pg-core';
import {
  accessGrantKinds,
  accessLinkPurposes,
  billingItemStatuses,
  caregiverTypes,
  connectionStatuses,
  emailCampaignStatuses,
  emailRecipientStatuses,
  entityTypes,
  ispStatuses,
  jobStatuses,
  mappingMethods,
  matchStatuses,
  protocolStatuses,
  roles,
  senderTypes,
  stagingStatuses,
  validationStatuses,
} from '@tend/contracts';

export const caregiverTypeEnum = pgEnum('caregiver_type', caregiverTypes);
export const matchStatusEnum = pgEnum('match_status', matchStatuses);
export const senderTypeEnum = pgEnum('sender_type', senderTypes);
export const roleEnum = pgEnum('role', roles);
export const emailCampaignStatusEnum = pgEnum('email_campaign_status', emailCampaignStatuses);
export const emailRecipientStatusEnum = pgEnum('email_recipient_status', emailRecipientStatuses);
export const ispStatusEnum = pgEnum('isp_status', ispStatuses);
export const protocolStatusEnum = pgEnum('protocol_status', protocolStatuses);
export const validationStatusEnum = pgEnum('validation_status', validationStatuses);
export const stagingStatusEnum = pgEnum('staging_status', stagingStatuses);
export const connectionStatusEnum = pgEnum('connection_status', connectionStatuses);
export const entityTypeEnum = pgEnum('entity_type', entityTypes);
export const mappingMethodEnum = pgEnum('mapping_method', mappingMethods);
export const billingItemStatusEnum = pgEnum('billing_item_status', billingItemStatuses);
export const jobStatusEnum = pgEnum('job_status', jobStatuses);
export const accessGrantKindEnum = pgEnum('access_grant_kind', accessGrantKinds);
export const accessLinkPurposeEnum = pgEnum('access_link_purpose', accessLinkPurposes);
