/**
 * A campaign whose sending worker dies mid-way (its process killed while the SMTP server holds a message) is resumed
 * by another instance on the same database, and nobody gets two emails (issue 20 "resumable after a crash or restart
 * without sending anyone a second email"; docs/campaigns.md). Real SMTP (an in-process server counting every message
 * per recipient), two app instances, the job runner's dead-worker recovery with short windows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import type { EmailCampaign, EmailCampaignRecipient } from '@tend/contracts';
import type { JobTimings } from '../../platform/jobs/jobs.service.ts';
import { outboxMessages } from '../../platform/messaging/outbox.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { startCountingSmtpServer, type CountingSmtpServer } from './campaign-smtp.test-support.ts';

const timings: JobTimings = { heartbeatSeconds: 1, staleAfterSeconds: 3, pollingIntervalSeconds: 0.5 };
const RECIPIENTS = 6;
const HELD = 3;
let smtp: CountingSmtpServer | undefined;
let first: TestApp | undefined;
let second: TestApp | undefined;

afterAll(async () => {
  smtp?.release();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await first?.app.close();
  await second?.close();
  await smtp?.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 40_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('resumes after the worker is killed mid-send and sends no one a second email', async () => {
  smtp = await startCountingSmtpServer({ holdMessage: HELD });
  const config = {
    mail: { smtpUrl: smtp.url, from: 'Tend <no-reply@localhost>' },
    campaigns: { linkDays: 30, emailsPerMinute: 1000, addressWindowMinutes: 60 },
  };
  first = await createTestApp(config, { jobs: true, jobTimings: timings });
  const admin = as(first, (await signInAs(first, 'ADMIN')).cookie);
  const ids: string[] = [];
  for (let i = 0; i < RECIPIENTS; i += 1) {
    const created = await admin({
      method: 'POST',
      url: '/api/case-managers',
      payload: { name: `Restart ${i}`, county: 'Lane', email: `restart-${i}@example.org` },
    });
    ids.push(created.json<{ id: string }>().id);
  }
  const campaign = (
    await admin({
      method: 'POST',
      url: '/api/email-campaigns',
      payload: { name: 'Restart', subject: 'Hello', recipients: { mode: 'picked', caseManagerIds: ids } },
    })
  ).json<EmailCampaign>();
  expect((await admin({ method: 'POST', url: `/api/email-campaigns/${campaign.id}/send` })).statusCode).toBe(
    200,
  );

  await smtp.reached(HELD); // the worker now waits inside the SMTP call for message 3 …
  await first.app.deps.jobs.stop({ abandon: true }); // … and its process is killed there.
  const midway = (
    await admin({ method: 'GET', url: `/api/email-campaigns/${campaign.id}` })
  ).json<EmailCampaign>();
  expect(midway).toMatchObject({ status: 'IN_PROGRESS', sentCount: HELD - 1 });

  // The restarted server: a second instance on the same database picks the job up and finishes it.
  second = await createTestApp(config, { database: first.database, jobs: true, jobTimings: timings });
  const done = await until(
    async () =>
      (await admin({ method: 'GET', url: `/api/email-campaigns/${campaign.id}` })).json<EmailCampaign>(),
    (read) => read.status !== 'IN_PROGRESS',
  );
  expect(done).toMatchObject({
    status: 'COMPLETED',
    sentCount: RECIPIENTS - 1,
    failedCount: 1,
    pendingCount: 0,
  });

  // Every recipient's address received exactly one message, the held one included (it reached the server once).
  expect(smtp.total()).toBe(RECIPIENTS);
  for (let i = 0; i < RECIPIENTS; i += 1) expect(smtp.received.get(`restart-${i}@example.org`)).toBe(1);
  const recipients = (
    await admin({ method: 'GET', url: `/api/email-campaigns/${campaign.id}/recipients` })
  ).json<{ items: EmailCampaignRecipient[] }>().items;
  const interrupted = recipients.filter((row) => row.status === 'FAILED');
  expect(interrupted).toHaveLength(1);
  expect(interrupted[0]?.error).toMatch(/interrupted by a restart/);
  const rows = await first.database.db
    .select({ key: outboxMessages.idempotencyKey })
    .from(outboxMessages)
    .where(eq(outboxMessages.relatedEntityType, 'email_campaign_recipient'));
  expect(rows).toHaveLength(RECIPIENTS);
  expect(new Set(rows.map((row) => row.key)).size).toBe(RECIPIENTS);
}, 90_000);
