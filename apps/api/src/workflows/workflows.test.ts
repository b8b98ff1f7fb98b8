/**
 * Each workflow's subscriptions through the real app (`buildApp`, job workers off): publishing an
 * event queues the next jobs with the metadata the handlers and the web read. The jobs themselves run
 * in shift-import.test.ts and in the modules' tests.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { workflows } from './index.ts';
import {
  budgetsImported,
  locationsScreened,
  segmentsMayHaveChanged,
  segmentsValidated,
  shiftNotesImported,
  demoAgencyLoaded,
  shiftsImported,
  workflowEvents,
  messageSent,
} from './events.ts';

let t: TestApp;
/** Ids of the jobs enqueued since the last reset, in the order the workflows enqueued them. */
let enqueuedIds: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // Jobs enqueued within one clock tick share `created_at` (PGlite's clock is coarse), so the list's
  // newest-first order cannot tell their order apart: record it where it happens.
  const { jobs } = t.app.deps;
  const enqueue = jobs.enqueue.bind(jobs);
  jobs.enqueue = async (input) => {
    const job = await enqueue(input);
    enqueuedIds.push(job.id);
    return job;
  };
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from processing_job`);
  enqueuedIds = [];
});

/** The queued jobs as stored, in the order they were enqueued, as `{ jobType, status, metadata }`. */
async function queued() {
  const jobs = await t.app.deps.jobs.listJobs({ limit: 200 });
  const position = (id: string) => enqueuedIds.indexOf(id);
  return jobs
    .sort((a, b) => position(a.id) - position(b.id))
    .map((job) => ({ jobType: job.jobType, status: job.status, metadata: job.metadata }));
}

describe('composition', () => {
  it('subscribes a workflow to every event of the catalog', () => {
    expect(workflows.length).toBeGreaterThan(0);
    for (const event of workflowEvents)
      expect(t.app.deps.events.subscriberCount(event), event.name).toBeGreaterThan(0);
  });
});

describe('shift import workflow', () => {
  it('queues the location screening, then the incident screening, of the import', async () => {
    const importJobId = randomUUID();
    await t.app.deps.events.publish(shiftsImported, { importJobId });
    expect(await queued()).toEqual([
      { jobType: 'location-screening', status: 'QUEUED', metadata: { afterImportJobId: importJobId } },
      { jobType: 'incident-screening', status: 'QUEUED', metadata: { afterImportJobId: importJobId } },
    ]);
  });

  it("queues validation of the import's dates after its location screening, changed findings or not", async () => {
    const importJobId = randomUUID();
    await t.app.deps.events.publish(locationsScreened, {
      afterImportJobId: importJobId,
      findingsChanged: true,
    });
    await t.app.deps.events.publish(locationsScreened, {
      afterImportJobId: importJobId,
      findingsChanged: false,
    });
    expect(await queued()).toEqual([
      { jobType: 'segment-validation', status: 'QUEUED', metadata: { afterImportJobId: importJobId } },
      { jobType: 'segment-validation', status: 'QUEUED', metadata: { afterImportJobId: importJobId } },
    ]);
  });
});

describe('segment validation workflow', () => {
  it('queues validation of a range, an open-ended range, or every date', async () => {
    await t.app.deps.events.publish(segmentsMayHaveChanged, { from: '2026-01-01', to: '2026-01-31' });
    await t.app.deps.events.publish(segmentsMayHaveChanged, { from: '2026-02-01', to: null });
    await t.app.deps.events.publish(segmentsMayHaveChanged, 'all');
    expect(await queued()).toEqual([
      { jobType: 'segment-validation', status: 'QUEUED', metadata: { from: '2026-01-01', to: '2026-01-31' } },
      { jobType: 'segment-validation', status: 'QUEUED', metadata: { from: '2026-02-01', to: null } },
      { jobType: 'segment-validation', status: 'QUEUED', metadata: { scope: 'all' } },
    ]);
  });

  it('queues validation of every date after an on-demand screening that changed findings, and only then', async () => {
    await t.app.deps.events.publish(locationsScreened, { afterImportJobId: null, findingsChanged: false });
    expect(await queued()).toEqual([]);
    await t.app.deps.events.publish(locationsScreened, { afterImportJobId: null, findingsChanged: true });
    expect(await queued()).toEqual([
      { jobType: 'segment-validation', status: 'QUEUED', metadata: { scope: 'all' } },
    ]);
  });
});

describe('shift notes import workflow', () => {
  it('queues the incident screening of the import, then validation of every date', async () => {
    const importJobId = randomUUID();
    await t.app.deps.events.publish(shiftNotesImported, { importJobId });
    expect(await queued()).toEqual([
      { jobType: 'incident-screening', status: 'QUEUED', metadata: { afterImportJobId: importJobId } },
      { jobType: 'segment-validation', status: 'QUEUED', metadata: { scope: 'all' } },
    ]);
  });
});

describe('client prime import workflow', () => {
  it('queues validation of every date', async () => {
    await t.app.deps.events.publish(budgetsImported, { importJobId: randomUUID() });
    expect(await queued()).toEqual([
      { jobType: 'segment-validation', status: 'QUEUED', metadata: { scope: 'all' } },
    ]);
  });
});

describe('demo agency workflow', () => {
  it('screens everything, validates every date after the location screening, then bills once after that validation', async () => {
    await t.app.deps.events.publish(demoAgencyLoaded, { loadedAt: new Date().toISOString() });
    await t.app.deps.events.publish(locationsScreened, {
      afterImportJobId: null,
      afterDemoLoad: true,
      findingsChanged: true,
    });
    const validationJobId = randomUUID();
    await t.app.deps.events.publish(segmentsValidated, { validationJobId, afterDemoLoad: true });
    await t.app.deps.events.publish(segmentsValidated, {
      validationJobId: randomUUID(),
      afterDemoLoad: false,
    });
    expect(await queued()).toEqual([
      { jobType: 'location-screening', status: 'QUEUED', metadata: { scope: 'all', afterDemoLoad: true } },
      { jobType: 'incident-screening', status: 'QUEUED', metadata: { scope: 'all', afterDemoLoad: true } },
      { jobType: 'segment-validation', status: 'QUEUED', metadata: { scope: 'all', afterDemoLoad: true } },
      { jobType: 'demo-billing', status: 'QUEUED', metadata: { afterValidationJobId: validationJobId } },
    ]);
  });
});

describe('conversation notifications workflow', () => {
  it('queues the message-notification job with the message and its recipient', async () => {
    const payload = {
      messageId: randomUUID(),
      conversationId: randomUUID(),
      recipientSide: 'CAREGIVER' as const,
      recipientListingId: randomUUID(),
    };
    await t.app.deps.events.publish(messageSent, payload);
    expect(await queued()).toEqual([
      { jobType: 'message-notification', status: 'QUEUED', metadata: payload },
    ]);
  });
});
