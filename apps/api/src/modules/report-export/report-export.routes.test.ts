/**
 * The report export through the real routes and job (issue 24; decision 0066): shifts and shift notes imported
 * through their real imports (the notes' incident screening runs as the import's follow-up), a budget line made
 * through its route; one request of three reports (caregiver hours as XLSX, budget use as PDF, incidents as CSV)
 * written by one job with progress (and suspicious locations, checked against the queue's own total), each file downloaded by its signed URL and read back (exceljs, pdf-lib and
 * pdfjs, csv-parse), listed, audited, and not stored twice when the job runs again. Bad input is 400 naming the
 * field, an unknown subject 404; anonymous 401, non-admins 403.
 */
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_EXPORT_JOB, type GeneratedReport } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { importCsvFile, importShiftsFile, waitForJob } from '../../../test/shift-import.ts';
import { fileUpload } from '../../../test/multipart.ts';
import { claimCsv, claimCsvHeader, insertBillingItems } from '../billing/claim-test-support.ts';
import { readPdfText } from '../isp/extraction/pdf-text.ts';
import { auditEventsOf, downloadReport, listReports } from './report-export.test-support.ts';
import { createReportExportHandler } from './report-export.job.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let caregiverUser: ReturnType<typeof as>;
let anonymous: ReturnType<typeof as>;
let hanaId = '';
let cleoId = '';
let jobId = '';
let reports: GeneratedReport[] = [];

const shiftsCsv = [
  'Shift ID,Caregiver,Client,Date,Clock In,Clock Out,Proc',
  // Hana: Monday..Wednesday 9:00–17:00 in the week of Sunday 2025-03-02 (24 h), one 4-hour day the next week.
  'R-1,Hana Hours,Cleo Client,2025-03-03,09:00,17:00,OR526',
  'R-2,Hana Hours,Cleo Client,2025-03-04,09:00,17:00,OR526',
  'R-3,Hana Hours,Cleo Client,2025-03-05,09:00,17:00,OR526',
  'R-4,Hana Hours,Cleo Client,2025-03-10,09:00,13:00,OR526',
].join('\n');
const notesCsv = [
  'Shift ID,Submitted At,Prompt,Documentation',
  'R-2,2025-03-04 16:30,How was the visit?,Cleo fell in the bathroom. We went to the ER; no injuries found.',
  'R-3,2025-03-05 16:30,How was the visit?,Lunch and a walk.',
].join('\n');

const request = (overrides: Record<string, unknown> = {}) => ({
  from: '2025-03-01',
  to: '2025-03-31',
  reports: [
    { type: 'caregiver-hours', subjectIds: [hanaId], format: 'xlsx' },
    { type: 'budget-use', subjectIds: [cleoId], format: 'pdf' },
    { type: 'incidents', subjectIds: [cleoId], format: 'csv' },
  ],
  ...overrides,
});
const list = (query = '') => listReports(admin, query);
const download = (report: GeneratedReport) => downloadReport(admin, anonymous, report);
const auditFor = (entityId: string, action: string) => auditEventsOf(admin, entityId, action);
const waitForIdle = async () => {
  for (let i = 0; i < 600; i += 1) {
    if (!(await admin({ method: 'GET', url: '/api/jobs?active=true' })).json().items.length) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('jobs still running');
};

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles', workweekStart: 'sunday' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  caregiverUser = as(t, (await signInAs(t, 'CAREGIVER')).cookie);
  anonymous = as(t, null);
  const shifts = await importShiftsFile(admin, shiftsCsv, 'report-shifts.csv');
  expect(shifts.status, shifts.error).toBe('COMPLETED');
  const listed = (await admin({ method: 'GET', url: `/api/shifts?csvFileId=${shifts.csvFileId}` })).json();
  hanaId = listed.items[0].caregiverId;
  cleoId = listed.items[0].clientId;
  await waitForIdle();
  const notes = await importCsvFile(admin, '/api/shift-note-imports', notesCsv, 'report-notes.csv');
  expect(notes.status, notes.error).toBe('COMPLETED');
  await waitForIdle();
  const line = await admin({
    method: 'POST',
    url: '/api/budgets',
    payload: {
      clientId: cleoId,
      procCode: 'OR526',
      svcModifierCd: null,
      units: 100,
      measure: 'hours',
      term: 'March 2025',
      effectiveDate: '2025-03-01',
      expirationDate: '2025-03-31',
    },
  });
  expect(line.statusCode, line.body).toBe(201);
});
afterAll(() => t.close());

