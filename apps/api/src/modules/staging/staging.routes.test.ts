/**
 * Staging through the real routes (issue 23 "done when", without the browser): a messy GIV export
 * (fixtures/staging: BOM, CRLF, unknown headers, 12-hour times, one name spelled three ways) is staged
 * (never production), mappings are approved (one with a rule from the decision), a row is fixed, a
 * rule added by hand applies to the next file and is counted, the comparison shows new rows, the
 * promotion job uploads READY rows as shifts (idempotent) and production lists them. Each route also
 * refuses a non-admin (403) and an anonymous caller (401); bad input is a 400 naming the field.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { fixturePath } from '../../../test/fixtures.ts';
import { importCsvFile, waitForJob } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
const people: Record<string, string> = {};
const messy = readFileSync(fixturePath('staging', 'giv-export-messy.csv'));
const next = readFileSync(fixturePath('staging', 'giv-export-next.csv'));
const april = 'from=2030-04-01&to=2030-04-30';

async function create(url: string, payload: Record<string, unknown>) {
  const response = await admin({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBe(201);
  people[payload.name as string] = response.json().id;
}

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  await create('/api/caregivers', { name: 'Stella Stagewright', type: 'DSP_CARE' });
  await create('/api/caregivers', {
    name: 'Bartholomew Quill',
    type: 'DSP_CARE',
    altNames: ['Bart Quill'],
  });
  await create('/api/clients', { name: 'Ophelia Marchbanks' });
  await create('/api/clients', { name: 'Tobias Fennimore' });
}, 60_000);
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await admin({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const post = async (url: string, payload?: Record<string, unknown>, status = 200) => {
  const response = await admin({ method: 'POST', url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};

describe('staging: import → mapping → rules → compare → promote', () => {
  it('stages a messy export without touching production', async () => {
    const job = await importCsvFile(admin, '/api/staging-imports', messy, 'giv-export-messy.csv');
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.analysis.suggestedColumnMap).toMatchObject({
      'Visit ID': 'givShiftId',
      Employee: 'caregiverName',
      Client: 'clientName',
    });
    expect(job.result).toMatchObject({ total: 12, created: 12, rejected: [] });
    expect((await get('/api/shifts')).total).toBe(0);
    const page = await get('/api/staging/shifts?pageSize=50');
    expect(page.total).toBe(12);
    const byId = Object.fromEntries(page.items.map((s: { givShiftId: string }) => [s.givShiftId, s]));
    expect(byId['STG-1001']).toMatchObject({ status: 'READY', caregiverName: 'Stella Stagewright' });
    // An alt name links by itself; a misspelling waits for approval; an unknown name is not found.
    expect(byId['STG-1005']).toMatchObject({ caregiverConnectionStatus: 'AUTO_MAPPED' });
    expect(byId['STG-1003']).toMatchObject({
      status: 'NOT_READY',
      caregiverConnectionStatus: 'PENDING_APPROVAL',
    });
    expect(byId['STG-1007']).toMatchObject({ caregiverConnectionStatus: 'NOT_FOUND' });
    expect(byId['STG-1009'].errorDetails).toBe('no billing code');
    // The overnight shift ends the next morning (local 06:00 PDT).
    expect(byId['STG-1008'].evvEnd).toBe('2030-04-05T13:00:00.000Z');
    expect(page.counts.READY + page.counts.NOT_READY).toBe(12);
  });

  it('lists unlinked people with ranked candidates and their evidence', async () => {
    const { items } = await get('/api/staging/unmapped');
    const reversed = items.find((p: { givKey: string }) => p.givKey === 'name:stagewright stella');
    expect(reversed).toMatchObject({ entityType: 'CAREGIVER', status: 'PENDING_APPROVAL', rows: 1 });
    expect(reversed.candidates[0]).toMatchObject({
      entityId: people['Stella Stagewright'],
      confidence: 0.98,
    });
    expect(reversed.candidates[0].evidence).toContain('Stella Stagewright');
    const fenimore = items.find((p: { givKey: string }) => p.givKey === 'name:tobias fenimore');
    expect(fenimore.candidates[0].entityId).toBe(people['Tobias Fennimore']);
    expect(items.find((p: { givKey: string }) => p.givKey === 'name:zed nobodyknows').status).toBe(
      'NOT_FOUND',
    );
  });

  it('approves mappings (one with a rule from the decision), fixes a row, re-validates', async () => {
    const approve = (givKey: string, entityType: string, entityId: string, extra = {}) =>
      post('/api/staging/mappings', { givKey, entityType, entityId, ...extra });
    const first = await approve('name:stagewright stella', 'CAREGIVER', people['Stella Stagewright']!);
    expect(first.mapping).toMatchObject({ matchMethod: 'MANUAL_APPROVAL', matchConfidence: 1 });
    expect(first.mapping.approvedBy).toBeTruthy();
    await approve('name:stela stagewrite', 'CAREGIVER', people['Stella Stagewright']!, {
      createRule: true,
      sourceName: 'Stela Stagewrite',
    });
    await approve('name:bartholomew quil', 'CAREGIVER', people['Bartholomew Quill']!);
    await approve('name:tobias fenimore', 'CLIENT', people['Tobias Fennimore']!);
    const bad = await admin({
      method: 'POST',
      url: '/api/staging/mappings',
      payload: { givKey: 'name:x', entityType: 'CLIENT', entityId: people['Stella Stagewright'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('entityId');
    const rows = (await get('/api/staging/shifts?pageSize=50')).items as {
      id: string;
      givShiftId: string;
      status: string;
      caregiverConnectionStatus: string;
    }[];
    const nine = rows.find((r) => r.givShiftId === 'STG-1009')!;
    const fixed = await admin({
      method: 'PATCH',
      url: `/api/staging/shifts/${nine.id}`,
      payload: { billingCode: 'OR526' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ status: 'READY', billingCode: 'OR526' });
    const after = await get('/api/staging/shifts?pageSize=50');
    expect(after.counts).toMatchObject({ READY: 11, NOT_READY: 1 });
    expect(rows.find((r) => r.givShiftId === 'STG-1002')).toBeTruthy();
    expect(
      after.items.find((r: { givShiftId: string }) => r.givShiftId === 'STG-1002').caregiverConnectionStatus,
    ).toBe('MANUALLY_LINKED');
    expect((await post('/api/staging/revalidate')).revalidated).toBe(12);
  });

  it('applies rules to the next file and counts them', async () => {
    const rule = await post(
      '/api/staging/rules',
      { ruleType: 'CLIENT_NAME', sourceValue: 'O. Marchbanks', targetValue: 'Ophelia Marchbanks' },
      201,
    );
    expect(rule).toMatchObject({ isActive: true, appliedCount: 0 });
    const again = await admin({
      method: 'POST',
      url: '/api/staging/rules',
      payload: { ruleType: 'CLIENT_NAME', sourceValue: 'O. Marchbanks', targetValue: 'Someone' },
    });
    expect(again.statusCode).toBe(409);
    const job = await importCsvFile(admin, '/api/staging-imports', next, 'giv-export-next.csv');
    expect(job.result).toMatchObject({ total: 2, ready: 2, notReady: 0, rulesApplied: 3 });
    const rules = (await get('/api/staging/rules')).items as { sourceValue: string; appliedCount: number }[];
    expect(Object.fromEntries(rules.map((r) => [r.sourceValue, r.appliedCount]))).toEqual({
      'O. Marchbanks': 2,
      'Stela Stagewrite': 1,
    });
  });

  it('compares with production, promotes READY rows idempotently, lists them in production', async () => {
    const comparison = await get(`/api/staging/comparison?${april}`);
    expect(comparison.counts).toEqual({ new: 14, changed: 0, missing: 0, same: 0, ready: 13 });
    const bad = await admin({ method: 'GET', url: '/api/staging/comparison?from=2030-05-01&to=2030-04-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('to');
    const started = await post('/api/staging/promotions', { from: '2030-04-01', to: '2030-04-30' }, 202);
    const job = await waitForJob(admin, started.job.id);
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.result).toMatchObject({ promoted: 13, created: 13, failed: 0 });
    const production = await get(`/api/production-shifts?${april}&pageSize=50`);
    expect(production.total).toBe(13);
    const after = await get(`/api/staging/comparison?${april}`);
    expect(after.counts).toMatchObject({ new: 1, same: 13, ready: 0 });
    const again = await waitForJob(
      admin,
      (await post('/api/staging/promotions', { from: '2030-04-01', to: '2030-04-30' }, 202)).job.id,
    );
    expect(again.result).toMatchObject({ promoted: 0, created: 0 });
    expect((await get('/api/shifts?pageSize=50')).total).toBe(13);
    // Staging the same file again leaves uploaded rows uploaded (seen twice), except the row the
    // source still sends without a code: the file says so again (the fix was staging's, not GIV's).
    await importCsvFile(admin, '/api/staging-imports', messy, 'giv-export-messy.csv');
    const page = await get('/api/staging/shifts?status=UPLOADED&pageSize=50');
    expect(page.total).toBe(12);
    expect(page.items.find((r: { givShiftId: string }) => r.givShiftId === 'STG-1001').seenCount).toBe(2);
  });

  it('sums up staging health', async () => {
    const check = await get('/api/staging/check');
    expect(check.counts).toMatchObject({ UPLOADED: 12, NOT_READY: 2 });
    expect(check.unmapped).toEqual({ caregivers: 1, clients: 0 });
    expect(check.mappings.MANUAL_APPROVAL).toBe(4);
    expect(check.rules).toEqual({ active: 2, applied: 4 });
    expect(check.lastImports.length).toBeGreaterThan(0);
    const sync = await admin({ method: 'POST', url: '/api/staging/direct-sync' });
    expect(sync.statusCode).toBe(409);
  });
});

describe('staging access', () => {
  const routes: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/staging/shifts'],
    ['PATCH', '/api/staging/shifts/00000000-0000-4000-8000-000000000000', { billingCode: 'X' }],
    ['POST', '/api/staging/revalidate'],
    ['GET', '/api/staging/unmapped'],
    ['GET', '/api/staging/mappings'],
    [
      'POST',
      '/api/staging/mappings',
      { givKey: 'x', entityType: 'CLIENT', entityId: '00000000-0000-4000-8000-000000000000' },
    ],
    ['GET', '/api/staging/rules'],
    ['POST', '/api/staging/rules', { ruleType: 'BILLING_CODE', sourceValue: 'a', targetValue: 'b' }],
    ['PATCH', '/api/staging/rules/00000000-0000-4000-8000-000000000000', { isActive: false }],
    ['GET', `/api/staging/comparison?${april}`],
    ['POST', '/api/staging/promotions', { from: '2030-04-01', to: '2030-04-30' }],
    ['GET', '/api/staging/check'],
    ['POST', '/api/staging/direct-sync'],
    ['GET', '/api/staging-imports'],
  ];
  it('403 for a non-admin, 401 anonymous, on every staging route', async () => {
    for (const [method, url, payload] of routes) {
      const request = { method: method as 'GET', url, ...(payload ? { payload } : {}) };
      expect((await caregiverUser(request)).statusCode, `${method} ${url}`).toBe(403);
      expect((await anonymous(request)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('404 for an unknown staged row or rule', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await admin({ method: 'PATCH', url: `/api/staging/shifts/${missing}`, payload: { billingCode: 'X' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin({ method: 'PATCH', url: `/api/staging/rules/${missing}`, payload: { isActive: false } }))
        .statusCode,
    ).toBe(404);
  });
});
