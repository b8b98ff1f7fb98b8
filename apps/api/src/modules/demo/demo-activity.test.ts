/**
 * The demo agency shows Tend at work (issue 16 item 9; decision 0038): loading it at setup runs the
 * jobs an import runs, through the workflows (location and incident screening, then validation), and
 * the lists the agency home counts have real work in them: open incidents of every severity, far
 * clock-ins to review, mostly READY segments, an overtime week and a budget overage; after validation,
 * one billing export batch and one claim file (an 835) that denies some of its lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_SCREENING_JOB, SEGMENT_VALIDATION_JOB, incidentSeverities } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { systemContext } from '../../platform/http/context.ts';
import { INCIDENT_SCREENING_JOB } from '../screening/incident-screening.service.ts';
import { localDate } from '../shifts/evv-sandata.ts';
import { DEMO_TIME_ZONE } from './demo.service.ts';
import { demoIncidentNotes } from './demo-activity.ts';
import { DEMO_BILLING_JOB, demoDenialCode, runDemoBilling } from './demo-billing.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiver: ReturnType<typeof as>;
const today = localDate(new Date(), DEMO_TIME_ZONE);
const daysAgo = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Waits until no job is queued or running and each of `jobTypes` has completed once. */
async function jobsSettled(jobTypes: string[], timeoutMs = 300_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const jobs = await t.app.deps.jobs.listJobs({ limit: 200 });
    const active = jobs.some((job) => job.status === 'QUEUED' || job.status === 'RUNNING');
    const failed = jobs.find((job) => job.status === 'FAILED');
    if (failed) throw new Error(`job ${failed.jobType} failed: ${failed.error}`);
    const done = jobTypes.every((type) =>
      jobs.some((job) => job.jobType === type && job.status === 'COMPLETED'),
    );
    if (!active && done) return;
    if (Date.now() - started > timeoutMs)
      throw new Error(`jobs not settled: ${JSON.stringify(jobs.map((j) => [j.jobType, j.status]))}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const total = async (who: typeof admin, url: string) => {
  const response = await who({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json<{ total: number }>().total;
};

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiver = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  expect(await t.app.deps.loadDemoAgency(t.app.deps.database, systemContext())).toBe(true);
  await jobsSettled([
    LOCATION_SCREENING_JOB,
    INCIDENT_SCREENING_JOB,
    SEGMENT_VALIDATION_JOB,
    DEMO_BILLING_JOB,
    'claim-import',
  ]);
}, 360_000);
afterAll(() => t.close());

describe('the demo agency at work', () => {
  it('ran the screenings over every shift through the workflow, then validation', async () => {
    const jobs = await t.app.deps.jobs.listJobs({ limit: 200 });
    for (const jobType of [LOCATION_SCREENING_JOB, INCIDENT_SCREENING_JOB])
      expect(jobs.find((job) => job.jobType === jobType)?.metadata).toMatchObject({
        scope: 'all',
        afterDemoLoad: true,
      });
    expect(jobs.filter((job) => job.jobType === SEGMENT_VALIDATION_JOB).length).toBeGreaterThan(0);
  });

  it('has open incidents of every severity from its shift notes', async () => {
    expect(demoIncidentNotes.map((note) => note.severity).sort()).toEqual([...incidentSeverities].sort());
    for (const severity of incidentSeverities)
      expect(await total(admin, `/api/incidents?severity=${severity}&pageSize=1`), severity).toBeGreaterThan(
        0,
      );
    expect((await caregiver({ method: 'GET', url: '/api/incidents' })).statusCode).toBe(403);
  });

  it('has a handful of far clock-ins to review', async () => {
    const far = await total(admin, '/api/suspicious-locations?reviewed=false&pageSize=1');
    expect(far).toBeGreaterThanOrEqual(3);
    expect((await caregiver({ method: 'GET', url: '/api/suspicious-locations' })).statusCode).toBe(403);
  });

  it('has mostly READY segments: billing rules, notes and budgets in place', async () => {
    const range = `from=${daysAgo(60)}&to=${today}&pageSize=1`;
    const ready = await total(admin, `/api/segments?${range}&status=READY`);
    const notReady = await total(admin, `/api/segments?${range}&status=NOT_READY`);
    expect(ready).toBeGreaterThan(notReady);
    expect(notReady).toBeGreaterThan(0);
    expect((await caregiver({ method: 'GET', url: `/api/segments?${range}` })).statusCode).toBe(403);
  });

  it('has an overtime week and a budget overage', async () => {
    expect(
      await total(admin, `/api/caregiver-hours?from=${daysAgo(21)}&to=${today}&overtimeOnly=true`),
    ).toBeGreaterThan(0);
    expect(await total(admin, '/api/budget-overages?flag=overage')).toBeGreaterThan(0);
    expect((await caregiver({ method: 'GET', url: '/api/budget-overages' })).statusCode).toBe(403);
  });

  it('billed one week after validation: one export batch, one claim file with denials', async () => {
    const jobs = await t.app.deps.jobs.listJobs({ limit: 200 });
    const validation = jobs.find(
      (job) => job.jobType === SEGMENT_VALIDATION_JOB && job.metadata?.afterDemoLoad,
    );
    const billing = jobs.filter((job) => job.jobType === DEMO_BILLING_JOB);
    expect(billing).toHaveLength(1);
    expect(billing[0]?.metadata).toEqual({ afterValidationJobId: validation?.id });

    const batches = await admin({ method: 'GET', url: '/api/billing-exports' });
    expect(batches.statusCode).toBe(200);
    const {
      items: [batch],
      total: batchCount,
    } = batches.json<{ items: { id: string; rowCount: number }[]; total: number }>();
    expect(batchCount).toBe(1);
    expect(batch?.rowCount).toBeGreaterThan(15);
    expect((await caregiver({ method: 'GET', url: '/api/billing-exports' })).statusCode).toBe(403);

    const imports = await admin({ method: 'GET', url: '/api/claim-imports' });
    expect(imports.statusCode).toBe(200);
    expect(imports.json<{ total: number }>().total).toBe(1);
    const denied = await admin({ method: 'GET', url: '/api/exprs-records?claimStatus=denied&pageSize=100' });
    const deniedLines = denied.json<{
      items: {
        denialReason: string | null;
        matchStatus: string;
        billingItem: { exportBatchId: string } | null;
      }[];
      total: number;
    }>();
    const expected = Array.from({ length: batch?.rowCount ?? 0 }, (_, i) => demoDenialCode(i)).filter(
      Boolean,
    );
    expect(deniedLines.total).toBe(expected.length);
    expect(deniedLines.items.map((line) => line.denialReason?.slice(0, 5)).sort()).toEqual(
      expected.map((code) => `CO-${code}`).sort(),
    );
    for (const line of deniedLines.items) expect(line.billingItem?.exportBatchId).toBe(batch?.id);
    expect(await total(admin, '/api/exprs-records?claimStatus=paid&pageSize=1')).toBe(
      (batch?.rowCount ?? 0) - expected.length,
    );
    expect((await caregiver({ method: 'GET', url: '/api/exprs-records' })).statusCode).toBe(403);
  });

  it('bills nothing twice when its billing job runs again (a redelivered job)', async () => {
    const { jobs } = t.app.deps;
    const [first] = (await jobs.listJobs({ limit: 200 })).filter((job) => job.jobType === DEMO_BILLING_JOB);
    const log: string[] = [];
    const again = await runDemoBilling(
      {
        db: t.app.deps.database.db,
        storage: t.app.deps.storage,
        jobs,
        agencyTimeZone: 'America/Los_Angeles',
      },
      {
        jobId: first?.id as string,
        metadata: {},
        csvFileId: null,
        triggeredBy: null,
        progress: async () => undefined,
        log: async (message) => void log.push(message),
      },
    );
    expect(again.exportBatchId).toBe(first?.result?.exportBatchId);
    expect(again.claimFileId).toBeNull();
    expect(await total(admin, '/api/billing-exports')).toBe(1);
    expect(await total(admin, '/api/claim-imports')).toBe(1);
  });
});
