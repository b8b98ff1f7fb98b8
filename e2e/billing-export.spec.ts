/**
 * Billing export in the browser (issue 6 "Billing export"; docs/billing-export.md): two shifts of a
 * new client are imported through `/upload`, their budget line, notes and a billing-code rule added
 * through the API and validated, so both segments are READY. On `/admin/billing/exports` the admin
 * previews the dates, creates a batch and downloads its CSV (content checked: billing ids, local
 * times, units, dollars). The admin corrects one shift's clock-out on its page and at once sees the
 * drift on `/admin/billing/drift` (old → new end time), voids the item with a reason, exports the
 * dates again (only that segment, at its new amount), and exporting the same dates once more bills
 * nothing (clear message). The service dates are picked from the run's stamp so runs do not share them.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectAccessible,
  expectFocusWithin,
  expectSkipLinkFirst,
  forbidDialogs,
  snap,
  tabTo,
} from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const caregiver = `Bill Exporter ${stamp}`;
const client = `Erin Export ${stamp}`;
const code = `BX${stamp}`.slice(0, 20);
/** Two consecutive days in 2024 chosen by the stamp (other flows use 2025 dates). */
const day1 = new Date(Date.UTC(2024, 0, 2) + (Date.now() % 300) * 86_400_000).toISOString().slice(0, 10);
const day2 = new Date(Date.parse(`${day1}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

/** Keyboard only: Tab to the file button, Enter opens the file chooser, then Tab to "Upload file" and Enter. */
async function upload(page: Page, inputLabel: string, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, page.getByRole('button', { name: inputLabel }));
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await tabTo(page, page.getByRole('button', { name: 'Upload file' }));
  await page.keyboard.press('Enter');
}

async function waitForJob(request: APIRequestContext, jobId: string) {
  await expect
    .poll(
      async () => ((await (await request.get(`/api/jobs/${jobId}`)).json()) as { status: string }).status,
      {
        timeout: 30_000,
      },
    )
    .toBe('COMPLETED');
}

/** Notes for both shifts through the notes import API (matched by shift id). */
async function importNotes(request: APIRequestContext, baseURL: string) {
  const content = csv([
    ['Shift ID', 'Caregiver', 'Client', 'Submitted At', 'Prompt', 'Documentation'],
    [`BX-${stamp}-1`, caregiver, client, `${day1} 12:30`, 'How was the visit?', `Park ${stamp}`],
    [`BX-${stamp}-2`, caregiver, client, `${day2} 11:30`, 'How was the visit?', `Shop ${stamp}`],
  ]);
  const uploaded = await request.post('/api/shift-note-imports', {
    headers: { origin: baseURL },
    multipart: {
      file: { name: `bx-notes-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(content) },
    },
  });
  expect(uploaded.status()).toBe(201);
  const body = (await uploaded.json()) as { csvFileId: string; analysis: { suggestedColumnMap: unknown } };
  const started = await request.post(`/api/shift-note-imports/${body.csvFileId}/start`, {
    headers: { origin: baseURL },
    data: { columnMap: body.analysis.suggestedColumnMap },
  });
  expect(started.status()).toBe(202);
  await waitForJob(request, ((await started.json()) as { job: { id: string } }).job.id);
}

/** Keyboard only: Tab to the link named `name` and press Enter. */
async function pressLink(page: Page, name: string) {
  await tabTo(page, page.getByRole('link', { name, exact: true }));
  await page.keyboard.press('Enter');
}

/** The CSV of a download event, parsed simply (no quoted commas in these rows). */
async function downloadedRows(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  const text = await readFile(await download.path(), 'utf8');
  const [header, ...rows] = text.trim().split('\r\n');
  const columns = (header ?? '').split(',');
  return {
    fileName: download.suggestedFilename(),
    columns,
    rows: rows.map((row) => Object.fromEntries(row.split(',').map((value, i) => [columns[i], value]))),
  };
}

