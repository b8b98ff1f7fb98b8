/**
 * `/test-sync` through the real routes (issue 23, decision 0062 addendum): a dry run of staging an
 * uploaded GIV file says what would be created, updated, unchanged, a duplicate or rejected (with
 * reasons), row by row, and which people are unmapped, and stages nothing (no staging rows, no mappings); after the file is
 * really staged the same file is all unchanged. Refused to a non-admin (403) and anonymously (401);
 * unknown upload 404; a column map naming a missing column is a 400 naming `columnMap`.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { fixturePath } from '../../../test/fixtures.ts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { fileUpload } from '../../../test/multipart.ts';
import { importCsvFile } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
const messy = readFileSync(fixturePath('staging', 'giv-export-messy.csv'));

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  for (const [url, payload] of [
    ['/api/caregivers', { name: 'Stella Stagewright', type: 'DSP_CARE' }],
    ['/api/caregivers', { name: 'Bartholomew Quill', type: 'DSP_CARE', altNames: ['Bart Quill'] }],
    ['/api/clients', { name: 'Ophelia Marchbanks' }],
    ['/api/clients', { name: 'Tobias Fennimore' }],
  ] as const) {
    const response = await admin({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
  }
}, 60_000);
afterAll(() => t.close());

async function upload(content: Buffer | string) {
  const response = await admin({
    method: 'POST',
    url: '/api/staging-imports',
    ...fileUpload(content, 'text/csv', 'giv.csv'),
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { id: body.csvFileId as string, columnMap: body.analysis.suggestedColumnMap };
}

async function testSync(content: Buffer | string) {
  const { id, columnMap } = await upload(content);
  const response = await admin({
    method: 'POST',
    url: `/api/staging-imports/${id}/test-sync`,
    payload: { columnMap },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /api/staging-imports/:id/test-sync', () => {
  it('says what staging would do and stages nothing', async () => {
    const result = await testSync(messy);
    expect(result.rows).toBe(12);
    expect(result.counts).toEqual({
      created: 12,
      updated: 0,
      unchanged: 0,
      duplicates: 0,
      rejected: 0,
      ready: 7,
      notReady: 5,
    });
    // Every row's fate, in file order, with the status and the reasons staging would give it.
    expect(result.fates).toHaveLength(12);
    expect(result.fates.map((row: { line: number }) => row.line)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 2),
    );
    expect(result.fates.every((row: { fate: string }) => row.fate === 'created')).toBe(true);
    expect(result.fates.filter((row: { status: string }) => row.status === 'READY')).toHaveLength(7);
    expect(result.fates.find((row: { givShiftId: string }) => row.givShiftId === 'STG-1007')).toEqual({
      line: 8,
      givShiftId: 'STG-1007',
      fate: 'created',
      status: 'NOT_READY',
      staged: null,
      date: '2030-04-04',
      caregiver: 'Zed Nobodyknows',
      client: 'Tobias Fennimore',
      reasons: ['caregiver not found in Tend: link them manually or add a rule'],
    });
    expect(result.fates.find((row: { givShiftId: string }) => row.givShiftId === 'STG-1009')).toMatchObject({
      status: 'NOT_READY',
      reasons: ['no billing code'],
    });
    const caregivers = result.unmapped.filter((p: { entityType: string }) => p.entityType === 'CAREGIVER');
    expect(caregivers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Zed Nobodyknows', status: 'NOT_FOUND', rows: 1 }),
        expect.objectContaining({ name: 'Stela Stagewrite', status: 'PENDING_APPROVAL', rows: 1 }),
      ]),
    );
    const staged = await admin({ method: 'GET', url: '/api/staging/shifts?pageSize=50' });
    expect(staged.json().total).toBe(0);
    const mappings = await admin({ method: 'GET', url: '/api/staging/mappings' });
    expect(mappings.json().items ?? mappings.json()).toHaveLength(0);
    const audit = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staging_import.test_sync'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({ rows: 12, created: 12, unmapped: caregivers.length + 1 });
    expect(JSON.stringify(audit)).not.toMatch(/Zed|Stela|Stella/);
  });

  it('after staging, the same file is unchanged; rejected rows carry their reasons', async () => {
    const job = await importCsvFile(admin, '/api/staging-imports', messy, 'giv-export-messy.csv');
    expect(job.status, job.error).toBe('COMPLETED');
    // The dry run's figures are what staging really did.
    expect(job.result).toMatchObject({ created: 12, ready: 7, notReady: 5 });
    const again = await testSync(messy);
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 12, duplicates: 0, rejected: 0 });
    expect(again.fates[0]).toMatchObject({ fate: 'unchanged', staged: 'READY' });
    const text = messy.toString('utf8').trimEnd().split(/\r?\n/);
    const changed = [
      text[0],
      text[1]!.replace('12:00 PM', '12:15 PM'),
      text[2],
      text[2],
      'STG-2000,Stella Stagewright,,Ophelia Marchbanks,31/31/2030,8:00 AM,12:00 PM,OR526,North,B-7',
    ].join('\r\n');
    const result = await testSync(changed);
    expect(result.counts).toMatchObject({ created: 0, updated: 1, unchanged: 1, duplicates: 1, rejected: 1 });
    expect(result.fates.map((row: { fate: string }) => row.fate)).toEqual([
      'updated',
      'unchanged',
      'duplicate',
      'rejected',
    ]);
    expect(result.fates[2]).toMatchObject({ line: 4, givShiftId: 'STG-1002', status: null });
    expect(result.fates[2].reasons[0]).toContain('repeats shift id STG-1002 of line 3');
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0]).toMatchObject({ line: 5, givShiftId: 'STG-2000' });
    expect(result.rejected[0].reasons.length).toBeGreaterThan(0);
    expect(result.fates[3]).toMatchObject({ fate: 'rejected', reasons: result.rejected[0].reasons });
  });

  it('400 naming columnMap, 404 for an unknown upload, 403 / 401 for others', async () => {
    const { id } = await upload(messy);
    const bad = await admin({
      method: 'POST',
      url: `/api/staging-imports/${id}/test-sync`,
      payload: { columnMap: { Nope: 'givShiftId' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('columnMap');
    const missing = await admin({
      method: 'POST',
      url: '/api/staging-imports/00000000-0000-4000-8000-000000000000/test-sync',
      payload: { columnMap: { 'Visit ID': 'givShiftId' } },
    });
    expect(missing.statusCode).toBe(404);
    const request = {
      method: 'POST' as const,
      url: `/api/staging-imports/${id}/test-sync`,
      payload: { columnMap: { 'Visit ID': 'givShiftId' } },
    };
    expect((await caregiverUser(request)).statusCode).toBe(403);
    expect((await anonymous(request)).statusCode).toBe(401);
  });
});
