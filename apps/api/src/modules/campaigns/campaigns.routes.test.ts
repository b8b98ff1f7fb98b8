/**
 * Email campaigns through the API (docs/campaigns.md): create with each recipient mode, preview, send as a job,
 * live counts, skip reasons (archived, no email, duplicate, rate-limited), cancel, the access link each email
 * carries (it opens the case manager's dashboard once), admin only, bad input 400 naming the field.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailCampaign, EmailCampaignRecipient } from '@tend/contracts';
import { outboxMessages } from '../../platform/messaging/outbox.table.ts';
import { as, cookiesOf, createTestApp, signInAs, TEST_ORIGIN, type TestApp } from '../../../test/helpers.ts';
import { waitForJob } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
}, 60_000);
afterAll(() => t.close());

async function caseManager(name: string, email: string | null, county = 'Lane', archived = false) {
  const created = await admin({
    method: 'POST',
    url: '/api/case-managers',
    payload: { name, county, email },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<{ id: string }>();
  if (archived) {
    const response = await admin({
      method: 'POST',
      url: `/api/case-managers/${id}/archive`,
      payload: { archived: true },
    });
    expect(response.statusCode).toBe(200);
  }
  return id;
}

async function finished(id: string): Promise<EmailCampaign> {
  const jobs = await t.app.deps.jobs.listJobs({ limit: 50 });
  const run = jobs.find((job) => job.jobType === 'email-campaign-send' && job.metadata?.campaignId === id);
  if (!run) throw new Error('no sending job');
  const done = await waitForJob(admin, run.id);
  expect(done.status, JSON.stringify(done)).toBe('COMPLETED');
  return (await admin({ method: 'GET', url: `/api/email-campaigns/${id}` })).json<EmailCampaign>();
}

async function recipients(id: string) {
  const response = await admin({ method: 'GET', url: `/api/email-campaigns/${id}/recipients` });
  expect(response.statusCode).toBe(200);
  return response.json<{ items: EmailCampaignRecipient[] }>().items;
}

describe('email campaigns', () => {
  it('sends picked case managers their own link once, skipping the archived, the duplicate and the one without email', async () => {
    const suffix = Date.now().toString(36);
    const ana = await caseManager('Ana Active', `ana-${suffix}@example.org`);
    const ben = await caseManager('Ben Archived', `ben-${suffix}@example.org`, 'Lane', true);
    const cal = await caseManager('Cal Copy', `ANA-${suffix}@example.org`);
    const dee = await caseManager('Dee Noemail', null);
    const created = await admin({
      method: 'POST',
      url: '/api/email-campaigns',
      payload: {
        name: 'Spring check-in',
        subject: 'Your clients in Tend',
        fromEmail: 'agency@example.org',
        fromName: 'Agency Team',
        customMessage: 'Please review <your> clients & reply.',
        recipients: { mode: 'picked', caseManagerIds: [ana, ben, cal, dee] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<EmailCampaign>();
    expect(campaign).toMatchObject({
      status: 'PENDING',
      totalRecipients: 4,
      skippedCount: 3,
      pendingCount: 1,
    });

    const sent = await admin({ method: 'POST', url: `/api/email-campaigns/${campaign.id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'IN_PROGRESS' });
    const again = await admin({ method: 'POST', url: `/api/email-campaigns/${campaign.id}/send` });
    expect(again.statusCode).toBe(409);

    const done = await finished(campaign.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      sentCount: 1,
      skippedCount: 3,
      failedCount: 0,
      pendingCount: 0,
    });
    const rows = await recipients(campaign.id);
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName['Ana Active']).toMatchObject({ status: 'SENT', error: null });
    expect(byName['Ben Archived']).toMatchObject({
      status: 'SKIPPED',
      error: expect.stringMatching(/Archived/),
    });
    expect(byName['Cal Copy']).toMatchObject({
      status: 'SKIPPED',
      error: expect.stringMatching(/Duplicate/),
    });
    expect(byName['Dee Noemail']).toMatchObject({
      status: 'SKIPPED',
      error: expect.stringMatching(/No email/),
    });

    const outbox = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, `ana-${suffix}@example.org`));
    expect(outbox).toHaveLength(1);
    const message = outbox[0];
    expect(message?.fromAddress).toBe('"Agency Team" <agency@example.org>');
    expect(message?.htmlBody).toContain('Please review &lt;your&gt; clients &amp; reply.');
    // The test config stores secrets (OUTBOX_SHOWS_SECRETS): the personal link opens Ana's dashboard, once.
    const token = /token=([A-Za-z0-9_-]+)/.exec(message?.textBody ?? '')?.[1] as string;
    expect(token).toHaveLength(43);
    const open = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/access-link/open',
        headers: { origin: TEST_ORIGIN },
        payload: { token },
      });
    const opened = await open();
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ redirectTo: `/dashboard/case-manager/${ana}` });
    const me = await as(t, cookiesOf(opened))({ method: 'GET', url: '/api/me' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: `ana-${suffix}@example.org`, role: 'USER' });
    const reused = await open();
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors[0].path).toBe('token');

    // A second campaign to the same address within the window: rate-limited.
    const second = await admin({
      method: 'POST',
      url: '/api/email-campaigns',
      payload: { name: 'Follow-up', subject: 'Again', recipients: { mode: 'county', counties: ['lane'] } },
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json<EmailCampaign>().id;
    await admin({ method: 'POST', url: `/api/email-campaigns/${secondId}/send` });
    await finished(secondId);
    const secondRows = await recipients(secondId);
    expect(secondRows.find((row) => row.name === 'Ana Active')).toMatchObject({
      status: 'SKIPPED',
      error: expect.stringMatching(/Rate-limited/),
    });
    expect(secondRows.find((row) => row.name === 'Ben Archived')).toBeUndefined();
  });

  it('previews the email escaped, lists candidates and counties, cancels a pending campaign', async () => {
    const preview = await admin({
      method: 'POST',
      url: '/api/email-campaigns/preview',
      payload: { subject: 'Hello', customMessage: 'Line one\n\n<b>bold</b>', fromName: 'Team' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(preview.json().text).toContain('sample-link');

    const candidates = await admin({ method: 'GET', url: '/api/email-campaigns/candidates' });
    expect(candidates.json().counties).toContain('Lane');
    expect(candidates.json().items.some((item: { archived: boolean }) => item.archived)).toBe(true);

    const cm = await caseManager('Eve Cancel', 'eve@example.org', 'Coos');
    const created = await admin({
      method: 'POST',
      url: '/api/email-campaigns',
      payload: { name: 'Cancel me', subject: 'x', recipients: { mode: 'picked', caseManagerIds: [cm] } },
    });
    const id = created.json<EmailCampaign>().id;
    const cancelled = await admin({ method: 'POST', url: `/api/email-campaigns/${id}/cancel` });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    expect((await admin({ method: 'POST', url: `/api/email-campaigns/${id}/send` })).statusCode).toBe(409);
    expect((await admin({ method: 'POST', url: `/api/email-campaigns/${id}/cancel` })).statusCode).toBe(409);
    const list = await admin({ method: 'GET', url: '/api/email-campaigns' });
    expect(list.json().items.map((item: EmailCampaign) => item.id)).toContain(id);
  });

  it('refuses bad input with the field named, and anyone but an admin', async () => {
    const bad = await admin({
      method: 'POST',
      url: '/api/email-campaigns',
      payload: {
        name: '',
        subject: 'a\nb',
        fromName: 'x"y',
        recipients: { mode: 'picked', caseManagerIds: [] },
      },
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'subject', 'fromName', 'recipients.caseManagerIds']),
    );
    const none = await admin({
      method: 'POST',
      url: '/api/email-campaigns',
      payload: { name: 'Nobody', subject: 'x', recipients: { mode: 'county', counties: ['Nowhere'] } },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].path).toBe('recipients');
    const unknown = await admin({
      method: 'GET',
      url: '/api/email-campaigns/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);

    const user = as(t, (await signInAs(t, 'USER')).cookie);
    expect((await user({ method: 'GET', url: '/api/email-campaigns' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/email-campaigns',
      headers: { origin: TEST_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
