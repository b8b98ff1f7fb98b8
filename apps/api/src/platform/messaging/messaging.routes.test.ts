import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { eq } from 'drizzle-orm';
import { REDACTED_SECRET } from './messaging.service.ts';
import { startTestSmtpServer, type TestSmtpServer } from './messaging.test-helpers.ts';
import { outboxMessages } from './outbox.table.ts';

describe('GET /api/outbox with the embedded default (no provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists recorded messages newest first, filters by channel, audits the read, and is admin only', async () => {
    await t.app.deps.messaging.sendEmail({
      to: 'case.manager@example.org',
      subject: 'Dashboard access',
      text: 'Your link',
    });
    await t.app.deps.messaging.sendSms({ to: '+15035550100', body: 'Your code is 123456' });
    const admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    const all = (await admin({ method: 'GET', url: '/api/outbox' })).json();
    expect(all.total).toBe(2);
    expect(
      all.items.every(
        (m: { status: string; provider: string }) => m.status === 'recorded' && m.provider === 'outbox',
      ),
    ).toBe(true);
    const sms = (await admin({ method: 'GET', url: '/api/outbox?channel=sms' })).json();
    expect(sms.items).toEqual([
      expect.objectContaining({ toAddress: '+15035550100', textBody: 'Your code is 123456' }),
    ]);
    const audit = (await admin({ method: 'GET', url: '/api/audit-events?action=outbox.list' })).json();
    expect(audit.total).toBeGreaterThanOrEqual(2);
    expect(
      (await as(t, (await signInAs(t, 'USER')).cookie)({ method: 'GET', url: '/api/outbox' })).statusCode,
    ).toBe(403);
    expect((await as(t, null)({ method: 'GET', url: '/api/outbox' })).statusCode).toBe(401);
    expect((await admin({ method: 'GET', url: '/api/outbox?channel=fax' })).statusCode).toBe(400);
  });
});

describe('with SMTP configured', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Tend <tend@example.org>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers through the real SMTP server and records the message as sent', async () => {
    await t.app.deps.messaging.sendEmail({
      to: 'family@example.org',
      subject: 'Welcome to Tend',
      text: 'Hello',
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.mail.subject).toBe('Welcome to Tend');
    expect(smtp.received[0]?.envelope.to).toEqual(['family@example.org']);
    const admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    const page = (await admin({ method: 'GET', url: '/api/outbox' })).json();
    expect(page.items[0]).toMatchObject({
      status: 'sent',
      provider: 'smtp',
      fromAddress: 'Tend <tend@example.org>',
    });
  });
});

describe('one-time secrets in the outbox (issue 17 item 4)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({
      mail: { smtpUrl: smtp.url, from: 'Tend <tend@example.org>' },
      outboxShowsSecrets: false,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends reset and sign-in links by SMTP but stores and lists only a note that one was sent', async () => {
    const { email } = await signInAs(t, 'USER');
    const anonymous = as(t, null);
    const reset = await anonymous({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/confirm' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const magic = await anonymous({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      payload: { email, callbackURL: '/' },
    });
    expect(magic.statusCode, magic.body).toBe(200);
    const sent = smtp.received.filter((mail) => mail.envelope.to.includes(email));
    expect(sent).toHaveLength(2);
    const links = sent.map((mail) => /https?:\/\/\S+/.exec(mail.mail.text ?? '')?.[0] as string);
    const tokens = links.map((link) => new URL(link).searchParams.get('token') as string);
    for (const secret of [...links, ...tokens]) expect(secret.length).toBeGreaterThan(10);

    const stored = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, email));
    expect(stored).toHaveLength(2);
    const admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
    const listed = await admin({ method: 'GET', url: `/api/outbox?to=${encodeURIComponent(email)}` });
    expect(listed.json()).toMatchObject({ total: 2, secretsShown: false });
    for (const row of stored) {
      expect(row.textBody).toContain(REDACTED_SECRET);
      expect(row.status).toBe('sent');
    }
    for (const secret of tokens) {
      expect(JSON.stringify(stored)).not.toContain(secret);
      expect(listed.body).not.toContain(secret);
    }
  });

  it('redacts SMS codes and says when the development mode stores them', async () => {
    await t.app.deps.messaging.sendSms({
      to: '+15035550111',
      body: 'Your Tend code is 482913',
      secrets: ['482913'],
    });
    const [row] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, '+15035550111'));
    expect(row?.textBody).toBe(`Your Tend code is ${REDACTED_SECRET}`);
    const dev = await createTestApp({ outboxShowsSecrets: true });
    try {
      await dev.app.deps.messaging.sendSms({ to: '+15035550112', body: 'Code 551177', secrets: ['551177'] });
      const admin = as(dev, (await signInAs(dev, 'ADMIN')).cookie);
      const page = (await admin({ method: 'GET', url: '/api/outbox?channel=sms' })).json();
      expect(page).toMatchObject({ secretsShown: true, items: [{ textBody: 'Code 551177' }] });
    } finally {
      await dev.close();
    }
  });
});
