/**
 * A job whose worker died (its process killed mid-job) is found by its missing heartbeat and resumed
 * by another worker within the stale window, and the status endpoint says "interrupted" meanwhile
 * (decision 0038). The windows are shortened here (heartbeat 1 s, stale after 3 s); the defaults are
 * 10 s and 30 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessingJob } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { createJobRunner, type JobHandler, type JobTimings } from './jobs.service.ts';

const timings: JobTimings = { heartbeatSeconds: 1, staleAfterSeconds: 3, pollingIntervalSeconds: 0.5 };
let t: TestApp;
let attempts = 0;
let release: () => void = () => undefined;
const firstAttemptHangs = new Promise<void>((resolve) => {
  release = resolve;
});

/** Reports progress 40, then (first attempt only) hangs where the worker will die; then finishes. */
const resumable: JobHandler = async (ctx) => {
  attempts += 1;
  const attempt = attempts;
  await ctx.progress(40, `attempt ${attempt} half way`);
  if (attempt === 1) await firstAttemptHangs;
  await ctx.progress(90, `attempt ${attempt} nearly done`);
  return { finishedBy: attempt };
};

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // The app's runner is the survivor: registered now, started only after the first worker died.
  t = await createTestApp(
    {},
    { jobTimings: timings, beforeReady: (app) => app.deps.jobs.register('test-resumable', resumable) },
  );
});
afterAll(async () => {
  release();
  await t.close();
});

describe('dead-worker recovery', () => {
  it('resumes a job whose worker died mid-job, reporting it interrupted meanwhile', async () => {
    const admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    const status = async () =>
      (await admin({ method: 'GET', url: `/api/jobs/${jobId}` })).json<ProcessingJob>();
    const dying = createJobRunner({ ...timings, database: t.app.deps.database });
    dying.register('test-resumable', resumable);
    await dying.start();
    const jobId = (await dying.enqueue({ jobType: 'test-resumable' })).id;
    const running = await waitFor(status, (job) => job.progress === 40);
    expect(running).toMatchObject({ status: 'RUNNING', interrupted: false });
    expect(running.heartbeatAt).not.toBeNull();

    await dying.stop({ abandon: true }); // the process is killed: no failure recorded, no more heartbeats
    const silent = await waitFor(status, (job) => job.interrupted, 10_000);
    expect(silent).toMatchObject({ status: 'RUNNING', progress: 40 });

    const restarted = Date.now();
    await t.app.deps.jobs.start();
    const done = await waitFor(status, (job) => job.status === 'COMPLETED', 30_000);
    expect(Date.now() - restarted).toBeLessThan(60_000);
    expect(done).toMatchObject({ result: { finishedBy: 2 }, interrupted: false, progress: 100 });
    const log = done.log.join('\n');
    expect(log).toContain('Interrupted: its worker stopped answering; resuming');
    expect(log).toContain('Resuming after an interruption');

    // The dead worker's handler, were it ever to return, writes nothing over the resumed result.
    release();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await status()).toMatchObject({ status: 'COMPLETED', result: { finishedBy: 2 } });
    expect(attempts).toBe(2);
  });

  it('serves the interrupted state to admins only', async () => {
    const caregiver = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
    expect((await caregiver({ method: 'GET', url: '/api/jobs?active=true' })).statusCode).toBe(403);
  });
});
