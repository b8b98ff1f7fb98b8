/**
 * Long work as jobs (ARCHITECTURE.md "Long work"; docs/decisions/0003-jobs.md).
 *
 * A `ProcessingJob` row (spec s.3) is what users see: status, progress 0..100, log lines, result,
 * error. pg-boss (on PostgreSQL, or on PGlite through its `db.executeSql` seam) delivers the work:
 * it persists the queue, so a job survives a restart, and it hands each job to one worker at a time.
 * A job whose row is already COMPLETED is never run again; handlers must be idempotent because a job
 * whose worker died is delivered again.
 *
 * Dead workers (decision 0038): pg-boss 10 has no heartbeat (its expiry, 30 min, is the only sign of
 * a killed process), so the runner keeps one itself. Every `heartbeatSeconds` each runner writes
 * `processing_job.heartbeat_at` for the jobs it is running and looks for RUNNING jobs whose heartbeat is
 * older than `staleAfterSeconds`: it claims each one in one conditional update (so that of several
 * instances only one acts), marks it interrupted and hands its pg-boss job back to the queue; the next
 * worker resumes it ("Resuming after an interruption"). With the defaults (10 s, 30 s) a killed job is
 * resumed within 40 s plus one polling interval.
 */
import PgBoss from 'pg-boss';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { jobStatuses, type ProcessingJob } from '@tend/contracts';
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

/** One pg-boss queue's depth ({@link JobRunner.queueSizes}). */
export interface QueueSize {
  name: string;
  queued: number;
  active: number;
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
  /**
   * pg-boss's count of each registered job type's jobs: `queued` (waiting for a worker: created or retry) and
   * `active` (held by a worker), through pg-boss's `getQueueSize`; null while the runner is not started.
   */
  queueSizes(): Promise<QueueSize[] | null>;
  start(): Promise<void>;
  /**
   * Stops taking work. By default waits up to 10 s for running jobs, then fails what is left (pg-boss
   * retries it). `abandon: true` stops at once and leaves running jobs exactly as a killed process
   * would: still RUNNING, no failure recorded, no more heartbeats; their results are never written
   * (what the tests of dead-worker recovery use).
   */
  stop(options?: { abandon?: boolean }): Promise<void>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Default seconds between heartbeats (and between looks for dead workers). */
export const HEARTBEAT_SECONDS = 10;
/** Default seconds without a heartbeat after which a RUNNING job's worker is taken for dead. */
export const STALE_AFTER_SECONDS = 30;

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

/**
 * The jobs `ids` (nulls, repeats and unknown ids allowed) as the API shows them, by id, in one query: how a module
 * lists its rows beside their latest job (the ISP queue, issue 19) without reading the job table itself.
 */
export async function findJobsByIds(
  executor: Executor,
  ids: readonly (string | null | undefined)[],
): Promise<Map<string, ProcessingJob>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map();
  const rows = await executor.select().from(processingJobs).where(inArray(processingJobs.id, wanted));
  return new Map(rows.map((row) => [row.id, toProcessingJob(row)]));
}

/**
 * The API's view of a job row. `interrupted` is true when a runner marked the job interrupted, or when
 * it is RUNNING and its last heartbeat (or start) is more than `staleAfterSeconds` old at `now`.
 */