describe('access', () => {
  it.each([
    ['GET', '/api/report-exports/types'],
    ['POST', '/api/report-exports'],
    ['GET', '/api/report-exports'],
    ['GET', '/api/report-exports/00000000-0000-4000-8000-000000000000/download'],
  ] as const)('%s %s: 401 without a session, 403 for a non-admin', async (method, url) => {
    const payload = method === 'POST' ? request() : undefined;
    expect((await anonymous({ method, url, payload })).statusCode).toBe(401);
    expect((await caregiverUser({ method, url, payload })).statusCode).toBe(403);
  });
});

describe('input', () => {
  it('lists the report types with their subject kind', async () => {
    const response = await admin({ method: 'GET', url: '/api/report-exports/types' });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toContainEqual(
      expect.objectContaining({ type: 'budget-use', subject: 'client', formats: ['csv', 'xlsx', 'pdf'] }),
    );
  });

  it.each([
    [
      'an unknown type',
      { reports: [{ type: 'gossip', subjectIds: ['x'], format: 'csv' }] },
      'reports.0.type',
    ],
    ['from after to', { from: '2025-04-01' }, 'from'],
    ['a period over a year', { from: '2024-01-01', to: '2025-03-31' }, 'to'],
    [
      'no subjects',
      { reports: [{ type: 'incidents', subjectIds: [], format: 'csv' }] },
      'reports.0.subjectIds',
    ],
    ['no reports', { reports: [] }, 'reports'],
    [
      'an unknown format',
      { reports: [{ type: 'incidents', subjectIds: [], format: 'doc' }] },
      'reports.0.format',
    ],
  ])('400 for %s, naming the field', async (_name, overrides, path) => {
    const response = await admin({ method: 'POST', url: '/api/report-exports', payload: request(overrides) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('400 for a caregiver given to a client report; 404 for nobody; nothing queued', async () => {
    const wrongKind = await admin({
      method: 'POST',
      url: '/api/report-exports',
      payload: request({ reports: [{ type: 'budget-use', subjectIds: [hanaId], format: 'csv' }] }),
    });
    expect(wrongKind.statusCode, wrongKind.body).toBe(400);
    expect(wrongKind.json().errors[0].path).toBe('reports.0.subjectIds.0');
    const nobody = await admin({
      method: 'POST',
      url: '/api/report-exports',
      payload: request({
        reports: [{ type: 'incidents', subjectIds: ['00000000-0000-4000-8000-000000000000'], format: 'csv' }],
      }),
    });
    expect(nobody.statusCode, nobody.body).toBe(404);
    const jobs = (await admin({ method: 'GET', url: '/api/jobs' })).json().items as { jobType: string }[];
    expect(jobs.filter((job) => job.jobType === REPORT_EXPORT_JOB)).toEqual([]);
  });
});

describe('an export of three reports', () => {
  it('writes them in one job with progress and lists them', async () => {
    const started = await admin({ method: 'POST', url: '/api/report-exports', payload: request() });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().files).toBe(3);
    jobId = started.json().job.id;
    const job = await waitForJob(admin, jobId);
    expect(job.status, job.error).toBe('COMPLETED');
    expect(job.progress).toBe(100);
    expect(job.log.at(-1)).toContain('3 of 3 files written');
    const listed = await list(`?jobId=${jobId}`);
    expect(listed.total).toBe(3);
    reports = listed.items;
    expect(reports.map((r) => [r.type, r.format, r.subjectId, r.from, r.to]).sort()).toEqual(
      [
        ['budget-use', 'pdf', cleoId, '2025-03-01', '2025-03-31'],
        ['caregiver-hours', 'xlsx', hanaId, '2025-03-01', '2025-03-31'],
        ['incidents', 'csv', cleoId, '2025-03-01', '2025-03-31'],
      ].sort(),
    );
    expect(reports.find((r) => r.type === 'caregiver-hours')).toMatchObject({
      subjectKind: 'caregiver',
      subjectName: 'Hana Hours',
      fileName: 'caregiver-hours-Hana-Hours-2025-03-01-to-2025-03-31.xlsx',
    });
    expect(reports.every((r) => r.createdByName && r.size && r.size > 0)).toBe(true);
    expect((await list(`?caregiverId=${hanaId}`)).total).toBe(1);
    expect((await list(`?type=incidents&clientId=${cleoId}`)).total).toBe(1);
  });

  it('caregiver hours: an XLSX with every workweek of the period', async () => {
    const file = await download(reports.find((r) => r.type === 'caregiver-hours') as GeneratedReport);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toContain('Overtime hours');
    const weeks = new Map<string, unknown>();
    sheet.eachRow((row, n) => {
      if (n > 1) weeks.set(row.getCell(1).text, row.getCell(2).value);
    });
    expect(Object.fromEntries(weeks)).toMatchObject({ '2025-03-02': 24, '2025-03-09': 4, '2025-03-16': 0 });
  });

  it('budget use: a PDF with the title, subject, period, the line and page numbers', async () => {
    const file = await download(reports.find((r) => r.type === 'budget-use') as GeneratedReport);
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const text = (await readPdfText(file.rawPayload))
      .flatMap((page) => page.items.map((i) => i.text))
      .join(' ');
    for (const words of [
      'Budget use',
      'Client: Cleo Client',
      '2025-03-01 to 2025-03-31',
      'OR526',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(words);
    }
  });

  it('incidents: a CSV with the fall, read back', async () => {
    const file = await download(reports.find((r) => r.type === 'incidents') as GeneratedReport);
    expect(file.headers['content-type']).toContain('text/csv');
    const rows = parse<Record<string, string>>(file.body.replace(/^\uFEFF/, ''), { columns: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Date: '2025-03-04',
      Visit: 'R-2',
      Caregiver: 'Hana Hours',
      Handled: 'no',
    });
  });

  it('audits each file written and each download', async () => {
    for (const report of reports) {
      const generated = await auditFor(report.id, 'report_export.generate');
      expect(generated).toHaveLength(1);
      expect(generated[0]?.details).toMatchObject({ jobId, type: report.type, format: report.format });
      expect(await auditFor(report.id, 'report_export.download')).toHaveLength(1);
    }
    expect(await auditFor(jobId, 'report_export.start')).toHaveLength(1);
  });

  it('a run of the same job again stores nothing twice', async () => {
    const job = (await t.app.deps.jobs.getJob(jobId))!;
    const { config, database, storage } = t.app.deps;
    const handler = createReportExportHandler({
      db: database.db,
      storage,
      storageRegion: null,
      timeZone: config.agencyTimeZone,
      workweekStart: 'sunday',
    });
    const progress: number[] = [];
    const result = await handler({
      jobId,
      metadata: job.metadata ?? {},
      csvFileId: null,
      triggeredBy: job.triggeredBy,
      progress: async (percent) => void progress.push(percent),
      log: async () => undefined,
    });
    expect(result.referenceIds).toEqual(job.result?.referenceIds);
    expect(progress.at(-1)).toBe(100);
    expect((await list(`?jobId=${jobId}`)).total).toBe(3);
  });

  it('suspicious locations: a CSV with the queue page’s findings of the client (every review state)', async () => {
    const started = await admin({
      method: 'POST',
      url: '/api/report-exports',
      payload: request({ reports: [{ type: 'suspicious-locations', subjectIds: [cleoId], format: 'csv' }] }),
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = await waitForJob(admin, started.json().job.id);
    expect(job.status, job.error).toBe('COMPLETED');
    const [report] = (await list(`?jobId=${job.id}`)).items;
    const file = await download(report as GeneratedReport);
    const table: string[][] = parse(file.body.replace(/^\uFEFF/, ''));
    const [header, ...rows] = table;
    expect(header).toEqual(expect.arrayContaining(['Date', 'Caregiver', 'Type', 'Level', 'Distance (m)']));
    const queue = await admin({
      method: 'GET',
      url: `/api/suspicious-locations?clientId=${cleoId}&reviewed=all&from=2025-03-01&to=2025-03-31`,
    });
    expect(rows).toHaveLength(queue.json().total);
  });

  it('404 for a report that is not one of the export', async () => {
    const response = await admin({
      method: 'GET',
      url: '/api/report-exports/00000000-0000-4000-8000-000000000000/download',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('billing and payroll summaries', () => {
  let billedClientId = '';
  let items: string[] = [];
  let billing: GeneratedReport;
  let payroll: GeneratedReport;

  beforeAll(async () => {
    // Billing items as an export batch leaves them (billing's own fixture), claim results through the real import.
    items = await insertBillingItems(t.database.db, [
      { clientPid: 'RB001', date: '2025-03-03', hours: 2 }, // 8 units, $58.00: paid
      { clientPid: 'RB001', date: '2025-03-12', hours: 1 }, // 4 units, $29.00: denied
      { clientPid: 'RB001', date: '2025-03-20', hours: 1, status: 'VOID' },
      { clientPid: 'RB001', date: '2025-04-02', hours: 2 }, // after the period
    ]);
    const billed = await admin({
      method: 'GET',
      url: '/api/billing-items?dateFrom=2025-03-03&dateTo=2025-03-03',
    });
    billedClientId = (billed.json().items as { id: string; clientId: string }[]).find(
      (item) => item.id === items[0],
    )?.clientId as string;
    expect(billedClientId).toBeTruthy();
    const claims = claimCsv([
      claimCsvHeader,
      ['C-1', items[0] as string, 'RB001', '2025-03-03', 'OR526', '', '8', '58.00', '58.00', 'Paid', '', ''],
      [
        'C-2',
        items[1] as string,
        'RB001',
        '2025-03-12',
        'OR526',
        '',
        '4',
        '29.00',
        '0.00',
        'Denied',
        'No auth',
        '',
      ],
    ]);
    const uploaded = await admin({
      method: 'POST',
      url: '/api/claim-imports',
      ...fileUpload(claims, 'text/csv', 'claims.csv'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    const imported = await waitForJob(admin, uploaded.json().job.id);
    expect(imported.status, imported.error).toBe('COMPLETED');
    // A mileage adjustment in the pay period 2025-03-16..29.
    const adjustment = await admin({
      method: 'POST',
      url: '/api/payroll/adjustments',
      payload: {
        caregiverId: hanaId,
        adjustmentType: 'MILEAGE',
        adjustmentValue: 12.5,
        reason: 'Errands',
        effectiveDate: '2025-03-20',
      },
    });
    expect(adjustment.statusCode, adjustment.body).toBe(201);

    const started = await admin({
      method: 'POST',
      url: '/api/report-exports',
      payload: request({
        reports: [
          { type: 'billing-summary', subjectIds: [billedClientId], format: 'csv' },
          { type: 'payroll-summary', subjectIds: [hanaId], format: 'xlsx' },
        ],
      }),
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = await waitForJob(admin, started.json().job.id);
    expect(job.status, job.error).toBe('COMPLETED');
    const listed = (await list(`?jobId=${job.id}`)).items;
    billing = listed.find((r) => r.type === 'billing-summary') as GeneratedReport;
    payroll = listed.find((r) => r.type === 'payroll-summary') as GeneratedReport;
    expect(billing).toMatchObject({ subjectKind: 'client', subjectName: 'Client RB001', format: 'csv' });
    expect(payroll).toMatchObject({ subjectKind: 'caregiver', subjectName: 'Hana Hours', format: 'xlsx' });
  });

  it('400 for a client given to the payroll summary (a caregiver report)', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/report-exports',
      payload: request({ reports: [{ type: 'payroll-summary', subjectIds: [cleoId], format: 'csv' }] }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[0].path).toBe('reports.0.subjectIds.0');
  });

  it('billing summary: a CSV of the billed segments of the period with their claim results', async () => {
    const file = await download(billing);
    const rows = parse<Record<string, string>>(file.body.replace(/^\uFEFF/, ''), { columns: true });
    expect(
      rows.map((r) => [
        r['Service date'],
        r.Units,
        r['Amount ($)'],
        r.Status,
        r['Claim status'],
        r['Paid ($)'],
      ]),
    ).toEqual([
      ['2025-03-03', '8', '58', 'MATCHED', 'paid', '58'],
      ['2025-03-12', '4', '29', 'MATCHED', 'denied', '0'],
      ['2025-03-20', '4', '29', 'VOID', '', ''],
    ]);
    expect(rows[0]).toMatchObject({ Caregiver: 'Claire Caregiver', 'Procedure code': 'OR526', Claim: 'C-1' });
    expect(rows[1]?.['Denial reason']).toBe('No auth');
    expect(await auditFor(billedClientId, 'billing_item.list')).not.toHaveLength(0);
  });

  it('payroll summary: an XLSX of every pay period overlapping the dates, as the payroll page shows each', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(payroll)).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(Object.fromEntries(header.map((label, i) => [label, row.getCell(i + 1).value])));
    });
    // The default biweekly periods from Sunday 2025-01-05: March 2025 touches four, the first and last whole.
    expect(rows.map((r) => [r['Pay period from'], r['Pay period to']])).toEqual([
      ['2025-02-16', '2025-03-01'],
      ['2025-03-02', '2025-03-15'],
      ['2025-03-16', '2025-03-29'],
      ['2025-03-30', '2025-04-12'],
    ]);
    expect(rows[1]).toMatchObject({ 'Regular hours': 28, 'Overtime hours': 0, Segments: 4 });
    expect(rows[2]).toMatchObject({ 'Mileage (miles)': 12.5, Adjustments: 1, 'Total paid hours': 0 });
    for (const row of rows) {
      const page = await admin({
        method: 'GET',
        url: `/api/payroll/caregivers/${hanaId}?periodStart=${String(row['Pay period from'])}`,
      });
      expect(page.statusCode, page.body).toBe(200);
      const summary = page.json().summary;
      expect(row).toMatchObject({
        'Regular hours': summary.regularHours,
        'Overtime hours': summary.overtimeHours,
        'Total paid hours': summary.totalPaidHours,
        'Mileage (miles)': summary.mileageMiles,
        Segments: summary.segmentCount,
      });
    }
  });
});
