import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingExportCsvColumns } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { systemContext } from '../../platform/http/context.ts';
import { validateSegmentRange } from '../validation/validation.service.ts';
import { detectBillingDrift } from './billing-drift.service.ts';
import { createBillingExport } from './billing-export.service.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
const ids = { dsp: randomUUID(), client: randomUUID() };
const segmentOf: Record<string, string> = {};
const shiftIds: string[] = [];
const range = { dateFrom: '2026-03-01', dateTo: '2026-03-31' };

async function addShift(start: string, end: string | null) {
  const db = t.database.db;
  const shiftId = randomUUID();
  shiftIds.push(shiftId);
  await db.execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id, evv_in_time,
      evv_out_time, evv_in_lat, evv_in_long, evv_out_lat, evv_out_long, provider_medicaid_id, time_zone)
    values (${shiftId}::uuid, ${start.slice(0, 10)}::date, 'OR526', ${ids.dsp}::uuid, ${ids.client}::uuid,
      ${start}::timestamptz, ${end}::timestamptz, 45.5, -122.6, 45.5, -122.6, 'PROV77', 'America/Los_Angeles')`);
  const segmentId = randomUUID();
  segmentOf[shiftId] = segmentId;
  await db.execute(sql`insert into shift_segment (id, shift_id, evv_start, evv_end, evv_in_lat, evv_in_long,
      evv_out_lat, evv_out_long, billing_code, creation_source)
    values (${segmentId}::uuid, ${shiftId}::uuid, ${start}::timestamptz, ${end}::timestamptz, 45.5, -122.6,
      45.5, -122.6, 'OR526', 'import')`);
  await db.execute(sql`insert into shift_note (shift_id, documentation) values (${shiftId}::uuid, 'note')`);
  return shiftId;
}

const validate = () => validateSegmentRange(t.database.db, { from: range.dateFrom, to: range.dateTo });
const createExport = (body: Record<string, unknown> = range) =>
  admin({ method: 'POST', url: '/api/billing-exports', payload: body });

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const db = t.database.db;
  await db.execute(
    sql`insert into caregiver (id, name, type) values (${ids.dsp}::uuid, 'Dana DSP', 'DSP_CARE')`,
  );
  await db.execute(
    sql`insert into client (id, name, pid) values (${ids.client}::uuid, 'Casey Client', 'PR0001')`,
  );
  await db.execute(sql`insert into budget (client_id, proc_code, units, measure, effective_date, expiration_date)
    values (${ids.client}::uuid, 'OR526', 400, 'units_15min', '2026-01-01', '2026-12-31')`);
  await db.execute(sql`insert into billing_code_rule (billing_code, allowed_caregiver_types, rate_cents, unit_measure, effective_date)
    values ('OR526', '{DSP_CARE}', 725, 'units_15min', '2026-01-01')`);
  // 2 h 7 min → 8 units (8-minute rule) × $7.25 = $58.00; 1 h → 4 units = $29.00; the last has no clock-out.
  await addShift('2026-03-02T17:00:00Z', '2026-03-02T19:07:00Z');
  await addShift('2026-03-03T17:00:00Z', '2026-03-03T18:00:00Z');
  await addShift('2026-03-04T17:00:00Z', null);
  await validate();
}, 60_000);
afterAll(() => t.close());

describe('billing export API', () => {
  it('refuses anonymous callers (401) and non-admins (403) on every route', async () => {
    const id = randomUUID();
    for (const caller of [anonymous, caregiverUser]) {
      const expected = caller === anonymous ? 401 : 403;
      const responses = await Promise.all([
        caller({ method: 'GET', url: `/api/billing-exports/preview?dateFrom=2026-03-01&dateTo=2026-03-31` }),
        caller({ method: 'POST', url: '/api/billing-exports', payload: range }),
        caller({ method: 'GET', url: '/api/billing-exports' }),
        caller({ method: 'GET', url: `/api/billing-exports/${id}` }),
        caller({ method: 'GET', url: `/api/billing-exports/${id}/file` }),
        caller({ method: 'GET', url: '/api/billing-items?hasDrift=true' }),
        caller({ method: 'POST', url: `/api/billing-items/${id}/void`, payload: { reason: 'x' } }),
      ]);
      for (const response of responses) expect(response.statusCode, response.body).toBe(expected);
    }
  });

  it('names the bad field (400): dates out of order, bad date, missing void reason, bad hasDrift', async () => {
    const reversed = await createExport({ dateFrom: '2026-03-31', dateTo: '2026-03-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toContain('dateTo');
    const bad = await admin({
      method: 'GET',
      url: '/api/billing-exports/preview?dateFrom=x&dateTo=2026-03-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('dateFrom');
    const noReason = await admin({
      method: 'POST',
      url: `/api/billing-items/${randomUUID()}/void`,
      payload: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toContain('reason');
    const flag = await admin({ method: 'GET', url: '/api/billing-items?hasDrift=yes' });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().detail).toContain('hasDrift');
  });

  it('previews READY vs NOT_READY with violations and nothing billed yet', async () => {
    const response = await admin({
      method: 'GET',
      url: '/api/billing-exports/preview?dateFrom=2026-03-01&dateTo=2026-03-31&status=NOT_READY',
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview.counts).toEqual({ ready: 2, notReady: 1, alreadyBilled: 0, exportable: 2 });
    expect(preview.items).toHaveLength(1);
    expect(preview.items[0].validationViolations.map((v: { code: string }) => v.code)).toContain(
      'MISSING_CLOCK_OUT',
    );
    expect(preview.items[0].billed).toBe(false);
  });

  let batchId = '';
  let itemOfFirst = '';

  it('creates a batch of the READY segments with exact cents, stores and serves its file', async () => {
    const response = await createExport({ ...range, notes: 'March' });
    expect(response.statusCode, response.body).toBe(201);
    const { batch, skippedNoRule } = response.json();
    batchId = batch.id;
    expect(skippedNoRule).toBe(0);
    expect(batch).toMatchObject({
      status: 'COMPLETED',
      rowCount: 2,
      totalAmount: 8700,
      notes: 'March',
      ...range,
    });
    expect(batch.exportedByName).toBe('Test ADMIN');
    expect(batch.fileSha256).toMatch(/^[0-9a-f]{64}$/);

    const file = await admin({ method: 'GET', url: `/api/billing-exports/${batchId}/file` });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(batch.fileName);
    const rows = parse<Record<string, string>>(file.body, { columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual([...billingExportCsvColumns]);
    expect(file.body.startsWith('billing_id,')).toBe(true);
    expect(
      rows.map((row) => [row.service_date, row.start_time, row.end_time, row.units, row.rate, row.amount]),
    ).toEqual([
      ['2026-03-02', '09:00', '11:07', '8.00', '7.25', '58.00'],
      ['2026-03-03', '09:00', '10:00', '4.00', '7.25', '29.00'],
    ]);
    expect(rows[0]).toMatchObject({
      client_prime: 'PR0001',
      provider_medicaid_id: 'PROV77',
      dsp_name: 'Dana DSP',
    });

    const detail = await admin({ method: 'GET', url: `/api/billing-exports/${batchId}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const items = detail.json().items.items;
    expect(items.map((item: { id: string }) => item.id)).toEqual(rows.map((row) => row.billing_id));
    expect(items[0]).toMatchObject({
      status: 'EXPORTED',
      amount: 5800,
      rate: 725,
      units: 8,
      hours: 2.12,
      hasDrift: false,
    });
    expect(items[0].snapshotHash).toMatch(/^[0-9a-f]{64}$/);
    itemOfFirst = items[0].id;

    const list = await admin({ method: 'GET', url: '/api/billing-exports' });
    expect(list.json().items.map((b: { id: string }) => b.id)).toContain(batchId);
    const audit = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_event where entity_id = ${batchId} order by at`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['billing_export.create', 'billing_export.download', 'billing_export.read']),
    );
  });

  it('never bills twice: the same range again is a clear 409 and the preview counts them billed', async () => {
    const again = await createExport();
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('billed already');
    const concurrent = await Promise.all([createExport(), createExport()]);
    expect(concurrent.map((r) => r.statusCode)).toEqual([409, 409]);
    const preview = await admin({
      method: 'GET',
      url: '/api/billing-exports/preview?dateFrom=2026-03-01&dateTo=2026-03-31&status=READY',
    });
    expect(preview.json().counts).toMatchObject({ ready: 2, alreadyBilled: 2, exportable: 0 });
    expect(preview.json().items.every((item: { billed: boolean }) => item.billed)).toBe(true);
    const empty = await createExport({ dateFrom: '2026-05-01', dateTo: '2026-05-31' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().detail).toContain('no READY segment');
    const count = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from billing_export_batch`,
    );
    expect(Number(count.rows[0]?.n)).toBe(1);
  });

  it('detects drift when an exported segment changes, clears it when it changes back', async () => {
    const db = t.database.db;
    const segmentId = segmentOf[shiftIds[0] as string] as string;
    await db.execute(
      sql`update shift_segment set evv_end = '2026-03-02T19:30:00Z' where id = ${segmentId}::uuid`,
    );
    const summary = await detectBillingDrift(db, { from: range.dateFrom, to: range.dateTo });
    expect(summary).toMatchObject({ items: 2, drifted: 1, changed: 1 });
    const queue = await admin({ method: 'GET', url: '/api/billing-items?hasDrift=true' });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().total).toBe(1);
    expect(queue.json().items[0]).toMatchObject({
      id: itemOfFirst,
      hasDrift: true,
      driftFields: [
        { field: 'evvEnd', exported: '2026-03-02T19:07:00.000Z', current: '2026-03-02T19:30:00.000Z' },
      ],
    });
    expect(queue.json().items[0].driftDetectedAt).not.toBeNull();
    // A re-run changes nothing; back to the exported value clears the drift.
    expect((await detectBillingDrift(db, { from: range.dateFrom, to: range.dateTo })).changed).toBe(0);
    await db.execute(
      sql`update shift_segment set evv_end = '2026-03-02T19:07:00Z' where id = ${segmentId}::uuid`,
    );
    expect(await detectBillingDrift(db, { from: range.dateFrom, to: range.dateTo })).toMatchObject({
      drifted: 0,
      changed: 1,
    });
    // A deleted shift is drift too.
    await db.execute(sql`update shift set deleted_at = now() where id = ${shiftIds[1] as string}::uuid`);
    await detectBillingDrift(db, { from: range.dateFrom, to: range.dateTo });
    const deleted = await admin({ method: 'GET', url: '/api/billing-items?hasDrift=true' });
    expect(deleted.json().items[0].driftFields).toEqual([
      { field: 'deleted', exported: false, current: true },
    ]);
    await db.execute(sql`update shift set deleted_at = null where id = ${shiftIds[1] as string}::uuid`);
    await detectBillingDrift(db, { from: range.dateFrom, to: range.dateTo });
    // Drift again for the void test (the shift's clock-out too, so the segment stays inside its shift).
    await db.execute(
      sql`update shift_segment set evv_end = '2026-03-02T19:30:00Z' where id = ${segmentId}::uuid`,
    );
    await db.execute(
      sql`update shift set evv_out_time = '2026-03-02T19:30:00Z' where id = ${shiftIds[0] as string}::uuid`,
    );
    await validate();
    await detectBillingDrift(db, { from: range.dateFrom, to: range.dateTo });
  });

  it('voids with a reason (history row), then a new batch bills only that segment', async () => {
    const missing = await admin({
      method: 'POST',
      url: `/api/billing-items/${randomUUID()}/void`,
      payload: { reason: 'wrong' },
    });
    expect(missing.statusCode).toBe(404);
    const voided = await admin({
      method: 'POST',
      url: `/api/billing-items/${itemOfFirst}/void`,
      payload: { reason: 'Clock-out corrected after export' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().item.status).toBe('VOID');
    const twice = await admin({
      method: 'POST',
      url: `/api/billing-items/${itemOfFirst}/void`,
      payload: { reason: 'again' },
    });
    expect(twice.statusCode).toBe(409);
    const history = await t.database.db.execute<Record<string, unknown>>(sql`
      select old_status, new_status, reason, user_id is not null as by_user from billing_status_history
      where billing_item_id = ${itemOfFirst}::uuid order by created_at, new_status`);
    expect(history.rows.map((r) => [r.old_status, r.new_status])).toEqual([
      [null, 'EXPORTED'],
      ['EXPORTED', 'VOID'],
    ]);
    expect(history.rows[1]?.reason).toBe('Clock-out corrected after export');
    const queue = await admin({ method: 'GET', url: '/api/billing-items?hasDrift=true' });
    expect(queue.json().total).toBe(0);

    const again = await createExport();
    expect(again.statusCode, again.body).toBe(201);
    // 2 h 30 min → 10 units × $7.25
    expect(again.json().batch).toMatchObject({ rowCount: 1, totalAmount: 7250 });
    const file = await admin({ method: 'GET', url: `/api/billing-exports/${again.json().batch.id}/file` });
    const rows = parse<Record<string, string>>(file.body, { columns: true });
    expect(rows.map((row) => [row.service_date, row.end_time, row.amount])).toEqual([
      ['2026-03-02', '11:30', '72.50'],
    ]);
    const active = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from billing_item where status <> 'VOID'`,
    );
    expect(Number(active.rows[0]?.n)).toBe(2);
    expect((await createExport()).statusCode).toBe(409);
    const missingBatch = await admin({ method: 'GET', url: `/api/billing-exports/${randomUUID()}/file` });
    expect(missingBatch.statusCode).toBe(404);
  });
  it('bills a range read a date at a time (windows read ahead) like one window: each segment once, in order, with history', async () => {
    const db = t.database.db;
    const april = { dateFrom: '2026-04-01', dateTo: '2026-04-30', notes: null };
    for (const day of ['2026-04-06', '2026-04-07', '2026-04-08', '2026-04-09']) {
      await addShift(`${day}T18:00:00Z`, `${day}T19:00:00Z`);
      await addShift(`${day}T16:00:00Z`, `${day}T17:00:00Z`);
    }
    await validateSegmentRange(db, { from: april.dateFrom, to: april.dateTo });
    const deps = {
      db,
      storage: t.app.deps.storage,
      agencyTimeZone: 'America/Los_Angeles',
      windowSegments: 1,
    };
    const { batch } = await createBillingExport(deps, systemContext('test'), april);
    // 8 segments of 1 h: 4 units × $7.25 = $29.00 each.
    expect([batch.rowCount, batch.totalAmount, batch.status]).toEqual([8, 8 * 2900, 'COMPLETED']);
    const items = await db.execute<{ id: string; date: string; segment: string; history: number }>(sql`
      select b.id, b.date::text as date, b.shift_segment_id as segment,
        (select count(*)::int from billing_status_history h where h.billing_item_id = b.id
          and h.old_status is null and h.new_status = 'EXPORTED') as history
      from billing_item b where b.export_batch_id = ${batch.id}::uuid order by b.date, b.start`);
    expect(new Set(items.rows.map((row) => row.segment)).size).toBe(8);
    // The columns copied from the snapshot hold the segment's values.
    const columns = await db.execute<Record<string, unknown>>(sql`
      select distinct b.client_id::text as client, b.caregiver_id::text as caregiver, b.evv_in_lat,
        b.evv_in_long, b.evv_out_lat, b.evv_out_long, b.dsp_name, b.hours::text as hours,
        bool_and(b.start = g.evv_start and b."end" = g.evv_end and b.date = s.date
          and b.snapshot_data->>'segmentId' = g.id::text) as same_times
      from billing_item b join shift_segment g on g.id = b.shift_segment_id join shift s on s.id = g.shift_id
      where b.export_batch_id = ${batch.id}::uuid group by 1, 2, 3, 4, 5, 6, 7, 8`);
    expect(columns.rows).toEqual([
      {
        client: ids.client,
        caregiver: ids.dsp,
        evv_in_lat: 45.5,
        evv_in_long: -122.6,
        evv_out_lat: 45.5,
        evv_out_long: -122.6,
        dsp_name: 'Dana DSP',
        hours: '1.00',
        same_times: true,
      },
    ]);
    expect(items.rows.every((row) => Number(row.history) === 1)).toBe(true);
    const file = await admin({ method: 'GET', url: `/api/billing-exports/${batch.id}/file` });
    const records = parse<Record<string, string>>(file.body, { columns: true });
    expect(records.map((row) => row.billing_id)).toEqual(items.rows.map((row) => row.id));
    expect(records.map((row) => row.start_time)).toEqual(
      ['2026-04-06', '2026-04-07', '2026-04-08', '2026-04-09'].flatMap(() => ['09:00', '11:00']),
    );
    await expect(createBillingExport(deps, systemContext('test'), april)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
