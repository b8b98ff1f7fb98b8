/**
 * One number for every total (issue 16 item 5, decision 0037): the Shifts page, Caregiver hours and
 * the shifts CSV export give the same hours for the same shifts. The data set is chosen so that the old
 * rules disagree: six 20-minute visits (exactly 2 h) of three caregivers; rounding each row to 0.01 h
 * and adding gave 1.98 h, rounding each caregiver's week (40 min → 0.67 h) and adding gave 2.01 h.
 * The export also carries each person's ids beside the names (issue 16 item 8).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnMap } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { importShiftsFile } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;

const header = 'Visit,Employee Id,Staff,Client,Svc Date,In,Out,Proc';
const map: ColumnMap = {
  Visit: 'givShiftId',
  'Employee Id': 'caregiverExternalId',
  Staff: 'caregiverName',
  Client: 'clientName',
  'Svc Date': 'date',
  In: 'evvInTime',
  Out: 'evvOutTime',
  Proc: 'billingCode',
};
// Two namesakes (E-1 and E-2 are both "Sam Lee") and a third caregiver: 20 minutes each visit.
const rows = [
  'V-1,E-1,Sam Lee,Cleo Client,03/17/2025,9:00 AM,9:20 AM,OR526',
  'V-2,E-1,Sam Lee,Cleo Client,03/18/2025,9:00 AM,9:20 AM,OR526',
  'V-3,E-2,Sam Lee,Cleo Client,03/17/2025,1:00 PM,1:20 PM,OR526',
  'V-4,E-2,Sam Lee,Cleo Client,03/19/2025,1:00 PM,1:20 PM,OR526',
  'V-5,E-3,Tess Third,Cleo Client,03/20/2025,8:00 AM,8:20 AM,OR526',
  'V-6,E-3,Tess Third,Cleo Client,03/21/2025,8:00 AM,8:20 AM,OR526',
];
const csv = [header, ...rows].join('\r\n') + '\r\n';
const week = 'from=2025-03-16&to=2025-03-22';

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles', workweekStart: 'sunday' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  const job = await importShiftsFile(admin, csv, 'twenty-minutes.csv', { columnMap: map });
  expect(job.status, job.error).toBe('COMPLETED');
}, 60_000);
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await admin({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('hours totals agree (decision 0037)', () => {
  it('the Shifts page, Caregiver hours and the CSV column give one total for the same week', async () => {
    const shiftsPage = (await get(`/api/shifts?${week}`)).json();
    const hoursPage = (await get(`/api/caregiver-hours?${week}`)).json();
    const exported = parse<Record<string, string>>((await get(`/api/shifts/export?${week}`)).body.slice(1), {
      columns: true,
    });
    expect(exported).toHaveLength(6);
    // The data set makes the old rules disagree: per row 6 × 0.33, per week 3 × 0.67.
    const minutes = exported.map((row) => Number(row.Minutes));
    expect(minutes).toEqual([20, 20, 20, 20, 20, 20]);
    expect(minutes.reduce((sum, m) => sum + Math.round((m / 60) * 100), 0) / 100).toBe(1.98);
    expect(hoursPage.items.reduce((sum: number, w: { hours: number }) => sum + w.hours, 0)).toBeCloseTo(2.01);

    const columnHundredths = exported.reduce((sum, row) => sum + Math.round(Number(row.Hours) * 100), 0);
    expect(shiftsPage.totals.hours).toBe(2);
    expect(hoursPage.totals.hours).toBe(2);
    expect(columnHundredths / 100).toBe(2);
    // Each row stays within 0.01 h of its exact length.
    for (const row of exported) expect(Math.abs(Number(row.Hours) - 20 / 60)).toBeLessThan(0.01);
  });

  it('the export names both namesakes apart by their ids', async () => {
    const exported = parse<Record<string, string>>((await get(`/api/shifts/export?${week}`)).body.slice(1), {
      columns: true,
    });
    const sams = exported.filter((row) => row.Caregiver === 'Sam Lee');
    expect(new Set(sams.map((row) => row['Caregiver external id']))).toEqual(new Set(['E-1', 'E-2']));
    expect(new Set(sams.map((row) => row['Caregiver id'])).size).toBe(2);
    for (const row of exported) expect(row['Client id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('denies a caregiver the export and the hours (403)', async () => {
    expect((await caregiverUser({ method: 'GET', url: `/api/shifts/export?${week}` })).statusCode).toBe(403);
    expect((await caregiverUser({ method: 'GET', url: `/api/caregiver-hours?${week}` })).statusCode).toBe(
      403,
    );
  });
});
