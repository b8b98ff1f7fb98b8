/**
 * The client, portal and caregiver dashboard API through `buildApp()` + inject (issue 20; decision 0052;
 * docs/dashboards.md): what each sees, scope by record (a guardian's other client, another caregiver, an unknown id:
 * the same 404 body), anonymous 401, bad input 400, and the audit with the access path.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { workweekOf } from '../hours/workweek.ts';
import { shortName } from './dashboard-support.ts';

type Caller = ReturnType<typeof as>;

let t: TestApp;
let admin: Caller;
let anonymous: Caller;
let guardian: Caller;
let caregiverA: Caller;
let caregiverB: Caller;
let plainUser: Caller;

const clientA = randomUUID();
const clientB = randomUUID();
const caregiverRowA = randomUUID();
const caregiverRowB = randomUUID();
const ispId = randomUUID();
const protocolId = randomUUID();
const zone = 'America/Los_Angeles';
const overtimeShiftIds = [randomUUID(), randomUUID(), randomUUID()];
const db = () => t.database.db;

async function insertShift(
  id: string,
  caregiverId: string,
  clientId: string,
  date: string,
  times?: { start: Date; end: Date },
) {
  await db().execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id, time_zone,
      evv_in_time, evv_out_time, evv_in_lat, evv_in_long, evv_out_lat, evv_out_long)
    values (${id}::uuid, ${date}::date, 'OR526', ${caregiverId}::uuid, ${clientId}::uuid, ${zone},
      ${times?.start.toISOString() ?? null}::timestamptz, ${times?.end.toISOString() ?? null}::timestamptz,
      45.5, -122.6, 45.5, -122.6)`);
}

const localDay = (daysFromToday: number) =>
  DateTime.now().setZone(zone).plus({ days: daysFromToday }).toISODate() as string;

/** Three 14-hour shifts of caregiver A in this workweek: 42 hours, 2 of them overtime. */
async function insertOvertimeWeek() {
  const week = workweekOf(new Date(), 'sunday', zone);
  for (const [index, id] of overtimeShiftIds.entries()) {
    const start = new Date(week.start.getTime() + (1 + 24 * index) * 3_600_000);
    const end = new Date(start.getTime() + 14 * 3_600_000);
    const date = DateTime.fromJSDate(start, { zone }).toISODate() as string;
    await insertShift(id, caregiverRowA, clientA, date, { start, end });
  }
}

async function insertCare() {
  await db().execute(sql`insert into client (id, name) values (${clientA}::uuid, 'Alma Client'),
    (${clientB}::uuid, 'Bruno Other')`);
  await db().execute(sql`insert into caregiver (id, name) values (${caregiverRowA}::uuid, 'Ana María García'),
    (${caregiverRowB}::uuid, 'Ben Brown')`);
  await insertShift(randomUUID(), caregiverRowA, clientA, localDay(3));
  await insertShift(randomUUID(), caregiverRowB, clientB, localDay(2));
  const past = randomUUID();
  const start = DateTime.now().setZone(zone).minus({ days: 20 }).set({ hour: 9 }).toJSDate();
  await insertShift(past, caregiverRowA, clientA, localDay(-20), {
    start,
    end: new Date(start.getTime() + 4 * 3_600_000),
  });
  await insertOvertimeWeek();
  // An open violation and two screening items on A's past shift; a screening item on B's shift only.
  await db().execute(sql`insert into shift_segment (shift_id, validation_status, validation_violations)
    values (${past}::uuid, 'NOT_READY', ${JSON.stringify([{ code: 'SHIFT_NOTE_MISSING', message: 'x' }])}::jsonb)`);
  await db().execute(sql`update shift set incident_severity = 'HIGH', incident_categories = '["fall"]'::jsonb,
    incident_report_due_at = now() + interval '1 day' where id = ${past}::uuid`);
  await db().execute(sql`insert into suspicious_location (shift_id, caregiver_id, client_id, suspicious_type,
      suspicion_level) values (${past}::uuid, ${caregiverRowA}::uuid, ${clientA}::uuid, 'CLOCK_IN', 'HIGH')`);
  await db().execute(sql`insert into isp (id, client_id, pdf_url, status, verified_at)
    values (${ispId}::uuid, ${clientA}::uuid, 'a/v1.pdf', 'VERIFIED', now())`);
  await db()
    .execute(sql`insert into protocol (id, isp_id, risk_type, status, description, include_description)
    values (${protocolId}::uuid, ${ispId}::uuid, 'Choking', 'FINALIZED', 'Cut food small.', true)`);
  await db()
    .execute(sql`insert into quarterly_summary (client_id, year, quarter, section_name, section_summary,
      generated_at) values (${clientA}::uuid, 2026, 3, 'General', 'Went to the park.', now())`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  anonymous = as(t, null);
  plainUser = as(t, (await signInAs(t, 'USER')).cookie);
  await insertCare();
  const g = await signInAs(t, 'GUARDIAN');
  guardian = as(t, g.cookie);
  await db().execute(sql`insert into access_grant (user_account_id, kind, client_id)
    values (${g.accountId}::uuid, 'GUARDIAN', ${clientA}::uuid)`);
  const a = await signInAs(t, 'CAREGIVER');
  const b = await signInAs(t, 'CAREGIVER');
  caregiverA = as(t, a.cookie);
  caregiverB = as(t, b.cookie);
  await db().execute(
    sql`update user_account set caregiver_id = ${caregiverRowA}::uuid where id = ${a.accountId}::uuid`,
  );
  await db().execute(
    sql`update user_account set caregiver_id = ${caregiverRowB}::uuid where id = ${b.accountId}::uuid`,
  );
}, 60_000);
afterAll(() => t.close());

