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

/** Options of {@link createJobRunner}. */
export interface JobRunnerOptions {
  database: DatabaseHandle;
  /** How often idle workers look for work, in seconds (≥ 0.5); default 1. */
  pollingIntervalSeconds?: number;
  /** Receives pg-boss's errors (the app logs them). */
  onError?: (error: unknown) => void;
}

/** The runner's state: its options, the registered handlers and, between `start()` and `stop()`, pg-boss. */
interface RunnerState extends JobRunnerOptions {
  db: Database;
  handlers: Map<string, JobHandler>;
  boss: PgBoss | null;
}

/** Creates the job runner over `options.database`; jobs run between `start()` and `stop()`. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const state: RunnerState = { ...options, db: options.database.db, handlers: new Map(), boss: null };
  return {
    register(jobType, handler) {
      state.handlers.set(jobType, handler);
    },
    jobTypes: () => [...state.handlers.keys()],
    enqueue: (input) => enqueue(state, input),
    getJob: (id) => getJob(state.db, id),
    listJobs: (listOptions) => listJobs(state.db, listOptions),
    start: () => start(state),
    stop: () => stop(state),
  };
}

/** {@link JobRunner.enqueue}: the row, then (once started) the pg-boss job with the row's id. */
async function enqueue(state: RunnerState, { jobType, metadata, csvFileId, triggeredBy }: EnqueueInput) {
  if (!state.handlers.has(jobType)) throw new Error(`No handler registered for job type ${jobType}`);
  const [row] = await state.db
    .insert(processingJobs)
    .values({
      jobType,
      metadata: metadata ?? {},
      csvFileId: csvFileId ?? null,
      triggeredBy: triggeredBy ?? null,
    })
    .returning();
  if (!row) throw new Error('could not create the job row');
  if (state.boss) await state.boss.send(jobType, { processingJobId: row.id }, { id: row.id });
  return toProcessingJob(row);
}

/** {@link JobRunner.getJob}. */
async function getJob(db: Database, id: string): Promise<ProcessingJob | null> {
  const [row] = await db.select().from(processingJobs).where(eq(processingJobs.id, id));
  return row ? toProcessingJob(row) : null;
}

/** {@link JobRunner.listJobs}: at most `limit` (default 50), newest first. */
async function listJobs(db: Database, { active, limit }: { active?: boolean; limit?: number }) {
  const rows = await db
    .select()
    .from(processingJobs)
    .where(active ? inArray(processingJobs.status, ['QUEUED', 'RUNNING']) : undefined)
    .orderBy(desc(processingJobs.createdAt))
    .limit(limit ?? 50);
  return rows.map(toProcessingJob);
}

/** {@link JobRunner.start}: pg-boss, one worker per registered job type, then the rows queued meanwhile. */
async function start(state: RunnerState): Promise<void> {
  const boss = new PgBoss(bossOptions(state.database));
  state.boss = boss;
  boss.on('error', (error) => state.onError?.(error));
  await boss.start();
  for (const jobType of state.handlers.keys()) {
    await boss.createQueue(jobType);
    await boss.work<{ processingJobId: string }>(
      jobType,
      { batchSize: 1, pollingIntervalSeconds: state.pollingIntervalSeconds ?? 1 },
      async ([job]) => {
        if (job) await run(state, jobType, job.data.processingJobId);
      },
    );
  }
  // Rows queued while no runner was up (e.g. enqueued before start) are handed to pg-boss now.
  const waiting = await state.db
    .select({ id: processingJobs.id, jobType: processingJobs.jobType })
    .from(processingJobs)
    .where(and(eq(processingJobs.status, 'QUEUED')));
  for (const job of waiting) {
    if (state.handlers.has(job.jobType))
      await boss.send(job.jobType, { processingJobId: job.id }, { id: job.id });
  }
}

/** {@link JobRunner.stop}: waits up to 10 s for running jobs. */
async function stop(state: RunnerState): Promise<void> {
  if (!state.boss) return;
  const stopping = state.boss;
  state.boss = null;
  await stopping.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
}

/**
 * Runs the job of row `processingJobId` unless it is unknown, has no handler, or has ended (COMPLETED, CANCELLED).
 * A handler's result completes the row; a `JobInputError` fails it for good; any other error fails it and is
 * rethrown, so that pg-boss retries it while attempts remain.
 */
async function run(state: RunnerState, jobType: string, processingJobId: string): Promise<void> {
  const { db } = state;
  const handler = state.handlers.get(jobType);
  const [row] = await db.select().from(processingJobs).where(eq(processingJobs.id, processingJobId));
  if (!row || !handler || row.status === 'COMPLETED' || row.status === 'CANCELLED') return;
  if (row.status === 'RUNNING') await appendLog(db, row.id, 'Resuming after an interruption');
  await update(db, row.id, { status: 'RUNNING', startedAt: row.startedAt ?? new Date(), error: null });
  try {
    const result = await handler(jobContext(db, row));
    await update(db, row.id, { status: 'COMPLETED', progress: 100, result, completedAt: new Date() });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof JobInputError) {
      await update(db, row.id, { status: 'FAILED', error: message, completedAt: new Date() });
      await appendLog(db, row.id, `Failed: ${message}`);
      return;
    }
    await update(db, row.id, {
      status: 'FAILED',
      error: 'The job stopped unexpectedly; it will be retried automatically if attempts remain.',
    });
    await appendLog(db, row.id, 'Failed with an unexpected error');
    throw error;
  }
}

/** The handler's view of job `row`: its inputs, and progress and log lines written to the row. */
function jobContext(db: Database, row: typeof processingJobs.$inferSelect): JobContext {
  let lastProgress = row.progress;
  return {
    jobId: row.id,
    metadata: row.metadata ?? {},
    csvFileId: row.csvFileId,
    triggeredBy: row.triggeredBy,
    progress: async (percent, message) => {
      const clamped = Math.max(0, Math.min(100, Math.round(percent)));
      if (clamped !== lastProgress) {
        lastProgress = clamped;
        await update(db, row.id, { progress: clamped });
      }
      if (message) await appendLog(db, row.id, message);
    },
    log: (message) => appendLog(db, row.id, message),
  };
}

async function update(db: Database, id: string, values: Partial<typeof processingJobs.$inferInsert>) {
  await db.update(processingJobs).set(values).where(eq(processingJobs.id, id));
}

/** Appends `message` to the row's log, prefixed with the time (ISO-8601). */
async function appendLog(db: Database, id: string, message: string) {
  const line = `${new Date().toISOString()} ${message}`;
  await db
    .update(processingJobs)
    .set({ log: sql`${processingJobs.log} || ${JSON.stringify([line])}::jsonb` })
    .where(eq(processingJobs.id, id));
}
