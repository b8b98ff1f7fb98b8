/**
 * Client prime import through the real routes and job (docs/evv-import.md "Client prime"): upload →
 * preview → start → summary; clients matched by pid / budget client id / name, created when unknown
 * (flagged for review), updated from the file; budget lines upserted on their source line, re-import
 * changes nothing; bad rows rejected with line, field and reason; access control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { fileUpload } from '../../../test/multipart.ts';
import { importCsvFile } from '../../../test/shift-import.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;

const header =
  'Client Name,PID,Budget Client ID,Client Prime,Service Element,ISP Month,Proc Code,Modifier,Units,Measure,Term,Effective Date,Expiration Date';
const rows = [
  /* 2 */ 'Sam Prime,P-100,B-1,CP-1,SE49,July,OR526,ZE,"1,200.50",Hours,Plan year,07/01/2025,06/30/2026',
  /* 3 */ 'Sam Prime,P-100,B-1,CP-1,SE49,July,OR507,,300,15 Min,Plan year,07/01/2025,06/30/2026',
  /* 4 */ 'New Person,P-200,B-2,,,3,OR526,,40,days,Monthly,2025-03-01,',
  /* 5 */ 'New Person,P-200,B-2,,,3,OR540,,10,Miles,Monthly,2025-03-01,2025-02-01',
  /* 6 */ 'New Person,P-200,B-2,,,3,OR541,,ten,Parsecs,Monthly,2025-03-01,',
  /* 7 */ 'Sam Prime,P-100,B-1,CP-1,SE49,July,OR526,ZE,99,Hours,Plan year,2025-07-01,2026-06-30',
];
const content = [header, ...rows].join('\n');

type BudgetRow = {
  budget_client_id: string;
  proc_code: string;
  svc_modifier_cd: string | null;
  units: string;
  measure: string | null;
  client_id: string | null;
  csv_file_id: string | null;
  updated_at: Date;
};
const budgets = async () =>
  (
    await t.database.db.execute<BudgetRow>(
      sql`select * from budget where budget_client_id in ('B-1', 'B-2') order by budget_client_id, proc_code`,
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  const created = await admin({
    method: 'POST',
    url: '/api/clients',
    payload: { name: 'Samuel Prime', pid: 'P-100' },
  });
  expect(created.statusCode, created.body).toBe(201);
});
afterAll(() => t.close());

let fileId = '';

/** How many `segment-validation` jobs of every date (`{ scope: 'all' }`) have been queued. */
async function validationsOfEveryDate(): Promise<number> {
  const jobs = await t.app.deps.jobs.listJobs({ limit: 200 });
  return jobs.filter((job) => job.jobType === 'segment-validation' && job.metadata?.scope === 'all').length;
}

