/**
 * OCR documents (issue 23; decision 0063; docs/ocr-documents.md): upload, list, read, page images. Admin only (the
 * routes' guard); every read and write audited with ids and counts only (never file names or text read).
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  OCR_BUCKET,
  OCR_JOB,
  type OCR_MIME_TYPES,
  type OcrDocumentDetail,
  type OcrDocumentStatus,
  type OcrDocumentSummary,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findJobsByIds, type JobRunner } from '../../platform/jobs/jobs.service.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import { ocrDocuments, ocrPages } from './ocr.table.ts';

/** What the document services use. */
export interface OcrDeps {
  db: Database;
  storage: StorageService;
  jobs: JobRunner;
}

export type OcrDocumentRow = typeof ocrDocuments.$inferSelect;

/** An upload as the route read it. */
export interface OcrUpload {
  fileName: string;
  bytes: Buffer;
  /** The MIME type the browser sent (checked against the bytes' signature). */
  mimeType: string;
}

/** Storage key of a document's original file. */
export const originalKey = (id: string, mimeType: string) =>
  `${id}/original.${mimeType === 'application/pdf' ? 'pdf' : (mimeType.split('/')[1] ?? 'bin')}`;
/** Storage key of a document's page image. */
export const pageImageKey = (id: string, pageNumber: number) => `${id}/page-${pageNumber}.png`;

/** The MIME type the bytes' signature says, or null for anything that is not an accepted image or a PDF. */
export function sniffMimeType(bytes: Buffer): (typeof OCR_MIME_TYPES)[number] | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (bytes.subarray(0, 1024).includes('%PDF-')) return 'application/pdf';
  return null;
}

/** A file name without folders or control characters, at most 200 characters (`fallback` when nothing is left). */
function cleanFileName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const base = (name.split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || fallback).slice(0, 200);
}

/** The document `id`. Errors: NOT_FOUND. */
export async function loadOcrDocument(executor: Executor, id: string): Promise<OcrDocumentRow> {
  const [row] = await executor.select().from(ocrDocuments).where(eq(ocrDocuments.id, id));
  if (!row) throw notFound('OCR document');
  return row;
}

/**
 * Stores an uploaded scan and queues its OCR job (QUEUED). The type is the bytes' own (PNG, JPEG, TIFF, WebP or PDF),
 * whatever the browser said. Audited `ocr_document.upload` (size, type) and the storage's `file.upload`.
 * Errors: 400 `file` (empty, or not an accepted image or PDF); the storage's (413 above the bucket limit).
 */
export async function uploadOcrDocument(
  deps: OcrDeps,
  ctx: RequestContext,
  upload: OcrUpload,
): Promise<OcrDocumentSummary> {
  if (upload.bytes.length === 0) throw AppError.field('file', 'is empty');
  const mimeType = sniffMimeType(upload.bytes);
  if (!mimeType) throw AppError.field('file', 'must be a PNG, JPEG, TIFF or WebP image or a PDF');
  const id = randomUUID();
  const key = originalKey(id, mimeType);
  await deps.storage.upload(ctx, {
    bucketId: OCR_BUCKET,
    path: key,
    body: upload.bytes,
    contentType: mimeType,
    cacheControl: 'private, max-age=0',
  });
  const userId = ctx.actor?.userAccountId ?? null;
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(ocrDocuments).values({
        id,
        fileName: cleanFileName(upload.fileName, 'scan'),
        mimeType,
        fileSize: upload.bytes.length,
        sha256: createHash('sha256').update(upload.bytes).digest('hex'),
        storageKey: key,
        uploadedBy: userId,
      });
      await recordAudit(tx, ctx, {
        action: 'ocr_document.upload',
        entityType: 'ocr_document',
        entityId: id,
        details: { size: upload.bytes.length, mimeType },
      });
    });
  } catch (error) {
    await deps.storage.remove(ctx, OCR_BUCKET, [key]).catch(() => undefined);
    throw error;
  }
  const job = await deps.jobs.enqueue({
    jobType: OCR_JOB,
    metadata: { documentId: id },
    triggeredBy: userId,
  });
  await deps.db.update(ocrDocuments).set({ jobId: job.id }).where(eq(ocrDocuments.id, id));
  const [summary] = await toSummaries(deps.db, [await loadOcrDocument(deps.db, id)]);
  return summary as OcrDocumentSummary;
}