test('an admin exports a batch, downloads it, sees drift, voids and re-exports without billing twice', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  forbidDialogs(page);
  const origin = { origin: baseURL as string };

  // Two complete shifts through the shift import.
  await page.goto('/upload');
  await upload(
    page,
    'EVV export file',
    `bx-shifts-${stamp}.csv`,
    csv([
      [
        'Shift ID',
        'Caregiver',
        'Client',
        'Date',
        'Clock In',
        'Clock Out',
        'Procedure Code',
        'Clock In Latitude',
        'Clock In Longitude',
        'Clock Out Latitude',
        'Clock Out Longitude',
      ],
      [
        `BX-${stamp}-1`,
        caregiver,
        client,
        day1,
        '09:00',
        '12:00',
        code,
        '45.52',
        '-122.68',
        '45.52',
        '-122.68',
      ],
      [
        `BX-${stamp}-2`,
        caregiver,
        client,
        day2,
        '09:00',
        '11:00',
        code,
        '45.52',
        '-122.68',
        '45.52',
        '-122.68',
      ],
    ]),
  );
  await expect(page.getByRole('heading', { name: /^Map the columns of/ })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Start import' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  // The import's result is announced (a polite status region under the bar), not only its phase.
  const importResult = page.getByTestId('job-result');
  await expect(importResult).toHaveAttribute('role', 'status');
  await expect(importResult).toHaveAttribute('aria-live', 'polite');
  await expect(importResult).toContainText(/2 (visits|rows) read/);
  await expect(importResult.locator('[aria-hidden="true"]')).toHaveCount(0);

  // Budget, notes and the rate ($7.25 per 15-minute unit), then validation of the dates.
  const clients = (await (await page.request.get(`/api/clients?q=${encodeURIComponent(client)}`)).json()) as {
    items: { id: string }[];
  };
  const clientId = clients.items[0]?.id as string;
  expect(clientId).toBeTruthy();
  const budget = await page.request.post('/api/budgets', {
    headers: origin,
    data: {
      clientId,
      procCode: code,
      units: 400,
      measure: 'units_15min',
      effectiveDate: '2024-01-01',
      expirationDate: '2024-12-31',
    },
  });
  expect(budget.status()).toBe(201);
  await importNotes(page.request, baseURL as string);
  const rule = await page.request.post('/api/billing-code-rules', {
    headers: origin,
    data: {
      billingCode: code,
      description: 'Attendant care (export e2e)',
      allowedCaregiverTypes: ['DSP_CARE'],
      rateCents: 725,
      unitMeasure: 'units_15min',
      effectiveDate: '2024-01-01',
    },
  });
  expect(rule.status()).toBe(201);
  await waitForJob(page.request, ((await rule.json()) as { job: { id: string } }).job.id);
  const validation = await page.request.post('/api/segments/validate', {
    headers: origin,
    data: { from: day1, to: day2 },
  });
  expect(validation.status()).toBe(202);
  await waitForJob(page.request, ((await validation.json()) as { job: { id: string } }).job.id);

  // Preview: both READY, nothing billed yet.
  await page.goto(`/admin/billing/exports?from=${day1}&to=${day2}`);
  await expect(page.getByRole('heading', { name: 'Export batches' })).toBeVisible();
  const counts = page.getByTestId('export-counts');
  await expect(counts).toContainText('2 ready');
  await expect(counts).toContainText('0 not ready');
  await expect(counts).toContainText('2 to export');
  await expect(page.getByRole('table', { name: 'Segments to export' }).getByRole('row')).toHaveCount(3);
  await snap(page, 'billing-export-1-preview');
  await expectAccessible(page, 'billing-export-1-preview');

  // From here on, the keyboard alone (issue 18): Tab to each control, type, Enter; no clicks.
  // Create the batch: 12 + 8 units × $7.25 = $87.00 + $58.00.
  await expectSkipLinkFirst(page);
  await tabTo(page, page.getByLabel('Notes (optional)'));
  await page.keyboard.type(`e2e ${stamp}`);
  await tabTo(page, page.getByRole('button', { name: 'Create export batch' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Export batch created')).toBeVisible({ timeout: 30_000 });
  // Announced politely: the result sits in a status region that was on the page before it appeared.
  const exportResult = page.getByRole('status').filter({ hasText: 'Export batch created' });
  await expect(exportResult).toContainText('2 items, $145.00.');
  await expect(exportResult).toHaveAttribute('aria-live', 'polite');
  const detail = page.getByTestId('export-batch-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('$145.00');
  const items = page.getByRole('table', { name: 'Items of the batch' });
  await expect(items.getByRole('row', { name: new RegExp(day1) })).toContainText('$87.00');
  await expect(items.getByRole('row', { name: new RegExp(day2) })).toContainText('$58.00');
  await snap(page, 'billing-export-2-batch');
  await expectAccessible(page, 'billing-export-2-batch');

  const file = await downloadedRows(page, () => pressLink(page, 'Download CSV'));
  expect(file.fileName).toMatch(new RegExp(`^billing-export-${day1}-to-${day2}-[0-9a-f]{8}\\.csv$`));
  expect(file.columns[0]).toBe('billing_id');
  expect(
    file.rows.map((row) => [
      row.service_date,
      row.start_time,
      row.end_time,
      row.procedure_code,
      row.units,
      row.rate,
      row.amount,
    ]),
  ).toEqual([
    [day1, '09:00', '12:00', code, '12.00', '7.25', '87.00'],
    [day2, '09:00', '11:00', code, '8.00', '7.25', '58.00'],
  ]);
  expect(file.rows[0]?.dsp_name).toBe(caregiver);
  expect(file.rows[0]?.billing_id).toMatch(/^[0-9a-f-]{36}$/);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(page.getByRole('table', { name: 'Export batches' })).toContainText('$145.00');

  // Correct the first shift's clock-out on its page.
  await tabTo(
    page,
    page.getByRole('table', { name: 'Segments to export' }).getByRole('link', { name: day1 }).first(),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/shifts\/[0-9a-f-]{36}$/);
  await tabTo(page, page.getByRole('button', { name: 'Correct shift' }));
  await page.keyboard.press('Enter');
  const correct = page.getByRole('dialog', { name: 'Correct shift' });
  await expectFocusWithin(correct);
  await tabTo(page, correct.getByLabel(/^Clock-out \(/));
  // Typed into the date-time field as a keyboard user does: the arrow keys move past month, day and year to the
  // hour, then hour, minute and second are typed (Chromium moves on when a part is complete) and P for PM.
  for (let part = 0; part < 3; part += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.type('123000P');
  await expect(correct.getByLabel(/^Clock-out \(/)).toHaveValue(`${day1}T12:30`);
  await tabTo(page, correct.getByLabel('Reason'));
  await page.keyboard.type('Caregiver stayed 30 minutes longer; confirmed with the family');
  await tabTo(page, correct.getByRole('button', { name: 'Save correction' }));
  await page.keyboard.press('Enter');
  await expect(correct).toBeHidden();

  // Drift: the end time changed after the export.
  await page.goto(`/admin/billing/drift?from=${day1}&to=${day2}`);
  await expect(page.getByRole('heading', { name: 'Drift' })).toBeVisible();
  // Found when the correction was saved: no job to run first.
  const queue = page.getByRole('table', { name: 'Drifted billing items' });
  const drifted = queue.getByRole('row', { name: new RegExp(day1) });
  await expect(drifted).toContainText('End:');
  await expect(drifted).toContainText('$87.00');
  await expect(queue.getByRole('row')).toHaveCount(2);
  await snap(page, 'billing-export-3-drift');
  await expectAccessible(page, 'billing-export-3-drift');

  // Void with a reason (required).
  const voidButton = drifted.getByRole('button', { name: /^Void the item of/ });
  await tabTo(page, voidButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Void billing item' });
  await expectFocusWithin(dialog);
  await tabTo(page, dialog.getByRole('button', { name: 'Void item' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Give the reason')).toBeVisible();
  await tabTo(page, dialog.getByLabel(/^Reason/));
  await page.keyboard.type('Clock-out corrected after export; re-bill at 3.5 h');
  await snap(page, 'billing-export-4-void');
  await expectAccessible(page, 'billing-export-4-void');
  await tabTo(page, dialog.getByRole('button', { name: 'Void item' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('void-done')).toBeVisible();
  await expect(page.getByText('No drift in these dates')).toBeVisible();

  // Re-export: only the corrected segment, 14 units = $101.50.
  await pressLink(page, `Export ${day1} again`);
  await expect(page.getByRole('heading', { name: 'Export batches' })).toBeFocused();
  await expect(counts).toContainText('1 to export');
  await tabTo(page, page.getByRole('button', { name: 'Create export batch' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Export batch created')).toBeVisible({ timeout: 30_000 });
  await expect(detail).toContainText('$101.50');
  await expect(items.getByRole('row')).toHaveCount(2);
  const again = await downloadedRows(page, () => pressLink(page, 'Download CSV'));
  expect(again.rows.map((row) => [row.service_date, row.end_time, row.units, row.amount])).toEqual([
    [day1, '12:30', '14.00', '101.50'],
  ]);
  await page.keyboard.press('Escape');

  // The same dates again: nothing left, nothing billed twice.
  await page.goto(`/admin/billing/exports?from=${day1}&to=${day2}`);
  await expect(counts).toContainText('2 billed already');
  await expect(counts).toContainText('0 to export');
  await expect(page.getByText('every READY segment of these dates is billed already')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create export batch' })).toBeDisabled();
  const twice = await page.request.post('/api/billing-exports', {
    headers: origin,
    data: { dateFrom: day1, dateTo: day2 },
  });
  expect(twice.status()).toBe(409);
  expect(((await twice.json()) as { detail: string }).detail).toContain('billed already');
  await snap(page, 'billing-export-5-nothing-twice');
  await expectAccessible(page, 'billing-export-5-nothing-twice');
});
