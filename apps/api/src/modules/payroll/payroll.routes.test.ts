import { createHash, randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;

/** Default pay period: biweekly from Sunday 2025-01-05, so 2026-03-01..03-14 is a period (DST starts 03-08). */
const periodStart = '2026-03-01';
const ids = { alex: randomUUID(), blair: randomUUID(), client: randomUUID() };
const segments: Record<string, string> = {};

/** A shift with one segment; times are PST (UTC-8) before 2026-03-08 and PDT (UTC-7) after. */
async function addShift(
  key: string,
  caregiverId: string,
  start: string,
  end: string,
  options: { deletedShift?: boolean; deletedSegment?: boolean } = {},
) {
  const db = t.database.db;
  const shiftId = randomUUID();
  const segmentId = randomUUID();
  segments[key] = segmentId;
  await db.execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id, evv_in_time, evv_out_time,
      deleted_at)
    values (${shiftId}::uuid, ${start.slice(0, 10)}::date, 'OR526', ${caregiverId}::uuid, ${ids.client}::uuid,
      ${start}::timestamptz, ${end}::timestamptz, ${options.deletedShift ? new Date().toISOString() : null}::timestamptz)`);
  await db.execute(sql`insert into shift_segment (id, shift_id, evv_start, evv_end, billing_code, creation_source,
      deleted_at)
    values (${segmentId}::uuid, ${shiftId}::uuid, ${start}::timestamptz, ${end}::timestamptz, 'OR526', 'import',
      ${options.deletedSegment ? new Date().toISOString() : null}::timestamptz)`);
}

interface Row {
  caregiverId: string;
  caregiverName: string;
  regularHours: number;
  overtimeHours: number;
  hourAdjustments: number;
  mileageMiles: number;
  amountAdjustmentCents: number;
  totalPaidHours: number;
  segmentCount: number;
  payrollVersionCount: number;
  weeks: { weekName: string; hours: number; overtimeHours: number }[];
}
const payroll = async () => {
  const response = await admin({ method: 'GET', url: `/api/payroll?periodStart=${periodStart}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Row[]; period: { start: string; end: string }; nextPeriodStart: string }>();
};
const rowOf = async (caregiverId: string) =>
  (await payroll()).items.find((r) => r.caregiverId === caregiverId);
