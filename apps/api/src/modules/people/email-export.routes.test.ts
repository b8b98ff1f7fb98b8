/**
 * The email export through the API (issue 24 "Email export"; decision 0065): filters by kind, status and county,
 * per-kind counts of included, opted out (admin mark and a guardian's emails turned off), bounced (a real SMTP 550)
 * and without email; one row per person with a shared address flagged; CSV formula-safety, vCard escaping and
 * folding; audits with the filter and row count; 403 for every non-admin role, 400 naming a bad filter field.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailExportPreview } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { emailSuppressions } from '../../platform/messaging/email-suppression.table.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/messaging/messaging.test-helpers.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { insertGuardian } from './guardians.service.ts';
import { setGuardianNotificationChoices } from './guardian-notifications.ts';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: ReturnType<typeof as>;

const BOUNCING = 'gone@example.org';
const BUSY = 'busy@example.org';

beforeAll(async () => {
  smtp = await startTestSmtpServer({ rejectRecipients: [BOUNCING], deferRecipients: [BUSY] });
  t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Tend <no-reply@tend.example>' } });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  await seed();
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function post(url: string, payload: Record<string, unknown>): Promise<string> {
  const response = await admin({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/**
 * Lane: case managers Casey (casey@) and Cora (archived, cora@); clients Ann (ann@ + ann.alt@, Casey's), Al (no
 * email, Casey's), Abe (shares ann@, Casey's). Marion: case manager Mo (opted out by an admin), client Mia (=cmd,
 * Mo's). Caregivers: Gus (BOUNCING, bounced for real), Gwen (gwen@, archived), Gil (OPTED_OUT address via a guardian).
 * Guardians: Greta (gil@, emails turned off), Hal (hal@).
 */
async function seed() {
  const casey = await post('/api/case-managers', {
    name: 'Casey Lane',
    county: 'Lane',
    email: 'casey@example.org',
  });
  const cora = await post('/api/case-managers', {
    name: 'Cora Lane',
    county: ' lane ',
    email: 'cora@example.org',
  });
  await admin({ method: 'POST', url: `/api/case-managers/${cora}/archive`, payload: { archived: true } });
  const mo = await post('/api/case-managers', {
    name: 'Mo Marion',
    county: 'Marion',
    email: 'MO@example.org',
  });
  await post('/api/clients', {
    name: 'Ann, "Annie"; Lane',
    email: 'ann@example.org',
    emails: ['Ann.Alt@example.org'],
    caseManagerId: casey,
  });
  await post('/api/clients', { name: 'Al Lane', caseManagerId: casey });
  await post('/api/clients', { name: 'Abe Lane', email: 'ANN@example.org', caseManagerId: casey });
  await post('/api/clients', { name: '=cmd|calc', email: 'mia@example.org', caseManagerId: mo });
  await post('/api/caregivers', { name: 'Gus Bounce', email: BOUNCING, type: 'DSP_CARE' });
  const gwen = await post('/api/caregivers', {
    name: 'Gwen Archived',
    email: 'gwen@example.org',
    type: 'DSP_CARE',
  });
  await admin({ method: 'POST', url: `/api/caregivers/${gwen}/archive`, payload: { archived: true } });
  await post('/api/caregivers', { name: 'Gil Shared', email: 'gil@example.org', type: 'DSP_CARE' });
  const fields = {
    middleName: null,
    sex: null,
    phoneNumber: null,
    dob: null,
    smsNotificationsEnabled: false,
  };
  const greta = await insertGuardian(t.database.db, {
    ...fields,
    firstName: 'Greta',
    lastName: 'Guardian',
    email: 'Gil@example.org',
  });
  await setGuardianNotificationChoices(t.database.db, greta.id, {
    emailNotificationsEnabled: false,
    smsNotificationsEnabled: false,
  });
  await insertGuardian(t.database.db, {
    ...fields,
    firstName: 'Hal',
    lastName: 'Guardian',
    email: 'hal@example.org',
  });
  const marked = await admin({
    method: 'POST',
    url: '/api/email-export/opt-outs',
    payload: { address: ' Mo@Example.org ', detail: 'Asked by phone' },
  });
  expect(marked.statusCode, marked.body).toBe(201);
  expect(marked.json()).toMatchObject({
    address: 'mo@example.org',
    reason: 'OPTED_OUT',
    detail: 'Asked by phone',
  });
  // A real bounce: the outbox's SMTP send to Gus gets 550 at RCPT TO.
  await expect(
    t.app.deps.messaging.sendEmail({ to: BOUNCING, subject: 'Hello', text: 'Hello Gus' }),
  ).rejects.toThrow(/failed to send/);
}

