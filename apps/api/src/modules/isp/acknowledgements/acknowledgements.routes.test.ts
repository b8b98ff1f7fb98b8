/**
 * The acknowledgement API through `buildApp()` + inject (decision 0046; docs/isp-acknowledgements.md): which
 * protocols and caregivers count, request links (sent hashed, opening only for their caregiver), acknowledging,
 * a new version pending again, the rates, access (401/403/404) and the audit.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditOutcome } from '@tend/contracts';
import { auditEvents } from '../../../platform/audit/audit.table.ts';
import { outboxMessages } from '../../../platform/messaging/outbox.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../../test/helpers.ts';
import { hashRequestToken, ratePercent } from './acknowledgements.service.ts';
import { readingOrder } from '../current-plans.ts';

type Caller = ReturnType<typeof as>;

let t: TestApp;
let admin: Caller;
let anonymous: Caller;
let caregiverA: Caller;
let caregiverB: Caller;
let plainUser: Caller;
let accountA: { email: string; accountId: string };
let accountB: { email: string; accountId: string };

const client = randomUUID();
const otherClient = randomUUID();
const caregiverRowA = randomUUID();
const caregiverRowB = randomUUID();
const caregiverRowNoAccount = randomUUID();
const isp1 = randomUUID();
const seizures = randomUUID();
const choking = randomUUID();
const excluded = randomUUID();
const draft = randomUUID();

const db = () => t.database.db;

async function insertShift(caregiverId: string, clientId: string, daysAgo: number) {
  await db().execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id, time_zone)
    values (${randomUUID()}::uuid, current_date - ${daysAgo}::int, 'OR526', ${caregiverId}::uuid, ${clientId}::uuid,
      'America/Los_Angeles')`);
}

async function insertIsp(id: string, clientId: string, status: string, verifiedDaysAgo: number | null) {
  await db().execute(sql`insert into isp (id, client_id, pdf_url, status, verified_at)
    values (${id}::uuid, ${clientId}::uuid, ${`${clientId}/${id}/v1.pdf`}, ${status}::isp_status,
      ${verifiedDaysAgo === null ? null : sql`now() - make_interval(days => ${verifiedDaysAgo}::int)`})`);
}

async function insertProtocol(
  id: string,
  ispId: string,
  fields: {
    riskType: string;
    status?: string;
    serious?: boolean;
    sortOrder?: number;
    excluded?: boolean;
    version?: number;
    previousVersionId?: string;
    includeResponse?: boolean;
  },
) {
  const thresholds = JSON.stringify([
    {
      metric: 'seizures',
      comparison: 'gt',
      value: 2,
      unit: 'count',
      window: { amount: 24, unit: 'hour' },
      byTime: null,
      text: 'more than 2 seizures in 24 hours',
      confirmed: true,
    },
  ]);
  await db()
    .execute(sql`insert into protocol (id, isp_id, risk_type, status, serious, sort_order, excluded, version,
      previous_version_id, description, prevention, response, emergency, include_response, thresholds)
    values (${id}::uuid, ${ispId}::uuid, ${fields.riskType}, ${fields.status ?? 'FINALIZED'}::protocol_status,
      ${fields.serious ?? false}, ${fields.sortOrder ?? 0}, ${fields.excluded ?? false}, ${fields.version ?? 1},
      ${fields.previousVersionId ?? null}::uuid, ${`${fields.riskType} description`}, 'Prevent it.',
      'Respond to it.', 'Call 911.', ${fields.includeResponse ?? true}, ${thresholds}::jsonb)`);
}

async function auditCount(action: string, outcome: AuditOutcome = 'success') {
  const rows = await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.outcome, outcome)));
  return rows[0]?.n ?? 0;
}

/** The link in the newest outbox email to `to` (this app stores secrets, as the flows' dev server does). */
async function newestToken(to: string): Promise<string> {
  const [row] = await db()
    .select({ text: outboxMessages.textBody })
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, to))
    .orderBy(sql`${outboxMessages.createdAt} desc`)
    .limit(1);
  const token = /\/acknowledge\?request=([A-Za-z0-9_-]+)/.exec(row?.text ?? '')?.[1];
  if (!token) throw new Error(`no acknowledgement link to ${to}`);
  return token;
}

