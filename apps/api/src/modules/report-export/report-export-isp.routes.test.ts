/**
 * The report export's isp types through the real routes and job (issue 24; decision 0066 addendum):
 * - quarterly summaries: shifts and notes imported through their imports, quarters generated through
 *   `POST /api/quarterly-summaries`; the CSV holds the sections of the generated quarters overlapping the period
 *   (as `GET /api/quarterly-summaries/...` shows them) and nothing of a quarter not generated or outside it; a period
 *   without any prints so in the PDF;
 * - protocols: ISPs uploaded and processed through `POST /api/isps`, protocols finalized or excluded and the ISPs
 *   verified through their routes, then dated (their verification instants set) to make a history; the XLSX holds
 *   the finalized protocols of the ISPs in effect during the period only; a client without one gets a PDF saying so.
 * Both reads are audited.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedReport } from '@tend/contracts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { importCsvFile, importShiftsFile, waitForJob } from '../../../test/shift-import.ts';
import { readPdfText } from '../isp/extraction/pdf-text.ts';
import { auditEventsOf, downloadReport, listReports } from './report-export.test-support.ts';
import { testIspPdf, testRisks } from '../isp/isp.test-support.ts';

type Caller = ReturnType<typeof as>;
let t: TestApp;
let admin: Caller;
let anonymous: Caller;
let cleoId = '';
let danaId = '';

const shiftsCsv = [
  'Shift ID,Caregiver,Client,Date,Clock In,Clock Out,Proc',
  'Q-1,Hana Hours,Cleo Client,2025-03-03,09:00,17:00,OR526',
  'Q-2,Hana Hours,Cleo Client,2025-03-04,09:00,17:00,OR526',
  'Q-3,Hana Hours,Cleo Client,2025-04-07,09:00,17:00,OR526',
  'Q-4,Hana Hours,Cleo Client,2025-08-04,09:00,17:00,OR526',
  'Q-5,Hana Hours,Dana Client,2025-03-05,09:00,17:00,OR526',
].join('\n');
const notesCsv = [
  'Shift ID,Submitted At,Prompt,Section type,Documentation',
  'Q-1,2025-03-03 16:30,How was the visit?,Meals,Cleo ate lunch at the table and enjoyed the soup.',
  'Q-2,2025-03-04 16:30,How was the visit?,Outings,We walked to the park and fed the ducks.',
  'Q-3,2025-04-07 16:30,How was the visit?,Meals,Cleo ate breakfast slowly.',
  'Q-4,2025-08-04 16:30,How was the visit?,Meals,Cleo tried a new recipe.',
].join('\n');

const list = (query = '') => listReports(admin, query);
const download = (report: GeneratedReport) => downloadReport(admin, anonymous, report);
/** Runs one export of `reports` over [from, to]; its stored reports in request order. */
async function exportReports(
  from: string,
  to: string,
  reports: { type: string; subjectIds: string[]; format: string }[],
): Promise<GeneratedReport[]> {
  const started = await admin({ method: 'POST', url: '/api/report-exports', payload: { from, to, reports } });
  expect(started.statusCode, started.body).toBe(202);
  const job = await waitForJob(admin, started.json().job.id);
  expect(job.status, job.error).toBe('COMPLETED');
  const ids = (job.result as { referenceIds: string[] }).referenceIds;
  const stored = (await list(`?jobId=${job.id}`)).items;
  return ids.map((id) => stored.find((report) => report.id === id) as GeneratedReport);
}
const pdfText = async (bytes: Buffer) =>
  (await readPdfText(bytes)).flatMap((page) => page.items.map((i) => i.text)).join(' ');
const auditFor = (entityId: string, action: string) => auditEventsOf(admin, entityId, action);

/**
 * Uploads and processes an ISP of `risks` for Cleo, finalizes every protocol (thresholds confirmed) except those
 * named in `exclude` (excluded) and `leave` (left DRAFT, in an ISP never verified), verifies it unless asked not to,
 * then dates its verification at `verifiedAt`. Resolves the ISP's id.
 */
