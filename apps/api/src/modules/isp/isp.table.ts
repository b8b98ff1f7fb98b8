/**
 * ISP tables (spec s.3 ISP, Protocol, QuarterlySummary, ReportReference): a client's individual support
 * plan, the risk protocols extracted from it, quarterly summaries and stored reports (DOMAIN.md "ISP").
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProtocolSources, Threshold } from '@tend/contracts';
import { idColumn, timestamps, tstz } from '../../platform/db/columns.ts';
import { ispStatusEnum, protocolStatusEnum } from '../../platform/db/enums.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import { caregivers, clients } from '../people/people.table.ts';

/** An uploaded ISP PDF and its processing state (spec s.3 ISP). */
export const isps = pgTable(
  'isp',
  {
    id: idColumn(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Storage key (or URL) of the PDF. */
    pdfUrl: text('pdf_url').notNull(),
    status: ispStatusEnum('status').notNull().default('UPLOADED'),
    uploadedBy: uuid('uploaded_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    /** The PDF's text as sanitized HTML, after OCR/extraction. */
    processedHtml: text('processed_html'),
    processingCompletedAt: tstz('processing_completed_at'),
    verifiedAt: tstz('verified_at'),
    verifiedBy: uuid('verified_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    /** The uploaded file's name as the browser sent it. */
    fileName: text('file_name').notNull().default('isp.pdf'),
    /** Bytes of the original upload. */
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    /** Hex SHA-256 of the original upload. */
    sha256: text('sha256').notNull().default(''),
    pageCount: integer('page_count'),
    /** Why processing ended in ERROR (contracts `ispProblems`), and the words shown for it. */
    problem: text('problem'),
    errorMessage: text('error_message'),
    planStart: date('plan_start', { mode: 'string' }),
    planEnd: date('plan_end', { mode: 'string' }),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /** The PDF version the viewer opens (1 = the original; `isp_pdf_version`). */
    currentPdfVersion: integer('current_pdf_version').notNull().default(1),
    /** The latest processing job (`processing_job.id`; no foreign key: jobs are platform rows). */
    jobId: uuid('job_id'),
    ...timestamps,
  },
  (t) => [
    index('isp_client_idx').on(t.clientId),
    index('isp_status_idx').on(t.status),
    index('isp_uploaded_by_idx').on(t.uploadedBy),
    index('isp_verified_by_idx').on(t.verifiedBy),
  ],
);

/**
 * One risk of an ISP with its steps (spec s.3 Protocol). The `include*` flags choose which parts appear
 * in the printed protocol; the `include*Email` variants choose which appear in emails (default off: no
 * PHI in email unless chosen).
 */
export const protocols = pgTable(
  'protocol',
  {
    id: idColumn(),
    ispId: uuid('isp_id')
      .notNull()
      .references(() => isps.id, { onDelete: 'cascade' }),
    /** Risk name from the Risk Identification Tool, e.g. choking, falls, seizures. */
    riskType: text('risk_type').notNull(),
    description: text('description'),
    prevention: text('prevention'),
    response: text('response'),
    emergency: text('emergency'),
    status: protocolStatusEnum('status').notNull().default('DRAFT'),
    /** Medication administration record applies. */
    mar: boolean('mar').notNull().default(false),
    /** Positive behaviour support plan applies. */
    pbsp: boolean('pbsp').notNull().default(false),
    /** Serious risk (hospitalization, institutionalization, ... ; DOMAIN.md). */
    serious: boolean('serious').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    includeDescription: boolean('include_description').notNull().default(true),
    includeDescriptionEmail: boolean('include_description_email').notNull().default(false),
    includeEmergency: boolean('include_emergency').notNull().default(true),
    includeEmergencyEmail: boolean('include_emergency_email').notNull().default(false),
    includePrevention: boolean('include_prevention').notNull().default(true),
    includePreventionEmail: boolean('include_prevention_email').notNull().default(false),
    includeResponse: boolean('include_response').notNull().default(true),
    includeResponseEmail: boolean('include_response_email').notNull().default(false),
    thresholds: jsonb('thresholds').$type<Threshold[]>().notNull().default([]),
    /** In the order they are taken. */
    escalationSteps: jsonb('escalation_steps').$type<string[]>().notNull().default([]),
    /** As-needed medication references ("see MAR"). */
    medicationReferences: jsonb('medication_references').$type<string[]>().notNull().default([]),
    /** Where each extracted field came from in the PDF (contracts `ProtocolSources`). */
    sources: jsonb('sources').$type<ProtocolSources>().notNull().default({}),
    author: text('author'),
    /** A licensed author's FINALIZED protocol is an order: changed only by a new version. */
    authorLicensed: boolean('author_licensed').notNull().default(false),
    effectiveDate: date('effective_date', { mode: 'string' }),
    reviewDueDate: date('review_due_date', { mode: 'string' }),
    version: integer('version').notNull().default(1),
    /** The protocol this one replaces (an earlier version in this ISP, or the same risk of the last VERIFIED ISP). */
    previousVersionId: uuid('previous_version_id'),
    /** The newer version in the same ISP that replaced this one (read-only once set). */
    supersededById: uuid('superseded_by_id'),
    excluded: boolean('excluded').notNull().default(false),
    exclusionReason: text('exclusion_reason'),
    statusChangedBy: uuid('status_changed_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    statusChangedAt: tstz('status_changed_at'),
    reviewedBy: uuid('reviewed_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    reviewedAt: tstz('reviewed_at'),
    finalizedBy: uuid('finalized_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    finalizedAt: tstz('finalized_at'),
    /** The processing job that made this DRAFT (a retry replaces that run's DRAFTs); null once edited by a person. */
    extractedByJobId: uuid('extracted_by_job_id'),
    ...timestamps,
  },
  (t) => [
    index('protocol_isp_order_idx').on(t.ispId, t.sortOrder),
    index('protocol_status_idx').on(t.status),
    index('protocol_previous_version_idx').on(t.previousVersionId),
    index('protocol_status_changed_by_idx').on(t.statusChangedBy),
    index('protocol_reviewed_by_idx').on(t.reviewedBy),
    index('protocol_finalized_by_idx').on(t.finalizedBy),
    check('protocol_version_positive', sql`${t.version} >= 1`),
  ],
);

/** One stored version of an ISP's PDF: 1 is the original upload (never overwritten), higher ones annotated copies. */
export const ispPdfVersions = pgTable(
  'isp_pdf_version',
  {
    id: idColumn(),
    ispId: uuid('isp_id')
      .notNull()
      .references(() => isps.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    storageKey: text('storage_key').notNull(),
    bucket: text('bucket').notNull(),
    fileName: text('file_name').notNull(),
    /** Bytes. */
    size: bigint('size', { mode: 'number' }).notNull(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('isp_pdf_version_isp_version_idx').on(t.ispId, t.version),
    index('isp_pdf_version_created_by_idx').on(t.createdBy),
    check('isp_pdf_version_positive', sql`${t.version} >= 1`),
  ],
);

/** One generated section of a client's quarterly summary (spec s.3 QuarterlySummary). */
export const quarterlySummaries = pgTable(
  'quarterly_summary',
  {
    id: idColumn(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    /** 1..4. */
    quarter: integer('quarter').notNull(),
    sectionName: text('section_name').notNull(),
    sectionSummary: text('section_summary'),
    generatedAt: tstz('generated_at'),
    /** User account that generated it; null when generated by a scheduled job. */
    generatedBy: uuid('generated_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    /** Shift notes the section was summarized from. */
    noteCount: integer('note_count').notNull().default(0),
    /** Distinct shifts those notes were written for. */
    shiftCount: integer('shift_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quarterly_summary_section_idx').on(t.clientId, t.year, t.quarter, t.sectionName),
    index('quarterly_summary_generated_by_idx').on(t.generatedBy),
    check('quarterly_summary_quarter_range', sql`${t.quarter} between 1 and 4`),
  ],
);

/**
 * Where a generated report of a client or a caregiver is stored (spec s.3 ReportReference). A report of the report
 * export (decision 0066) may be a caregiver's: at least one of `client_id` and `caregiver_id` is set.
 */
export const reportReferences = pgTable(
  'report_reference',
  {
    id: idColumn(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** The caregiver of a caregiver's report (report export, decision 0066). */
    caregiverId: uuid('caregiver_id').references(() => caregivers.id, { onDelete: 'cascade' }),
    /** The report-export job that wrote the file (decision 0066): a restarted job finds what it already stored. */
    jobId: uuid('job_id'),
    /** Kind of report, e.g. `quarterly`, `annual`. */
    reportType: text('report_type').notNull(),
    year: integer('year').notNull(),
    /** Period inside the year, e.g. `Q1` or `2025-03`; null for a yearly report. */
    period: text('period'),
    /** Object key of the stored file. */
    storageKey: text('storage_key').notNull(),
    bucket: text('bucket').notNull(),
    /** Storage region (S3); null for local storage. */
    region: text('region'),
    fileName: text('file_name').notNull(),
    /** The ISP an `isp-protocols` report was made from. */
    ispId: uuid('isp_id').references(() => isps.id, { onDelete: 'set null' }),
    /** Bytes of the stored file. */
    size: bigint('size', { mode: 'number' }),
    /** How many protocols the report holds. */
    protocolCount: integer('protocol_count'),
    createdBy: uuid('created_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('report_reference_client_idx').on(t.clientId, t.reportType, t.year, t.period),
    index('report_reference_isp_idx').on(t.ispId),
    index('report_reference_created_by_idx').on(t.createdBy),
    index('report_reference_caregiver_idx').on(t.caregiverId, t.reportType),
    index('report_reference_job_idx').on(t.jobId),
    check('report_reference_subject', sql`${t.clientId} is not null or ${t.caregiverId} is not null`),
  ],
);
