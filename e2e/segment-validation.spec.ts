/**
 * Segment validation in the browser (issue 6; docs/segment-validation.md): two shifts of a new client
 * are imported through `/upload` (one without a clock-out), the client's budget line and the shifts'
 * notes are added through the API (so only the clock-out problem is left), an admin adds a
 * billing-code rule on `/admin/billing/codes` (dollars in, "$7.25 per 15-minute unit" out), sees one
 * segment READY and one NOT_READY with "Missing clock-out" on `/admin/billing/segments`, runs
 * "Validate these dates" with its progress bar, opens the shift, corrects the clock-out and sees both
 * READY. Every name and code carries the run's stamp.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const caregiver = `Vera Valid ${stamp}`;
const client = `Sam Segment ${stamp}`;
const code = `SV${stamp}`.slice(0, 20);

const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

async function upload(page: Page, inputLabel: string, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: inputLabel }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await page.getByRole('button', { name: 'Upload file' }).click();
}

/** Notes for both shifts through the notes import API (matched by shift id). */
async function importNotes(request: APIRequestContext, baseURL: string) {
  const content = csv([
    ['Shift ID', 'Caregiver', 'Client', 'Submitted At', 'Prompt', 'Documentation'],
    [`SV-${stamp}-1`, caregiver, client, '2025-07-07 11:30', 'How was the visit?', `Walk ${stamp}`],
    [`SV-${stamp}-2`, caregiver, client, '2025-07-08 10:30', 'How was the visit?', `Lunch ${stamp}`],
  ]);
  const uploaded = await request.post('/api/shift-note-imports', {
    headers: { origin: baseURL },
    multipart: {
      file: { name: `sv-notes-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(content) },
    },
  });
  expect(uploaded.status()).toBe(201);
  const body = (await uploaded.json()) as { csvFileId: string; analysis: { suggestedColumnMap: unknown } };
  const started = await request.post(`/api/shift-note-imports/${body.csvFileId}/start`, {
    headers: { origin: baseURL },
    data: { columnMap: body.analysis.suggestedColumnMap },
  });
  expect(started.status()).toBe(202);
  const jobId = ((await started.json()) as { job: { id: string } }).job.id;
  const job = async () => (await (await request.get(`/api/jobs/${jobId}`)).json()) as Record<string, unknown>;
  await expect.poll(async () => (await job()).status, { timeout: 30_000 }).toBe('COMPLETED');
  expect((await job()).result).toMatchObject({ counts: { matched: 2 } });
}

test('an admin adds a billing-code rule, sees a segment not ready, fixes its shift and sees it ready', async ({
  page,
  baseURL,
}) => {
  forbidDialogs(page);
  // Shifts through the shift import: one complete, one without clock-out.
  await page.goto('/upload');
  await upload(
    page,
    'EVV export file',
    `sv-shifts-${stamp}.csv`,
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
        `SV-${stamp}-1`,
        caregiver,
        client,
        '2025-07-07',
        '09:00',
        '12:00',
        code,
        '45.52',
        '-122.68',
        '45.52',
        '-122.68',
      ],
      [`SV-${stamp}-2`, caregiver, client, '2025-07-08', '09:00', '', code, '45.52', '-122.68', '', ''],
    ]),
  );
  await expect(page.getByRole('heading', { name: /^Map the columns of/ })).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });

  // The client's budget and the notes, so only the clock-out is left to fix.
  const clients = (await (await page.request.get(`/api/clients?q=${encodeURIComponent(client)}`)).json()) as {
    items: { id: string }[];
  };
  const clientId = clients.items[0]?.id as string;
  expect(clientId).toBeTruthy();
  const budget = await page.request.post('/api/budgets', {
    headers: { origin: baseURL as string },
    data: {
      clientId,
      procCode: code,
      units: 100,
      measure: 'hours',
      effectiveDate: '2025-07-01',
      expirationDate: '2025-07-31',
    },
  });
  expect(budget.status()).toBe(201);
  await importNotes(page.request, baseURL as string);

  // Before any rule, the segments have no rate.
  const segmentsUrl = `/admin/billing/segments?from=2025-07-07&to=2025-07-08&clientId=${clientId}`;
  await page.goto(segmentsUrl);
  await expect(page.getByRole('heading', { name: 'Segments and validation' })).toBeVisible();
  await page.getByRole('button', { name: 'Validate these dates' }).click();
  const progress = page.getByTestId('validation-progress');
  await expect(progress).toContainText('Finished · 100%', { timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Validation progress' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Segments' });
  await expect(table.getByRole('row', { name: /2025-07-07/ })).toContainText('No rate for the code');
  await snap(page, 'segments-1-no-rule');
  await expectAccessible(page, 'segments-1-no-rule');

  // The rule, entered in dollars.
  await page.getByRole('link', { name: 'Billing codes' }).first().click();
  await expect(page.getByRole('heading', { name: 'Billing codes' })).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add billing-code rule' });
  await dialog.getByLabel('Billing code').fill(code);
  await dialog.getByLabel('Description').fill('Attendant care (e2e)');
  await dialog.getByRole('textbox', { name: 'Rate per unit' }).fill('7.2.5');
  await dialog.getByLabel('Effective date').fill('2025-01-01');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByText('Rate per unit must be dollars and cents')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Rate per unit' }).fill('7.25');
  await snap(page, 'segments-2-rule-form');
  await expectAccessible(page, 'segments-2-rule-form');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const ruleRow = page.getByRole('row', { name: new RegExp(code) });
  await expect(ruleRow).toContainText('$7.25 per 15-minute unit');
  await expect(ruleRow).toContainText('DSP care');
  await expect(ruleRow).toContainText('2025-01-01 to open-ended');
  await expect(page.getByTestId('validation-progress')).toContainText('Finished · 100%', {
    timeout: 30_000,
  });
  await snap(page, 'segments-3-rules');
  await expectAccessible(page, 'segments-3-rules');

  // One READY, one NOT_READY with the missing clock-out.
  await page.goto(segmentsUrl);
  await expect(page.getByTestId('segment-counts')).toContainText('1 ready');
  await expect(page.getByTestId('segment-counts')).toContainText('1 not ready');
  const good = table.getByRole('row', { name: /2025-07-07/ });
  const open = table.getByRole('row', { name: /2025-07-08/ });
  await expect(good).toContainText('Ready');
  await expect(good).not.toContainText('Not ready');
  await expect(open).toContainText('Not ready');
  await expect(open).toContainText('Missing clock-out');
  await expect(open).toContainText('Location unverified');
  await snap(page, 'segments-4-not-ready');
  await expectAccessible(page, 'segments-4-not-ready');

  // Only the not-ready ones, by violation, from the URL.
  await page.getByRole('combobox', { name: 'Violation' }).click();
  await page.getByRole('option', { name: 'Missing clock-out' }).click();
  await expect(page).toHaveURL(/code=MISSING_CLOCK_OUT/);
  await expect(table.getByRole('row')).toHaveCount(2);

  // Fix the shift on its detail page.
  await open.getByRole('link', { name: 'Open the shift to fix it' }).click();
  await expect(page).toHaveURL(/\/admin\/shifts\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Correct shift' }).click();
  const correct = page.getByRole('dialog', { name: 'Correct shift' });
  await correct.getByLabel(/^Clock-out \(/).fill('2025-07-08T12:00');
  await correct.getByLabel('Clock-out latitude').fill('45.52');
  await correct.getByLabel('Clock-out longitude').fill('-122.68');
  await correct.getByLabel('Reason').fill('Caregiver forgot to clock out; confirmed with the family');
  await correct.getByRole('button', { name: 'Save correction' }).click();
  await expect(correct).toBeHidden();

  // Both READY now (the correction re-validated the shift's segments).
  await page.goto(segmentsUrl);
  await expect(page.getByTestId('segment-counts')).toContainText('2 ready');
  await expect(page.getByTestId('segment-counts')).toContainText('0 not ready');
  await expect(table.getByRole('row', { name: /2025-07-08/ })).toContainText('Ready');
  await snap(page, 'segments-5-fixed');
  await expectAccessible(page, 'segments-5-fixed');
});
