/**
 * Long work as jobs (ARCHITECTURE.md "Long work"; docs/decisions/0003-jobs.md).
 *
 * A `ProcessingJob` row (spec s.3) is what users see: status, progress 0..100, log lines, result,
 * error. pg-boss (on PostgreSQL, or on PGlite through its `db.executeSql` seam) delivers the work:
 * it persists the queue, so a job survives a restart, and it hands each job to one worker at a time.
 * A job whose row is already COMPLETED is never run again; handlers must be idempotent because an
 * expired job (worker died) is delivered again.
 */
import PgBoss from 'pg-boss';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ProcessingJob } from '@tend/contracts';
import type { Database, DatabaseHandle, Executor } from '../db/client.ts';
import { processingJobs } from './jobs.table.ts';

export interface JobContext {
  readonly jobId: string;
  readonly metadata: Record<string, unknown>;
  readonly csvFileId: string | null;
  readonly triggeredBy: string | null;
  /** Records progress (0..100, clamped) and optionally a log line. Ids and counts only: no PHI. */
  progress(percent: number, message?: string): Promise<void>;
  log(message: string): Promise<void>;
}

/** A job handler returns the result summary stored on the row (ids and counts only). */
export type JobHandler = (ctx: JobContext) => Promise<Record<string, unknown>>;

/** Thrown by a handler when the input itself is bad: the job FAILS at once, without retries. */
export class JobInputError extends Error {
  override name = 'JobInputError';
}

export interface EnqueueInput {
  jobType: string;
  metadata?: Record<string, unknown>;
  csvFileId?: string | null;
  triggeredBy?: string | null;
}

