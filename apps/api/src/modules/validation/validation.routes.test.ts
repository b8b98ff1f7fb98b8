import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { waitForJob } from '../../../test/shift-import.ts';
import { validateSegmentRange } from './validation.service.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
const ids = {
  dsp: randomUUID(),
  doc: randomUUID(),
  client: randomUUID(),
  /** complete: READY once a rule exists */
  good: randomUUID(),
  /** no clock-out */
  open: randomUUID(),
  /** by the DOC_CARE_1 caregiver: type not allowed */
  doc1: randomUUID(),
};
const segmentOf: Record<string, string> = {};

async function addShift(
  shiftId: string,
  caregiverId: string,
  start: string,
  end: string | null,
  options: { note?: boolean } = {},
) {
  const db = t.database.db;
  await db.execute(sql`insert into shift (id, date, billing_code, caregiver_id, client_id, evv_in_time,
      evv_out_time, evv_in_lat, evv_in_long, evv_out_lat, evv_out_long)
    values (${shiftId}::uuid, ${start.slice(0, 10)}::date, 'OR526', ${caregiverId}::uuid, ${ids.client}::uuid,
      ${start}::timestamptz, ${end}::timestamptz, 45.5, -122.6, ${end ? 45.5 : null}, ${end ? -122.6 : null})`);
  const segmentId = randomUUID();
  segmentOf[shiftId] = segmentId;
  await db.execute(sql`insert into shift_segment (id, shift_id, evv_start, evv_end, evv_in_lat, evv_in_long,
      evv_out_lat, evv_out_long, billing_code, creation_source)
    values (${segmentId}::uuid, ${shiftId}::uuid, ${start}::timestamptz, ${end}::timestamptz, 45.5, -122.6,
      ${end ? 45.5 : null}, ${end ? -122.6 : null}, 'OR526', 'import')`);
  if (options.note !== false)
    await db.execute(sql`insert into shift_note (shift_id, documentation) values (${shiftId}::uuid, 'note')`);
}

