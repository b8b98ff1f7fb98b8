/**
 * The `ocr-document` job (issue 23; decision 0063): reads an uploaded document's pages offline (ocr-reader.ts) with
 * progress a person can follow ("Reading page n of m"), stores each page's grey PNG and words, and ends the document
 * DONE (page count, mean confidence) or FAILED with a message a person understands. Metadata `{ documentId }`.
 *
 * Idempotent (a redelivered or resumed job, decision 0038): the pages of an earlier run are replaced in the same
 * transaction that writes the new ones, page images are written with `upsert`. A file problem never retries (the same
 * bytes fail the same way); any other failure ends FAILED too and fails the job at once. Audited
 * `ocr_document.process` (pages, words, status; no text).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { OCR_BUCKET } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Database } from '../../platform/db/client.ts';
import { systemContext } from '../../platform/http/context.ts';
import { JobInputError, type JobContext, type JobHandler } from '../../platform/jobs/jobs.service.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import type { OcrEngine } from '../isp/ocr/ocr-engine.ts';
import { OcrFileError, readDocument, type ReadPage } from './ocr-reader.ts';
import { loadOcrDocument, pageImageKey, readObject } from './ocr.service.ts';
import { ocrDocuments, ocrPages } from './ocr.table.ts';

/** What the job uses: the database, storage and the app's one OCR engine. */
export interface OcrJobDeps {
  db: Database;
  storage: StorageService;
  engine: OcrEngine;
}

const metadataSchema = z.object({ documentId: z.uuid() });

/** Creates the job handler. Errors: JobInputError for bad metadata or an unexpected failure (document FAILED). */
export function createOcrDocumentHandler(deps: OcrJobDeps): JobHandler {
  return async (ctx) => {
    const parsed = metadataSchema.safeParse(ctx.metadata);
    if (!parsed.success) throw new JobInputError('The OCR request has no valid document id');
    const documentId = parsed.data.documentId;
    try {
      return await processDocument(deps, ctx, documentId);
    } catch (error) {
      if (error instanceof OcrFileError) return endFailed(deps, ctx, documentId, error.message);
      await endFailed(deps, ctx, documentId, 'OCR failed: upload the file again.').catch(() => undefined);
      throw new JobInputError(`OCR failed: ${error instanceof Error ? error.name : 'error'}`);
    }
  };
}

/** FAILED with `message`; the job itself completes (the file, not the job, is at fault). */
async function endFailed(deps: OcrJobDeps, ctx: JobContext, documentId: string, message: string) {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(ocrDocuments)
      .set({ status: 'FAILED', errorMessage: message, processedAt: new Date() })
      .where(eq(ocrDocuments.id, documentId));
    await recordAudit(tx, systemContext(`job:${ctx.jobId}`), {
      action: 'ocr_document.process',
      entityType: 'ocr_document',
      entityId: documentId,
      details: { status: 'FAILED' },
    });
  });
  return { documentId, status: 'FAILED' };
}

/** Reads the document, stores its pages, ends DONE. */
async function processDocument(deps: OcrJobDeps, ctx: JobContext, documentId: string) {
  const system = systemContext(`job:${ctx.jobId}`);
  const document = await loadOcrDocument(deps.db, documentId).catch(() => null);
  if (!document) throw new JobInputError('The OCR document no longer exists');
  await deps.db
    .update(ocrDocuments)
    .set({ status: 'PROCESSING', errorMessage: null })
    .where(eq(ocrDocuments.id, documentId));
  await ctx.progress(5, 'Opening the file');
  const bytes = await readObject(deps.storage, system, document.storageKey);
  // onPage is synchronous: its progress writes are chained and awaited before the pages are stored.
  let progress = Promise.resolve();
  const pages = await readDocument(bytes, document.mimeType, {
    engine: deps.engine,
    onPage: (done, total) => {
      progress = progress
        .then(() => ctx.progress(5 + (done / total) * 85, `Reading page ${done + 1} of ${total}`))
        .catch(() => undefined);
    },
  });
  await progress;
  if (!pages.length) throw new OcrFileError('The file has no pages.');
  await ctx.progress(92, 'Saving the words read');
  for (const page of pages)
    await deps.storage.upload(system, {
      bucketId: OCR_BUCKET,
      path: pageImageKey(documentId, page.pageNumber),
      body: page.png,
      contentType: 'image/png',
      cacheControl: 'private, max-age=0',
      upsert: true,
    });
  return storePages(deps, ctx, documentId, pages);
}

/** Replaces the document's pages and ends it DONE, audited, in one transaction. */
async function storePages(deps: OcrJobDeps, ctx: JobContext, documentId: string, pages: ReadPage[]) {
  const words = pages.reduce((sum, page) => sum + page.words.length, 0);
  const confidenceSum = pages.reduce(
    (sum, page) => sum + page.words.reduce((inner, word) => inner + word.confidence, 0),
    0,
  );
  const meanConfidence = words ? Math.round((confidenceSum / words) * 10) / 10 : null;
  const ocrMillis = pages.reduce((sum, page) => sum + page.ocrMillis, 0);
  await deps.db.transaction(async (tx) => {
    await tx.delete(ocrPages).where(eq(ocrPages.documentId, documentId));
    await tx.insert(ocrPages).values(
      pages.map((page) => ({
        documentId,
        pageNumber: page.pageNumber,
        imageKey: pageImageKey(documentId, page.pageNumber),
        width: page.width,
        height: page.height,
        skewDegrees: page.skewDegrees,
        meanConfidence: page.meanConfidence,
        ocrMillis: page.ocrMillis,
        text: page.text,
        words: page.words,
      })),
    );
    await tx
      .update(ocrDocuments)
      .set({
        status: 'DONE',
        pageCount: pages.length,
        meanConfidence,
        errorMessage: null,
        processedAt: new Date(),
      })
      .where(eq(ocrDocuments.id, documentId));
    await recordAudit(tx, systemContext(`job:${ctx.jobId}`), {
      action: 'ocr_document.process',
      entityType: 'ocr_document',
      entityId: documentId,
      details: { status: 'DONE', pages: pages.length, words, ocrMillis },
    });
  });
  await ctx.progress(100, `Read ${pages.length} page${pages.length === 1 ? '' : 's'}`);
  return { documentId, status: 'DONE', pages: pages.length, words, ocrMillis };
}
