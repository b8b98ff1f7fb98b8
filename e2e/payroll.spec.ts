/**
 * Payroll in the browser (issue 6 "Payroll"; docs/payroll.md): an admin imports shifts through
 * `/upload` giving one caregiver 45 h in the workweek of Sunday 2024-09-15 and 8 h the week after
 * (the default biweekly period 2024-09-15..09-28), opens `/admin/billing/payroll` for that period and
 * sees 48 h regular and 5 h overtime (overtime per workweek, not per period), opens the caregiver,
 * adds a $25.50 bonus, corrects it to $30.00 (the history keeps both), pays the second week's shift an hour longer than billed (reason required),
 * exports the payroll and checks the downloaded CSV, sees the export listed, and opens the pay-period
 * settings (weekly: the period becomes one workweek), then puts the default back through the API.
 * Names carry the run's stamp so other flows' data never collides.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const caregiverName = `Pat Payroll ${stamp}`;
const clientName = `Pay Client ${stamp}`;
const periodStart = '2024-09-15';
const header = ['Shift ID', 'Caregiver', 'Client', 'Date', 'Clock In', 'Clock Out', 'Procedure Code'];
const rows = [
  // Monday..Friday 9:00 AM – 6:00 PM PDT: 45 h in the workweek of Sunday 2024-09-15.
  ...[16, 17, 18, 19, 20].map((d) => [
    `PAY-${stamp}-${d}`,
    caregiverName,
    clientName,
    `09/${d}/2024`,
    '9:00 AM',
    '6:00 PM',
    'OR526',
  ]),
  // Monday of the next workweek: 8 h.
  [`PAY-${stamp}-23`, caregiverName, clientName, '09/23/2024', '9:00 AM', '5:00 PM', 'OR526'],
];
const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

test('an admin runs payroll for a period with overtime, an adjustment and paid times, and downloads it', async ({
  page,
  baseURL,
}) => {
  forbidDialogs(page);
  const name = `payroll-${stamp}.csv`;
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Import shifts' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'EVV export file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByRole('heading', { name: `Map the columns of ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });

  // The period's payroll: overtime per workweek.
  await page.goto(`/admin/billing/payroll?periodStart=${periodStart}`);
  await expect(page.getByRole('heading', { name: 'Payroll', exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Pay period' })).toHaveValue('Sep 15 – Sep 28, 2024');
  const table = page.getByRole('table', { name: 'Payroll by caregiver' });
  const row = table.getByRole('row', { name: new RegExp(caregiverName) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('48 h 00 min');
  await expect(row).toContainText('Overtime 5 h 00 min');
  await expect(row).toContainText('6 segments');
  await snap(page, 'payroll-1-period');
  await expectAccessible(page, 'payroll-1-period');

  // The caregiver's drawer: per-workweek hours and segments.
  await row.getByRole('button', { name: `Payroll details of ${caregiverName}` }).click();
  const drawer = page.getByRole('dialog', { name: `${caregiverName}: payroll Sep 15 – Sep 28, 2024` });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/caregiver=/);
  const weeks = drawer.getByRole('table', { name: 'Hours per workweek' });
  await expect(weeks.getByRole('row', { name: /Sep 15, 2024/ })).toContainText('Overtime 5 h 00 min');
  await expect(weeks.getByRole('row', { name: /Sep 22, 2024/ })).toContainText('8 h 00 min');
  await expect(drawer.getByRole('table', { name: 'Segments in the period' }).getByRole('row')).toHaveCount(7);

  // A bonus in dollars.
  await drawer.getByRole('button', { name: 'Add adjustment' }).click();
  const add = page.getByRole('dialog', { name: `Add adjustment — ${caregiverName}` });
  await add.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Amount' }).click();
  await add.getByRole('textbox', { name: /Amount in dollars/ }).fill('25.50');
  await add.getByLabel('Date').fill('2024-09-20');
  // The reason is required: the form says so on the input.
  await add.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(add.getByText('Reason is required')).toBeVisible();
  await add.getByRole('textbox', { name: 'Reason' }).fill(`Holiday bonus ${stamp}`);
  await add.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(add).toBeHidden();
  const adjustments = drawer.getByRole('table', { name: 'Adjustments in the period' });
  await expect(adjustments.getByRole('row', { name: new RegExp(`Holiday bonus ${stamp}`) })).toContainText(
    'Amount +$25.50',
  );

  // Edit it: a new version replaces it, the old one stays in the history.
  await adjustments.getByRole('button', { name: `Edit adjustment: Holiday bonus ${stamp}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit adjustment — ${caregiverName}` });
  await edit.getByRole('textbox', { name: /Amount in dollars/ }).fill('30');
  await edit.getByRole('textbox', { name: 'Reason for the change' }).fill(`Bonus corrected ${stamp}`);
  await edit.getByRole('button', { name: 'Save change' }).click();
  await expect(edit).toBeHidden();
  const current = adjustments.getByRole('row', { name: new RegExp(`Bonus corrected ${stamp}`) });
  await expect(current).toContainText('Amount +$30.00');
  await current.getByRole('button', { name: `History of adjustment: Bonus corrected ${stamp}` }).click();
  const history = page.getByRole('dialog', { name: 'Adjustment history' });
  const versions = history.getByRole('table', { name: 'Adjustment versions' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByRole('row').nth(1)).toContainText('Replaced');
  await expect(versions.getByRole('row').nth(1)).toContainText('+$25.50');
  await expect(versions.getByRole('row').nth(2)).toContainText('Current');
  await snap(page, 'payroll-2-adjustment-history');
  await expectAccessible(page, 'payroll-2-adjustment-history');
  await history.getByRole('button', { name: 'Close history' }).click();
  await expect(history).toBeHidden();

  // Pay the 09-23 shift until 6:00 PM (billed until 5:00 PM).
  const segments = drawer.getByRole('table', { name: 'Segments in the period' });
  await segments.getByRole('button', { name: `Edit paid times: ${clientName}, Sep 23, 2024` }).click();
  const paid = page.getByRole('dialog', { name: `Paid times — ${clientName}, Sep 23, 2024` });
  await expect(paid.getByLabel(/Paid start/)).toHaveValue('2024-09-23T09:00');
  await paid.getByLabel(/Paid end/).fill('2024-09-23T18:00');
  await paid.getByRole('textbox', { name: 'Reason' }).fill('Stayed until the relief caregiver arrived');
  await snap(page, 'payroll-3-paid-times');
  await expectAccessible(page, 'payroll-3-paid-times');
  await paid.getByRole('button', { name: 'Save paid times' }).click();
  await expect(paid).toBeHidden();
  const edited = segments.getByRole('row', { name: /Sep 23, 2024/ });
  await expect(edited).toContainText('Paid times differ');
  await expect(edited).toContainText('9 h 00 min');
  await expect(drawer.getByTestId('caregiver-payroll-summary')).toContainText('Regular 49 h 00 min');
  await drawer.getByTestId('caregiver-payroll-summary').scrollIntoViewIfNeeded();
  await snap(page, 'payroll-4-caregiver');
  await expectAccessible(page, 'payroll-4-caregiver');
  await adjustments.scrollIntoViewIfNeeded();
  await snap(page, 'payroll-5-adjustments');
  await expectAccessible(page, 'payroll-5-adjustments');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await expect(row.getByRole('cell').nth(1)).toHaveText('49 h 00 min');
  await expect(row).toContainText('$30.00');
  await expect(row).toContainText('1 with paid times set');

  // Export and download: the caregiver's line in the CSV.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export payroll' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('payroll-2024-09-15-to-2024-09-28.csv');
  const text = readFileSync(await download.path(), 'utf8');
  const lines = parse<Record<string, string>>(text, { bom: true, columns: true });
  expect(lines.find((line) => line.Caregiver === caregiverName)).toMatchObject({
    'Period start': '2024-09-15',
    'Period end': '2024-09-28',
    'Regular hours': '49.00',
    'Overtime hours': '5.00',
    'Mileage (miles)': '0.00',
    'Hour adjustments': '0.00',
    'Amount adjustments (USD)': '30.00',
    'Total paid hours': '54.00',
  });
  const exportsTable = page.getByRole('table', { name: 'Payroll exports' });
  await expect(exportsTable.getByRole('row', { name: /Sep 15 – Sep 28, 2024/ }).first()).toBeVisible();
  await snap(page, 'payroll-6-exported');
  await expectAccessible(page, 'payroll-6-exported');

  // Pay-period settings: weekly makes a period one workweek.
  await page.getByRole('button', { name: 'Pay period settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Pay period settings' });
  await settings.getByText('Weekly', { exact: true }).click();
  await settings.getByLabel('First day of a pay period').fill('2024-09-16');
  await settings.getByRole('button', { name: 'Save pay period' }).click();
  await expect(settings.getByText(/First day must be a Sunday/)).toBeVisible();
  await settings.getByLabel('First day of a pay period').fill(periodStart);
  await snap(page, 'payroll-7-settings');
  await expectAccessible(page, 'payroll-7-settings');
  await settings.getByRole('button', { name: 'Save pay period' }).click();
  await expect(settings).toBeHidden();
  await page.goto(`/admin/billing/payroll?periodStart=${periodStart}`);
  await expect(page.getByRole('combobox', { name: 'Pay period' })).toHaveValue('Sep 15 – Sep 21, 2024');
  await expect(row.getByRole('cell').nth(1)).toHaveText('40 h 00 min');
  await page.getByRole('button', { name: 'Next period' }).click();
  await expect(page).toHaveURL(/periodStart=2024-09-22/);
  await expect(row.getByRole('cell').nth(1)).toHaveText('9 h 00 min');

  // Back to the default for the flows after this one.
  const restored = await page.request.put('/api/payroll/settings', {
    headers: { origin: baseURL as string },
    data: { frequency: 'biweekly', anchorDate: '2025-01-05' },
  });
  expect(restored.status()).toBe(200);
});
