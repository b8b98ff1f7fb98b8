import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { startTestSmtpServer, type TestSmtpServer } from './messaging.test-helpers.ts';

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