async function newestAudit(action: string) {
  const [row] = await db()
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return row;
}

describe('shortName', () => {
  it('keeps the first name and the last name initial', () => {
    expect(shortName('Ana María García')).toBe('Ana G.');
    expect(shortName('  cher ')).toBe('cher');
  });
});

describe('client dashboard', () => {
  it('lists a guardian their granted client only, with the next visit and newest summary', async () => {
    const response = await guardian({ method: 'GET', url: '/api/dashboards/clients' });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      clientId: clientA,
      relationship: 'GUARDIAN',
      nextVisit: { caregiverName: 'Ana G.' },
      latestSummary: { year: 2026, quarter: 3 },
    });
    const audit = await newestAudit('dashboard.client.list');
    expect(audit?.details).toMatchObject({ returned: 1, accessPath: 'session' });
  });

  it("shows a guardian their client's visits, caregivers, protocols and summaries, audited", async () => {
    const response = await guardian({ method: 'GET', url: `/api/dashboards/clients/${clientA}?locale=es` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.relationship).toBe('GUARDIAN');
    expect(body.upcoming.length).toBeGreaterThanOrEqual(1);
    expect(body.upcoming[0]).toMatchObject({ caregiverName: 'Ana G.', date: localDay(3) });
    expect(body.past.some((visit: { evvStatus: string }) => visit.evvStatus === 'VERIFIED')).toBe(true);
    expect(body.caregivers.map((c: { caregiverName: string }) => c.caregiverName)).toEqual(['Ana G.']);
    expect(body.protocols.map((p: { riskType: string }) => p.riskType)).toEqual(['Choking']);
    expect(body.summaries[0].sections[0].sectionSummary).toBe('Went to the park.');
    const audit = await newestAudit('dashboard.client.view');
    expect(audit).toMatchObject({ entityId: clientA, outcome: 'success' });
    expect(audit?.details).toMatchObject({ accessPath: 'session', protocols: 1 });
    expect(JSON.stringify(audit?.details)).not.toContain('Alma');
  });

  it("answers another client's id and an unknown id with the same 404, audited denied", async () => {
    const other = await guardian({ method: 'GET', url: `/api/dashboards/clients/${clientB}` });
    const unknown = await guardian({ method: 'GET', url: `/api/dashboards/clients/${randomUUID()}` });
    expect([other.statusCode, unknown.statusCode]).toEqual([404, 404]);
    const strip = (body: string) => ({ ...JSON.parse(body), instance: null, requestId: null, traceId: null });
    expect(strip(other.body)).toEqual(strip(unknown.body));
    const denied = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'dashboard.client.view'), eq(auditEvents.entityId, clientB)));
    expect(denied.map((row) => row.outcome)).toEqual(['denied']);
    const none = await plainUser({ method: 'GET', url: `/api/dashboards/clients/${clientA}` });
    expect(none.statusCode).toBe(404);
    expect((await plainUser({ method: 'GET', url: '/api/dashboards/clients' })).json().items).toEqual([]);
  });

  it('lets a caregiver see the clients they serve and an admin every client', async () => {
    expect((await caregiverA({ method: 'GET', url: `/api/dashboards/clients/${clientA}` })).statusCode).toBe(
      200,
    );
    expect((await caregiverA({ method: 'GET', url: `/api/dashboards/clients/${clientB}` })).statusCode).toBe(
      404,
    );
    const asAdmin = await admin({ method: 'GET', url: `/api/dashboards/clients/${clientB}` });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().relationship).toBe('ADMIN');
  });

  it('refuses anonymous callers (401) and names a bad id or locale (400)', async () => {
    expect((await anonymous({ method: 'GET', url: '/api/dashboards/clients' })).statusCode).toBe(401);
    expect((await anonymous({ method: 'GET', url: `/api/dashboards/clients/${clientA}` })).statusCode).toBe(
      401,
    );
    const badId = await guardian({ method: 'GET', url: '/api/dashboards/clients/nope' });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('clientId');
    const badLocale = await guardian({ method: 'GET', url: `/api/dashboards/clients/${clientA}?locale=fr` });
    expect(badLocale.statusCode).toBe(400);
    expect(badLocale.body).toContain('locale');
  });
});

