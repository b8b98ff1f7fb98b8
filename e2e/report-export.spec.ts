/**
 * `/admin/tools/report-export` (issue 24 "Report export"; docs/report-export.md; decision 0066): with shifts imported
 * and a budget line made through the API, an admin composes two reports in one export — caregiver hours as XLSX and
 * budget use as PDF, March 2025 — watches the job's progress finish, downloads both files and reads them, then
 * reloads the page, finds both listed and downloads one again from the list. A non-admin gets 401/403 from every
 * API of the page and is sent away from it. Names carry the run's stamp.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { signInAsNonAdmin } from './isp-support.ts';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const PAGE = '/admin/tools/report-export';
const stamp = Date.now().toString(36).toUpperCase();
const caregiverName = `Rhea Report ${stamp}`;
const clientName = `Cody Report ${stamp}`;
const csv = [
  'Shift ID,Caregiver,Client,Date,Clock In,Clock Out,Procedure Code',
  ...[3, 4, 5].map((d) => `RE-${stamp}-${d},${caregiverName},${clientName},2025-03-0${d},09:00,17:00,OR526`),
].join('\r\n');

async function waitForJob(request: APIRequestContext, jobId: string) {
  const job = async () => (await (await request.get(`/api/jobs/${jobId}`)).json()) as { status: string };
  await expect.poll(async () => (await job()).status, { timeout: 60_000 }).toBe('COMPLETED');
}

/** Shifts of the caregiver and client (through the import's API) and a budget line of the client. */
async function seed(request: APIRequestContext, origin: string) {
  const uploaded = await request.post('/api/shift-imports', {
    headers: { origin },
    multipart: { file: { name: `report-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const body = (await uploaded.json()) as { csvFileId: string; analysis: { suggestedColumnMap: unknown } };
  const started = await request.post(`/api/shift-imports/${body.csvFileId}/start`, {
    headers: { origin },
    data: { columnMap: body.analysis.suggestedColumnMap },
  });
  expect(started.status(), await started.text()).toBe(202);
  await waitForJob(request, ((await started.json()) as { job: { id: string } }).job.id);
  const clients = (await (await request.get(`/api/clients?q=${encodeURIComponent(clientName)}`)).json()) as {
    items: { id: string }[];
  };
  const budget = await request.post('/api/budgets', {
    headers: { origin },
    data: {
      clientId: clients.items[0]?.id,
      procCode: 'OR526',
      units: 100,
      measure: 'hours',
      effectiveDate: '2025-03-01',
      expirationDate: '2025-03-31',
    },
  });
  expect(budget.status(), await budget.text()).toBe(201);
}

/** Picks `name` in the subject picker of report `n`. */
async function pick(page: Page, n: number, label: 'Caregivers' | 'Clients', name: string) {
  const picker = page.getByRole('group', { name: `Report ${n}` }).getByLabel(label);
  await picker.click();
  await picker.fill(name);
  await page.getByRole('listbox').getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
}

/** Clicks a Download button and answers the file's bytes and suggested name. */
async function download(page: Page, fileName: string, within = page.locator('body')) {
  const event: Promise<Download> = page.waitForEvent('download');
  await within.getByRole('button', { name: `Download ${fileName}` }).click();
  const file = await event;
  expect(file.suggestedFilename()).toBe(fileName);
  return readFile(await file.path());
}

async function hoursOf(bytes: Buffer): Promise<Record<string, unknown>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const weeks: Record<string, unknown> = {};
  workbook.worksheets[0]?.eachRow((row, n) => {
    if (n > 1) weeks[row.getCell(1).text] = row.getCell(2).value;
  });
  return weeks;
}

test('an admin exports caregiver hours (XLSX) and budget use (PDF) in one job, downloads them and finds them later', async ({
  page,
  baseURL,
}) => {
  forbidDialogs(page);
  await seed(page.request, baseURL ?? '');
  const hoursFile = `caregiver-hours-Rhea-Report-${stamp}-2025-03-01-to-2025-03-31.xlsx`;
  const budgetFile = `budget-use-Cody-Report-${stamp}-2025-03-01-to-2025-03-31.pdf`;

  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Report export', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Month' }).fill('2025-03');
  await pick(page, 1, 'Caregivers', caregiverName);
  await page.getByRole('button', { name: 'Add another report' }).click();
  await expect(page.getByRole('group', { name: 'Report 2' }).getByLabel('Report 2 type')).toHaveValue(
    'Budget use',
  );
  await page.getByRole('group', { name: 'Report 2' }).getByText('PDF', { exact: true }).click();
  await pick(page, 2, 'Clients', clientName);
  await snap(page, 'report-export-compose');
  await expectAccessible(page, 'report export');

  await page.getByRole('button', { name: 'Generate' }).click();
  const run = page.getByRole('region', { name: 'This export' });
  await expect(run.getByTestId('job-status')).toContainText('Finished', { timeout: 60_000 });
  await expect(run.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const files = run.getByRole('table', { name: 'Files of this export' });
  await expect(files.getByRole('row')).toHaveCount(3);
  // The list below learns of them when the job ends.
  await expect(
    page.getByRole('table', { name: 'Generated reports' }).getByRole('row', { name: new RegExp(clientName) }),
  ).toBeVisible();
  await snap(page, 'report-export-finished');
  await expectAccessible(page, 'report export finished');

  expect(await hoursOf(await download(page, hoursFile, files))).toMatchObject({ '2025-03-02': 24 });
  const pdf = await download(page, budgetFile, files);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);

  // Later: both listed, newest first, and downloaded again from the list.
  await page.reload();
  const listed = page.getByRole('table', { name: 'Generated reports' });
  await expect(listed.getByRole('row', { name: new RegExp(caregiverName) })).toContainText('XLSX');
  await expect(listed.getByRole('row', { name: new RegExp(clientName) })).toContainText('PDF');
  await snap(page, 'report-export-listed');
  expect(await hoursOf(await download(page, hoursFile, listed))).toMatchObject({ '2025-03-02': 24 });

  // At 320 px the page still works: the form stacks, the table scrolls.
  await page.setViewportSize({ width: 320, height: 800 });
  await expect(page.getByRole('button', { name: 'Generate' })).toBeVisible();
  await expect(page.getByText('Range', { exact: true })).toBeInViewport({ ratio: 1 });
  await snap(page, 'report-export-320');
});

test('a non-admin is refused the report export', async ({ browser, baseURL }) => {
  const anonymous = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  expect((await anonymous.request.get('/api/report-exports')).status()).toBe(401);
  await anonymous.close();
  const page = await signInAsNonAdmin(browser, baseURL ?? '', stamp);
  forbidDialogs(page);
  for (const url of [
    '/api/report-exports',
    '/api/report-exports/types',
    `/api/report-exports/${crypto.randomUUID()}/download`,
  ]) {
    expect((await page.request.get(url)).status(), url).toBe(403);
  }
  const start = await page.request.post('/api/report-exports', {
    headers: { origin: baseURL ?? '' },
    data: { from: '2025-03-01', to: '2025-03-31', reports: [] },
  });
  expect(start.status()).toBe(403);
  await page.goto(PAGE);
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  await expect(page.getByTestId('admin-redirect-alert')).toContainText('needs an administrator account');
  await page.context().close();
});