const list = async (query: string) => {
  const response = await admin({ method: 'GET', url: `/api/segments?from=2026-03-01&to=2026-03-31${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    items: {
      id: string;
      shiftId: string;
      validationStatus: string;
      validationViolations: { code: string }[];
    }[];
    total: number;
    counts: { READY: number; NOT_READY: number };
  }>();
};
const codesOf = async (shiftId: string) =>
  (await list('&pageSize=500')).items
    .find((item) => item.shiftId === shiftId)
    ?.validationViolations.map((v) => v.code);

const rule = {
  billingCode: 'or526',
  modifier: '',
  description: 'Attendant care',
  allowedCaregiverTypes: ['DSP_CARE'],
  rateCents: 1525,
  unitMeasure: 'units_15min',
  effectiveDate: '2026-01-01',
};

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const db = t.database.db;
  await db.execute(sql`insert into caregiver (id, name, type) values (${ids.dsp}::uuid, 'Dana DSP', 'DSP_CARE'),
    (${ids.doc}::uuid, 'Doc One', 'DOC_CARE_1')`);
  await db.execute(sql`insert into client (id, name) values (${ids.client}::uuid, 'Casey Client')`);
  await db.execute(sql`insert into budget (client_id, proc_code, units, measure, effective_date, expiration_date)
    values (${ids.client}::uuid, 'OR526', 400, 'units_15min', '2026-01-01', '2026-12-31')`);
  await addShift(ids.good, ids.dsp, '2026-03-02T09:00:00Z', '2026-03-02T11:00:00Z');
  await addShift(ids.open, ids.dsp, '2026-03-03T09:00:00Z', null);
  await addShift(ids.doc1, ids.doc, '2026-03-04T09:00:00Z', '2026-03-04T10:00:00Z');
}, 60_000);
afterAll(() => t.close());

describe('segment validation API', () => {
  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    for (const caller of [anonymous, caregiverUser]) {
      const expected = caller === anonymous ? 401 : 403;
      const requests = [
        caller({ method: 'GET', url: '/api/segments?from=2026-03-01&to=2026-03-31' }),
        caller({
          method: 'POST',
          url: '/api/segments/validate',
          payload: { from: '2026-03-01', to: '2026-03-31' },
        }),
        caller({ method: 'GET', url: '/api/billing-code-rules' }),
        caller({ method: 'POST', url: '/api/billing-code-rules', payload: rule }),
        caller({
          method: 'PATCH',
          url: `/api/billing-code-rules/${randomUUID()}`,
          payload: { rateCents: 1 },
        }),
        caller({ method: 'DELETE', url: `/api/billing-code-rules/${randomUUID()}` }),
      ];
      for (const response of await Promise.all(requests))
        expect(response.statusCode, response.body).toBe(expected);
    }
  });

  it('names the bad field: dates out of order, unknown code, bad page', async () => {
    const reversed = await admin({ method: 'GET', url: '/api/segments?from=2026-03-31&to=2026-03-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().detail).toContain('to');
    const badCode = await admin({
      method: 'GET',
      url: '/api/segments?from=2026-03-01&to=2026-03-31&code=NOPE',
    });
    expect(badCode.statusCode).toBe(400);
    const validate = await admin({
      method: 'POST',
      url: '/api/segments/validate',
      payload: { from: 'x', to: '2026-01-01' },
    });
    expect(validate.statusCode).toBe(400);
    expect(validate.json().detail).toContain('from');
  });

  it('without a rule every segment lacks a rate; a validation run lists them NOT_READY with counts', async () => {
    const queued = await admin({
      method: 'POST',
      url: '/api/segments/validate',
      payload: { from: '2026-03-01', to: '2026-03-31' },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = await waitForJob(admin, queued.json().job.id);
    expect(job.status, JSON.stringify(job)).toBe('COMPLETED');
    expect(job.result).toMatchObject({ segments: 3, ready: 0, notReady: 3 });
    const page = await list('');
    expect(page.counts).toEqual({ READY: 0, NOT_READY: 3 });
    expect(await codesOf(ids.good)).toEqual(['NO_RATE_FOR_CODE']);
    expect(await codesOf(ids.open)).toEqual(['MISSING_CLOCK_OUT', 'NO_RATE_FOR_CODE', 'LOCATION_UNVERIFIED']);
  });

  it('a rule (dollars kept as integer cents) is audited and re-validates its dates', async () => {
    const created = await admin({ method: 'POST', url: '/api/billing-code-rules', payload: rule });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.rule).toMatchObject({
      billingCode: 'OR526',
      modifier: null,
      rateCents: 1525,
      expirationDate: null,
    });
    expect((await waitForJob(admin, body.job.id)).status).toBe('COMPLETED');
    expect(await codesOf(ids.good)).toEqual([]);
    expect(await codesOf(ids.doc1)).toEqual(['CAREGIVER_TYPE_NOT_ALLOWED']);
    expect(await codesOf(ids.open)).toEqual(['MISSING_CLOCK_OUT', 'LOCATION_UNVERIFIED']);
    const ready = await list('&status=READY');
    expect(ready.total).toBe(1);
    expect(ready.items.map((i) => i.shiftId)).toEqual([ids.good]);
    const byCode = await list('&code=MISSING_CLOCK_OUT');
    expect(byCode.items.map((i) => i.shiftId)).toEqual([ids.open]);
    expect(byCode.counts).toEqual({ READY: 0, NOT_READY: 1 });
    const audit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?entityId=${body.rule.id}&action=billing_code_rule.create`,
      })
    ).json();
    expect(audit.items).toHaveLength(1);
    const listed = (await admin({ method: 'GET', url: '/api/billing-code-rules' })).json();
    expect(listed.items.map((r: { id: string }) => r.id)).toContain(body.rule.id);
  });

  it('refuses twins (409) and overlapping periods (400 naming effectiveDate); edits and deletes are audited', async () => {
    const twin = await admin({ method: 'POST', url: '/api/billing-code-rules', payload: rule });
    expect(twin.statusCode).toBe(409);
    const overlapping = await admin({
      method: 'POST',
      url: '/api/billing-code-rules',
      payload: { ...rule, effectiveDate: '2026-06-01' },
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().errors[0].path).toBe('effectiveDate');
    const badMoney = await admin({
      method: 'POST',
      url: '/api/billing-code-rules',
      payload: { ...rule, rateCents: 1.5 },
    });
    expect(badMoney.statusCode).toBe(400);
    expect(badMoney.json().detail).toContain('rateCents');
    const [existing] = (await admin({ method: 'GET', url: '/api/billing-code-rules' })).json().items;
    const widened = await admin({
      method: 'PATCH',
      url: `/api/billing-code-rules/${existing.id}`,
      payload: { allowedCaregiverTypes: ['DSP_CARE', 'DOC_CARE_1'] },
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect((await waitForJob(admin, widened.json().job.id)).status).toBe('COMPLETED');
    expect(await codesOf(ids.doc1)).toEqual([]);
    const same = await admin({
      method: 'PATCH',
      url: `/api/billing-code-rules/${existing.id}`,
      payload: { rateCents: 1525 },
    });
    expect(same.statusCode).toBe(400);
    const missing = await admin({
      method: 'PATCH',
      url: `/api/billing-code-rules/${randomUUID()}`,
      payload: { rateCents: 1 },
    });
    expect(missing.statusCode).toBe(404);
    const audit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?entityId=${existing.id}&action=billing_code_rule.update`,
      })
    ).json();
    expect(audit.items[0].details).toEqual({ fields: ['allowedCaregiverTypes'] });
  });

  it('a re-run changes nothing (idempotent)', async () => {
    const summary = await validateSegmentRange(t.database.db, { from: '2026-03-01', to: '2026-03-31' });
    expect(summary).toMatchObject({ segments: 3, changed: 0 });
  });

  it('a shift correction re-validates its segments at once', async () => {
    const corrected = await admin({
      method: 'PATCH',
      url: `/api/shifts/${ids.open}`,
      payload: {
        evvOutTime: '2026-03-03T12:00:00Z',
        evvOutLat: 45.5,
        evvOutLong: -122.6,
        reason: 'Caregiver forgot to clock out; confirmed with the client',
      },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await codesOf(ids.open)).toEqual([]);
    expect((await list('')).counts).toEqual({ READY: 3, NOT_READY: 0 });
  });

  it('survives naughty text in filters and rule fields', async () => {
    const odd = await admin({
      method: 'POST',
      url: '/api/billing-code-rules',
      payload: { ...rule, billingCode: '\u0000', effectiveDate: '2030-01-01' },
    });
    expect(odd.statusCode).toBe(400);
    const quotes = await admin({
      method: 'POST',
      url: '/api/billing-code-rules',
      payload: {
        ...rule,
        billingCode: "'; drop",
        description: '<script>x</script>',
        effectiveDate: '2030-01-01',
      },
    });
    expect(quotes.statusCode, quotes.body).toBe(201);
  });

  it('a budget edit re-validates the segments of its period', async () => {
    const lines = (await admin({ method: 'GET', url: `/api/budgets?clientId=${ids.client}` })).json();
    const line = lines.items[0];
    const patched = await admin({ method: 'PATCH', url: `/api/budgets/${line.id}`, payload: { units: 1 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const jobs = (await admin({ method: 'GET', url: '/api/jobs?limit=20' })).json().items;
    const queued = jobs.find(
      (job: { jobType: string; metadata: Record<string, unknown> | null }) =>
        job.jobType === 'segment-validation' && job.metadata?.from === '2026-01-01',
    );
    expect(queued, JSON.stringify(jobs)).toBeDefined();
    expect((await waitForJob(admin, queued.id)).status).toBe('COMPLETED');
    expect(await codesOf(ids.good)).toContain('BUDGET_UNITS_EXCEEDED');
  });
});
