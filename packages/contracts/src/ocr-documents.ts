/**
 * OCR documents (issue 23; spec s.2 `/ocr-documents`, `/ocr-documents/{id}`; decision 0063; docs/ocr-documents.md):
 * scanned timesheets and notes (PNG, JPEG, TIFF, WebP images or PDFs) are uploaded, read offline by tesseract.js as a
 * job with progress (QUEUED → PROCESSING → DONE or FAILED), and shown with every word's box and confidence. Fields an
 * admin marks (date, start, end, caregiver name, client name, billing code) become staging rows (module staging's
 * `stageShiftRows`, source `{ kind: 'ocr', documentId }`). Admin only; every read and write audited.
 *
 * - `uploadOcrDocument` multipart: one part `file` (at most {@link OCR_MAX_FILE_BYTES}; 413 above; 400 `file` when
 *   missing, empty or not an image/PDF) → 202 the document, QUEUED, its OCR job queued.
 * - `findOcrDocuments`, `findOcrDocument` (the pages, their words with boxes in the page image's pixels, the staged
 *   rows); `downloadOcrPageImage` the page image (PNG, grey) the boxes refer to.
 * - `stageOcrRows` `{ rows }` → 201 the rows staged (their staging shift ids); 400 naming `rows.<i>.<field>` for a
 *   date, time or name that cannot be read, 409 `CONFLICT` unless the document is DONE.
 */
import { z } from 'zod';
import { idParams, text } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { jobStatus } from './enums.ts';

/** Largest upload, bytes (a 20-page 300 dpi scan is about 10 MiB). */
export const OCR_MAX_FILE_BYTES = 25 * 1024 * 1024;
/** The storage bucket of uploaded files and page images. */
export const OCR_BUCKET = 'ocr-documents';
/** The job that reads a document. */
export const OCR_JOB = 'ocr-document';
/** MIME types accepted (anything else is a 400 `file`). */
export const OCR_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/tiff',
  'image/webp',
  'application/pdf',
] as const;

export const ocrDocumentStatuses = ['QUEUED', 'PROCESSING', 'DONE', 'FAILED'] as const;
export const ocrDocumentStatus = z.enum(ocrDocumentStatuses);
export type OcrDocumentStatus = z.infer<typeof ocrDocumentStatus>;

/** The fields a person marks on a timesheet, in the order the row form shows them. */
export const ocrFieldNames = ['date', 'start', 'end', 'caregiverName', 'clientName', 'billingCode'] as const;
export type OcrFieldName = (typeof ocrFieldNames)[number];
export const ocrFieldLabels: Record<OcrFieldName, string> = {
  date: 'Date',
  start: 'Start',
  end: 'End',
  caregiverName: 'Caregiver name',
  clientName: 'Client name',
  billingCode: 'Billing code',
};

const instant = z.iso.datetime({ offset: true });

/** One word read: text, tesseract's confidence 0..100, its box in the page image's pixels (x0,y0 top-left). */
export const ocrWord = z.object({
  text: z.string(),
  confidence: z.number(),
  x0: z.number(),
  y0: z.number(),
  x1: z.number(),
  y1: z.number(),
  /** Index of the word's line on the page (words of one line share it). */
  line: z.number().int(),
});
export type OcrWord = z.infer<typeof ocrWord>;

/** One page: its image's size (pixels), the words in reading order, their mean confidence and the time OCR took. */
export const ocrPage = z.object({
  pageNumber: z.number().int().min(1),
  width: z.number().int(),
  height: z.number().int(),
  /** Skew tesseract corrected, degrees (boxes are already in the image's own frame). */
  skewDegrees: z.number(),
  meanConfidence: z.number().nullable(),
  ocrMillis: z.number().int(),
  text: z.string(),
  words: z.array(ocrWord),
});
export type OcrPage = z.infer<typeof ocrPage>;

