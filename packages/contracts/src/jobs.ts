/** ProcessingJob (spec s.3) as the API returns it; `progress` is 0..100. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idParams } from './common.ts';
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
  /** When the worker running the job last said it was alive (every 10 s while RUNNING); null before. */
  heartbeatAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * True while a RUNNING job has lost its worker (no heartbeat for 30 s, e.g. the process was killed)
   * and waits to be resumed by another worker (decision 0038): "interrupted, resuming".
   */
  interrupted: z.boolean(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ProcessingJob = z.infer<typeof processingJob>;
export const processingJobList = z.object({ items: z.array(processingJob) });

/** `GET /api/jobs`: the most recent jobs (`active=true`: only queued and running ones), up to `limit`. */
export const jobListQuery = z.object({
  active: z.enum(['true', 'false']).default('false'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Jobs (admin only): recent or active jobs, and one job's live progress. */
export const jobsEndpoints = {
  findJobs: defineEndpoint({
    method: 'GET',
    path: '/api/jobs',
    query: jobListQuery,
    response: { 200: processingJobList },
  }),
  getJob: defineEndpoint({
    method: 'GET',
    path: '/api/jobs/:id',
    params: idParams,
    response: { 200: processingJob },
  }),
};