export function toProcessingJob(
  row: typeof processingJobs.$inferSelect,
  staleAfterSeconds = STALE_AFTER_SECONDS,
  now = Date.now(),
): ProcessingJob {
  const lastSign = row.heartbeatAt ?? row.startedAt;
  const silent = lastSign !== null && now - lastSign.getTime() > staleAfterSeconds * 1000;
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
    heartbeatAt: iso(row.heartbeatAt),
    interrupted: row.status === 'RUNNING' && (row.interruptedAt !== null || silent),
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
export interface JobRunnerOptions extends JobTimings {
  database: DatabaseHandle;
  /** Receives pg-boss's errors (the app logs them). */
  onError?: (error: unknown) => void;
}

/** The runner's timings, in seconds. */
export interface JobTimings {
  /** How often idle workers look for work, in seconds (≥ 0.5); default 1. */
  pollingIntervalSeconds?: number;
  /** Seconds between heartbeats of running jobs and looks for dead workers; default 10. */
  heartbeatSeconds?: number;
  /** Seconds without a heartbeat after which a RUNNING job is resumed elsewhere; default 30. */
  staleAfterSeconds?: number;
}

/** The runner's state: its options, the registered handlers and, between `start()` and `stop()`, pg-boss. */
interface RunnerState extends JobRunnerOptions {
  db: Database;
  handlers: Map<string, JobHandler>;
  boss: PgBoss | null;
  /** Ids of the jobs this runner's workers are running now (they get heartbeats). */
  running: Set<string>;
  /** The heartbeat and dead-worker timer, between `start()` and `stop()`. */
  timer: ReturnType<typeof setInterval> | null;
  /** Bumped by every start and stop: a handler that finishes in an older generation writes nothing. */
  generation: number;
}

/** Creates the job runner over `options.database`; jobs run between `start()` and `stop()`. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const state: RunnerState = {
    ...options,
    db: options.database.db,
    handlers: new Map(),
    boss: null,
    running: new Set(),
    timer: null,
    generation: 0,
  };
  return {
    register(jobType, handler) {
      state.handlers.set(jobType, handler);
    },
    jobTypes: () => [...state.handlers.keys()],
    enqueue: (input) => enqueue(state, input),
    getJob: (id) => getJob(state, id),
    listJobs: (listOptions) => listJobs(state, listOptions),
    queueSizes: () => queueSizes(state),
    start: () => start(state),
    stop: (stopOptions) => stop(state, stopOptions),
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
async function getJob(state: RunnerState, id: string): Promise<ProcessingJob | null> {
  const [row] = await state.db.select().from(processingJobs).where(eq(processingJobs.id, id));
  return row ? toProcessingJob(row, staleAfter(state)) : null;
}

const staleAfter = (state: RunnerState) => state.staleAfterSeconds ?? STALE_AFTER_SECONDS;

/** {@link JobRunner.listJobs}: at most `limit` (default 50), newest first. */
async function listJobs(state: RunnerState, { active, limit }: { active?: boolean; limit?: number }) {
  const rows = await state.db
    .select()
    .from(processingJobs)
    .where(active ? inArray(processingJobs.status, ['QUEUED', 'RUNNING']) : undefined)
    .orderBy(desc(processingJobs.createdAt))
    .limit(limit ?? 50);
  return rows.map((row) => toProcessingJob(row, staleAfter(state)));
}

/**
 * {@link JobRunner.queueSizes}: per job type, pg-boss's count of jobs before state `active` (created, retry) and
 * before `completed` (those and active); active is the difference. Two counts per type (pg-boss 10 has no call
 * giving states per queue); the counts of one type are not one snapshot, so `active` is clamped at 0.
 */
async function queueSizes(state: RunnerState): Promise<QueueSize[] | null> {
  const boss = state.boss;
  if (!boss) return null;
  return Promise.all(
    [...state.handlers.keys()].map(async (name) => {
      const queued = await boss.getQueueSize(name, { before: 'active' });
      const notDone = await boss.getQueueSize(name, { before: 'completed' });
      return { name, queued, active: Math.max(0, notDone - queued) };
    }),
  );
}

/**
 * The `processing_job` rows per status (every status, zero included) and, per job type, the rows FAILED at or
 * after `failedSince` (by the row's last recorded time: completion, heartbeat, start or creation). For the
 * diagnostics page (issue 24; decision 0067). One query each.
 */
export async function countJobRows(
  executor: Executor,
  { failedSince }: { failedSince: Date },
): Promise<{
  byStatus: { status: ProcessingJob['status']; count: number }[];
  failedByType: Map<string, number>;
}> {
  const statusRows = await executor
    .select({ status: processingJobs.status, count: sql<number>`count(*)::int` })
    .from(processingJobs)
    .groupBy(processingJobs.status);
  const counted = new Map(statusRows.map((row) => [row.status, Number(row.count)]));
  const lastRecorded = sql`coalesce(${processingJobs.completedAt}, ${processingJobs.heartbeatAt}, ${processingJobs.startedAt}, ${processingJobs.createdAt})`;
  const failedRows = await executor
    .select({ jobType: processingJobs.jobType, count: sql<number>`count(*)::int` })
    .from(processingJobs)
    .where(and(eq(processingJobs.status, 'FAILED'), sql`${lastRecorded} >= ${failedSince.toISOString()}`))
    .groupBy(processingJobs.jobType);
  return {
    byStatus: jobStatuses.map((status) => ({ status, count: counted.get(status) ?? 0 })),
    failedByType: new Map(failedRows.map((row) => [row.jobType, Number(row.count)])),
  };
}

/** {@link JobRunner.start}: pg-boss, one worker per registered job type, then the rows queued meanwhile. */
async function start(state: RunnerState): Promise<void> {
  const boss = new PgBoss(bossOptions(state.database));
  state.boss = boss;
  state.generation += 1;
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
  const every = (state.heartbeatSeconds ?? HEARTBEAT_SECONDS) * 1000;
  state.timer = setInterval(() => {
    heartbeat(state).catch((error: unknown) => state.onError?.(error));
  }, every);
}

/** {@link JobRunner.stop}. */
async function stop(state: RunnerState, options?: { abandon?: boolean }): Promise<void> {
  if (!state.boss) return;
  const stopping = state.boss;
  state.boss = null;
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  if (options?.abandon) {
    // As a killed process: forget the running jobs and never fail them (pg-boss keeps them active).
    state.generation += 1;
    state.running.clear();
    await stopping.stop({ graceful: true, wait: false, close: true, timeout: 2 ** 31 - 1 });
    return;
  }
  await stopping.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
}

/** One beat: the running jobs' heartbeat, then the RUNNING jobs of dead workers back to the queue. */
async function heartbeat(state: RunnerState): Promise<void> {
  const ids = [...state.running];
  if (ids.length)
    await state.db
      .update(processingJobs)
      .set({ heartbeatAt: new Date() })
      .where(and(inArray(processingJobs.id, ids), eq(processingJobs.status, 'RUNNING')));
  await resumeDeadJobs(state);
}

/**
 * Claims every RUNNING job not run here whose last heartbeat (or start) is older than the stale window
 * (one conditional update: a claimed job's heartbeat is fresh again, so no other runner claims it too),
 * marks it interrupted and gives its pg-boss job back to the queue. Returns the ids claimed.
 */
export async function resumeDeadJobs(
  state: Pick<RunnerState, 'db' | 'boss' | 'running' | 'staleAfterSeconds'>,
) {
  const boss = state.boss;
  if (!boss) return [];
  const cutoff = new Date(Date.now() - (state.staleAfterSeconds ?? STALE_AFTER_SECONDS) * 1000);
  const lastSign = sql`coalesce(${processingJobs.heartbeatAt}, ${processingJobs.startedAt}, ${processingJobs.createdAt})`;
  const claimed = await state.db
    .update(processingJobs)
    .set({ heartbeatAt: new Date(), interruptedAt: new Date() })
    .where(
      and(
        eq(processingJobs.status, 'RUNNING'),
        sql`${lastSign} < ${cutoff.toISOString()}`,
        state.running.size ? notInArray(processingJobs.id, [...state.running]) : undefined,
      ),
    )
    .returning({ id: processingJobs.id, jobType: processingJobs.jobType });
  for (const job of claimed) {
    await appendLog(state.db, job.id, 'Interrupted: its worker stopped answering; resuming');
    await requeue(boss, job.jobType, job.id);
  }
  return claimed.map((job) => job.id);
}

/** Puts pg-boss job `id` back in its queue, whatever state the dead worker left it in. */
async function requeue(boss: PgBoss, jobType: string, id: string): Promise<void> {
  const job = await boss.getJobById(jobType, id);
  if (job?.state === 'created' || job?.state === 'retry') return; // already waiting for a worker
  if (job?.state === 'failed') {
    await boss.retry(jobType, id);
    return;
  }
  if (!job || job.state === 'completed') {
    if (job) await boss.deleteJob(jobType, id);
    await boss.send(jobType, { processingJobId: id }, { id });
    return;
  }
  await boss.cancel(jobType, id); // active (or cancelled): cancel, then resume as new
  await boss.resume(jobType, id);
}

/**
 * Runs the job of row `processingJobId` unless it is unknown, has no handler, or has ended (COMPLETED, CANCELLED).
 * A handler's result completes the row; a `JobInputError` fails it for good; any other error fails it and is
 * rethrown, so that pg-boss retries it while attempts remain. While it runs, the job is in `state.running`
 * (heartbeats); a handler that ends after its runner was abandoned writes nothing.
 */
async function run(state: RunnerState, jobType: string, processingJobId: string): Promise<void> {
  const { db } = state;
  const handler = state.handlers.get(jobType);
  const [row] = await db.select().from(processingJobs).where(eq(processingJobs.id, processingJobId));
  if (!row || !handler || row.status === 'COMPLETED' || row.status === 'CANCELLED') return;
  if (row.status === 'RUNNING') await appendLog(db, row.id, 'Resuming after an interruption');
  const generation = state.generation;
  const current = () => state.generation === generation;
  state.running.add(row.id);
  const now = new Date();
  await update(db, row.id, {
    status: 'RUNNING',
    startedAt: row.startedAt ?? now,
    heartbeatAt: now,
    interruptedAt: null,
    error: null,
  });
  try {
    const result = await handler(jobContext(db, row));
    if (current())
      await update(db, row.id, { status: 'COMPLETED', progress: 100, result, completedAt: new Date() });
  } catch (error) {
    if (current()) await recordFailure(db, row.id, error);
    if (!(error instanceof JobInputError)) throw error;
  } finally {
    if (current()) state.running.delete(row.id);
  }
}

/** A handler's error on the row: a `JobInputError` fails it for good, any other awaits pg-boss's retry. */
async function recordFailure(db: Database, id: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof JobInputError) {
    await update(db, id, { status: 'FAILED', error: message, completedAt: new Date() });
    await appendLog(db, id, `Failed: ${message}`);
    return;
  }
  await update(db, id, {
    status: 'FAILED',
    error: 'The job stopped unexpectedly; it will be retried automatically if attempts remain.',
  });
  await appendLog(db, id, 'Failed with an unexpected error');
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
