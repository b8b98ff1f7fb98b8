/**
 * The buckets Tend itself writes to, created (or kept as they are) at startup, before anything (jobs
 * included) can use them.
 */
import { IMPORTS_BUCKET } from '../imports/import-service.ts';
import { EXPORTS_BUCKET, type StorageService } from './storage.service.ts';

/**
 * Ensures the system buckets: `imports` (uploaded files to import: JSON, CSV, text, Excel CSV, octet
 * streams; 200 MiB each) and `exports` (files Tend makes, billing export batches and payroll exports:
 * CSV, 200 MiB each; kept, never overwritten).
 */
export async function ensureSystemBuckets(storage: StorageService): Promise<void> {
  await storage.ensureBucket({
    id: IMPORTS_BUCKET,
    name: 'Imported files',
    fileSizeLimit: 200 * 1024 * 1024,
    allowedMimeTypes: [
      'application/json',
      'text/csv',
      'text/plain',
      'application/vnd.ms-excel',
      'application/octet-stream',
    ],
  });
  await storage.ensureBucket({
    id: EXPORTS_BUCKET,
    name: 'Exported files',
    fileSizeLimit: 200 * 1024 * 1024,
    allowedMimeTypes: ['text/csv'],
  });
}