describe('caregiver dashboard', () => {
  it('shows a caregiver their shifts, hours with overtime, clients’ protocols, violations and screening', async () => {
    const response = await caregiverA({ method: 'GET', url: `/api/dashboards/caregivers/${caregiverRowA}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.name).toBe('Ana María García');
    expect(body.weeks).toHaveLength(4);
    expect(body.weeks.at(-1)).toMatchObject({ hours: 42, overtimeHours: 2, shiftCount: 3 });
    expect(body.upcoming.some((s: { clientName: string }) => s.clientName === 'Alma Client')).toBe(true);
    expect(body.recent.length).toBeGreaterThanOrEqual(0);
    expect(body.clients).toEqual([
      expect.objectContaining({
        clientId: clientA,
        protocols: [expect.objectContaining({ riskType: 'Choking' })],
      }),
    ]);
    expect(body.violations).toEqual([expect.objectContaining({ codes: ['SHIFT_NOTE_MISSING'] })]);
    expect(body.screening.map((item: { kind: string }) => item.kind).sort()).toEqual([
      'INCIDENT',
      'LOCATION',
    ]);
    const audit = await newestAudit('dashboard.caregiver.view');
    expect(audit).toMatchObject({ entityId: caregiverRowA, outcome: 'success' });
    expect(audit?.details).toMatchObject({ accessPath: 'session', violations: 1, screening: 2 });
  });

  it("never shows another caregiver's items: B sees only their own (nothing open)", async () => {
    const response = await caregiverB({ method: 'GET', url: `/api/dashboards/caregivers/${caregiverRowB}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.violations).toEqual([]);
    expect(body.screening).toEqual([]);
    expect(body.clients.map((c: { clientId: string }) => c.clientId)).toEqual([clientB]);
  });

  it("answers another caregiver's id, an unknown id and a guardian with the same 404, audited denied", async () => {
    const other = await caregiverB({ method: 'GET', url: `/api/dashboards/caregivers/${caregiverRowA}` });
    const unknown = await caregiverB({ method: 'GET', url: `/api/dashboards/caregivers/${randomUUID()}` });
    const byGuardian = await guardian({ method: 'GET', url: `/api/dashboards/caregivers/${caregiverRowA}` });
    expect([other.statusCode, unknown.statusCode, byGuardian.statusCode]).toEqual([404, 404, 404]);
    const strip = (body: string) => ({ ...JSON.parse(body), instance: null, requestId: null, traceId: null });
    expect(strip(other.body)).toEqual(strip(unknown.body));
    const denied = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'dashboard.caregiver.view'), eq(auditEvents.outcome, 'denied')));
    expect(denied.length).toBeGreaterThanOrEqual(3);
    expect(
      (await anonymous({ method: 'GET', url: `/api/dashboards/caregivers/${caregiverRowA}` })).statusCode,
    ).toBe(401);
    expect(
      (await admin({ method: 'GET', url: `/api/dashboards/caregivers/${caregiverRowA}` })).statusCode,
    ).toBe(200);
  });
});
