/**
 * The case-manager dashboard API through `buildApp()` + inject (issue 20; decision 0051; docs/dashboards.md): the
 * first questions from seeded ISPs, protocols, budget lines, shifts and incidents; scope (own record, another case
 * manager's id and client → 404 with the unknown id's body; admins see any); 401 anonymous; the audit with the access
 * path; the ISP status rule.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditOutcome,
  CaseManagerClientDetail,
  CaseManagerDashboard,
  DashboardCaseManagerPage,
} from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { ispPlanStatus, ispYearStart } from '../isp/plan-status.ts';

type Caller = ReturnType<typeof as>;

let t: TestApp;
let admin: Caller;
let anonymous: Caller;
let managerA: Caller;
let plainUser: Caller;
let accountA: string;

const cmA = randomUUID();
const cmB = randomUUID();
const clientA1 = randomUUID();
const clientA2 = randomUUID();
const clientB1 = randomUUID();
const caregiver = randomUUID();
const ispA1 = randomUUID();
const db = () => t.database.db;

async function insertShift(clientId: string, daysAgo: number, incident?: { dueHoursFromNow: number }) {
  const shiftId = randomUUID();
  await db().execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id, time_zone,
      evv_in_time, evv_out_time, incident_severity, incident_categories, incident_report_due_at)
    values (${shiftId}::uuid, current_date - ${daysAgo}::int, 'OR526', ${caregiver}::uuid, ${clientId}::uuid,
      'America/Los_Angeles', now() - make_interval(days => ${daysAgo}::int, hours => 4),
      now() - make_interval(days => ${daysAgo}::int),
      ${incident ? 'HIGH' : null}, ${incident ? sql`'["injury"]'::jsonb` : null},
      ${incident ? sql`now() + make_interval(hours => ${incident.dueHoursFromNow}::int)` : null})`);
  await db().execute(sql`insert into shift_segment (shift_id, evv_start, evv_end, billing_code)
    values (${shiftId}::uuid, now() - make_interval(days => ${daysAgo}::int, hours => 4),
      now() - make_interval(days => ${daysAgo}::int), 'OR526')`);
  return shiftId;
}

async function auditRows(action: string, outcome: AuditOutcome = 'success') {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.outcome, outcome)));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  anonymous = as(t, null);
  plainUser = as(t, (await signInAs(t, 'USER')).cookie);
  await db().execute(sql`insert into case_manager (id, name, county) values
    (${cmA}::uuid, 'Alma Manager', 'Lane'), (${cmB}::uuid, 'Boris Manager', 'Marion')`);
  const a = await signInAs(t, 'USER');
  accountA = a.accountId;
  await db().execute(
    sql`update user_account set case_manager_id = ${cmA}::uuid where id = ${accountA}::uuid`,
  );
  managerA = as(t, a.cookie);
  await db().execute(sql`insert into client (id, name, case_manager_id, isp_month) values
    (${clientA1}::uuid, 'Casey One', ${cmA}::uuid, 1), (${clientA2}::uuid, 'Cory Two', ${cmA}::uuid, null),
    (${clientB1}::uuid, 'Dana Bee', ${cmB}::uuid, null)`);
  await db().execute(sql`insert into caregiver (id, name) values (${caregiver}::uuid, 'Ana Caregiver')`);
  // Client A1: a verified ISP whose plan ended yesterday (overdue), one serious protocol past its review date.
  await db().execute(sql`insert into isp (id, client_id, pdf_url, status, verified_at, plan_start, plan_end)
    values (${ispA1}::uuid, ${clientA1}::uuid, 'x/v1.pdf', 'VERIFIED', now() - interval '400 days',
      current_date - 400, current_date - 1)`);
  await db().execute(sql`insert into protocol (isp_id, risk_type, status, serious, review_due_date)
    values (${ispA1}::uuid, 'Seizures', 'FINALIZED', true, current_date - 3),
      (${ispA1}::uuid, 'Choking', 'FINALIZED', false, null)`);
  // 40 hours over an open-ended term that started 60 days ago (two months or three); 8 hours delivered.
  await db().execute(sql`insert into budget (client_id, proc_code, units, measure, effective_date)
    values (${clientA1}::uuid, 'OR526', 40, 'hours', current_date - 59)`);
  await insertShift(clientA1, 2, { dueHoursFromNow: -5 });
  await insertShift(clientA1, 40);
  await insertShift(clientA2, 1, { dueHoursFromNow: 30 });
  await insertShift(clientB1, 1, { dueHoursFromNow: 10 });
}, 60_000);
afterAll(() => t.close());

describe('ISP status rule', () => {
  it('counts the ISP year from its start month and flags ended, old and missing plans', () => {
    expect(ispYearStart(3, '2026-11-28')).toBe('2026-03-01');
    expect(ispYearStart(12, '2026-11-28')).toBe('2025-12-01');
    const plan = (planStart: string | null, planEnd: string | null) => ({
      ispId: 'i',
      planStart,
      planEnd,
      verifiedOn: '2026-01-05',
    });
    expect(ispPlanStatus(null, 3, '2026-11-28')).toEqual({ status: 'missing', dueDate: '2026-03-01' });
    expect(ispPlanStatus(plan('2025-12-01', '2026-11-27'), null, '2026-11-28').status).toBe('overdue');
    expect(ispPlanStatus(plan('2025-03-01', null), 3, '2026-11-28')).toEqual({
      status: 'overdue',
      dueDate: '2026-03-01',
    });
    expect(ispPlanStatus(plan('2026-03-01', null), 3, '2026-11-28').status).toBe('current');
    expect(ispPlanStatus(plan('2026-01-01', '2026-12-20'), null, '2026-11-28')).toEqual({
      status: 'due_soon',
      dueDate: '2026-12-21',
    });
  });
});

describe('case-manager dashboard access', () => {
  it('refuses anonymous callers (401) and names a bad id (400)', async () => {
    const anon = await Promise.all([
      anonymous({ method: 'GET', url: '/api/dashboards/case-manager' }),
      anonymous({ method: 'GET', url: `/api/dashboards/case-manager/${cmA}` }),
      anonymous({ method: 'GET', url: `/api/dashboards/case-manager/${cmA}/clients/${clientA1}` }),
    ]);
    expect(anon.map((r) => r.statusCode)).toEqual([401, 401, 401]);
    const bad = await managerA({ method: 'GET', url: '/api/dashboards/case-manager/nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('caseManagerId');
  });

  it("answers 404, as for an unknown id, for another case manager's dashboard and client", async () => {
    const unknown = await managerA({ method: 'GET', url: `/api/dashboards/case-manager/${randomUUID()}` });
    const other = await managerA({ method: 'GET', url: `/api/dashboards/case-manager/${cmB}` });
    expect([unknown.statusCode, other.statusCode]).toEqual([404, 404]);
    const strip = (body: string) => JSON.stringify({ ...JSON.parse(body), instance: null, requestId: null });
    expect(strip(other.body)).toBe(strip(unknown.body));
    const foreignClient = await managerA({
      method: 'GET',
      url: `/api/dashboards/case-manager/${cmA}/clients/${clientB1}`,
    });
    expect(foreignClient.statusCode).toBe(404);
    const viaOther = await managerA({
      method: 'GET',
      url: `/api/dashboards/case-manager/${cmB}/clients/${clientB1}`,
    });
    expect(viaOther.statusCode).toBe(404);
    expect((await auditRows('dashboard.case_manager.view', 'denied')).length).toBeGreaterThanOrEqual(2);
    const plain = await plainUser({ method: 'GET', url: `/api/dashboards/case-manager/${cmA}` });
    expect(plain.statusCode).toBe(404);
  });

  it('lists only the case managers the caller may open (admins: all)', async () => {
    const own = (
      await managerA({ method: 'GET', url: '/api/dashboards/case-manager' })
    ).json<DashboardCaseManagerPage>();
    expect(own.items.map((i) => i.id)).toEqual([cmA]);
    expect(own.ownCaseManagerId).toBe(cmA);
    const all = (
      await admin({ method: 'GET', url: '/api/dashboards/case-manager?q=manager' })
    ).json<DashboardCaseManagerPage>();
    expect(all.items.map((i) => i.id).sort()).toEqual([cmA, cmB].sort());
    const none = (
      await plainUser({ method: 'GET', url: '/api/dashboards/case-manager' })
    ).json<DashboardCaseManagerPage>();
    expect(none.total).toBe(0);
  });
});

describe('case-manager dashboard', () => {
  it('answers the first questions over only their clients, and audits the view with the access path', async () => {
    const before = (await auditRows('dashboard.case_manager.view')).length;
    const response = await managerA({ method: 'GET', url: `/api/dashboards/case-manager/${cmA}` });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CaseManagerDashboard>();
    expect(body.clients.map((c) => c.clientName)).toEqual(['Casey One', 'Cory Two']);
    expect(body.firstQuestions).toMatchObject({
      overdueIsps: 1,
      missingIsps: 1,
      reviewsOverdue: 1,
      unacknowledged: 2,
      clientsWithUnacknowledged: 1,
      openIncidents: 2,
      overdueIncidents: 1,
    });
    expect(body.firstQuestions.term.authorizedHours).toBe(40);
    expect(body.firstQuestions.term.deliveredHours).toBe(8);
    // 60 of 365 days elapsed: 40 × 60/365 ≈ 6.6 h expected, 8 delivered: nothing unfilled.
    expect(body.firstQuestions.term.unfilledHours).toBe(0);
    expect(body.incidents[0]).toMatchObject({ clientName: 'Casey One', overdue: true, severity: 'HIGH' });
    expect(body.incidents.some((i) => i.clientId === clientB1)).toBe(false);
    const one = body.clients.find((c) => c.clientId === clientA1);
    expect(one).toMatchObject({ ispStatus: 'overdue', protocols: 2, seriousProtocols: 1, openIncidents: 1 });
    const events = await auditRows('dashboard.case_manager.view');
    expect(events.length).toBe(before + 1);
    const event = events.find((e) => e.actorUserAccountId === accountA && e.entityId === cmA);
    expect(event?.details).toMatchObject({ accessPath: 'session', clients: 2 });
  });

  it("shows one client's detail with shifts, incidents, budget series and protocols; admins see any", async () => {
    const response = await managerA({
      method: 'GET',
      url: `/api/dashboards/case-manager/${cmA}/clients/${clientA1}?locale=es`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<CaseManagerClientDetail>();
    expect(detail.shifts).toHaveLength(1);
    expect(detail.shifts[0]).toMatchObject({ caregiverName: 'Ana Caregiver' });
    expect(detail.incidents).toHaveLength(1);
    expect(detail.protocols.map((p) => p.riskType)).toEqual(['Seizures', 'Choking']);
    expect(detail.budget.lines[0]?.hours?.deliveredHours).toBe(8);
    // Each month counts its own days only: the series adds up to the term.
    expect(detail.budget.months.length).toBeGreaterThanOrEqual(2);
    expect(detail.budget.months.reduce((sum, m) => sum + m.deliveredHours, 0)).toBe(8);
    // Authorized pro rata: 40 h × the window's days up to the end of this month ÷ 365 (60 to 90 days).
    const authorized = detail.budget.months.reduce((sum, m) => sum + m.authorizedHours, 0);
    expect(authorized).toBeGreaterThanOrEqual((40 * 60) / 365 - 0.05);
    expect(authorized).toBeLessThanOrEqual((40 * 91) / 365 + 0.05);
    const viewed = await auditRows('dashboard.client.view');
    expect(viewed.some((e) => e.entityId === clientA1 && e.actorUserAccountId === accountA)).toBe(true);
    const asAdmin = await admin({
      method: 'GET',
      url: `/api/dashboards/case-manager/${cmB}/clients/${clientB1}`,
    });
    expect(asAdmin.statusCode).toBe(200);
    const missingReport = await managerA({
      method: 'GET',
      url: `/api/dashboards/case-manager/${cmA}/clients/${clientA1}/reports/${randomUUID()}/file`,
    });
    expect(missingReport.statusCode).toBe(404);
  });
});
