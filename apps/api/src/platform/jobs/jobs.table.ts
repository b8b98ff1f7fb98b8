/**
 * Long-running jobs (spec s.3 ProcessingJob): one row per job with its status, progress and log.
 * Platform-owned (the job engine writes it); an import job points at its uploaded file.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { userAccounts } from '../auth/auth.table.ts';
import { idColumn, timestamps, tstz } from '../db/columns.ts';
import { jobStatusEnum } from '../db/enums.ts';
import { csvFiles } from '../imports/imports.table.ts';

/** A long-running job with progress the user can watch (spec s.3 ProcessingJob; contracts `processingJob`). */
export const processingJobs = pgTable(
  'processing_job',
  {
    id: idColumn(),
    /** What the job does, e.g. `shift-import`, `incident-screening`, `billing-export`. */
    jobType: text('job_type').notNull(),
    status: jobStatusEnum('status').notNull().default('QUEUED'),
    csvFileId: uuid('csv_file_id').references(() => csvFiles.id, { onDelete: 'set null' }),
    /** Storage key of the job's output file, if any. */
    resultPath: text('result_path'),
    /** Human-readable progress lines, oldest first (ids and counts only, no PHI). */
    log: jsonb('log')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text('error'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** Percent done, 0..100. */
    progress: integer('progress').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    startedAt: tstz('started_at'),
    /**
     * Written every few seconds by the worker running the job (decision 0038); a RUNNING job whose
     * heartbeat is older than the runner's stale window has lost its worker (process killed).
     */
    heartbeatAt: tstz('heartbeat_at'),
    /** Set when a runner found the job's worker dead and queued it again; cleared when a worker resumes it. */
    interruptedAt: tstz('interrupted_at'),
    completedAt: tstz('completed_at'),
    /** User account that started the job; null for scheduled jobs. */
    triggeredBy: uuid('triggered_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('processing_job_status_idx').on(t.status),
    index('processing_job_job_type_idx').on(t.jobType, t.createdAt),
    index('processing_job_csv_file_idx').on(t.csvFileId),
    index('processing_job_triggered_by_idx').on(t.triggeredBy),
    check('processing_job_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);
