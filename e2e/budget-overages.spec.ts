/**
 * `/admin/budgetOverages` (issue 5): shifts of a new client are imported (CSV through the import API),
 * then an admin adds a budget line by hand for that client with fewer hours than the shifts used,
 * sees the line flagged "Over budget" with its usage bar, and drills down to the counted shifts.
 * The form refuses 0 units on the field. A second flow imports a client's budget through the
 * client-prime import and sees it flagged against imported shifts. Names carry the run's stamp.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const clientName = `Budget Client ${stamp}`;
const header = ['Shift ID', 'Caregiver', 'Client', 'Date', 'Clock In', 'Clock Out', 'Procedure Code'];
const rows = [
  [`BO-${stamp}-1`, `Budget Giver ${stamp}`, clientName, '03/03/2025', '9:00 AM', '1:00 PM', 'OR526'],
  [`BO-${stamp}-2`, `Budget Giver ${stamp}`, clientName, '03/04/2025', '9:00 AM', '1:00 PM', 'OR526'],
  [`BO-${stamp}-3`, `Budget Giver ${stamp}`, clientName, '03/05/2025', '9:00 AM', '11:30 AM', 'OR526'],
];
const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const toCsv = (table: string[][]) => table.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
const csv = toCsv([header, ...rows]);

/** Uploads a CSV to an import (`basePath`), starts it with the suggested mapping and waits for the job. */
async function importCsv(
  request: APIRequestContext,
  baseURL: string,
  basePath = '/api/shift-imports',
  content = csv,
  name = `budget-${stamp}.csv`,
) {
  const uploaded = await request.post(basePath, {
    headers: { origin: baseURL },
    multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(content) } },
  });
  expect(uploaded.status()).toBe(201);
  const body = (await uploaded.json()) as { csvFileId: string; analysis: { suggestedColumnMap: unknown } };
  const started = await request.post(`${basePath}/${body.csvFileId}/start`, {
    headers: { origin: baseURL },
    data: { columnMap: body.analysis.suggestedColumnMap },
  });
  expect(started.status()).toBe(202);
  const jobId = ((await started.json()) as { job: { id: string } }).job.id;
  const status = async () =>
    ((await (await request.get(`/api/jobs/${jobId}`)).json()) as { status: string }).status;
  await expect.poll(status, { timeout: 30_000 }).toBe('COMPLETED');
}

test('an admin adds a budget line by hand, sees the overage and drills down to the shifts', async ({
  page,
  baseURL,
}) => {
  forbidDialogs(page);
  await importCsv(page.request, baseURL as string);

  await page.goto('/admin/budgetOverages');
  await expect(page.getByRole('heading', { name: 'Budget overages' })).toBeVisible();
  await page.getByRole('button', { name: 'Add budget line' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add budget line' });
  const client = dialog.getByRole('combobox', { name: /^Client/ });
  await client.click();
  await client.fill(clientName);
  await page.getByRole('listbox').getByRole('option', { name: clientName, exact: true }).click();
  await dialog.getByLabel('Procedure code').fill('OR526');
  await dialog.getByLabel('Authorized units').fill('0');
  await dialog.getByLabel('Effective date').fill('2025-03-01');
  await dialog.getByLabel('Expiration date').fill('2025-03-31');
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await expect(dialog.getByText('Authorized units must be more than 0')).toBeVisible();
  await dialog.getByLabel('Authorized units').fill('6');
  await snap(page, 'budget-line-form');
  await expectAccessible(page, 'budget-line-form');
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await expect(dialog).toBeHidden();

  // The line is in force in March 2025: look at the report as of the end of the term.
  await page.getByLabel('As of').fill('2025-03-31');
  await expect(page).toHaveURL(/asOf=2025-03-31/);
  const row = page
    .getByRole('table', { name: 'Budget lines' })
    .getByRole('row', { name: new RegExp(clientName) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('6 hours');
  await expect(row).toContainText('10.5 hours');
  await expect(row).toContainText('Over by 4.5 hours');
  await expect(row).toContainText('Over budget');
  await expect(row.getByRole('progressbar').first()).toBeVisible();
  await snap(page, 'budget-overages');
  await expectAccessible(page, 'budget-overages');

  // Only over-budget lines.
  await page.getByRole('combobox', { name: 'Flag' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Over budget' }).click();
  await expect(page).toHaveURL(/flag=overage/);
  await expect(row).toBeVisible();

  // Drill down to the shifts counted.
  await row.getByRole('button', { name: `Shifts counted for ${clientName} OR526` }).click();
  await expect(page).toHaveURL(/line=/);
  const drawer = page.getByRole('dialog', { name: `${clientName}: OR526` });
  const segments = drawer.getByRole('table', { name: 'Segments counted for this line' });
  await expect(segments.locator('tbody tr')).toHaveCount(3);
  await expect(segments).toContainText(`Budget Giver ${stamp}`);
  await expect(segments).toContainText('9:00 AM PST');
  await expect(segments).toContainText('2.5');
  await expect(segments.getByRole('link', { name: '2025-03-05' })).toHaveAttribute(
    'href',
    /\/admin\/shifts\/[0-9a-f-]{36}$/,
  );
  await snap(page, 'budget-overages-drilldown');
  await expectAccessible(page, 'budget-overages-drilldown');
  await segments.getByRole('link', { name: '2025-03-05' }).click();
  await expect(page).toHaveURL(/\/admin\/shifts\/[0-9a-f-]{36}$/);
});

test('a budget imported with the client prime import is flagged against the imported shifts', async ({
  page,
  baseURL,
}) => {
  forbidDialogs(page);
  const client = `Prime Over ${stamp}`;
  const shifts = toCsv([
    header,
    [`PO-${stamp}-1`, `Prime Giver ${stamp}`, client, '03/10/2025', '8:00 AM', '2:00 PM', 'OR507'],
    [`PO-${stamp}-2`, `Prime Giver ${stamp}`, client, '03/11/2025', '8:00 AM', '2:00 PM', 'OR507'],
  ]);
  await importCsv(page.request, baseURL as string, '/api/shift-imports', shifts, `prime-shifts-${stamp}.csv`);
  const budgets = toCsv([
    ['Client Name', 'Budget Client ID', 'Proc Code', 'Units', 'Measure', 'Effective Date', 'Expiration Date'],
    [client, `PB-${stamp}`, 'OR507', '8', 'Hours', '03/01/2025', '03/31/2025'],
  ]);
  await importCsv(
    page.request,
    baseURL as string,
    '/api/client-prime-imports',
    budgets,
    `prime-budget-${stamp}.csv`,
  );

  await page.goto('/admin/budgetOverages?asOf=2025-03-31&flag=overage');
  const row = page
    .getByRole('table', { name: 'Budget lines' })
    .getByRole('row', { name: new RegExp(client) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('8 hours');
  await expect(row).toContainText('12 hours');
  await expect(row).toContainText('Over budget');
  await snap(page, 'budget-overages-imported');
  await expectAccessible(page, 'budget-overages-imported');
});