async function planFor(
  risks: typeof testRisks,
  options: { verifiedAt: string | null; exclude?: string[]; plan?: { start: string; end: string } },
): Promise<string> {
  const uploaded = await admin({
    method: 'POST',
    url: '/api/isps',
    ...multipartBody([
      { name: 'clientId', data: cleoId },
      {
        name: 'file',
        filename: `isp-${options.verifiedAt ?? 'draft'}.pdf`,
        contentType: 'application/pdf',
        data: await testIspPdf(risks, options.plan),
      },
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(202);
  const ispId: string = uploaded.json().id;
  if (uploaded.json().job) await waitForJob(admin, uploaded.json().job.id);
  const detail = (await admin({ method: 'GET', url: `/api/isps/${ispId}` })).json();
  expect(detail.status).toBe('COMPLETED');
  for (const protocol of detail.protocols as {
    id: string;
    riskType: string;
    thresholds: Record<string, unknown>[];
  }[]) {
    if (options.exclude?.includes(protocol.riskType)) {
      const excluded = await admin({
        method: 'POST',
        url: `/api/protocols/${protocol.id}/exclusion`,
        payload: { excluded: true, reason: 'Covered by the nursing plan' },
      });
      expect(excluded.statusCode, excluded.body).toBe(200);
      continue;
    }
    if (protocol.thresholds.length) {
      const confirmed = await admin({
        method: 'PATCH',
        url: `/api/protocols/${protocol.id}`,
        payload: { thresholds: protocol.thresholds.map((threshold) => ({ ...threshold, confirmed: true })) },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    const finalized = await admin({
      method: 'POST',
      url: `/api/protocols/${protocol.id}/status`,
      payload: { status: 'FINALIZED' },
    });
    expect(finalized.statusCode, finalized.body).toBe(200);
  }
  if (options.verifiedAt) {
    const verified = await admin({ method: 'POST', url: `/api/isps/${ispId}/verify` });
    expect(verified.statusCode, verified.body).toBe(200);
    await t.database.db.execute(
      sql`update isp set verified_at = ${options.verifiedAt}::timestamptz where id = ${ispId}::uuid`,
    );
  }
  return ispId;
}

const [seizures, choking] = testRisks as [(typeof testRisks)[0], (typeof testRisks)[0]];
const falls = {
  risk: 'Falls',
  description: 'Cleo is unsteady on stairs.',
  prevention: 'Walk beside Cleo on stairs.',
  response: 'Check for injuries before helping Cleo up.',
  emergency: 'Call 911 after a head injury.',
};

beforeAll(async () => {
  t = await createTestApp({ agencyTimeZone: 'America/Los_Angeles' }, { jobs: true });
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  anonymous = as(t, null);
  const shifts = await importShiftsFile(admin, shiftsCsv, 'isp-report-shifts.csv');
  expect(shifts.status, shifts.error).toBe('COMPLETED');
  const listed = (await admin({ method: 'GET', url: `/api/shifts?csvFileId=${shifts.csvFileId}` })).json();
  const byClient = new Map<string, string>(
    listed.items.map((s: { clientName: string; clientId: string }) => [s.clientName, s.clientId]),
  );
  cleoId = byClient.get('Cleo Client') ?? '';
  danaId = byClient.get('Dana Client') ?? '';
  expect(cleoId && danaId).toBeTruthy();
  const notes = await importCsvFile(admin, '/api/shift-note-imports', notesCsv, 'isp-report-notes.csv');
  expect(notes.status, notes.error).toBe('COMPLETED');
  // Q1 and Q3 2025 generated; Q2 has a note but was never generated.
  for (const quarter of [1, 3]) {
    const generated = await admin({
      method: 'POST',
      url: '/api/quarterly-summaries',
      payload: { clientId: cleoId, year: 2025, quarter },
    });
    expect(generated.statusCode, generated.body).toBe(200);
  }
  // Cleo's plans: replaced before the period, in effect at its start, verified inside it, verified after it; and
  // one never verified.
  await planFor([falls], { verifiedAt: '2024-06-01T17:00:00Z' });
  await planFor([seizures, choking, falls], {
    verifiedAt: '2025-01-10T18:00:00Z',
    exclude: ['Falls'],
    plan: { start: '2025-01-01', end: '2025-12-31' },
  });
  await planFor([choking], { verifiedAt: '2025-04-01T07:30:00Z' });
  await planFor([falls], { verifiedAt: '2025-06-01T17:00:00Z' });
  await planFor([falls], { verifiedAt: null });
}, 120_000);
afterAll(() => t.close());

describe('quarterly summaries', () => {
  it('a CSV of the sections of each generated quarter overlapping the period, as the quarter shows them', async () => {
    const [report] = await exportReports('2025-02-15', '2025-05-15', [
      { type: 'quarterly-summaries', subjectIds: [cleoId], format: 'csv' },
    ]);
    expect(report).toMatchObject({ type: 'quarterly-summaries', subjectName: 'Cleo Client', format: 'csv' });
    const rows = parse<Record<string, string>>(
      (await download(report as GeneratedReport)).body.replace(/^\uFEFF/, ''),
      { columns: true },
    );
    const q1 = (await admin({ method: 'GET', url: `/api/quarterly-summaries/${cleoId}/2025/1` })).json();
    expect(q1.sections.map((s: { sectionName: string }) => s.sectionName)).toEqual(['Meals', 'Outings']);
    expect(rows).toEqual(
      q1.sections.map(
        (section: {
          sectionName: string;
          sectionSummary: string;
          noteCount: number;
          shiftCount: number;
        }) => ({
          Quarter: '2025 Q1',
          'Quarter from': '2025-01-01',
          'Quarter to': '2025-03-31',
          Section: section.sectionName,
          Notes: String(section.noteCount),
          Shifts: String(section.shiftCount),
          Summary: section.sectionSummary,
          'Generated at': q1.generatedAt.replace(/\+00:00$/, 'Z'),
          'Generated by': 'Test ADMIN',
        }),
      ),
    );
    expect(rows[0]?.Summary).toContain('Cleo ate lunch');
    const audited = await auditFor(cleoId, 'quarterly_summary.list');
    expect(audited.at(0)?.details).toMatchObject({ from: '2025-02-15', to: '2025-05-15', sections: 2 });
  });

  it('a period with no generated quarter: no rows, and the PDF says so', async () => {
    const [report] = await exportReports('2024-01-01', '2024-12-31', [
      { type: 'quarterly-summaries', subjectIds: [cleoId], format: 'pdf' },
    ]);
    const text = await pdfText((await download(report as GeneratedReport)).rawPayload);
    expect(text).toContain('Quarterly summaries');
    expect(text).toContain('No quarterly summary was generated for a quarter of this period.');
    expect(text).not.toContain('2025 Q');
  });
});

describe('protocols', () => {
  it('an XLSX of the finalized protocols of the ISPs in effect during the period; a PDF saying a client has none', async () => {
    const [cleo, dana] = await exportReports('2025-02-15', '2025-05-15', [
      { type: 'protocols', subjectIds: [cleoId], format: 'xlsx' },
      { type: 'protocols', subjectIds: [danaId], format: 'pdf' },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(cleo as GeneratedReport)).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push(Object.fromEntries(header.map((label, i) => [label, row.getCell(i + 1).text])));
    });
    // The January plan (serious risk first, Falls excluded), then the April plan that replaced it.
    expect(rows.map((row) => [row.Risk, row['In effect from'], row['Replaced on']])).toEqual([
      ['Seizures', '2025-01-10', '2025-04-01'],
      ['Choking', '2025-01-10', '2025-04-01'],
      ['Choking', '2025-04-01', '2025-06-01'],
    ]);
    expect(rows[0]).toMatchObject({
      Serious: 'yes',
      'Plan start': '2025-01-01',
      'Plan end': '2025-12-31',
      Emergency: seizures.emergency,
      Prevention: seizures.prevention,
    });
    expect(String(rows[0]?.Thresholds)).toMatch(/2/);
    expect(rows[1]).toMatchObject({ Serious: 'no', Response: choking.response });
    const audited = await auditFor(cleoId, 'protocol.list');
    expect(audited.at(0)?.details).toMatchObject({ from: '2025-02-15', isps: 2, returned: 3 });

    const text = await pdfText((await download(dana as GeneratedReport)).rawPayload);
    expect(text).toContain('Client: Dana Client');
    expect(text).toContain('No verified ISP of this client was in effect during this period.');
  });

  it('the current plan stays in effect after its last verification', async () => {
    const [report] = await exportReports('2026-01-01', '2026-01-31', [
      { type: 'protocols', subjectIds: [cleoId], format: 'csv' },
    ]);
    const rows = parse<Record<string, string>>(
      (await download(report as GeneratedReport)).body.replace(/^\uFEFF/, ''),
      { columns: true },
    );
    expect(rows.map((row) => [row.Risk, row['In effect from'], row['Replaced on']])).toEqual([
      ['Falls', '2025-06-01', ''],
    ]);
  });
});