/** A row staged from this document, as it was sent to staging. */
export const ocrStagedRow = z.object({
  stagingShiftId: z.string(),
  pageNumber: z.number().int(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  caregiverName: z.string(),
  clientName: z.string(),
  billingCode: z.string().nullable(),
  stagedAt: instant,
  stagedBy: z.uuid().nullable(),
});
export type OcrStagedRow = z.infer<typeof ocrStagedRow>;

/** A document as the list shows it; `progress` 0..100 and `progressMessage` from its job. */
export const ocrDocumentSummary = z.object({
  id: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  fileSize: z.number().int(),
  pageCount: z.number().int().nullable(),
  status: ocrDocumentStatus,
  errorMessage: z.string().nullable(),
  meanConfidence: z.number().nullable(),
  stagedRowCount: z.number().int(),
  jobId: z.uuid().nullable(),
  jobStatus: jobStatus.nullable(),
  progress: z.number().int().min(0).max(100),
  progressMessage: z.string().nullable(),
  uploadedBy: z.uuid().nullable(),
  uploadedByName: z.string().nullable(),
  uploadedAt: instant,
  processedAt: instant.nullable(),
});
export type OcrDocumentSummary = z.infer<typeof ocrDocumentSummary>;

export const ocrDocumentList = z.object({ items: z.array(ocrDocumentSummary) });
export type OcrDocumentList = z.infer<typeof ocrDocumentList>;

export const ocrDocumentDetail = ocrDocumentSummary.extend({
  pages: z.array(ocrPage),
  stagedRows: z.array(ocrStagedRow),
});
export type OcrDocumentDetail = z.infer<typeof ocrDocumentDetail>;

/**
 * A row a person marked: the text of the words assigned to each field, as read (`03/14/2026`, `9:00 AM`); the API
 * parses dates and 12- or 24-hour times. `billingCode` may be empty.
 */
export const ocrMarkedRow = z.object({
  pageNumber: z.number().int().min(1),
  date: text().trim().min(1, 'is required').max(60),
  start: text().trim().min(1, 'is required').max(30),
  end: text().trim().min(1, 'is required').max(30),
  caregiverName: text().trim().min(1, 'is required').max(200),
  clientName: text().trim().min(1, 'is required').max(200),
  billingCode: text().trim().max(40).nullish(),
});
export type OcrMarkedRow = z.infer<typeof ocrMarkedRow>;

export const stageOcrRowsBody = z.object({
  rows: z.array(ocrMarkedRow).min(1, 'mark at least one row').max(200),
});
export type StageOcrRowsBody = z.infer<typeof stageOcrRowsBody>;

export const stageOcrRowsResult = z.object({ stagedRows: z.array(ocrStagedRow) });
export type StageOcrRowsResult = z.infer<typeof stageOcrRowsResult>;

export const ocrPageParams = idParams.extend({
  page: z.coerce.number({ message: 'must be a page number' }).int('must be a page number').min(1),
});

export const ocrDocumentEndpoints = {
  uploadOcrDocument: defineEndpoint({
    method: 'POST',
    path: '/api/ocr-documents',
    multipart: true,
    response: { 202: ocrDocumentSummary },
  }),
  findOcrDocuments: defineEndpoint({
    method: 'GET',
    path: '/api/ocr-documents',
    response: { 200: ocrDocumentList },
  }),
  findOcrDocument: defineEndpoint({
    method: 'GET',
    path: '/api/ocr-documents/:id',
    params: idParams,
    response: { 200: ocrDocumentDetail },
  }),
  downloadOcrPageImage: defineEndpoint({
    method: 'GET',
    path: '/api/ocr-documents/:id/pages/:page/image',
    params: ocrPageParams,
    response: {},
    produces: ['image/png'],
  }),
  stageOcrRows: defineEndpoint({
    method: 'POST',
    path: '/api/ocr-documents/:id/staged-rows',
    params: idParams,
    body: stageOcrRowsBody,
    response: { 201: stageOcrRowsResult },
  }),
};