/** The API's view of documents, with their jobs' progress and the uploaders' names (two queries). */
async function toSummaries(executor: Executor, rows: OcrDocumentRow[]): Promise<OcrDocumentSummary[]> {
  const jobs = await findJobsByIds(
    executor,
    rows.map((row) => row.jobId),
  );
  const names = await findUserNames(executor, { ids: rows.map((row) => row.uploadedBy) });
  return rows.map((row) => {
    const job = row.jobId ? jobs.get(row.jobId) : undefined;
    const done = row.status === 'DONE' || row.status === 'FAILED';
    return {
      id: row.id,
      fileName: row.fileName,
      mimeType: row.mimeType,
      fileSize: row.fileSize,
      pageCount: row.pageCount,
      status: row.status as OcrDocumentStatus,
      errorMessage: row.errorMessage,
      meanConfidence: row.meanConfidence,
      stagedRowCount: row.stagedRows.length,
      jobId: row.jobId,
      jobStatus: job?.status ?? null,
      progress: done ? 100 : (job?.progress ?? 0),
      progressMessage: done ? null : (job?.log.at(-1) ?? null),
      uploadedBy: row.uploadedBy,
      uploadedByName: names.get(row.uploadedBy ?? '') ?? null,
      uploadedAt: row.createdAt.toISOString(),
      processedAt: row.processedAt?.toISOString() ?? null,
    };
  });
}

/** The latest 200 documents, newest first. Audited `ocr_document.list` (the count). */
export async function listOcrDocuments(db: Database, ctx: RequestContext): Promise<OcrDocumentSummary[]> {
  const rows = await db.select().from(ocrDocuments).orderBy(desc(ocrDocuments.createdAt)).limit(200);
  await recordAudit(db, ctx, {
    action: 'ocr_document.list',
    entityType: 'ocr_document',
    entityId: null,
    details: { count: rows.length },
  });
  return toSummaries(db, rows);
}

/** One document with its pages' words and its staged rows. Audited `ocr_document.read`. Errors: NOT_FOUND. */
export async function getOcrDocument(
  db: Database,
  ctx: RequestContext,
  id: string,
): Promise<OcrDocumentDetail> {
  const row = await loadOcrDocument(db, id);
  const pages = await db
    .select()
    .from(ocrPages)
    .where(eq(ocrPages.documentId, id))
    .orderBy(asc(ocrPages.pageNumber));
  await recordAudit(db, ctx, {
    action: 'ocr_document.read',
    entityType: 'ocr_document',
    entityId: id,
    details: { pages: pages.length },
  });
  const [summary] = await toSummaries(db, [row]);
  return {
    ...(summary as OcrDocumentSummary),
    pages: pages.map((page) => ({
      pageNumber: page.pageNumber,
      width: page.width,
      height: page.height,
      skewDegrees: page.skewDegrees,
      meanConfidence: page.meanConfidence,
      ocrMillis: page.ocrMillis,
      text: page.text,
      words: page.words,
    })),
    stagedRows: row.stagedRows,
  };
}

/**
 * The PNG of page `pageNumber` (the frame of its words' boxes), whole. Audited `ocr_page.read` (and the storage's
 * `file.read`). Errors: NOT_FOUND (document or page).
 */
export async function readPageImage(
  deps: Pick<OcrDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  id: string,
  pageNumber: number,
): Promise<Buffer> {
  await loadOcrDocument(deps.db, id);
  const [page] = await deps.db
    .select({ imageKey: ocrPages.imageKey })
    .from(ocrPages)
    .where(and(eq(ocrPages.documentId, id), eq(ocrPages.pageNumber, pageNumber)));
  if (!page) throw notFound(`Page ${pageNumber} of this document`);
  await recordAudit(deps.db, ctx, {
    action: 'ocr_page.read',
    entityType: 'ocr_document',
    entityId: id,
    details: { pageNumber },
  });
  return readObject(deps.storage, ctx, page.imageKey);
}

/** Reads a stored object of the bucket whole (page images are a few hundred KiB; originals at most 25 MiB). */
export async function readObject(storage: StorageService, ctx: RequestContext, key: string): Promise<Buffer> {
  const object = await storage.download(ctx, OCR_BUCKET, key);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
