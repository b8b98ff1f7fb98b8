/**
 * OCR tables (issue 23; decision 0063): an uploaded scanned document (timesheet, note) with its OCR state, and its
 * pages with the words read (text, confidence, box in the page image's pixels). The rows a person staged from it are
 * kept on the document (`staged_rows`) so the viewer shows what was sent to staging.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OcrStagedRow, OcrWord } from '@tend/contracts';
import { idColumn, timestamps, tstz } from '../../platform/db/columns.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';

/** An uploaded document and its OCR state: QUEUED → PROCESSING → DONE or FAILED (`error_message` says why). */
export const ocrDocuments = pgTable(
  'ocr_document',
  {
    id: idColumn(),
    /** The uploaded file's name as the browser sent it. */
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the upload. */
    sha256: text('sha256').notNull(),
    /** Key of the original file in the `ocr-documents` bucket. */
    storageKey: text('storage_key').notNull(),
    pageCount: integer('page_count'),
    status: text('status').notNull().default('QUEUED'),
    errorMessage: text('error_message'),
    /** Mean word confidence over every page (0..100), when DONE. */
    meanConfidence: doublePrecision('mean_confidence'),
    /** The latest OCR job (`processing_job.id`; no foreign key: jobs are platform rows). */
    jobId: uuid('job_id'),
    uploadedBy: uuid('uploaded_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    processedAt: tstz('processed_at'),
    stagedRows: jsonb('staged_rows').$type<OcrStagedRow[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    check('ocr_document_status_check', sql`${t.status} in ('QUEUED', 'PROCESSING', 'DONE', 'FAILED')`),
    index('ocr_document_uploaded_by_idx').on(t.uploadedBy),
    index('ocr_document_created_at_idx').on(t.createdAt),
  ],
);

/** One page of a document: its grey page image (the boxes' frame), the words read and how long OCR took. */
export const ocrPages = pgTable(
  'ocr_page',
  {
    id: idColumn(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => ocrDocuments.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    /** Key of the page's PNG in the `ocr-documents` bucket. */
    imageKey: text('image_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    skewDegrees: doublePrecision('skew_degrees').notNull().default(0),
    meanConfidence: doublePrecision('mean_confidence'),
    ocrMillis: integer('ocr_millis').notNull().default(0),
    text: text('text').notNull().default(''),
    words: jsonb('words').$type<OcrWord[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('ocr_page_document_page_idx').on(t.documentId, t.pageNumber)],
);
