/**
 * Production shifts are the shifts promoted from staging, not a second name for every shift (issue 16
 * item 11): through the real route, an imported visit is under Shifts but not under Production shifts
 * until a staging shift was uploaded as it. 401 anonymous, 403 non-admin (denial audited by the guard).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnMap } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { importShiftsFile } from '../../../test/shift-import.ts';
import { stagingShifts } from './staging.table.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
const shiftIds: Record<string, string> = {};

const map: ColumnMap = {
  Visit: 'givShiftId',
  Staff: 'caregiverName',
  Client: 'clientName',
  Date: 'date',
  In: 'evvInTime',
  Out: 'evvOutTime',
  Proc: 'billingCode',
};
const csv =
  [
    'Visit,Staff,Client,Date,In,Out,Proc',
    'P-1,Gus Giver,Pat Promoted,03/03/2025,9:00 AM,5:00 PM,OR526',
    'P-2,Gus Giver,Pat Promoted,03/04/2025,9:00 AM,11:30 AM,OR526',
  ].join('\r\n') + '\r\n';

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const job = await importShiftsFile(admin, csv, 'promoted.csv', { columnMap: map });
  expect(job.status, job.error).toBe('COMPLETED');
  const page = (await admin({ method: 'GET', url: `/api/shifts?csvFileId=${job.csvFileId}` })).json();
  for (const shift of page.items as { id: string; givShiftId: string }[])
    shiftIds[shift.givShiftId] = shift.id;
}, 60_000);
afterAll(() => t.close());

const production = async (query = '') => {
  const response = await admin({ method: 'GET', url: `/api/production-shifts?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/production-shifts', () => {
  it('lists only shifts promoted from staging, with their totals', async () => {
    expect((await admin({ method: 'GET', url: '/api/shifts' })).json().total).toBe(2);
    expect(await production()).toMatchObject({ items: [], total: 0, totals: { shifts: 0, hours: 0 } });
    // A staging shift not yet uploaded does not count; an uploaded one does.
    await t.database.db.insert(stagingShifts).values([
      { givShiftId: 'P-1', shiftId: shiftIds['P-1'], uploadedAt: new Date() },
      { givShiftId: 'P-2', shiftId: shiftIds['P-2'], uploadedAt: null },
    ]);
    const page = await production();
    expect(page.items.map((s: { id: string }) => s.id)).toEqual([shiftIds['P-1']]);
    expect(page.totals).toEqual({ shifts: 1, hours: 8 });
    // The shift list's filters apply.
    expect((await production('from=2025-03-04')).total).toBe(0);
    const bad = await admin({ method: 'GET', url: '/api/production-shifts?from=2025-03-05&to=2025-03-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('to');
  });

  it('401 anonymous, 403 non-admin', async () => {
    expect((await anonymous({ method: 'GET', url: '/api/production-shifts' })).statusCode).toBe(401);
    expect((await caregiverUser({ method: 'GET', url: '/api/production-shifts' })).statusCode).toBe(403);
  });
});
