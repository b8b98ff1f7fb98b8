/**
 * The ocr module (issue 23; docs/ocr-documents.md; decision 0063): its routes, the `ocr-document` job and its bucket
 * `ocr-documents` (uploaded scans and their page images). One OCR engine per app (the isp module's offline
 * tesseract.js pool), stopped when the app closes. No event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { OCR_BUCKET, OCR_JOB, OCR_MAX_FILE_BYTES, OCR_MIME_TYPES } from '@tend/contracts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { OcrEngine } from '../isp/ocr/ocr-engine.ts';
import { stageShiftRows } from '../staging/staged-rows.service.ts';
import { createOcrDocumentHandler } from './ocr-document.job.ts';
import { ocrRoutes } from './ocr.routes.ts';

/** Ensures the bucket `ocr-documents` (the accepted images, PDFs and page PNGs, 25 MiB each). Existing kept. */
export async function ensureOcrBucket(storage: StorageService): Promise<void> {
  await storage.ensureBucket({
    id: OCR_BUCKET,
    name: 'OCR documents',
    fileSizeLimit: OCR_MAX_FILE_BYTES,
    allowedMimeTypes: [...OCR_MIME_TYPES],
  });
}

export const ocrPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, storage, jobs } = app.deps;
  // One worker: the machine's other core stays free for the API and the other jobs.
  const engine = new OcrEngine({ workers: 1 });
  jobs.register(OCR_JOB, createOcrDocumentHandler({ db: database.db, storage, engine }));
  app.addHook('onReady', () => ensureOcrBucket(storage));
  app.addHook('onClose', () => engine.close());
  await app.register(
    ocrRoutes({
      db: database.db,
      storage,
      jobs,
      stageShiftRows,
      agencyTimeZone: config.agencyTimeZone,
    }),
  );
};
