import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { JobInputError } from './jobs.service.ts';

let t: TestApp;
let runs = 0;

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      jobs: true,
      beforeReady: (app) => {
        app.deps.jobs.register('test-count', async (ctx) => {
          runs += 1;
          const total = Number(ctx.metadata.total ?? 4);
          for (let i = 1; i <= total; i += 1) await ctx.progress((i / total) * 100, `step ${i} of ${total}`);
          return { steps: total };
        });
        app.deps.jobs.register('test-bad-input', async () => {
          throw new JobInputError('The file is not valid JSON');
        });
      },
    },
  );
});
afterAll(() => t.close());

describe('job runner', () => {
  it('runs a job to completion with progress, log and result', async () => {
    const job = await t.app.deps.jobs.enqueue({ jobType: 'test-count', metadata: { total: 4 } });
    expect(job.status).toBe('QUEUED');
    const done = await waitFor(
      () => t.app.deps.jobs.getJob(job.id),
      (j) => j?.status === 'COMPLETED',
    );
    expect(done?.progress).toBe(100);
    expect(done?.result).toEqual({ steps: 4 });
    expect(done?.log.some((line) => line.endsWith('step 4 of 4'))).toBe(true);
    expect(done?.startedAt).toBeTruthy();
    expect(done?.completedAt).toBeTruthy();
  });

  it('fails a job with bad input at once, with the reason', async () => {
    const job = await t.app.deps.jobs.enqueue({ jobType: 'test-bad-input' });
    const failed = await waitFor(
      () => t.app.deps.jobs.getJob(job.id),
      (j) => j?.status === 'FAILED',
    );
    expect(failed?.error).toBe('The file is not valid JSON');
  });

  it('never runs a completed job again, even when it is queued twice', async () => {
    const job = await t.app.deps.jobs.enqueue({ jobType: 'test-count', metadata: { total: 1 } });
    await waitFor(
      () => t.app.deps.jobs.getJob(job.id),
      (j) => j?.status === 'COMPLETED',
    );
    const before = runs;
    // A restart re-queues every QUEUED row; a COMPLETED one must stay untouched.
    await t.app.deps.jobs.stop();
    await t.app.deps.jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toBe(before);
    expect((await t.app.deps.jobs.getJob(job.id))?.status).toBe('COMPLETED');
  });

  it('serves job progress to admins only', async () => {
    const job = await t.app.deps.jobs.enqueue({ jobType: 'test-count', metadata: { total: 1 } });
    const admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    const guardian = as(t, (await signInAs(t, 'GUARDIAN')).cookie);
    const read = await admin({ method: 'GET', url: `/api/jobs/${job.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(job.id);
    expect((await admin({ method: 'GET', url: '/api/jobs' })).json().items.length).toBeGreaterThan(0);
    expect((await guardian({ method: 'GET', url: `/api/jobs/${job.id}` })).statusCode).toBe(403);
    expect((await as(t, null)({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(401);
    expect(
      (await admin({ method: 'GET', url: '/api/jobs/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });
});
