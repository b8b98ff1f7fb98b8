/**
 * Budget lines and the budget-overages report through the real routes (issue 5): shifts imported
 * from a CSV through the real job, lines added by hand with validation, use per measure (hours,
 * 15-minute units with the 8-minute rule, days, miles), overage / projected overage / bunching
 * flags, the drill-down to segments, edits and deletes, audits. 401 anonymous, 403 non-admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnMap } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { blns, importShiftsFile } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
let clientId: string;
const lines: Record<string, string> = {};

const header = 'Visit Ref,Staff Member,Individual,Svc Date,Time In,Time Out,Proc,Mod';
const map: ColumnMap = {
  'Visit Ref': 'givShiftId',
  'Staff Member': 'caregiverName',
  Individual: 'clientName',
  'Svc Date': 'date',
  'Time In': 'evvInTime',
  'Time Out': 'evvOutTime',
  Proc: 'billingCode',
  Mod: 'mod1',
};
const rows = [
  'B-1,Gus Giver,Bea Budget,03/03/2025,9:00 AM,5:00 PM,OR526,', // 480 min: 32 units
  'B-2,Gus Giver,Bea Budget,03/04/2025,9:00 AM,10:07 AM,OR526,', // 67 min: 4 units (7 min rounds down)
  'B-3,Gus Giver,Bea Budget,03/05/2025,9:00 AM,10:08 AM,or526,', // 68 min: 5 units (8 min rounds up)
  'B-4,Gus Giver,Bea Budget,03/06/2025,9:00 AM,11:00 AM,OR526,ZE', // 2:1 staffing: its own line
  'B-5,Gus Giver,Bea Budget,03/07/2025,9:00 AM,11:00 AM,OR507,', // relief care: not counted
  'B-6,Gus Giver,Bea Budget,03/10/2025,9:00 AM,11:00 AM,OR526,',
  'B-7,Gus Giver,Bea Budget,03/11/2025,9:00 AM,11:00 AM,OR526,',
];
const csv = [header, ...rows].join('\r\n') + '\r\n';

const line = (overrides: Record<string, unknown> = {}) => ({
  clientId,
  procCode: 'OR526',
  svcModifierCd: null,
  units: 10,
  measure: 'hours',
  term: 'March 2025',
  effectiveDate: '2025-03-01',
  expirationDate: '2025-03-31',
  ...overrides,
});
const create = (payload: Record<string, unknown>, caller = admin) =>
  caller({ method: 'POST', url: '/api/budgets', payload });
const overages = async (query: string) => {
  const response = await admin({ method: 'GET', url: `/api/budget-overages?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const auditFor = async (entityId: string, action: string) =>
  (
    await admin({
      method: 'GET',
      url: `/api/audit-events?entityId=${entityId}&action=${action}&pageSize=100`,
    })
  ).json().items as { details: Record<string, unknown> | null }[];

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const empty = await overages('asOf=2025-03-31');
  expect(empty).toMatchObject({ items: [], total: 0, budgetLines: 0 });
  const job = await importShiftsFile(admin, csv, 'budget-shifts.csv', { columnMap: map });
  expect(job.status, job.error).toBe('COMPLETED');
  const shifts = (await admin({ method: 'GET', url: `/api/shifts?csvFileId=${job.csvFileId}` })).json();
  clientId = shifts.items[0].clientId;
}, 60_000);
afterAll(() => t.close());

describe('POST /api/budgets', () => {
  it('adds lines by hand; audited', async () => {
    for (const [key, payload] of [
      ['hours', line()],
      [
        'units',
        line({ measure: 'units_15min', units: 100, effectiveDate: '2025-03-02', expirationDate: null }),
      ],
      ['days', line({ svcModifierCd: 'ZE', measure: 'days', units: 10 })],
      ['miles', line({ procCode: 'OR542', measure: 'miles', units: 50 })],
    ] as const) {
      const response = await create(payload);
      expect(response.statusCode, response.body).toBe(201);
      lines[key] = response.json().id;
    }
    const created = await admin({ method: 'GET', url: `/api/budgets?clientId=${clientId}` });
    expect(created.json().total).toBe(4);
    expect(created.json().items.find((l: { id: string }) => l.id === lines.hours)).toMatchObject({
      clientName: 'Bea Budget',
      procCode: 'OR526',
      svcModifierCd: null,
      units: 10,
      measure: 'hours',
      term: 'March 2025',
      effectiveDate: '2025-03-01',
      expirationDate: '2025-03-31',
      csvFileId: null,
    });
    expect(await auditFor(lines.hours as string, 'budget.create')).toHaveLength(1);
  });

  it('names the field of bad input and refuses a twin line', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [line({ units: 0 }), 'units'],
      [line({ units: -3 }), 'units'],
      [line({ units: 1.234 }), 'units'],
      [line({ measure: 'furlongs' }), 'measure'],
      [line({ expirationDate: '2025-02-01' }), 'expirationDate'],
      [line({ effectiveDate: '03/01/2025' }), 'effectiveDate'],
      [line({ procCode: '   ' }), 'procCode'],
      [line({ procCode: 'a\u0000b' }), 'procCode'],
      [line({ clientId: '00000000-0000-4000-8000-000000000000' }), 'clientId'],
    ];
    for (const [payload, path] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const twin = await create(line({ procCode: ' OR526 ' }));
    expect(twin.statusCode).toBe(409);
    expect((await admin({ method: 'GET', url: `/api/budgets?clientId=${clientId}` })).json().total).toBe(4);
  });

  it('keeps naughty terms as written', async () => {
    for (const [i, term] of blns
      .filter((s) => s.trim() && !s.includes('\u0000'))
      .slice(0, 25)
      .entries()) {
      const response = await create(line({ procCode: `NS${i}`, term }));
      expect(response.statusCode, term).toBe(201);
      expect(response.json().term).toBe(term.trim().slice(0, 100));
      await admin({ method: 'DELETE', url: `/api/budgets/${response.json().id}` });
    }
  });

  it('401 anonymous, 403 non-admin', async () => {
    expect((await create(line({ procCode: 'X1' }), anonymous)).statusCode).toBe(401);
    expect((await create(line({ procCode: 'X1' }), caregiverUser)).statusCode).toBe(403);
    expect((await anonymous({ method: 'GET', url: '/api/budgets' })).statusCode).toBe(401);
    expect((await caregiverUser({ method: 'GET', url: '/api/budgets' })).statusCode).toBe(403);
  });
});

describe('GET /api/budget-overages', () => {
  it('computes used, projected and remaining per measure, with flags; audited', async () => {
    const page = await overages(`asOf=2025-03-31&clientId=${clientId}`);
    expect(page).toMatchObject({
      asOf: '2025-03-31',
      total: 4,
      totals: { overage: 1, projected_overage: 1 },
    });
    const byId = new Map(page.items.map((l: { id: string }) => [l.id, l]));
    // 480 + 67 + 68 + 120 + 120 minutes = 14.25 h; one 8-hour day holds 56 % of five service days.
    expect(byId.get(lines.hours)).toMatchObject({
      authorized: 10,
      used: 14.25,
      projected: 14.25,
      remaining: -4.25,
      termDays: 31,
      elapsedDays: 31,
      segmentCount: 5,
      serviceDays: 5,
      flags: ['overage', 'bunching'],
      note: null,
    });
    // 32 + 4 + 5 + 8 + 8 units in 30 days of an open-ended (365-day) term.
    expect(byId.get(lines.units)).toMatchObject({
      authorized: 100,
      used: 57,
      termEnd: '2026-03-01',
      termDays: 365,
      elapsedDays: 30,
      projected: 693.5,
      flags: ['projected_overage', 'bunching'],
    });
    expect(byId.get(lines.days)).toMatchObject({ used: 1, projected: 1, flags: [], segmentCount: 1 });
    expect(byId.get(lines.miles)).toMatchObject({ used: 0, flags: [] });
    expect((byId.get(lines.miles) as { note: string }).note).toMatch(/Miles are not recorded/);
    expect(page.items[0].id).toBe(lines.hours);
    const audit = (
      await admin({ method: 'GET', url: '/api/audit-events?action=budget_overage.list' })
    ).json();
    expect(audit.items[0].details).toMatchObject({ asOf: '2025-03-31', clientId, returned: 4 });
  });

  it('filters by flag and by date', async () => {
    expect(
      (await overages(`asOf=2025-03-31&clientId=${clientId}&flag=overage`)).items.map(
        (l: { id: string }) => l.id,
      ),
    ).toEqual([lines.hours]);
    expect((await overages(`asOf=2025-03-31&clientId=${clientId}&flag=any`)).total).toBe(2);
    expect((await overages(`asOf=2025-03-31&clientId=${clientId}&flag=bunching`)).total).toBe(2);
    // Before the second week: 480 + 67 + 68 minutes on three days (no bunching judgement yet).
    const early = await overages(`asOf=2025-03-05&clientId=${clientId}`);
    const hours = early.items.find((l: { id: string }) => l.id === lines.hours);
    expect(hours).toMatchObject({ used: 10.25, elapsedDays: 5, flags: ['overage'] });
    // Lines not yet in force are left out.
    expect((await overages(`asOf=2025-02-01&clientId=${clientId}`)).total).toBe(0);
    const bad = await admin({ method: 'GET', url: '/api/budget-overages?flag=late' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('flag');
  });

  it('401 anonymous, 403 non-admin', async () => {
    expect((await anonymous({ method: 'GET', url: '/api/budget-overages' })).statusCode).toBe(401);
    expect((await caregiverUser({ method: 'GET', url: '/api/budget-overages' })).statusCode).toBe(403);
  });
});

describe('GET /api/budget-overages/:id/segments', () => {
  it('lists the segments counted for a line with their units; audited', async () => {
    const response = await admin({
      method: 'GET',
      url: `/api/budget-overages/${lines.units}/segments?asOf=2025-03-31`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.line).toMatchObject({ id: lines.units, used: 57 });
    expect(body.truncated).toBe(false);
    expect(body.timeZone).toBe('America/Los_Angeles');
    expect(
      body.segments.map((s: { date: string; minutes: number; units: number }) => [
        s.date,
        s.minutes,
        s.units,
      ]),
    ).toEqual([
      ['2025-03-03', 480, 32],
      ['2025-03-04', 67, 4],
      ['2025-03-05', 68, 5],
      ['2025-03-10', 120, 8],
      ['2025-03-11', 120, 8],
    ]);
    expect(body.segments[0]).toMatchObject({ caregiverName: 'Gus Giver', billingCode: 'OR526' });
    expect(await auditFor(lines.units as string, 'budget_overage.read')).toHaveLength(1);
  });

  it('404 unknown line, 401 anonymous, 403 non-admin', async () => {
    const url = '/api/budget-overages/00000000-0000-4000-8000-000000000000/segments';
    expect((await admin({ method: 'GET', url })).statusCode).toBe(404);
    expect((await anonymous({ method: 'GET', url })).statusCode).toBe(401);
    expect((await caregiverUser({ method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('PATCH and DELETE /api/budgets/:id', () => {
  it('changes given fields, checks merged dates, audits the field names', async () => {
    const patch = (id: string, payload: Record<string, unknown>, caller = admin) =>
      caller({ method: 'PATCH', url: `/api/budgets/${id}`, payload });
    const raised = await patch(lines.hours as string, { units: 20 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ units: 20, term: 'March 2025', svcModifierCd: null });
    expect((await overages(`asOf=2025-03-31&clientId=${clientId}&flag=overage`)).total).toBe(0);
    const reversed = await patch(lines.hours as string, { effectiveDate: '2025-04-15' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual([
      { path: 'expirationDate', message: 'must be on or after the effective date' },
    ]);
    const same = await patch(lines.hours as string, { units: 20 });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors[0].path).toBe('units');
    const twin = await patch(lines.days as string, { svcModifierCd: null });
    expect(twin.statusCode).toBe(409);
    expect((await patch(lines.hours as string, { measure: 'parsecs' })).json().errors[0].path).toBe(
      'measure',
    );
    expect(await auditFor(lines.hours as string, 'budget.update')).toEqual([
      expect.objectContaining({ details: { fields: ['units'] } }),
    ]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await patch(unknown, { units: 3 })).statusCode).toBe(404);
    expect((await patch(lines.hours as string, { units: 3 }, anonymous)).statusCode).toBe(401);
    expect((await patch(lines.hours as string, { units: 3 }, caregiverUser)).statusCode).toBe(403);
  });

  it('deletes a line; audited; 404 after; 401; 403', async () => {
    const url = `/api/budgets/${lines.miles}`;
    expect((await anonymous({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await caregiverUser({ method: 'DELETE', url })).statusCode).toBe(403);
    const deleted = await admin({ method: 'DELETE', url });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().id).toBe(lines.miles);
    expect((await admin({ method: 'DELETE', url })).statusCode).toBe(404);
    expect(await auditFor(lines.miles as string, 'budget.delete')).toHaveLength(1);
  });
});
