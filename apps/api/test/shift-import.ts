/**
 * Test support for shift imports: upload a file through the real route and wait for its job.
 * JSON (Sandata OpenEVV) uploads are queued at once; CSV uploads are started with `options`.
 */
import { expect } from 'vitest';
import type { ProcessingJob, ShiftImportOptions } from '@tend/contracts';
import type { as, TestApp } from './helpers.ts';
import { fileUpload } from './multipart.ts';

type Caller = ReturnType<typeof as>;

/** The corpora most import tests use, re-exported beside the import helpers. */
export { blns, sandataExampleText } from './fixtures.ts';

/** Polls a job until it completes or fails (20 s at most). */
export async function waitForJob(caller: Caller, jobId: string) {
  for (let i = 0; i < 400; i += 1) {
    const read = (await caller({ method: 'GET', url: `/api/jobs/${jobId}` })).json();
    if (read.status === 'COMPLETED' || read.status === 'FAILED') return read;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/**
 * The jobs a workflow queued after import `jobId` (metadata `afterImportJobId`; oldest first), once at least
 * `count` of them have finished and none is still running (30 s at most). Tests that read what the
 * screenings and validation write wait for these, so the jobs never race the assertions.
 */
export async function waitForFollowUps(
  testApp: TestApp,
  jobId: string,
  count: number,
): Promise<ProcessingJob[]> {
  for (let i = 0; i < 600; i += 1) {
    const jobs = (await testApp.app.deps.jobs.listJobs({ limit: 200 }))
      .filter((job) => job.metadata?.afterImportJobId === jobId)
      .reverse();
    const finished = jobs.filter((job) => job.status === 'COMPLETED' || job.status === 'FAILED');
    if (finished.length >= count && finished.length === jobs.length) return jobs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the follow-up jobs of import ${jobId} did not finish`);
}

/**
 * Uploads `content` as `name` and runs its import to the end. For a CSV, `options` (the column map)
 * starts the job; the analysis is returned too. Returns the finished job plus `csvFileId`.
 */
export async function importShiftsFile(
  caller: Caller,
  content: string | Buffer,
  name = 'visits.json',
  options?: ShiftImportOptions,
) {
  const type = name.endsWith('.csv') ? 'text/csv' : 'application/json';
  const uploaded = await caller({
    method: 'POST',
    url: '/api/shift-imports',
    ...fileUpload(content, type, name),
  });
  expect([201, 202], uploaded.body).toContain(uploaded.statusCode);
  const body = uploaded.json();
  let jobId: string = body.job?.id;
  if (body.format === 'csv') {
    const started = await caller({
      method: 'POST',
      url: `/api/shift-imports/${body.csvFileId}/start`,
      payload: options ?? { columnMap: body.analysis.suggestedColumnMap },
    });
    expect(started.statusCode, started.body).toBe(202);
    jobId = started.json().job.id;
  }
  const job = await waitForJob(caller, jobId);
  return { ...job, csvFileId: body.csvFileId as string, analysis: body.analysis };
}

/**
 * Uploads a CSV to an import kind's routes (`basePath`, e.g. `/api/shift-note-imports`), starts it with
 * `options` (default: the suggested column map) and waits for its job. Returns the finished job plus
 * `csvFileId` and the upload's analysis.
 */
export async function importCsvFile(
  caller: Caller,
  basePath: string,
  content: string | Buffer,
  name = 'import.csv',
  options?: { columnMap: Record<string, string>; timeZone?: string },
) {
  const uploaded = await caller({ method: 'POST', url: basePath, ...fileUpload(content, 'text/csv', name) });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const body = uploaded.json();
  const started = await caller({
    method: 'POST',
    url: `${basePath}/${body.csvFileId}/start`,
    payload: options ?? { columnMap: body.analysis.suggestedColumnMap },
  });
  expect(started.statusCode, started.body).toBe(202);
  const job = await waitForJob(caller, started.json().job.id);
  return { ...job, csvFileId: body.csvFileId as string, analysis: body.analysis };
}
