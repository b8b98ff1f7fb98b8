import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { createMessagingService, MessagingError } from './messaging.service.ts';
import type { EmailProvider, SmsProvider } from './messaging.provider.ts';
import { emailSuppressions } from './email-suppression.table.ts';
import { outboxMessages } from './outbox.table.ts';
import { createSmtpProvider, type SmtpProvider } from './smtp.provider.ts';
import { createTwilioSmsProvider } from './twilio.provider.ts';
import {
  startFakeTwilioServer,
  startTestSmtpServer,
  type FakeTwilioServer,
  type TestSmtpServer,
} from './messaging.test-helpers.ts';

/** The outbox table as outbox.table.ts defines it (checked against the definition below). */
const createOutboxSql = `
CREATE TABLE outbox_message (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  channel text NOT NULL,
  to_address text NOT NULL,
  from_address text,
  subject text,
  text_body text NOT NULL,
  html_body text,
  provider text NOT NULL,
  status text NOT NULL,
  provider_message_id text,
  error text,
  related_entity_type text,
  related_entity_id text,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_message_created_at_idx ON outbox_message (created_at);
CREATE INDEX outbox_message_channel_to_idx ON outbox_message (channel, to_address);
CREATE UNIQUE INDEX outbox_message_idempotency_key_idx ON outbox_message (idempotency_key);
CREATE TABLE email_suppression (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  address text NOT NULL,
  reason text NOT NULL,
  detail text,
  at timestamptz NOT NULL DEFAULT now(),
  outbox_message_id uuid,
  marked_by uuid
);
CREATE UNIQUE INDEX email_suppression_address_reason_idx ON email_suppression (address, reason);
`;

const defaultFrom = 'Tend <no-reply@tend.example>';

let handle: DatabaseHandle;
let smtp: TestSmtpServer;
let twilio: FakeTwilioServer;
let smtpProvider: SmtpProvider;

beforeAll(async () => {
  [handle, smtp, twilio] = await Promise.all([
    openDatabase({}),
    startTestSmtpServer({ rejectRecipients: ['nobody@example.org'] }),
    startFakeTwilioServer(),
  ]);
  await handle.exec(createOutboxSql);
  smtpProvider = createSmtpProvider({ url: smtp.url });
}, 60_000);

afterAll(async () => {
  smtpProvider?.close();
  await Promise.all([handle?.close(), smtp?.close(), twilio?.close()]);
});

beforeEach(async () => {
  await handle.exec('DELETE FROM outbox_message');
});

describe('outbox table SQL used by these tests', () => {
  it.each([
    ['outbox_message', outboxMessages],
    ['email_suppression', emailSuppressions],
  ] as const)('matches the Drizzle definition of %s', async (_name, table) => {
    const config = getTableConfig(table);
    const { rows } = await handle.query<{ column_name: string; data_type: string; is_nullable: string }>(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_name = '${config.name}' ORDER BY ordinal_position`,
    );
    expect(rows.map((r) => r.column_name)).toEqual(config.columns.map((c) => c.name));
    for (const column of config.columns) {
      const row = rows.find((r) => r.column_name === column.name);
      expect({ column: column.name, type: row?.data_type, nullable: row?.is_nullable === 'YES' }).toEqual({
        column: column.name,
        type: column.getSQLType(),
        nullable: !column.notNull,
      });
    }
    const indexes = await handle.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = '${config.name}' AND indexname <> '${config.name}_pkey'
       ORDER BY indexname`,
    );
    expect(indexes.rows.map((r) => r.indexname)).toEqual(config.indexes.map((i) => i.config.name).sort());
  });
});