beforeAll(async () => {
  t = await createTestApp(); // stores secrets in the outbox (test config), as the flows' dev server does
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  anonymous = as(t, null);
  // The caregiver records come first: a CAREGIVER account's first sign-in links it to the one caregiver with its
  // email (decision 0050), and the acknowledgements follow that link.
  const emailA = `caregiver-a-${randomUUID().slice(0, 8)}@example.org`;
  const emailB = `caregiver-b-${randomUUID().slice(0, 8)}@example.org`;
  await db().execute(sql`insert into caregiver (id, name, email, emails) values
    (${caregiverRowA}::uuid, 'Ana Caregiver', ${emailA.toUpperCase()}, '{}'),
    (${caregiverRowB}::uuid, 'Ben Caregiver', null, ${sql.param([emailB])}::text[]),
    (${caregiverRowNoAccount}::uuid, 'Nora Noaccount', 'nora@example.org', '{}')`);
  const a = await signInAs(t, 'CAREGIVER', emailA);
  const b = await signInAs(t, 'CAREGIVER', emailB);
  accountA = a;
  accountB = b;
  caregiverA = as(t, a.cookie);
  caregiverB = as(t, b.cookie);
  plainUser = as(t, (await signInAs(t, 'USER')).cookie);
  await db()
    .execute(sql`insert into client (id, name, pid) values (${client}::uuid, 'Casey Client', 'PR0101'),
    (${otherClient}::uuid, 'Dana Other', 'PR0102')`);
  // A and Nora serve the client; B served it 90 days ago (outside the window) and serves the other client.
  await insertShift(caregiverRowA, client, 3);
  await insertShift(caregiverRowNoAccount, client, 59);
  await insertShift(caregiverRowB, client, 90);
  await insertShift(caregiverRowB, otherClient, 1);
  await insertIsp(isp1, client, 'VERIFIED', 5);
  await insertProtocol(choking, isp1, { riskType: 'Choking', sortOrder: 0, includeResponse: false });
  await insertProtocol(seizures, isp1, { riskType: 'Seizures', serious: true, sortOrder: 1 });
  await insertProtocol(excluded, isp1, { riskType: 'Falls', excluded: true, sortOrder: 2 });
  await insertProtocol(draft, isp1, { riskType: 'Wandering', status: 'REVIEWED', sortOrder: 3 });
  // The other client's ISP is not verified: it has no current protocols.
  await insertIsp(randomUUID(), otherClient, 'COMPLETED', null);
}, 60_000);
afterAll(() => t.close());

