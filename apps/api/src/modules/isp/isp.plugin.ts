/**
 * The isp module (issue 19; docs/isp.md; decision 0043): its routes, the `isp-processing` job, and the buckets it
 * writes (`isp`: uploaded ISP PDFs and their annotated versions; `generated-reports`: generated reports such as the caregiver
 * export). One OCR engine per app, stopped when the app closes. No event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ISP_BUCKET, ISP_MAX_FILE_BYTES } from '@tend/contracts';
import type { Config } from '../../platform/config/config.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { systemContext } from '../../platform/http/context.ts';
import { REPORT_CONTENT_TYPES, REPORTS_BUCKET } from './report-references.ts';
import { createIspProcessingHandler } from './isp-processing.job.ts';
import { createIspReader } from './isp-reader.ts';
import { ispRoutes } from './isp.routes.ts';
import { acknowledgementRoutes } from './acknowledgements/acknowledgements.routes.ts';
import { createIspRefiner } from './refinement/ai-refinement.ts';
import { ISP_PROCESSING_JOB } from './isp.service.ts';
import { quarterlyRoutes } from './quarterly/quarterly.routes.ts';

/**
 * Ensures the module's buckets: `isp` (PDFs, 50 MiB each; `application/octet-stream` too, for an upload that is not a
 * PDF: it is kept, and its ISP ends in ERROR) and `generated-reports` (generated PDFs, CSV and XLSX files, 200 MiB each). Existing buckets are kept.
 */
export async function ensureIspBuckets(storage: StorageService): Promise<void> {
  await storage.ensureBucket({
    id: ISP_BUCKET,
    name: 'Individual support plans',
    fileSizeLimit: ISP_MAX_FILE_BYTES,
    allowedMimeTypes: ['application/pdf', 'application/octet-stream'],
  });
  const allowedMimeTypes = Object.values(REPORT_CONTENT_TYPES);
  const reports = await storage.ensureBucket({
    id: REPORTS_BUCKET,
    name: 'Generated reports',
    fileSizeLimit: 200 * 1024 * 1024,
    allowedMimeTypes,
  });
  // A bucket made before the report export (decision 0066) allowed PDFs only: it learns CSV and XLSX.
  if (allowedMimeTypes.some((type) => !(reports.allowedMimeTypes ?? allowedMimeTypes).includes(type))) {
    await storage.updateBucket(systemContext('isp-buckets'), REPORTS_BUCKET, { allowedMimeTypes });
  }
}

/**
 * The agency's name printed on generated documents: the display name of the mail sender (`MAIL_FROM`,
 * `"Valley Supports" <care@example.org>`), else the public URL's host name.
 */
export function agencyNameOf(config: Pick<Config, 'mail' | 'publicUrl'>): string {
  const display = /^\s*"?([^"<]+?)"?\s*</.exec(config.mail.from)?.[1]?.trim();
  if (display) return display;
  try {
    return new URL(config.publicUrl).hostname;
  } catch {
    return config.mail.from;
  }
}

export const ispPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, storage, jobs, messaging } = app.deps;
  const reader = createIspReader();
  // The optional AI refinement of extraction (ISP_AI_BASE_URL; decision 0047): off unless configured.
  const refiner = config.ispAi ? createIspRefiner(config.ispAi) : null;
  jobs.register(
    ISP_PROCESSING_JOB,
    createIspProcessingHandler({ db: database.db, storage, reader, refiner }),
  );
  app.addHook('onReady', () => ensureIspBuckets(storage));
  app.addHook('onClose', () => reader.close());
  await app.register(
    ispRoutes({
      isp: { db: database.db, storage, jobs },
      exports: {
        db: database.db,
        storage,
        agencyName: agencyNameOf(config),
        agencyTimeZone: config.agencyTimeZone,
        storageRegion: config.storage.driver === 's3' ? config.storage.region : null,
      },
      reader,
      refiner,
    }),
  );
  await app.register(
    acknowledgementRoutes({
      db: database.db,
      messaging,
      publicUrl: config.publicUrl,
      agencyTimeZone: config.agencyTimeZone,
    }),
  );
  await app.register(
    quarterlyRoutes({
      db: database.db,
      storage,
      agencyName: agencyNameOf(config),
      agencyTimeZone: config.agencyTimeZone,
      storageRegion: config.storage.driver === 's3' ? config.storage.region : null,
    }),
  );
};