describe('client prime import', () => {
  it('suggests the mapping and previews budget lines with their problems', async () => {
    const uploaded = await admin({
      method: 'POST',
      url: '/api/client-prime-imports',
      ...fileUpload(content, 'text/csv', 'prime.csv'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const body = uploaded.json();
    expect(body.analysis.suggestedColumnMap).toMatchObject({
      'Client Name': 'clientName',
      PID: 'pid',
      'Budget Client ID': 'budgetClientId',
      'Proc Code': 'procCode',
      Modifier: 'svcModifierCd',
      Units: 'units',
      Measure: 'measure',
      'Effective Date': 'effectiveDate',
      'Expiration Date': 'expirationDate',
      'ISP Month': 'ispMonth',
    });
    const preview = (
      await admin({
        method: 'POST',
        url: `/api/client-prime-imports/${body.csvFileId}/preview`,
        payload: { columnMap: body.analysis.suggestedColumnMap },
      })
    ).json();
    expect(preview.rows[0]).toMatchObject({
      line: 2,
      values: { units: '1200.5', measure: 'hours', effectiveDate: '2025-07-01', svcModifierCd: 'ZE' },
      errors: [],
    });
    expect(preview.rows[1].values.measure).toBe('units_15min');
    expect(preview.rows[3].errors).toEqual([
      { field: 'Expiration Date', reason: 'is before the effective date (2025-02-01 < 2025-03-01)' },
    ]);
  });

  it('creates and updates clients, upserts budget lines and rejects bad rows with line, field and reason', async () => {
    const validationsBefore = await validationsOfEveryDate();
    const job = await importCsvFile(admin, '/api/client-prime-imports', content, 'prime.csv');
    fileId = job.csvFileId;
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.result).toMatchObject({
      kind: 'client-prime',
      total: 6,
      created: 3,
      updated: 0,
      unchanged: 0,
      counts: { newClients: 1, updatedClients: 1 },
    });
    expect(job.result.rejected).toEqual([
      {
        line: 5,
        field: 'Expiration Date',
        reason: 'is before the effective date (2025-02-01 < 2025-03-01)',
        externalId: 'B-2 OR540',
      },
      { line: 6, field: 'Units', reason: 'is not a number', externalId: 'B-2 OR541' },
      {
        line: 6,
        field: 'Measure',
        reason: expect.stringMatching(/^is not a measure: use hours/),
        externalId: 'B-2 OR541',
      },
    ]);
    // A repeated line is a duplicate, imported once from its first copy (decision 0036).
    expect(job.result.duplicates).toEqual([
      {
        line: 7,
        firstLine: 2,
        field: 'Effective Date',
        reason:
          'repeats the budget line at line 2 (same budget client id, procedure code, modifier and effective date): only the first copy is imported',
        externalId: 'B-1 OR526-ZE',
      },
    ]);
    const lines = await budgets();
    expect(
      lines.map((l) => [l.budget_client_id, l.proc_code, l.svc_modifier_cd, Number(l.units), l.measure]),
    ).toEqual([
      ['B-1', 'OR507', null, 300, 'units_15min'],
      ['B-1', 'OR526', 'ZE', 1200.5, 'hours'],
      ['B-2', 'OR526', null, 40, 'days'],
    ]);
    expect(lines.every((l) => l.client_id && l.csv_file_id === fileId)).toBe(true);

    const clients = (await admin({ method: 'GET', url: '/api/clients?pageSize=100' })).json().items as {
      id: string;
      name: string;
      pid: string | null;
      budgetClientId: string | null;
      ispMonth: number | null;
      needsReview: boolean;
    }[];
    const sam = clients.find((c) => c.pid === 'P-100');
    // Matched by pid: the name stays, the budget fields come from the file.
    expect(sam).toMatchObject({
      name: 'Samuel Prime',
      budgetClientId: 'B-1',
      ispMonth: 7,
      needsReview: false,
    });
    expect(clients.find((c) => c.pid === 'P-200')).toMatchObject({
      name: 'New Person',
      budgetClientId: 'B-2',
      ispMonth: 3,
      needsReview: true,
    });
    expect(lines.find((l) => l.budget_client_id === 'B-1')?.client_id).toBe(sam?.id);
    const audit = (
      await admin({
        method: 'GET',
        url: `/api/audit-events?action=budget.import&entityType=budget&pageSize=10`,
      })
    ).json();
    expect(audit.total).toBe(3);
    // New budget lines can change "no active budget": every date is re-validated (workflows/client-prime-import.ts).
    expect(await validationsOfEveryDate()).toBe(validationsBefore + 1);
  });

  it('changes nothing when the same file is imported again, and updates a changed line', async () => {
    const before = await budgets();
    const validationsBefore = await validationsOfEveryDate();
    const again = await importCsvFile(admin, '/api/client-prime-imports', content, 'prime-again.csv');
    expect(again.result).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 3,
      counts: { newClients: 0, updatedClients: 0 },
    });
    expect(again.analysis.savedFrom?.csvFileId).toBe(fileId);
    const after = await budgets();
    expect(after).toEqual(before);
    expect(await validationsOfEveryDate()).toBe(validationsBefore);

    const changed = content.replace('OR507,,300,', 'OR507,,320,');
    const third = await importCsvFile(admin, '/api/client-prime-imports', changed, 'prime-changed.csv');
    expect(third.result).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const line = (await budgets()).find((l) => l.proc_code === 'OR507');
    expect(Number(line?.units)).toBe(320);
    expect(line?.csv_file_id).toBe(third.csvFileId);
  });

  it('refuses a mapping without the budget line identity', async () => {
    const uploaded = (
      await admin({
        method: 'POST',
        url: '/api/client-prime-imports',
        ...fileUpload(content, 'text/csv', 'p.csv'),
      })
    ).json();
    const start = await admin({
      method: 'POST',
      url: `/api/client-prime-imports/${uploaded.csvFileId}/start`,
      payload: { columnMap: { 'Client Name': 'clientName', Units: 'units' } },
    });
    expect(start.statusCode).toBe(400);
    expect(start.json().detail).toMatch(/Budget client id/);
    expect(start.json().detail).toMatch(/Procedure code/);
    expect(start.json().detail).toMatch(/Effective date/);
  });

  it('denies every route to anonymous callers and non-admins', async () => {
    const caregiver = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
    const anonymous = as(t, null);
    const routes = [
      { method: 'GET' as const, url: '/api/client-prime-imports' },
      { method: 'GET' as const, url: `/api/client-prime-imports/${fileId}` },
      {
        method: 'POST' as const,
        url: `/api/client-prime-imports/${fileId}/preview`,
        payload: { columnMap: {} },
      },
      {
        method: 'POST' as const,
        url: `/api/client-prime-imports/${fileId}/start`,
        payload: { columnMap: {} },
      },
    ];
    for (const route of routes) {
      expect((await caregiver(route)).statusCode, route.url).toBe(403);
      expect((await anonymous(route)).statusCode, route.url).toBe(401);
    }
    expect(
      (
        await caregiver({
          method: 'POST',
          url: '/api/client-prime-imports',
          ...fileUpload(content, 'text/csv', 'p.csv'),
        })
      ).statusCode,
    ).toBe(403);
  });
});