describe('messaging service', () => {
  it('with no provider, records email and SMS in the outbox (provider outbox, status recorded)', async () => {
    const service = createMessagingService({ db: handle.db, email: null, sms: null, defaultFrom });
    const email = await service.sendEmail({
      to: 'guardian@example.org',
      subject: 'Schedule changed',
      text: 'The Tuesday visit moved to 10:00.',
      html: '<p>The Tuesday visit moved to 10:00.</p>',
      relatedEntityType: 'shift',
      relatedEntityId: '5f1d0a8e-3d6c-4b3a-9d51-2d7d1c1f0a11',
    });
    expect(email).toMatchObject({
      channel: 'email',
      toAddress: 'guardian@example.org',
      fromAddress: defaultFrom,
      subject: 'Schedule changed',
      textBody: 'The Tuesday visit moved to 10:00.',
      htmlBody: '<p>The Tuesday visit moved to 10:00.</p>',
      provider: 'outbox',
      status: 'recorded',
      providerMessageId: null,
      error: null,
      sentAt: null,
      relatedEntityType: 'shift',
      relatedEntityId: '5f1d0a8e-3d6c-4b3a-9d51-2d7d1c1f0a11',
    });
    expect(email.createdAt).toBeInstanceOf(Date);

    const sms = await service.sendSms({ to: '+15035550199', body: 'Visit moved to 10:00' });
    expect(sms).toMatchObject({
      channel: 'sms',
      toAddress: '+15035550199',
      fromAddress: null,
      subject: null,
      htmlBody: null,
      provider: 'outbox',
      status: 'recorded',
    });

    const { rows } = await handle.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM outbox_message',
    );
    expect(rows[0]?.count).toBe(2);
    expect(smtp.received.filter((m) => m.envelope.to.includes('guardian@example.org'))).toHaveLength(0);
  });

  it('with SMTP, sends the email and marks the row sent with the Message-ID', async () => {
    const service = createMessagingService({ db: handle.db, email: smtpProvider, sms: null, defaultFrom });
    const row = await service.sendEmail({
      to: 'cm@example.org',
      from: 'scheduler@tend.example',
      subject: 'Quarterly summary — ✅ ready',
      text: 'The quarterly summary is ready.',
    });
    expect(row).toMatchObject({
      provider: 'smtp',
      status: 'sent',
      error: null,
      fromAddress: 'scheduler@tend.example',
    });
    expect(row.providerMessageId).toMatch(/^<.+@.+>$/);
    expect(row.sentAt).toBeInstanceOf(Date);

    const got = smtp.received.find((m) => m.mail.messageId === row.providerMessageId);
    expect(got?.envelope).toEqual({ from: 'scheduler@tend.example', to: ['cm@example.org'] });
    expect(got?.mail.subject).toBe('Quarterly summary — ✅ ready');
    expect(got?.mail.text?.trim()).toBe('The quarterly summary is ready.');

    const stored = await service.listOutbox({ page: 1, pageSize: 10 });
    expect(stored.items).toEqual([row]);
  });

  it('sends a message with an idempotency key once: a second send returns the first row, no provider call', async () => {
    const service = createMessagingService({ db: handle.db, email: smtpProvider, sms: null, defaultFrom });
    const before = smtp.received.length;
    const input = {
      to: 'once@example.org',
      from: '"Care Team" <team@tend.example>',
      subject: 'Once',
      text: 'Only once.',
      idempotencyKey: 'test:once',
    };
    const first = await service.sendEmail(input);
    const second = await service.sendEmail({ ...input, text: 'A retry.' });
    expect(second).toEqual(first);
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received.at(-1)?.envelope.from).toBe('team@tend.example');
    expect(await service.findByIdempotencyKey('test:once')).toEqual(first);
    expect(await service.findByIdempotencyKey('test:never')).toBeNull();
  });

  it('with a failing provider, marks the row failed and throws MESSAGE_SEND_FAILED without the address', async () => {
    const failing: EmailProvider = {
      name: 'smtp',
      send: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.9:587 for jo@example.org')),
    };
    const service = createMessagingService({ db: handle.db, email: failing, sms: null, defaultFrom });
    const error = await service.sendEmail({ to: 'jo@example.org', subject: 'Hello', text: 'Body' }).then(
      () => null,
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(MessagingError);
    const messagingError = error as MessagingError;
    expect(messagingError.code).toBe('MESSAGE_SEND_FAILED');
    expect(messagingError.message).not.toContain('jo@example.org');
    const page = await service.listOutbox({ page: 1, pageSize: 10 });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: messagingError.outboxMessageId,
      provider: 'smtp',
      status: 'failed',
      providerMessageId: null,
      sentAt: null,
      error: 'connect ECONNREFUSED 10.0.0.9:587 for jo@example.org',
    });
  });

  it('a recipient the SMTP server refuses ends as a failed row', async () => {
    const service = createMessagingService({ db: handle.db, email: smtpProvider, sms: null, defaultFrom });
    await expect(
      service.sendEmail({ to: 'nobody@example.org', subject: 'Hi', text: 'Body' }),
    ).rejects.toMatchObject({
      code: 'MESSAGE_SEND_FAILED',
    });
    const [row] = (await service.listOutbox({ page: 1, pageSize: 1 })).items;
    expect(row?.status).toBe('failed');
    expect(row?.error).toMatch(/550/);
    // A 550 at RCPT TO is a bounce: the address is on the suppression list with the failed row (decision 0065).
    const suppressions = await handle.db.select().from(emailSuppressions);
    expect(suppressions).toMatchObject([
      { address: 'nobody@example.org', reason: 'BOUNCED', outboxMessageId: row?.id },
    ]);
  });

  it('with the Twilio-compatible provider, sends the SMS and stores the sid and sender number', async () => {
    twilio.requests.length = 0;
    const sms: SmsProvider = createTwilioSmsProvider({
      accountSid: 'AC00000000000000000000000000000002',
      authToken: 'token-2',
      from: '+15035550100',
      baseUrl: twilio.baseUrl,
    });
    const service = createMessagingService({ db: handle.db, email: null, sms, defaultFrom });
    const row = await service.sendSms({ to: '+15035550199', body: 'Clock-in reminder' });
    expect(row).toMatchObject({
      channel: 'sms',
      provider: 'twilio',
      status: 'sent',
      fromAddress: '+15035550100',
      providerMessageId: 'SM00000000000000000000000000000001',
    });
    expect(Object.fromEntries(new URLSearchParams(twilio.requests[0]?.body))).toEqual({
      To: '+15035550199',
      From: '+15035550100',
      Body: 'Clock-in reminder',
    });
  });

  it('rejects bad input with MESSAGE_INVALID and writes no row', async () => {
    const service = createMessagingService({ db: handle.db, email: null, sms: null, defaultFrom });
    const bad = [
      service.sendEmail({ to: 'not-an-address', subject: 's', text: 't' }),
      service.sendEmail({ to: 'a@example.org, b@example.org', subject: 's', text: 't' }),
      service.sendEmail({ to: 'a@example.org', subject: 'two\nlines', text: 't' }),
      service.sendEmail({ to: 'a@example.org', subject: 's', text: '' }),
      service.sendSms({ to: '5035550199', body: 'x' }),
      service.sendSms({ to: '+15035550199', body: '' }),
      service.sendSms({ to: '+15035550199', body: 'x'.repeat(1601) }),
      service.listOutbox({ page: 0, pageSize: 10 }),
      service.listOutbox({ page: 1, pageSize: 201 }),
    ];
    for (const promise of bad) {
      await expect(promise).rejects.toMatchObject({ name: 'MessagingError', code: 'MESSAGE_INVALID' });
    }
    expect((await service.listOutbox({ page: 1, pageSize: 10 })).total).toBe(0);
  });

  it('lists the outbox newest first, paged, filtered by channel and recipient', async () => {
    const service = createMessagingService({ db: handle.db, email: null, sms: null, defaultFrom });
    // PGlite's clock ticks in whole milliseconds, so rows written in one millisecond tie on created_at
    // (the order among them is then by id, stable but not insertion order): space the writes out.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 3));
    for (let i = 1; i <= 5; i++) {
      await service.sendEmail({ to: `person${i % 2}@example.org`, subject: `email ${i}`, text: 'x' });
      await tick();
      await service.sendSms({ to: `+1503555010${i % 2}`, body: `sms ${i}` });
      await tick();
    }

    const first = await service.listOutbox({ page: 1, pageSize: 4 });
    expect(first.total).toBe(10);
    expect(first.items.map((m) => m.subject ?? m.textBody)).toEqual(['sms 5', 'email 5', 'sms 4', 'email 4']);
    const third = await service.listOutbox({ page: 3, pageSize: 4 });
    expect(third.items.map((m) => m.subject ?? m.textBody)).toEqual(['sms 1', 'email 1']);
    expect(await service.listOutbox({ page: 4, pageSize: 4 })).toMatchObject({ items: [], total: 10 });

    const emails = await service.listOutbox({ page: 1, pageSize: 10, channel: 'email' });
    expect(emails.total).toBe(5);
    expect(emails.items.map((m) => m.subject)).toEqual([
      'email 5',
      'email 4',
      'email 3',
      'email 2',
      'email 1',
    ]);
    expect(emails.items.every((m) => m.channel === 'email')).toBe(true);

    const smsToOne = await service.listOutbox({ page: 1, pageSize: 10, channel: 'sms', to: '+15035550101' });
    expect(smsToOne.items.map((m) => m.textBody)).toEqual(['sms 5', 'sms 3', 'sms 1']);
    expect(smsToOne.total).toBe(3);

    const emailFilterOnSmsNumber = await service.listOutbox({
      page: 1,
      pageSize: 10,
      channel: 'email',
      to: '+15035550101',
    });
    expect(emailFilterOnSmsNumber.total).toBe(0);
  });
});
