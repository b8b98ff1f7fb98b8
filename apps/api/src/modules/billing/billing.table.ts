/**
 * Billing tables (spec s.3 BillingExportBatch, BillingImportBatch, BillingItem, ExprsRecord,
 * BillingVersion, BillingStatusHistory): what was billed for each shift segment, the eXPRS claim and
 * payment lines imported back, and their matching. Money is integer cents (DOMAIN.md).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  bigint,
  date,
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
import { billingItemStatusEnum } from '../../platform/db/enums.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import { csvFiles } from '../../platform/imports/imports.table.ts';
import { shiftSegments } from '../shifts/shifts.table.ts';

/** A field of a billing item whose current segment value differs from what was exported. */
export interface BillingDriftField {
  field: string;
  exported: unknown;
  current: unknown;
}

/** One billing export run (spec s.3 BillingExportBatch). */
export const billingExportBatches = pgTable(
  'billing_export_batch',
  {
    id: idColumn(),
    exportDate: tstz('export_date').notNull().defaultNow(),
    exportedBy: uuid('exported_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    fileName: text('file_name'),
    rowCount: integer('row_count').notNull().default(0),
    /** Batch state, e.g. `PENDING`, `COMPLETED`, `FAILED` (no spec enumeration). */
    status: text('status').notNull(),
    notes: text('notes'),
    /** Service-date range the batch was made from, inclusive (not in the spec's field list). */
    dateFrom: date('date_from', { mode: 'string' }),
    dateTo: date('date_to', { mode: 'string' }),
    /** Storage path of the batch's file (bucket `exports`) and the file's SHA-256 (hex). */
    filePath: text('file_path'),
    fileSha256: text('file_sha256'),
    /** Sum of the items' amounts, integer cents. */
    totalAmount: bigint('total_amount_cents', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    index('billing_export_batch_export_date_idx').on(t.exportDate),
    index('billing_export_batch_status_idx').on(t.status),
    index('billing_export_batch_exported_by_idx').on(t.exportedBy),
  ],
);

/** One import of eXPRS claim/payment lines (spec s.3 BillingImportBatch). */
export const billingImportBatches = pgTable(
  'billing_import_batch',
  {
    id: idColumn(),
    importDate: tstz('import_date').notNull().defaultNow(),
    importedBy: uuid('imported_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    fileName: text('file_name'),
    rowCount: integer('row_count').notNull().default(0),
    /** Lines matched to a billing item. */
    matchedCount: integer('matched_count').notNull().default(0),
    /** Lines no billing item could be found for. */
    orphanedCount: integer('orphaned_count').notNull().default(0),
    /** Batch state, e.g. `PENDING`, `COMPLETED`, `FAILED` (no spec enumeration). */
    status: text('status').notNull(),
    /** File format: `EXPRS_CSV` or `X12_835` (not in the spec's field list). */
    format: text('format'),
    /** Storage path of the raw file as uploaded (kept) and its SHA-256 (hex), which makes a re-import find its batch. */
    filePath: text('file_path'),
    fileSha256: text('file_sha256'),
    /** The upload this batch was imported from (import pipeline, kind `claims`; decision 0031). */
    csvFileId: uuid('csv_file_id').references(() => csvFiles.id, { onDelete: 'set null' }),
    /** Lines the import refused, each with its line number, field and reason. */
    rejectedRows: jsonb('rejected_rows')
      .$type<{ line: number; field: string; reason: string; externalId?: string | null }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [
    index('billing_import_batch_file_sha256_idx').on(t.fileSha256),
    index('billing_import_batch_import_date_idx').on(t.importDate),
    index('billing_import_batch_status_idx').on(t.status),
    index('billing_import_batch_imported_by_idx').on(t.importedBy),
    index('billing_import_batch_csv_file_id_idx').on(t.csvFileId),
  ],
);

/**
 * What was billed for one shift segment, frozen at export (spec s.3 BillingItem). At most one
 * non-VOID item per segment; drift = the segment changed after export.
 */
export const billingItems = pgTable(
  'billing_item',
  {
    id: idColumn(),
    shiftSegmentId: uuid('shift_segment_id')
      .notNull()
      .references(() => shiftSegments.id, { onDelete: 'restrict' }),
    /**
     * Client and caregiver as billed, frozen at export (also in the snapshot). No foreign key
     * (decision 0021, session 6): the item's segment keeps its shift and so its client and caregiver
     * (`shift_segment_id` below), and clients and caregivers are never deleted.
     */
    clientId: uuid('client_id').notNull(),
    caregiverId: uuid('caregiver_id').notNull(),
    /**
     * The batch that billed the item. No foreign key (decision 0021, session 6): batches are immutable
     * and never deleted; the export inserts the batch before its items in the same transaction.
     */
    exportBatchId: uuid('export_batch_id'),
    /** The segment (and shift) as exported. */
    snapshotData: jsonb('snapshot_data').$type<Record<string, unknown>>().notNull(),
    /** SHA-256 (hex) of the billed fields, to detect drift cheaply. */
    snapshotHash: text('snapshot_hash').notNull(),
    /** Service date. */
    date: date('date', { mode: 'string' }).notNull(),
    start: tstz('start').notNull(),
    end: tstz('end').notNull(),
    hours: numeric('hours', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** Units billed, in the measure of the code's budget (DOMAIN.md "units by measure"). */
    units: numeric('units', { precision: 12, scale: 2, mode: 'number' }),
    mileageMiles: numeric('mileage_miles', { precision: 10, scale: 2, mode: 'number' }),
    billingCode: text('billing_code').notNull(),
    modifier: text('modifier'),
    /** Rate per unit, integer cents. */
    rate: integer('rate_cents'),
    /** Billed amount, integer cents. */
    amount: integer('amount_cents'),
    /** EVV coordinates of the segment at export. */
    evvInLat: doublePrecision('evv_in_lat'),
    evvInLong: doublePrecision('evv_in_long'),
    evvOutLat: doublePrecision('evv_out_lat'),
    evvOutLong: doublePrecision('evv_out_long'),
    /** Caregiver (DSP) name as billed. */
    dspName: text('dsp_name'),
    status: billingItemStatusEnum('status').notNull().default('EXPORTED'),
    hasDrift: boolean('has_drift').notNull().default(false),
    driftDetectedAt: tstz('drift_detected_at'),
    driftFields: jsonb('drift_fields')
      .$type<BillingDriftField[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('billing_item_active_segment_idx')
      .on(t.shiftSegmentId)
      .where(sql`${t.status} <> 'VOID'`),
    index('billing_item_shift_segment_idx').on(t.shiftSegmentId),
    index('billing_item_client_date_idx').on(t.clientId, t.date),
    index('billing_item_export_batch_idx').on(t.exportBatchId),
    index('billing_item_date_idx').on(t.date),
    // Lists by a status other than the one every new item has (e.g. VOID); a new item adds no entry.
    index('billing_item_status_idx')
      .on(t.status)
      .where(sql`${t.status} <> 'EXPORTED'`),
    // The drift queue (`hasDrift`, newest first); a new item (no drift) adds no entry.
    index('billing_item_drift_idx')
      .on(t.driftDetectedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.hasDrift}`),
  ],
);

/** One imported eXPRS claim/payment line (spec s.3 ExprsRecord) and its matching to a billing item. */
export const exprsRecords = pgTable(
  'exprs_record',
  {
    id: idColumn(),
    /** The import this line came from. */
    importBatchId: uuid('import_batch_id').references(() => billingImportBatches.id, { onDelete: 'cascade' }),
    /** Line (CSV) or service-line ordinal (835) in the imported file, 1-based. */
    lineNumber: integer('line_number'),
    /** The billing item the line was matched to. */
    billingItemId: uuid('billing_item_id').references(() => billingItems.id, { onDelete: 'set null' }),
    /** eXPRS claim number. */
    claimId: text('claim_id'),
    /** The payer's own claim control number (835 CLP07), when given. */
    payerClaimNumber: text('payer_claim_number'),
    /** Billing/service-delivered id the claim line refers to. */
    billingId: text('billing_id'),
    /** Client's Medicaid prime id on the claim. */
    clientPid: text('client_pid'),
    /** Medicaid provider id on the claim. */
    providerId: text('provider_id'),
    serviceDate: date('service_date', { mode: 'string' }),
    procedureCode: text('procedure_code'),
    modifier: text('modifier'),
    units: numeric('units', { precision: 12, scale: 2, mode: 'number' }),
    /** Billed amount, integer cents. */
    billedAmount: integer('billed_amount_cents'),
    /** Paid amount, integer cents. */
    paidAmount: integer('paid_amount_cents'),
    paymentDate: date('payment_date', { mode: 'string' }),
    /** Claim status as eXPRS reports it (e.g. paid, denied, pended). */
    claimStatus: text('claim_status'),
    denialReason: text('denial_reason'),
    exceptionCode: text('exception_code'),
    /** The source row as imported, kept unchanged. */
    rawData: jsonb('raw_data').$type<Record<string, unknown>>().notNull(),
    /** Matching state, e.g. `UNMATCHED`, `MATCHED`, `ORPHANED` (no spec enumeration). */
    matchStatus: text('match_status').notNull().default('UNMATCHED'),
    matchAttempts: integer('match_attempts').notNull().default(0),
    /** Confidence of the match, 0..1. */
    matchConfidence: doublePrecision('match_confidence'),
    matchFailureReason: text('match_failure_reason'),
    acknowledgedBy: uuid('acknowledged_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    acknowledgedAt: tstz('acknowledged_at'),
    /** Who linked the line to its billing item by hand, and when (null for automatic matches). */
    matchedBy: uuid('matched_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    matchedAt: tstz('matched_at'),
    ...timestamps,
  },
  (t) => [
    // Also serves lookups by import batch alone (its leading column).
    uniqueIndex('exprs_record_batch_line_idx').on(t.importBatchId, t.lineNumber),
    index('exprs_record_billing_item_idx').on(t.billingItemId),
    index('exprs_record_claim_idx').on(t.claimId),
    index('exprs_record_billing_id_idx').on(t.billingId),
    index('exprs_record_client_pid_date_idx').on(t.clientPid, t.serviceDate),
    index('exprs_record_match_status_idx').on(t.matchStatus),
    index('exprs_record_acknowledged_by_idx').on(t.acknowledgedBy),
  ],
);

/** The times of a segment as billed, when they differ from the EVV times (spec s.3 BillingVersion). */
export const billingVersions = pgTable(
  'billing_version',
  {
    id: idColumn(),
    shiftSegmentId: uuid('shift_segment_id')
      .notNull()
      .references(() => shiftSegments.id, { onDelete: 'cascade' }),
    evvStart: tstz('evv_start'),
    evvEnd: tstz('evv_end'),
    ...timestamps,
  },
  (t) => [uniqueIndex('billing_version_shift_segment_idx').on(t.shiftSegmentId)],
);

/** One status change of a billing item (spec s.3 BillingStatusHistory). */
export const billingStatusHistories = pgTable(
  'billing_status_history',
  {
    id: idColumn(),
    billingItemId: uuid('billing_item_id')
      .notNull()
      .references(() => billingItems.id, { onDelete: 'cascade' }),
    /** Which status changed, e.g. `billing` (item status) or `claim` (eXPRS status). */
    statusType: text('status_type').notNull(),
    oldStatus: text('old_status'),
    newStatus: text('new_status').notNull(),
    reason: text('reason'),
    /** User account that made the change; null for a system change. */
    userId: uuid('user_id').references(() => userAccounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('billing_status_history_item_idx').on(t.billingItemId, t.createdAt),
    index('billing_status_history_user_idx').on(t.userId),
  ],
);
