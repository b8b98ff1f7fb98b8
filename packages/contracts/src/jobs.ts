/** ProcessingJob (spec s.3) as the API returns it; `progress` is 0..100. */
import { z } from 'zod';
import { jobStatus } from './enums.ts';

export const processingJob = z.object({
  id: z.uuid(),
  jobType: z.string(),
  status: jobStatus,
  progress: z.number().int().min(0).max(100),
  log: z.array(z.string()),
  error: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  csvFileId: z.uuid().nullable(),
  triggeredBy: z.uuid().nullable(),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ProcessingJob = z.infer<typeof processingJob>;
export const processingJobList = z.object({ items: z.array(processingJob) });