const auditCount = async (action: string) => {
  const result = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_event where action = ${action} and outcome = 'success'`,
  );
  return Number(result.rows[0]?.n ?? 0);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const db = t.database.db;
  await db.execute(sql`insert into caregiver (id, name, type, external_id) values
    (${ids.alex}::uuid, 'Alex Ames', 'DSP_CARE', 'E-100'), (${ids.blair}::uuid, 'Blair, "B" Bell', 'DSP_CARE', null)`);
  await db.execute(sql`insert into client (id, name) values (${ids.client}::uuid, 'Casey Client')`);
  // Week of Sunday 03-01: Monday..Friday 9 h each (08:00–17:00 PST) = 45 h.
  for (const day of [2, 3, 4, 5, 6])
    await addShift(`w1-${day}`, ids.alex, `2026-03-0${day}T16:00:00Z`, `2026-03-0${day + 1}T01:00:00Z`);
  // Week of Sunday 03-08 (PDT): two 8 h days = 16 h.
  await addShift('w2-9', ids.alex, '2026-03-09T15:00:00Z', '2026-03-09T23:00:00Z');
  await addShift('w2-10', ids.alex, '2026-03-10T15:00:00Z', '2026-03-10T23:00:00Z');
  // Deleted shift and deleted segment: never paid.
  await addShift('deleted-shift', ids.alex, '2026-03-11T15:00:00Z', '2026-03-11T23:00:00Z', {
    deletedShift: true,
  });
  await addShift('deleted-segment', ids.alex, '2026-03-12T15:00:00Z', '2026-03-12T23:00:00Z', {
    deletedSegment: true,
  });
  // Blair: 3 h on 03-03; and a shift in the next period.
  await addShift('b-3', ids.blair, '2026-03-03T17:00:00Z', '2026-03-03T20:00:00Z');
  await addShift('b-next', ids.blair, '2026-03-16T17:00:00Z', '2026-03-16T20:00:00Z');
}, 60_000);
afterAll(() => t.close());

describe('payroll API', () => {
  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    const id = randomUUID();
    for (const caller of [anonymous, caregiverUser]) {
      const expected = caller === anonymous ? 401 : 403;
      const requests = [
        caller({ method: 'GET', url: '/api/payroll/settings' }),
        caller({
          method: 'PUT',
          url: '/api/payroll/settings',
          payload: { frequency: 'weekly', anchorDate: '2026-03-01' },
        }),
        caller({ method: 'GET', url: `/api/payroll?periodStart=${periodStart}` }),
        caller({ method: 'GET', url: `/api/payroll/caregivers/${ids.alex}` }),
        caller({
          method: 'PUT',
          url: `/api/segments/${id}/payroll-version`,
          payload: { evvStart: '2026-03-02T16:00:00Z', evvEnd: '2026-03-02T18:00:00Z', reason: 'x' },
        }),
        caller({ method: 'DELETE', url: `/api/segments/${id}/payroll-version` }),
        caller({ method: 'GET', url: '/api/payroll/adjustments' }),
        caller({ method: 'GET', url: `/api/payroll/adjustments/${id}/history` }),
        caller({
          method: 'POST',
          url: '/api/payroll/adjustments',
          payload: {
            caregiverId: ids.alex,
            adjustmentType: 'HOURS',
            adjustmentValue: 1,
            reason: 'x',
            effectiveDate: '2026-03-02',
          },
        }),
        caller({ method: 'PATCH', url: `/api/payroll/adjustments/${id}`, payload: { reason: 'x' } }),
        caller({
          method: 'POST',
          url: `/api/payroll/adjustments/${id}/deactivate`,
          payload: { reason: 'x' },
        }),
        caller({ method: 'POST', url: '/api/payroll/exports', payload: { periodStart } }),
        caller({ method: 'GET', url: '/api/payroll/exports' }),
        caller({ method: 'GET', url: `/api/payroll/exports/${id}/file` }),
      ];
      for (const response of await Promise.all(requests))
        expect(response.statusCode, `${response.raw.req.url} ${response.body}`).toBe(expected);
    }
    const written = await t.database.db.execute<{ n: number }>(
      sql`select (select count(*) from payroll_adjustment) + (select count(*) from payroll_export) as n`,
    );
    expect(Number(written.rows[0]?.n)).toBe(0);
  });

  it('reads the default pay period and refuses an anchor off the workweek start', async () => {
    const settings = await admin({ method: 'GET', url: '/api/payroll/settings' });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({
      frequency: 'biweekly',
      anchorDate: '2025-01-05',
      isDefault: true,
      workweekStart: 'sunday',
      timeZone: 'America/Los_Angeles',
    });
    expect(settings.json<{ recentPeriods: unknown[] }>().recentPeriods).toHaveLength(12);

    const monday = await admin({
      method: 'PUT',
      url: '/api/payroll/settings',
      payload: { frequency: 'weekly', anchorDate: '2026-03-02' },
    });
    expect(monday.statusCode).toBe(400);
    expect(monday.json()).toMatchObject({ errors: [{ path: 'anchorDate' }] });
    const badFrequency = await admin({
      method: 'PUT',
      url: '/api/payroll/settings',
      payload: { frequency: 'monthly', anchorDate: '2026-03-01' },
    });
    expect(badFrequency.statusCode).toBe(400);
    expect(badFrequency.body).toContain('frequency');
  });

  it('stores a weekly period, audited, then back to biweekly', async () => {
    const weekly = await admin({
      method: 'PUT',
      url: '/api/payroll/settings',
      payload: { frequency: 'weekly', anchorDate: '2026-03-08' },
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    expect(weekly.json()).toMatchObject({ frequency: 'weekly', anchorDate: '2026-03-08', isDefault: false });
    const week = await admin({ method: 'GET', url: `/api/payroll?periodStart=${periodStart}` });
    expect(week.json()).toMatchObject({
      period: { start: '2026-03-01', end: '2026-03-07' },
      nextPeriodStart: '2026-03-08',
    });
    const back = await admin({
      method: 'PUT',
      url: '/api/payroll/settings',
      payload: { frequency: 'biweekly', anchorDate: '2025-01-05' },
    });
    expect(back.statusCode).toBe(200);
    expect(await auditCount('pay_period.update')).toBe(2);
  });

  it('pays regular and overtime hours per workweek, leaving deleted shifts and segments out', async () => {
    const view = await payroll();
    expect(view.period).toMatchObject({ start: '2026-03-01', end: '2026-03-14' });
    expect(view.nextPeriodStart).toBe('2026-03-15');
    expect(view.items.map((r) => r.caregiverName)).toEqual(['Alex Ames', 'Blair, "B" Bell']);
    expect(view.items[0]).toMatchObject({
      regularHours: 56,
      overtimeHours: 5,
      totalPaidHours: 61,
      segmentCount: 7,
      weeks: [
        { weekName: '2026-03-01', hours: 45, overtimeHours: 5 },
        { weekName: '2026-03-08', hours: 16, overtimeHours: 0 },
      ],
    });
    expect(view.items[1]).toMatchObject({ regularHours: 3, overtimeHours: 0, segmentCount: 1 });
    expect(await auditCount('payroll.list')).toBeGreaterThan(0);

    const notStart = await admin({ method: 'GET', url: '/api/payroll?periodStart=2026-03-02' });
    expect(notStart.statusCode).toBe(400);
    expect(notStart.json()).toMatchObject({ errors: [{ path: 'periodStart' }] });
    expect(notStart.json<{ detail: string }>().detail).toContain('2026-03-01');
    const badDate = await admin({ method: 'GET', url: '/api/payroll?periodStart=2026-02-30' });
    expect(badDate.statusCode).toBe(400);
  });

  it('pays a segment on its payroll version times, and on its own again after DELETE', async () => {
    const url = `/api/segments/${segments['w2-10']}/payroll-version`;
    const reversed = await admin({
      method: 'PUT',
      url,
      payload: { evvStart: '2026-03-10T23:00:00Z', evvEnd: '2026-03-10T15:00:00Z', reason: 'typo' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ errors: [{ path: 'evvEnd' }] });
    const farAway = await admin({
      method: 'PUT',
      url,
      payload: { evvStart: '2026-04-10T15:00:00Z', evvEnd: '2026-04-10T20:00:00Z', reason: 'typo' },
    });
    expect(farAway.statusCode).toBe(400);
    expect(farAway.json()).toMatchObject({ errors: [{ path: 'evvStart' }] });
    const noReason = await admin({
      method: 'PUT',
      url,
      payload: { evvStart: '2026-03-10T14:00:00Z', evvEnd: '2026-03-11T00:00:00Z', reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    const missing = await admin({
      method: 'PUT',
      url: `/api/segments/${randomUUID()}/payroll-version`,
      payload: { evvStart: '2026-03-10T14:00:00Z', evvEnd: '2026-03-11T00:00:00Z', reason: 'worked late' },
    });
    expect(missing.statusCode).toBe(404);
    const deleted = await admin({
      method: 'PUT',
      url: `/api/segments/${segments['deleted-segment']}/payroll-version`,
      payload: { evvStart: '2026-03-12T14:00:00Z', evvEnd: '2026-03-12T20:00:00Z', reason: 'worked late' },
    });
    expect(deleted.statusCode).toBe(404);

    // Billed 8 h (the authorized time), paid the 10 h actually worked.
    const set = await admin({
      method: 'PUT',
      url,
      payload: { evvStart: '2026-03-10T14:00:00Z', evvEnd: '2026-03-11T00:00:00Z', reason: 'worked late' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      evvStart: '2026-03-10T15:00:00.000Z',
      paidStart: '2026-03-10T14:00:00.000Z',
      paidEnd: '2026-03-11T00:00:00.000Z',
      hasPayrollVersion: true,
    });
    expect(await rowOf(ids.alex)).toMatchObject({
      regularHours: 58,
      overtimeHours: 5,
      payrollVersionCount: 1,
    });
    const detail = await admin({
      method: 'GET',
      url: `/api/payroll/caregivers/${ids.alex}?periodStart=${periodStart}`,
    });
    expect(detail.statusCode).toBe(200);
    const segment = detail
      .json<{ segments: { segmentId: string; hours: number; hasPayrollVersion: boolean }[] }>()
      .segments.find((s) => s.segmentId === segments['w2-10']);
    expect(segment).toMatchObject({ hours: 10, hasPayrollVersion: true });
    // The segment's own times are untouched; its history records the change and reason.
    const history = await t.database.db.execute<{ evv_start: Date | string; change_history: unknown }>(
      sql`select evv_start, change_history from shift_segment where id = ${segments['w2-10']}::uuid`,
    );
    expect(new Date(history.rows[0]?.evv_start as string).toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(JSON.stringify(history.rows[0]?.change_history)).toContain('worked late');

    const removed = await admin({ method: 'DELETE', url, payload: { reason: 'paid as billed' } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ hasPayrollVersion: false, paidStart: '2026-03-10T15:00:00.000Z' });
    expect(await rowOf(ids.alex)).toMatchObject({ regularHours: 56, payrollVersionCount: 0 });
    expect(await auditCount('payroll_version.update')).toBe(2);
  });

  it('adds, edits (with history), and deactivates adjustments, naming bad fields', async () => {
    const post = (payload: Record<string, unknown>) =>
      admin({ method: 'POST', url: '/api/payroll/adjustments', payload });
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          caregiverId: ids.alex,
          adjustmentType: 'AMOUNT',
          adjustmentValue: 12.5,
          reason: 'bonus',
          effectiveDate: '2026-03-02',
        },
        'adjustmentValue',
      ],
      [
        {
          caregiverId: ids.alex,
          adjustmentType: 'HOURS',
          adjustmentValue: 1.234,
          reason: 'x',
          effectiveDate: '2026-03-02',
        },
        'adjustmentValue',
      ],
      [
        {
          caregiverId: ids.alex,
          adjustmentType: 'HOURS',
          adjustmentValue: 0,
          reason: 'x',
          effectiveDate: '2026-03-02',
        },
        'adjustmentValue',
      ],
      [{ caregiverId: ids.alex, adjustmentType: 'HOURS', adjustmentValue: 1, reason: 'x' }, 'effectiveDate'],
      [
        {
          caregiverId: ids.alex,
          adjustmentType: 'HOURS',
          adjustmentValue: 1,
          reason: '',
          effectiveDate: '2026-03-02',
        },
        'reason',
      ],
      [
        {
          caregiverId: ids.alex,
          adjustmentType: 'TIPS',
          adjustmentValue: 1,
          reason: 'x',
          effectiveDate: '2026-03-02',
        },
        'adjustmentType',
      ],
      [
        {
          caregiverId: randomUUID(),
          adjustmentType: 'HOURS',
          adjustmentValue: 1,
          reason: 'x',
          effectiveDate: '2026-03-02',
        },
        'caregiverId',
      ],
      [
        {
          caregiverId: ids.alex,
          shiftSegmentId: segments['b-3'],
          adjustmentType: 'HOURS',
          adjustmentValue: 1,
          reason: 'x',
        },
        'shiftSegmentId',
      ],
    ];
    for (const [payload, field] of cases) {
      const response = await post(payload);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.body).toContain(field);
    }

    // On a segment: originalValue = its paid hours (8), adjusted = 9.5; dated on its service date.
    const hours = await post({
      caregiverId: ids.alex,
      shiftSegmentId: segments['w2-9'],
      adjustmentType: 'HOURS',
      adjustmentValue: 1.5,
      reason: 'Training after the visit',
    });
    expect(hours.statusCode, hours.body).toBe(201);
    expect(hours.json()).toMatchObject({
      adjustmentType: 'HOURS',
      adjustmentValue: 1.5,
      originalValue: 8,
      adjustedValue: 9.5,
      effectiveDate: '2026-03-09',
      isActive: true,
      caregiverName: 'Alex Ames',
      createdByName: 'Test ADMIN',
    });
    const amount = await post({
      caregiverId: ids.alex,
      adjustmentType: 'AMOUNT',
      adjustmentValue: 2550,
      reason: 'Holiday bonus',
      notes: 'approved by the director',
      effectiveDate: '2026-03-13',
    });
    expect(amount.statusCode).toBe(201);
    expect(amount.json()).toMatchObject({ originalValue: null, adjustedValue: null });
    const miles = await post({
      caregiverId: ids.blair,
      adjustmentType: 'MILEAGE',
      adjustmentValue: 12.25,
      reason: 'Community outing',
      effectiveDate: '2026-03-03',
    });
    expect(miles.statusCode).toBe(201);
    // Next period: not in this one.
    expect(
      (
        await post({
          caregiverId: ids.blair,
          adjustmentType: 'MILEAGE',
          adjustmentValue: 5,
          reason: 'x',
          effectiveDate: '2026-03-15',
        })
      ).statusCode,
    ).toBe(201);

    expect(await rowOf(ids.alex)).toMatchObject({
      regularHours: 56,
      overtimeHours: 5,
      hourAdjustments: 1.5,
      amountAdjustmentCents: 2550,
      totalPaidHours: 62.5,
    });
    expect(await rowOf(ids.blair)).toMatchObject({ mileageMiles: 12.25 });

    // Edit: a new row replaces the old one (kept, inactive).
    const amountId = amount.json<{ id: string }>().id;
    const badPatch = await admin({
      method: 'PATCH',
      url: `/api/payroll/adjustments/${amountId}`,
      payload: { adjustmentValue: 10.5, reason: 'typo' },
    });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json()).toMatchObject({ errors: [{ path: 'adjustmentValue' }] });
    const patched = await admin({
      method: 'PATCH',
      url: `/api/payroll/adjustments/${amountId}`,
      payload: { adjustmentValue: 3000, reason: 'Bonus corrected' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const replacement = patched.json<{ id: string }>();
    expect(patched.json()).toMatchObject({
      replacesId: amountId,
      adjustmentValue: 3000,
      reason: 'Bonus corrected',
      notes: 'approved by the director',
      isActive: true,
    });
    const again = await admin({
      method: 'PATCH',
      url: `/api/payroll/adjustments/${amountId}`,
      payload: { adjustmentValue: 1, reason: 'stale' },
    });
    expect(again.statusCode).toBe(409);
    expect((await rowOf(ids.alex))?.amountAdjustmentCents).toBe(3000);

    const history = await admin({ method: 'GET', url: `/api/payroll/adjustments/${replacement.id}/history` });
    expect(history.statusCode).toBe(200);
    const chain = history.json<{ items: { id: string; isActive: boolean; replacedById: string | null }[] }>()
      .items;
    expect(chain.map((r) => [r.id, r.isActive, r.replacedById])).toEqual([
      [amountId, false, replacement.id],
      [replacement.id, true, null],
    ]);

    // Deactivate with a reason: no longer paid, kept in the list with inactive rows.
    const deactivated = await admin({
      method: 'POST',
      url: `/api/payroll/adjustments/${replacement.id}/deactivate`,
      payload: { reason: 'Paid outside payroll' },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ isActive: false });
    expect(deactivated.json<{ notes: string }>().notes).toContain('Deactivated: Paid outside payroll');
    const twice = await admin({
      method: 'POST',
      url: `/api/payroll/adjustments/${replacement.id}/deactivate`,
      payload: { reason: 'again' },
    });
    expect(twice.statusCode).toBe(409);
    expect((await rowOf(ids.alex))?.amountAdjustmentCents).toBe(0);
    const noReason = await admin({
      method: 'POST',
      url: `/api/payroll/adjustments/${hours.json<{ id: string }>().id}/deactivate`,
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);

    const active = await admin({
      method: 'GET',
      url: `/api/payroll/adjustments?caregiverId=${ids.alex}&periodStart=${periodStart}`,
    });
    expect(active.json<{ items: unknown[] }>().items).toHaveLength(1);
    const all = await admin({
      method: 'GET',
      url: `/api/payroll/adjustments?caregiverId=${ids.alex}&periodStart=${periodStart}&includeInactive=true`,
    });
    expect(all.json<{ items: unknown[] }>().items).toHaveLength(3);
    expect(
      (await admin({ method: 'GET', url: `/api/payroll/adjustments/${randomUUID()}/history` })).statusCode,
    ).toBe(404);

    expect(await auditCount('payroll_adjustment.create')).toBe(4);
    expect(await auditCount('payroll_adjustment.update')).toBe(1);
    expect(await auditCount('payroll_adjustment.deactivate')).toBe(1);
  });

  it('exports the period as CSV, stored with its totals and SHA-256, and downloads it', async () => {
    const empty = await admin({
      method: 'POST',
      url: '/api/payroll/exports',
      payload: { periodStart: '2026-01-04' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: [{ path: 'periodStart' }] });

    const created = await admin({ method: 'POST', url: '/api/payroll/exports', payload: { periodStart } });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json<{ id: string; fileSha256: string; fileName: string }>();
    expect(created.json()).toMatchObject({
      periodStart: '2026-03-01',
      periodEnd: '2026-03-14',
      caregiverCount: 2,
      regularHours: 59,
      overtimeHours: 5,
      mileageMiles: 12.25,
      fileName: 'payroll-2026-03-01-to-2026-03-14.csv',
    });

    const list = await admin({ method: 'GET', url: '/api/payroll/exports' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: batch.id, exportedByName: 'Test ADMIN' }] });

    const file = await admin({ method: 'GET', url: `/api/payroll/exports/${batch.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('payroll-2026-03-01-to-2026-03-14.csv');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(batch.fileSha256);
    const rows = parse<Record<string, string>>(file.body, { bom: true, columns: true });
    expect(rows).toEqual([
      {
        Caregiver: 'Alex Ames',
        'Caregiver ID': ids.alex,
        'External ID': 'E-100',
        'Period start': '2026-03-01',
        'Period end': '2026-03-14',
        'Regular hours': '56.00',
        'Overtime hours': '5.00',
        'Mileage (miles)': '0.00',
        'Hour adjustments': '1.50',
        'Amount adjustments (USD)': '0.00',
        'Total paid hours': '62.50',
      },
      {
        Caregiver: 'Blair, "B" Bell',
        'Caregiver ID': ids.blair,
        'External ID': '',
        'Period start': '2026-03-01',
        'Period end': '2026-03-14',
        'Regular hours': '3.00',
        'Overtime hours': '0.00',
        'Mileage (miles)': '12.25',
        'Hour adjustments': '0.00',
        'Amount adjustments (USD)': '0.00',
        'Total paid hours': '3.00',
      },
    ]);
    // The period's active adjustments are marked applied; the next period's are not.
    const applied = await t.database.db.execute<{ effective_date: string; applied: boolean }>(
      sql`select effective_date::text, applied_at is not null as applied from payroll_adjustment where is_active
        order by effective_date`,
    );
    expect(applied.rows.map((r) => [r.effective_date, r.applied])).toEqual([
      ['2026-03-03', true],
      ['2026-03-09', true],
      ['2026-03-15', false],
    ]);
    expect(
      (await admin({ method: 'GET', url: `/api/payroll/exports/${randomUUID()}/file` })).statusCode,
    ).toBe(404);
    expect(await auditCount('payroll_export.create')).toBe(1);
    expect(await auditCount('payroll_export.list')).toBe(1);
    expect(await auditCount('payroll_export.download')).toBe(1);
  });
});
