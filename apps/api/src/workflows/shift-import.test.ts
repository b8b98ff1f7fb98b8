/**
 * The shift import workflow end to end, with job workers on: an import that created shifts is followed
 * by the location and incident screenings and then by validation of the import's dates, each a job
 * that completes; each step run again changes nothing; an import that changed nothing is not followed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, createTestApp, signInAs, type TestApp } from '../../test/helpers.ts';
import { importShiftsFile, sandataExampleText, waitForFollowUps } from '../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let importJobId: string;
let csvFileId: string;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
});
afterAll(() => t.close());

describe('shift import workflow', () => {
  it("runs import → location and incident screening → validation of the import's dates", async () => {
    const imported = await importShiftsFile(admin, sandataExampleText);
    expect(imported.status, imported.error).toBe('COMPLETED');
    expect(imported.result.created).toBeGreaterThan(0);
    importJobId = imported.id;
    csvFileId = imported.csvFileId;

    const jobs = await waitForFollowUps(t, importJobId, 3);
    expect(jobs.map((job) => [job.jobType, job.status, job.progress])).toEqual([
      ['location-screening', 'COMPLETED', 100],
      ['incident-screening', 'COMPLETED', 100],
      ['segment-validation', 'COMPLETED', 100],
    ]);
    const segments = await t.database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from shift_segment g join shift s on s.id = g.shift_id
      where s.csv_file_id = ${csvFileId}::uuid`);
    expect(segments.rows[0]?.count).toBeGreaterThan(0);
    expect(jobs[2]?.result).toMatchObject({ segments: segments.rows[0]?.count });
    expect(jobs[0]?.result).toMatchObject({ shiftsScreened: 2 });
  });

  it('changes nothing when a step runs again, and the chain follows it again', async () => {
    const again = await t.app.deps.jobs.enqueue({
      jobType: 'location-screening',
      metadata: { afterImportJobId: importJobId },
    });
    const incidents = await t.app.deps.jobs.enqueue({
      jobType: 'incident-screening',
      metadata: { afterImportJobId: importJobId },
    });
    const jobs = await waitForFollowUps(t, importJobId, 6);
    const rerun = (id: string) => jobs.find((job) => job.id === id);
    expect(rerun(again.id)).toMatchObject({
      status: 'COMPLETED',
      result: { findingsCreated: 0, findingsUpdated: 0, findingsRemoved: 0 },
    });
    expect(rerun(incidents.id)).toMatchObject({ status: 'COMPLETED', result: { changed: 0 } });
    const validations = jobs.filter((job) => job.jobType === 'segment-validation');
    expect(validations).toHaveLength(2);
    expect(validations[1]).toMatchObject({ status: 'COMPLETED', result: { changed: 0, driftChanged: 0 } });
    expect(validations[1]?.result?.segments).toBe(validations[0]?.result?.segments);
  });

  it('does not follow an import that changed nothing', async () => {
    const repeated = await importShiftsFile(admin, sandataExampleText);
    expect(repeated.status, repeated.error).toBe('COMPLETED');
    expect(repeated.result).toMatchObject({ created: 0, updated: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const jobs = await t.app.deps.jobs.listJobs({ limit: 200 });
    expect(jobs.filter((job) => job.metadata?.afterImportJobId === repeated.id)).toEqual([]);
  });
});
