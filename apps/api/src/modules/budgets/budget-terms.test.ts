/**
 * Budget terms mean what they say (issue 16 item 11; docs/hours-and-budgets.md "Budget terms"): a line
 * whose term says "Monthly" is compared with the as-of date's month of use, not with every month of its
 * effective range; the same line with a plan-year term is compared with the whole range. Through the real
 * routes, shifts imported by the real job. 403 for a caregiver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnMap } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { importShiftsFile } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let clientId: string;
let lineId: string;

const map: ColumnMap = {
  Visit: 'givShiftId',
  Staff: 'caregiverName',
  Client: 'clientName',
  Date: 'date',
  In: 'evvInTime',
  Out: 'evvOutTime',
  Proc: 'billingCode',
};
// 8 h on two February days and one March day: 24 h over the range, 8 h in March.
const csv =
  [
    'Visit,Staff,Client,Date,In,Out,Proc',
    'M-1,Gus Giver,Mo Monthly,02/03/2025,9:00 AM,5:00 PM,OR526',
    'M-2,Gus Giver,Mo Monthly,02/04/2025,9:00 AM,5:00 PM,OR526',
    'M-3,Gus Giver,Mo Monthly,03/03/2025,9:00 AM,5:00 PM,OR526',
  ].join('\r\n') + '\r\n';

const overageOf = async (asOf: string) => {
  const response = await admin({
    method: 'GET',
    url: `/api/budget-overages?asOf=${asOf}&clientId=${clientId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.find((l: { id: string }) => l.id === lineId);
};

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  const job = await importShiftsFile(admin, csv, 'monthly.csv', { columnMap: map });
  expect(job.status, job.error).toBe('COMPLETED');
  clientId = (await admin({ method: 'GET', url: `/api/shifts?csvFileId=${job.csvFileId}` })).json().items[0]
    .clientId;
  const created = await admin({
    method: 'POST',
    url: '/api/budgets',
    payload: {
      clientId,
      procCode: 'OR526',
      units: 20,
      measure: 'hours',
      term: 'Monthly',
      effectiveDate: '2025-01-01',
      expirationDate: '2025-12-31',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  lineId = created.json().id;
}, 60_000);
afterAll(() => t.close());

describe('budget terms (issue 16 item 11)', () => {
  it('compares a monthly line with the as-of month only', async () => {
    expect(await overageOf('2025-03-10')).toMatchObject({
      period: 'month',
      periodStart: '2025-03-01',
      termEnd: '2025-03-31',
      termDays: 31,
      elapsedDays: 10,
      authorized: 20,
      used: 8,
      remaining: 12,
      projected: 24.8,
      flags: ['projected_overage'],
    });
    expect(await overageOf('2025-02-28')).toMatchObject({
      period: 'month',
      periodStart: '2025-02-01',
      termDays: 28,
      used: 16,
      flags: [],
    });
    // The drill-down lists the same month's segments.
    const segments = await admin({
      method: 'GET',
      url: `/api/budget-overages/${lineId}/segments?asOf=2025-03-10`,
    });
    expect(segments.statusCode, segments.body).toBe(200);
    expect(segments.json().line).toMatchObject({ id: lineId, used: 8 });
    expect(segments.json().segments.map((s: { date: string }) => s.date)).toEqual(['2025-03-03']);
  });

  it('compares a plan-year line with its whole range', async () => {
    const patched = await admin({
      method: 'PATCH',
      url: `/api/budgets/${lineId}`,
      payload: { term: 'Plan year' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await overageOf('2025-03-10')).toMatchObject({
      period: 'term',
      periodStart: '2025-01-01',
      termEnd: '2025-12-31',
      used: 24,
      flags: ['overage'],
    });
  });

  it('denies a caregiver the report (403)', async () => {
    expect((await caregiverUser({ method: 'GET', url: '/api/budget-overages' })).statusCode).toBe(403);
  });
});