const preview = async (query: string) => {
  const response = await admin({ method: 'GET', url: `/api/email-export/preview?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EmailExportPreview>();
};
const countOf = (body: EmailExportPreview, kind: string) => body.counts.find((c) => c.kind === kind);

describe('email suppression from SMTP replies', () => {
  it('records a 550 at RCPT TO as BOUNCED, a 451 as nothing', async () => {
    const db = t.database.db;
    const bounced = await db.select().from(emailSuppressions).where(eq(emailSuppressions.address, BOUNCING));
    expect(bounced).toMatchObject([{ reason: 'BOUNCED' }]);
    expect(bounced[0]?.detail).toMatch(/550/);
    expect(bounced[0]?.outboxMessageId).toBeTruthy();

    await expect(t.app.deps.messaging.sendEmail({ to: BUSY, subject: 'Hi', text: 'Hi' })).rejects.toThrow();
    expect(await db.select().from(emailSuppressions).where(eq(emailSuppressions.address, BUSY))).toEqual([]);
    // A delivered message adds nothing either.
    await t.app.deps.messaging.sendEmail({ to: 'hal@example.org', subject: 'Hi', text: 'Hi' });
    expect(await db.select().from(emailSuppressions)).toHaveLength(2);
  });
});

describe('GET /api/email-export/preview', () => {
  it('counts every kind: included, opted out, bounced, without email (active by default)', async () => {
    const body = await preview('');
    expect(body.counts).toEqual([
      { kind: 'caregiver', included: 0, optedOut: 1, bounced: 1, withoutEmail: 0, countyApplies: true },
      { kind: 'client', included: 3, optedOut: 0, bounced: 0, withoutEmail: 1, countyApplies: true },
      { kind: 'guardian', included: 1, optedOut: 1, bounced: 0, withoutEmail: 0, countyApplies: true },
      { kind: 'case_manager', included: 1, optedOut: 1, bounced: 0, withoutEmail: 0, countyApplies: true },
    ]);
    expect(body.totals).toEqual({ included: 5, optedOut: 3, bounced: 1, withoutEmail: 1 });
    expect(body.counties).toEqual(['Lane', 'Marion']);
    expect(body.excluded.map((row) => [row.name, row.email, row.reason])).toEqual([
      ['Gil Shared', 'gil@example.org', 'OPTED_OUT'],
      ['Gus Bounce', BOUNCING, 'BOUNCED'],
      ['Greta Guardian', 'gil@example.org', 'OPTED_OUT'],
      ['Mo Marion', 'mo@example.org', 'OPTED_OUT'],
    ]);
  });

  it('keeps one row per person, flags a shared address and lists the other addresses', async () => {
    const body = await preview('kind=client');
    // Sorted here: PGlite and PostgreSQL collate `=` differently.
    const rows = body.rows
      .map((row) => [row.name, row.email, row.otherEmails, row.county, row.shared])
      .sort();
    expect(rows).toEqual([
      ['=cmd|calc', 'mia@example.org', [], 'Marion', false],
      ['Abe Lane', 'ann@example.org', [], 'Lane', true],
      ['Ann, "Annie"; Lane', 'ann@example.org', ['ann.alt@example.org'], 'Lane', true],
    ]);
  });

  it('filters by status and by county (case and spaces ignored; kinds without a county are left out)', async () => {
    const archived = await preview('status=archived');
    expect(archived.rows.map((row) => row.name)).toEqual(['Gwen Archived', 'Cora Lane']);
    expect(countOf(archived, 'guardian')).toMatchObject({ included: 0, optedOut: 0 });

    const lane = await preview('county=%20LANE&status=all');
    expect(lane.rows.map((row) => row.name)).toEqual([
      'Abe Lane',
      'Ann, "Annie"; Lane',
      'Casey Lane',
      'Cora Lane',
    ]);
    expect(countOf(lane, 'client')).toMatchObject({ included: 2, withoutEmail: 1, countyApplies: true });
    expect(countOf(lane, 'caregiver')).toEqual({
      kind: 'caregiver',
      included: 0,
      optedOut: 0,
      bounced: 0,
      withoutEmail: 0,
      countyApplies: false,
    });
    expect(countOf(lane, 'guardian')?.countyApplies).toBe(false);

    const marion = await preview('county=marion&kind=case_manager');
    expect(marion.totals).toEqual({ included: 0, optedOut: 1, bounced: 0, withoutEmail: 0 });
  });

  it('audits the preview with its filter and totals, no address', async () => {
    await preview('kind=guardian&status=all');
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'email_export.preview'))
      .orderBy(auditEvents.at)
      .then((rows) => rows.slice(-1));
    expect(event?.details).toEqual({
      filter: { kind: 'guardian', status: 'all', county: null },
      included: 1,
      optedOut: 1,
      bounced: 0,
      withoutEmail: 0,
    });
    expect(JSON.stringify(event?.details)).not.toContain('@');
  });

  it('answers 400 naming a bad filter field, writing no audit event', async () => {
    for (const [query, field] of [
      ['kind=patients', 'kind'],
      ['status=gone', 'status'],
      [`county=${'x'.repeat(101)}`, 'county'],
    ] as const) {
      const response = await admin({ method: 'GET', url: `/api/email-export/preview?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.body).toContain(field);
    }
    const download = await admin({ method: 'GET', url: '/api/email-export/download?format=xlsx' });
    expect(download.statusCode).toBe(400);
    expect(download.body).toContain('format');
  });
});

