/**
 * Staging tables (spec s.3 StagingShift, StagingShiftSegment, StagingResolutionRule, GivIdMapping):
 * GIV shifts waiting to be linked to Tend's clients and caregivers, validated and uploaded as shifts;
 * the GIV-id -> Tend-id mappings and the rules that resolve names and codes.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MappingMethod } from '@tend/contracts';
import { idColumn, textArray, timestamps, tstz } from '../../platform/db/columns.ts';
import {
  connectionStatusEnum,
  entityTypeEnum,
  mappingMethodEnum,
  stagingStatusEnum,
} from '../../platform/db/enums.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import { caregivers, clients } from '../people/people.table.ts';
import { csvFiles } from '../../platform/imports/imports.table.ts';
import { processingJobs } from '../../platform/jobs/jobs.table.ts';
import { shifts } from '../shifts/shifts.table.ts';

/** A possible Tend record for a GIV person, best first. */
export interface StagingMatchCandidate {
  /** Client or caregiver id. */
  entityId: string;
  name: string;
  method: MappingMethod;
  /** 0..1. */
  confidence: number;
}

/** Links a GIV id to a Tend client or caregiver (spec s.3 GivIdMapping). */
export const givIdMappings = pgTable(
  'giv_id_mapping',
  {
    id: idColumn(),
    givId: text('giv_id').notNull(),
    entityType: entityTypeEnum('entity_type').notNull(),
    /** `client.id` or `caregiver.id` depending on `entityType` (polymorphic: no foreign key). */
    entityId: uuid('entity_id').notNull(),
    matchMethod: mappingMethodEnum('match_method').notNull(),
    /** 0..1; 1 for EXACT_ID and MANUAL_APPROVAL. */
    matchConfidence: doublePrecision('match_confidence'),
    approvedBy: uuid('approved_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    approvedAt: tstz('approved_at'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('giv_id_mapping_giv_entity_idx').on(t.givId, t.entityType),
    index('giv_id_mapping_entity_idx').on(t.entityType, t.entityId),
    index('giv_id_mapping_approved_by_idx').on(t.approvedBy),
  ],
);

/** A GIV shift in staging (spec s.3 StagingShift). Re-imports update the row and bump `seenCount`. */
export const stagingShifts = pgTable(
  'staging_shift',
  {
    id: idColumn(),
    givShiftId: text('giv_shift_id').notNull(),
    /** Resolved Tend client / caregiver (null until linked). */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    caregiverId: uuid('caregiver_id').references(() => caregivers.id, { onDelete: 'set null' }),
    /** Ids and names as GIV gave them. */
    originalClientId: text('original_client_id'),
    originalCaregiverId: text('original_caregiver_id'),
    originalClientName: text('original_client_name'),
    originalCaregiverName: text('original_caregiver_name'),
    /** Service date (not in the spec's field list; for filtering). */
    date: date('date', { mode: 'string' }),
    status: stagingStatusEnum('status').notNull().default('NOT_READY'),
    /** Why the shift cannot go further, in words a user can act on. */
    errorDetails: text('error_details'),
    /** Import info: the file and job that brought it in, and when. */
    csvFileId: uuid('csv_file_id').references(() => csvFiles.id, { onDelete: 'set null' }),
    processingJobId: uuid('processing_job_id').references(() => processingJobs.id, { onDelete: 'set null' }),
    importedAt: tstz('imported_at').notNull().defaultNow(),
    /** Last import that contained the shift. */
    lastSeenAt: tstz('last_seen_at'),
    /** Processing info: last validation run, and the upload to production. */
    processedAt: tstz('processed_at'),
    uploadedAt: tstz('uploaded_at'),
    /** Production shift it was uploaded as. */
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    /** Where the row came from: `csv` (a staging import), `ocr` (a timesheet), `sync` (direct sync). */
    source: text('source').notNull().default('csv'),
    /** SHA-256 of the resolved values: an uploaded row re-imported unchanged stays UPLOADED. */
    contentHash: text('content_hash'),
    /** The source row as imported, kept unchanged. */
    rawData: jsonb('raw_data').$type<Record<string, unknown>>(),
    /** How many imports have contained this shift. */
    seenCount: integer('seen_count').notNull().default(1),
    /** An admin approved merging it into an existing production shift. */
    approvedMerged: boolean('approved_merged').notNull().default(false),
    /** How the client and the caregiver were linked. */
    clientConnectionStatus: connectionStatusEnum('client_connection_status').notNull().default('NOT_FOUND'),
    caregiverConnectionStatus: connectionStatusEnum('caregiver_connection_status')
      .notNull()
      .default('NOT_FOUND'),
    /** The mappings used for the link. */
    clientMappingId: uuid('client_mapping_id').references(() => givIdMappings.id, { onDelete: 'set null' }),
    caregiverMappingId: uuid('caregiver_mapping_id').references(() => givIdMappings.id, {
      onDelete: 'set null',
    }),
    /** Candidates offered for approval when no exact link was found. */
    clientMatchCandidates: jsonb('client_match_candidates')
      .$type<StagingMatchCandidate[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    caregiverMatchCandidates: jsonb('caregiver_match_candidates')
      .$type<StagingMatchCandidate[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staging_shift_giv_shift_id_idx').on(t.givShiftId),
    index('staging_shift_status_idx').on(t.status),
    index('staging_shift_date_idx').on(t.date),
    index('staging_shift_client_idx').on(t.clientId),
    index('staging_shift_caregiver_idx').on(t.caregiverId),
    index('staging_shift_original_client_idx').on(t.originalClientId),
    index('staging_shift_original_caregiver_idx').on(t.originalCaregiverId),
    index('staging_shift_csv_file_idx').on(t.csvFileId),
    index('staging_shift_processing_job_idx').on(t.processingJobId),
    index('staging_shift_shift_idx').on(t.shiftId),
    index('staging_shift_client_mapping_idx').on(t.clientMappingId),
    index('staging_shift_caregiver_mapping_idx').on(t.caregiverMappingId),
  ],
);

/** A segment of a staged shift, validated before upload (spec s.3 StagingShiftSegment). */
export const stagingShiftSegments = pgTable(
  'staging_shift_segment',
  {
    id: idColumn(),
    /** Parent staged shift (not in the spec's field list). */
    stagingShiftId: uuid('staging_shift_id')
      .notNull()
      .references(() => stagingShifts.id, { onDelete: 'cascade' }),
    billingId: text('billing_id'),
    /** Billing id before a resolution rule or edit changed it. */
    originalBillingId: text('original_billing_id'),
    /** EVV fields: times and coordinates at start (in) and end (out). */
    evvStart: tstz('evv_start'),
    evvEnd: tstz('evv_end'),
    evvInLat: doublePrecision('evv_in_lat'),
    evvInLong: doublePrecision('evv_in_long'),
    evvOutLat: doublePrecision('evv_out_lat'),
    evvOutLong: doublePrecision('evv_out_long'),
    billingCode: text('billing_code'),
    /** The billing code as the source gave it, before a BILLING_CODE rule or a fix changed it. */
    originalBillingCode: text('original_billing_code'),
    modifier: text('modifier'),
    status: stagingStatusEnum('status').notNull().default('NOT_READY'),
    /** Open violation codes (DOMAIN.md catalogue). */
    violationCodes: textArray('violation_codes'),
    /** Per-code details: violation code -> ids and numbers explaining it. */
    violationMeta: jsonb('violation_meta').$type<Record<string, Record<string, unknown>>>(),
    lastValidatedAt: tstz('last_validated_at'),
    ...timestamps,
  },
  (t) => [
    index('staging_shift_segment_staging_shift_idx').on(t.stagingShiftId),
    index('staging_shift_segment_billing_id_idx').on(t.billingId),
    index('staging_shift_segment_status_idx').on(t.status),
  ],
);

/** A rule that rewrites a GIV value during staging, e.g. a name or code alias (spec s.3 StagingResolutionRule). */
export const stagingResolutionRules = pgTable(
  'staging_resolution_rule',
  {
    id: idColumn(),
    /** What the rule resolves, e.g. `CLIENT_NAME`, `CAREGIVER_NAME`, `BILLING_CODE`. */
    ruleType: text('rule_type').notNull(),
    sourceValue: text('source_value').notNull(),
    targetValue: text('target_value').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    appliedCount: integer('applied_count').notNull().default(0),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staging_resolution_rule_source_idx').on(t.ruleType, t.sourceValue),
    index('staging_resolution_rule_active_idx').on(t.isActive),
  ],
);