describe('pure rules', () => {
  it('orders serious risks first, then the ISP order, and rounds rates down', () => {
    const rows = [
      { id: 'b', serious: false, sortOrder: 0 },
      { id: 'a', serious: true, sortOrder: 5 },
      { id: 'c', serious: false, sortOrder: 0 },
    ];
    expect(readingOrder(rows).map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(ratePercent(0, 0)).toBeNull();
    expect(ratePercent(2, 3)).toBe(66);
    expect(ratePercent(3, 3)).toBe(100);
  });
});

describe('acknowledgement access', () => {
  it('refuses anonymous callers (401) on every route and non-admins (403) on the admin routes', async () => {
    const anon = await Promise.all([
      anonymous({ method: 'GET', url: '/api/acknowledgements' }),
      anonymous({ method: 'POST', url: '/api/acknowledgements', payload: { protocolId: seizures } }),
      anonymous({ method: 'GET', url: '/api/acknowledgement-rates' }),
      anonymous({ method: 'GET', url: `/api/acknowledgement-rates/${client}` }),
      anonymous({ method: 'POST', url: '/api/acknowledgement-requests', payload: {} }),
    ]);
    expect(anon.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    const denied = await Promise.all([
      caregiverA({ method: 'GET', url: '/api/acknowledgement-rates' }),
      caregiverA({ method: 'GET', url: `/api/acknowledgement-rates/${client}` }),
      caregiverA({ method: 'POST', url: '/api/acknowledgement-requests', payload: { clientId: client } }),
    ]);
    expect(denied.map((r) => r.statusCode)).toEqual([403, 403, 403]);
  });

  it('names the bad field (400)', async () => {
    const bad = await admin({
      method: 'POST',
      url: '/api/acknowledgement-requests',
      payload: { clientId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('clientId');
    const badAck = await caregiverA({
      method: 'POST',
      url: '/api/acknowledgements',
      payload: { protocolId: 1 },
    });
    expect(badAck.statusCode).toBe(400);
    expect(badAck.body).toContain('protocolId');
    const badToken = await caregiverA({
      method: 'GET',
      url: '/api/acknowledgements?request=not%20a%20token',
    });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.body).toContain('request');
  });
});

describe('caregivers acknowledge', () => {
  it('lists the current finalized protocols of the clients a caregiver serves, serious first', async () => {
    const response = await caregiverA({ method: 'GET', url: '/api/acknowledgements?locale=es' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.pending).toBe(2);
    expect(body.clients).toHaveLength(1);
    const [casey] = body.clients;
    expect(casey.clientName).toBe('Casey Client');
    expect(casey.protocols.map((p: { riskType: string }) => p.riskType)).toEqual(['Seizures', 'Choking']);
    const [first, second] = casey.protocols;
    expect(first.thresholds).toEqual(['Más de 2 seizures en 24 horas']);
    expect(first.sections.response).toBe('Respond to it.');
    // The include flag leaves the section out.
    expect(second.sections.response).toBeNull();
    expect(first.acknowledgedAt).toBeNull();
  });

  it('shows nothing to an account that is no caregiver, nor to a caregiver outside the window', async () => {
    const user = await plainUser({ method: 'GET', url: '/api/acknowledgements' });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ clients: [], pending: 0 });
    // B's only recent client has no verified ISP; their shift for Casey is 90 days old.
    const b = await caregiverB({ method: 'GET', url: '/api/acknowledgements' });
    expect(b.json()).toEqual({ clients: [], pending: 0 });
    const refused = await caregiverB({
      method: 'POST',
      url: '/api/acknowledgements',
      payload: { protocolId: seizures },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('records an acknowledgement once; excluded and unfinished protocols are not acknowledgeable', async () => {
    const before = await auditCount('acknowledgement.create');
    const first = await caregiverA({
      method: 'POST',
      url: '/api/acknowledgements',
      payload: { protocolId: seizures },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ protocolId: seizures, version: 1, caregiverId: caregiverRowA });
    const again = await caregiverA({
      method: 'POST',
      url: '/api/acknowledgements',
      payload: { protocolId: seizures },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().acknowledgedAt).toBe(first.json().acknowledgedAt);
    expect(await auditCount('acknowledgement.create')).toBe(before + 1);
    for (const protocolId of [excluded, draft, randomUUID()]) {
      const refused = await caregiverA({
        method: 'POST',
        url: '/api/acknowledgements',
        payload: { protocolId },
      });
      expect(refused.statusCode).toBe(404);
    }
    const list = (await caregiverA({ method: 'GET', url: '/api/acknowledgements' })).json();
    expect(list.pending).toBe(1);
    expect(list.clients[0].protocols[0].acknowledgedAt).toBe(first.json().acknowledgedAt);
  });
});

describe('rates and request links', () => {
  it('counts acknowledged pairs over caregivers serving × current protocols', async () => {
    const response = await admin({ method: 'GET', url: '/api/acknowledgement-rates' });
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json().items.find((item: { clientId: string }) => item.clientId === client);
    expect(row).toMatchObject({ caregivers: 2, protocols: 2, acknowledged: 1, expected: 4, ratePercent: 25 });
    expect(response.json().items.some((item: { clientId: string }) => item.clientId === otherClient)).toBe(
      false,
    );
    const detail = await admin({ method: 'GET', url: `/api/acknowledgement-rates/${client}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json();
    expect(body.currentProtocols.map((p: { protocolId: string }) => p.protocolId)).toEqual([
      seizures,
      choking,
    ]);
    const ana = body.caregiverRows.find((r: { caregiverId: string }) => r.caregiverId === caregiverRowA);
    expect(ana.hasAccount).toBe(true);
    expect(ana.acknowledgedAt[0]).not.toBeNull();
    expect(ana.acknowledgedAt[1]).toBeNull();
    const nora = body.caregiverRows.find(
      (r: { caregiverId: string }) => r.caregiverId === caregiverRowNoAccount,
    );
    expect(nora.hasAccount).toBe(false);
    const missing = await admin({ method: 'GET', url: `/api/acknowledgement-rates/${otherClient}` });
    expect(missing.statusCode).toBe(404);
  });

  it('sends a link to each caregiver with pending protocols and an account; it opens only for them', async () => {
    const sent = await admin({
      method: 'POST',
      url: '/api/acknowledgement-requests',
      payload: { clientId: client },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const result = sent.json();
    expect(result.clients).toBe(1);
    expect(result.sent).toEqual([
      { caregiverId: caregiverRowA, name: 'Ana Caregiver', clientId: client, channels: ['email'] },
    ]);
    expect(result.unreachable).toEqual([
      { caregiverId: caregiverRowNoAccount, name: 'Nora Noaccount', clientId: client, reason: 'no-account' },
    ]);
    const token = await newestToken(accountA.email);
    // Only the hash is stored.
    const stored = await db().execute<{ token_hash: string }>(
      sql`select token_hash from acknowledgement_request`,
    );
    expect(stored.rows.map((row) => row.token_hash)).toEqual([hashRequestToken(token)]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    const mine = await caregiverA({ method: 'GET', url: `/api/acknowledgements?request=${token}` });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().clients.map((c: { clientId: string }) => c.clientId)).toEqual([client]);
    const deniedBefore = await auditCount('acknowledgement.list', 'denied');
    const theirs = await caregiverB({ method: 'GET', url: `/api/acknowledgements?request=${token}` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Casey');
    const admins = await admin({ method: 'GET', url: `/api/acknowledgements?request=${token}` });
    expect(admins.statusCode).toBe(404);
    const unknown = await caregiverA({
      method: 'GET',
      url: `/api/acknowledgements?request=${'x'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await auditCount('acknowledgement.list', 'denied')).toBe(deniedBefore + 3);
    const rates = (await admin({ method: 'GET', url: '/api/acknowledgement-rates' })).json();
    expect(
      rates.items.find((item: { clientId: string }) => item.clientId === client).lastSentAt,
    ).not.toBeNull();
  });

  it('a new protocol version makes the acknowledgement pending again', async () => {
    await caregiverA({ method: 'POST', url: '/api/acknowledgements', payload: { protocolId: choking } });
    expect((await caregiverA({ method: 'GET', url: '/api/acknowledgements' })).json().pending).toBe(0);
    const nothing = await admin({
      method: 'POST',
      url: '/api/acknowledgement-requests',
      payload: { clientId: client },
    });
    expect(nothing.json().unreachable).toContainEqual({
      caregiverId: caregiverRowA,
      name: 'Ana Caregiver',
      clientId: client,
      reason: 'nothing-pending',
    });
    // A re-uploaded ISP, verified later: Seizures in version 2, Choking unchanged as version 2 too.
    const isp2 = randomUUID();
    const seizures2 = randomUUID();
    await insertIsp(isp2, client, 'VERIFIED', 0);
    await insertProtocol(seizures2, isp2, {
      riskType: 'Seizures',
      serious: true,
      version: 2,
      previousVersionId: seizures,
    });
    const list = (await caregiverA({ method: 'GET', url: '/api/acknowledgements' })).json();
    expect(list.pending).toBe(1);
    expect(list.clients[0].protocols).toMatchObject([
      { protocolId: seizures2, version: 2, acknowledgedAt: null },
    ]);
    // The old version is no longer acknowledgeable; the new one is.
    await db().execute(sql`delete from protocol_acknowledgement where protocol_id = ${seizures}::uuid`);
    const old = await caregiverA({
      method: 'POST',
      url: '/api/acknowledgements',
      payload: { protocolId: seizures },
    });
    expect(old.statusCode).toBe(404);
    const fresh = await caregiverA({
      method: 'POST',
      url: '/api/acknowledgements',
      payload: { protocolId: seizures2 },
    });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().version).toBe(2);
  });

  it('texts an account with a phone too; an expired link opens for nobody', async () => {
    await db().execute(
      sql`update user_account set phone = '+15035550142' where id = ${accountA.accountId}::uuid`,
    );
    const [latest] = (
      await db().execute<{ id: string }>(
        sql`select id from isp where client_id = ${client}::uuid order by verified_at desc limit 1`,
      )
    ).rows;
    await insertProtocol(randomUUID(), latest?.id as string, { riskType: 'Falls', sortOrder: 5 });
    const sent = await admin({ method: 'POST', url: '/api/acknowledgement-requests', payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().sent).toEqual([
      { caregiverId: caregiverRowA, name: 'Ana Caregiver', clientId: client, channels: ['email', 'sms'] },
    ]);
    const [sms] = await db()
      .select({ text: outboxMessages.textBody })
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, '+15035550142'));
    expect(sms?.text).toMatch(/\/acknowledge\?request=/);
    const token = await newestToken(accountA.email);
    expect(
      (await caregiverA({ method: 'GET', url: `/api/acknowledgements?request=${token}` })).statusCode,
    ).toBe(200);
    await db().execute(
      sql`update acknowledgement_request set expires_at = now() - interval '1 minute' where token_hash = ${hashRequestToken(token)}`,
    );
    expect(
      (await caregiverA({ method: 'GET', url: `/api/acknowledgements?request=${token}` })).statusCode,
    ).toBe(404);
  });

  it('audits reads and sends with ids and counts, never names or tokens', async () => {
    const rows = await db()
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(sql`${auditEvents.action} like 'acknowledgement%'`);
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'acknowledgement.list',
      'acknowledgement.create',
      'acknowledgement_rate.list',
      'acknowledgement_rate.read',
      'acknowledgement_request.send',
    ])
      expect(actions).toContain(action);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('Casey');
    expect(text).not.toContain('Ana Caregiver');
    expect(text).not.toContain(accountB.email);
  });
});

describe('stored messages', () => {
  it('keep the link redacted when the outbox does not show secrets', async () => {
    const quiet = await createTestApp({ outboxShowsSecrets: false });
    try {
      const quietAdmin = as(quiet, (await signInAs(quiet, 'ADMIN')).cookie);
      const account = await signInAs(quiet, 'CAREGIVER');
      const [c, g, i] = [randomUUID(), randomUUID(), randomUUID()];
      const q = quiet.database.db;
      await q.execute(sql`insert into client (id, name) values (${c}::uuid, 'Quiet Client')`);
      await q.execute(
        sql`insert into caregiver (id, name, email) values (${g}::uuid, 'Quinn', ${account.email})`,
      );
      await q.execute(sql`insert into shift (id, date, caregiver_id, client_id)
        values (${randomUUID()}::uuid, current_date, ${g}::uuid, ${c}::uuid)`);
      await q.execute(sql`insert into isp (id, client_id, pdf_url, status, verified_at)
        values (${i}::uuid, ${c}::uuid, 'k', 'VERIFIED', now())`);
      await q.execute(
        sql`insert into protocol (isp_id, risk_type, status) values (${i}::uuid, 'Falls', 'FINALIZED')`,
      );
      const sent = await quietAdmin({ method: 'POST', url: '/api/acknowledgement-requests', payload: {} });
      expect(sent.json().sent).toHaveLength(1);
      const [message] = await q
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, account.email));
      expect(message?.textBody).toContain('[one-time link or code: sent, not stored]');
      expect(message?.textBody).not.toMatch(/request=/);
      expect(message?.textBody).not.toContain('Quiet Client');
    } finally {
      await quiet.close();
    }
  }, 60_000);
});