describe('GET /api/email-export/download', () => {
  it('sends a formula-safe CSV attachment and audits the filter, format and row count', async () => {
    const response = await admin({ method: 'GET', url: '/api/email-export/download?format=csv&kind=client' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="emails-client-active-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...lines] = response.body.split('\r\n');
    expect(header).toBe('\uFEFFkind,name,email,other_emails,county,status,shared_address');
    expect(lines.sort()).toEqual([
      '',
      'Client,"Ann, ""Annie""; Lane",ann@example.org,ann.alt@example.org,Lane,active,yes',
      "Client,'=cmd|calc,mia@example.org,,Marion,active,no",
      'Client,Abe Lane,ann@example.org,,Lane,active,yes',
    ]);
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'email_export.download'));
    expect(event?.details).toEqual({
      filter: { kind: 'client', status: 'active', county: null },
      format: 'csv',
      rows: 3,
      optedOut: 0,
      bounced: 0,
      withoutEmail: 1,
    });
  });

  it('sends vCard 4.0 with escaped text, the kind in CATEGORIES and the first address preferred', async () => {
    const response = await admin({
      method: 'GET',
      url: '/api/email-export/download?format=vcard&kind=client&county=Lane',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/filename="emails-client-active-lane-.+\.vcf"/);
    const cards = response.body.split('END:VCARD\r\n').filter(Boolean);
    expect(cards).toHaveLength(2);
    expect(cards[1]?.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:4.0',
      'KIND:individual',
      'FN:Ann\\, "Annie"\\; Lane',
      'EMAIL;PREF=1:ann@example.org',
      'EMAIL:ann.alt@example.org',
      'CATEGORIES:Client',
      expect.stringMatching(/^UID:urn:uuid:[0-9a-f-]{36}$/),
      '',
    ]);
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'email_export.download')));
    expect(audited.at(-1)?.details).toMatchObject({ format: 'vcard', rows: 2 });
  });
});

describe('access', () => {
  it('refuses every route to USER, CAREGIVER and GUARDIAN accounts (403) and anonymous callers (401)', async () => {
    const requests = [
      { method: 'GET', url: '/api/email-export/preview' },
      { method: 'GET', url: '/api/email-export/download?format=csv' },
      { method: 'POST', url: '/api/email-export/opt-outs', payload: { address: 'x@example.org' } },
    ] as const;
    for (const role of ['USER', 'CAREGIVER', 'GUARDIAN'] as const) {
      const call = as(t, (await signInAs(t, role)).cookie);
      for (const request of requests)
        expect((await call(request)).statusCode, `${role} ${request.url}`).toBe(403);
    }
    for (const request of requests) expect((await as(t, null)(request)).statusCode).toBe(401);
    const stored = await t.database.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.address, 'x@example.org'));
    expect(stored).toEqual([]);
  });

  it('marks an address opted out once (a repeat answers the first mark), audited by id; 400 naming address', async () => {
    const first = await admin({
      method: 'POST',
      url: '/api/email-export/opt-outs',
      payload: { address: 'hal@example.org' },
    });
    const again = await admin({
      method: 'POST',
      url: '/api/email-export/opt-outs',
      payload: { address: 'HAL@example.org', detail: 'twice' },
    });
    expect(again.json()).toEqual(first.json());
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'email_suppression.opt_out'));
    expect(events.map((e) => e.entityId)).toContain(first.json<{ id: string }>().id);
    expect(countOf(await preview('kind=guardian'), 'guardian')).toMatchObject({ included: 0, optedOut: 2 });

    const bad = await admin({
      method: 'POST',
      url: '/api/email-export/opt-outs',
      payload: { address: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('address');
  });
});
