/**
 * The recurring matchmaking jobs (issue 22; decision 0060): profile-completion reminders, the no-reply auto-decline
 * and pre-match retention. The job runner keeps pg-boss's own scheduler off (`schedule: false`, decision 0003), so a
 * timer in each API process queues each of them every `sweepMinutes` (config MATCHMAKING_SWEEP_MINUTES, default 60;
 * 0: never), the first one interval after start, unless a run of that type is already QUEUED or RUNNING. Two
 * processes may each queue one in the same minute: the jobs are idempotent (conditional updates), so a second run
 * finds nothing to do. Each run is an ordinary `processing_job` row (its counts in the result, an audit event).
 */
import type { JobRunner } from '../../../platform/jobs/jobs.service.ts';

/** Queues each of `jobTypes` unless one of its runs is waiting or running; resolves the types queued. */
export async function queueSweeps(
  jobs: Pick<JobRunner, 'enqueue' | 'listJobs'>,
  jobTypes: readonly string[],
): Promise<string[]> {
  const active = new Set((await jobs.listJobs({ active: true, limit: 200 })).map((job) => job.jobType));
  const queued: string[] = [];
  for (const jobType of jobTypes) {
    if (active.has(jobType)) continue;
    await jobs.enqueue({ jobType, metadata: { scheduled: true } });
    queued.push(jobType);
  }
  return queued;
}

/**
 * Starts the timer (see the file comment); resolves a function that stops it. `onError` gets a failed queueing (the
 * next tick tries again).
 */
export function startSweeps(
  jobs: Pick<JobRunner, 'enqueue' | 'listJobs'>,
  options: { jobTypes: readonly string[]; everyMinutes: number; onError: (error: unknown) => void },
): () => void {
  if (options.everyMinutes <= 0) return () => undefined;
  const timer = setInterval(() => {
    queueSweeps(jobs, options.jobTypes).catch(options.onError);
  }, options.everyMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