export interface JobRunner {
  /** Registers a handler; call before `start()`. */
  register(jobType: string, handler: JobHandler): void;
  /** The job types with a registered handler, in registration order. */
  jobTypes(): string[];
  /** Creates the ProcessingJob row (QUEUED) and queues it. */
  enqueue(input: EnqueueInput): Promise<ProcessingJob>;
  getJob(id: string): Promise<ProcessingJob | null>;
  /** Recent jobs, newest first; `active` keeps only QUEUED and RUNNING. */
  listJobs(options: { active?: boolean; limit?: number }): Promise<ProcessingJob[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The imported file a job worked on (`processing_job.csv_file_id`), or null when the job is unknown or
 * had no file: how a follow-up step finds what an import touched (workflows/shift-import.ts).
 */
export async function findJobCsvFileId(executor: Executor, jobId: string): Promise<string | null> {
  const [row] = await executor
    .select({ csvFileId: processingJobs.csvFileId })
    .from(processingJobs)
    .where(eq(processingJobs.id, jobId));
  return row?.csvFileId ?? null;
}

export function toProcessingJob(row: typeof processingJobs.$inferSelect): ProcessingJob {
  return {
    id: row.id,
    jobType: row.jobType,
    status: row.status,
    progress: row.progress,
    log: row.log,
    error: row.error,
    result: row.result ?? null,
    metadata: row.metadata ?? null,
    csvFileId: row.csvFileId,
    triggeredBy: row.triggeredBy,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

function bossOptions(database: DatabaseHandle): PgBoss.ConstructorOptions {
  const common = {
    schema: 'pgboss',
    expireInMinutes: 30,
    retryLimit: 2,
    retryDelay: 5,
    supervise: true,
    schedule: false,
  } as const;
  if (database.kind === 'postgres' && database.url)
    return { ...common, connectionString: database.url, max: 3 };
  const lite = database.pglite;
  if (!lite) throw new Error('a PGlite database handle is required for jobs on the embedded engine');
  return {
    ...common,
    db: {
      // PGlite: query() takes one statement with parameters, exec() many without (STACK-NOTES).
      executeSql: async (text, values) => {
        if (values?.length) return lite.query(text, values);
        const results = await lite.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
  };
}

/** Creates the job runner. `pollingIntervalSeconds` (≥ 0.5) is how often idle workers look for work. */
export function createJobRunner(
  database: DatabaseHandle,
  options: { pollingIntervalSeconds?: number; onError?: (error: unknown) => void } = {},
): JobRunner {
  const db: Database = database.db;
  const handlers = new Map<string, JobHandler>();
  let boss: PgBoss | null = null;

  async function update(id: string, values: Partial<typeof processingJobs.$inferInsert>) {
    await db.update(processingJobs).set(values).where(eq(processingJobs.id, id));
  }
  async function appendLog(id: string, message: string) {
    const line = `${new Date().toISOString()} ${message}`;
    await db
      .update(processingJobs)
      .set({ log: sql`${processingJobs.log} || ${JSON.stringify([line])}::jsonb` })
      .where(eq(processingJobs.id, id));
  }

  async function run(jobType: string, processingJobId: string): Promise<void> {
    const handler = handlers.get(jobType);
    const [row] = await db.select().from(processingJobs).where(eq(processingJobs.id, processingJobId));
    if (!row || !handler || row.status === 'COMPLETED' || row.status === 'CANCELLED') return;
    if (row.status === 'RUNNING') await appendLog(row.id, 'Resuming after an interruption');
    await update(row.id, { status: 'RUNNING', startedAt: row.startedAt ?? new Date(), error: null });
    let lastProgress = row.progress;
    const ctx: JobContext = {
      jobId: row.id,
      metadata: row.metadata ?? {},
      csvFileId: row.csvFileId,
      triggeredBy: row.triggeredBy,
      progress: async (percent, message) => {
        const clamped = Math.max(0, Math.min(100, Math.round(percent)));
        if (clamped !== lastProgress) {
          lastProgress = clamped;
          await update(row.id, { progress: clamped });
        }
        if (message) await appendLog(row.id, message);
      },
      log: (message) => appendLog(row.id, message),
    };
    try {
      const result = await handler(ctx);
      await update(row.id, { status: 'COMPLETED', progress: 100, result, completedAt: new Date() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof JobInputError) {
        await update(row.id, { status: 'FAILED', error: message, completedAt: new Date() });
        await appendLog(row.id, `Failed: ${message}`);
        return;
      }
      await update(row.id, {
        status: 'FAILED',
        error: 'The job stopped unexpectedly; it will be retried automatically if attempts remain.',
      });
      await appendLog(row.id, 'Failed with an unexpected error');
      throw error;
    }
  }

  return {
    register(jobType, handler) {
      handlers.set(jobType, handler);
    },
    jobTypes: () => [...handlers.keys()],
    async enqueue({ jobType, metadata, csvFileId, triggeredBy }) {
      if (!handlers.has(jobType)) throw new Error(`No handler registered for job type ${jobType}`);
      const [row] = await db
        .insert(processingJobs)
        .values({
          jobType,
          metadata: metadata ?? {},
          csvFileId: csvFileId ?? null,
          triggeredBy: triggeredBy ?? null,
        })
        .returning();
      if (!row) throw new Error('could not create the job row');
      if (boss) await boss.send(jobType, { processingJobId: row.id }, { id: row.id });
      return toProcessingJob(row);
    },
    async getJob(id) {
      const [row] = await db.select().from(processingJobs).where(eq(processingJobs.id, id));
      return row ? toProcessingJob(row) : null;
    },
    async listJobs({ active, limit }) {
      const rows = await db
        .select()
        .from(processingJobs)
        .where(active ? inArray(processingJobs.status, ['QUEUED', 'RUNNING']) : undefined)
        .orderBy(desc(processingJobs.createdAt))
        .limit(limit ?? 50);
      return rows.map(toProcessingJob);
    },
    async start() {
      boss = new PgBoss(bossOptions(database));
      boss.on('error', (error) => options.onError?.(error));
      await boss.start();
      for (const jobType of handlers.keys()) {
        await boss.createQueue(jobType);
        await boss.work<{ processingJobId: string }>(
          jobType,
          { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
          async ([job]) => {
            if (job) await run(jobType, job.data.processingJobId);
          },
        );
      }
      // Rows queued while no runner was up (e.g. enqueued before start) are handed to pg-boss now.
      const waiting = await db
        .select({ id: processingJobs.id, jobType: processingJobs.jobType })
        .from(processingJobs)
        .where(and(eq(processingJobs.status, 'QUEUED')));
      for (const job of waiting) {
        if (handlers.has(job.jobType))
          await boss.send(job.jobType, { processingJobId: job.id }, { id: job.id });
      }
    },
    async stop() {
      if (!boss) return;
      const stopping = boss;
      boss = null;
      await stopping.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
    },
  };
}
