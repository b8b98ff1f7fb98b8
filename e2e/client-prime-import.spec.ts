/**
 * Client prime import in the browser (docs/evv-import.md "Client prime"): a clients + budgets CSV with
 * one bad row (expiration before the effective date) is mapped (suggested), previewed (the bad row
 * highlighted), imported with progress, and its summary lists the rejected row with line, field and
 * reason. Ids and names carry the run's stamp.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
const stat = (page: Page, label: string, value: number) =>
  page.getByRole('group', { name: `${label}: ${value}`, exact: true });

test('a clients and budgets CSV is imported; the bad row is reported with line, field and reason', async ({
  page,
}) => {
  forbidDialogs(page);
  const name = `client-prime-${stamp}.csv`;
  const content = csv([
    [
      'Client Name',
      'PID',
      'Budget Client ID',
      'Proc Code',
      'Modifier',
      'Units',
      'Measure',
      'Term',
      'Effective Date',
      'Expiration Date',
    ],
    [
      `Prime Person ${stamp}`,
      `P-${stamp}`,
      `B-${stamp}`,
      'OR526',
      'ZE',
      '480',
      'Hours',
      'Plan year',
      '07/01/2025',
      '06/30/2026',
    ],
    [
      `Prime Person ${stamp}`,
      `P-${stamp}`,
      `B-${stamp}`,
      'OR507',
      '',
      '1200',
      '15 min',
      'Plan year',
      '07/01/2025',
      '06/30/2026',
    ],
    [
      `Prime Person ${stamp}`,
      `P-${stamp}`,
      `B-${stamp}`,
      'OR540',
      '',
      '50',
      'Miles',
      'Monthly',
      '07/01/2025',
      '06/01/2025',
    ],
  ]);

  await page.goto('/admin/misctools/client-prime-import');
  await expect(page.getByRole('heading', { name: 'Client prime import' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent imports' })).toBeVisible();
  await snap(page, 'client-prime-1-choose');
  await expectAccessible(page, 'client-prime-1-choose');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Client prime file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await page.getByRole('button', { name: 'Upload file' }).click();

  await expect(page.getByRole('heading', { name: `Map the columns of ${name}` })).toBeVisible();
  const preview = page.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview.getByRole('row', { name: /OR526/ })).toContainText('480 hours');
  await expect(preview.locator('tr[data-rejected]')).toContainText('is before the effective date');
  await snap(page, 'client-prime-2-mapping');
  await expectAccessible(page, 'client-prime-2-mapping');

  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(stat(page, 'Budget lines created', 2)).toBeVisible();
  await expect(stat(page, 'Rejected', 1)).toBeVisible();
  await expect(stat(page, 'New clients', 1)).toBeVisible();
  const rejected = page.getByRole('table', { name: 'Rejected rows' });
  const bad = rejected.getByRole('row', { name: /Expiration Date/ });
  await expect(bad).toContainText('4');
  await expect(bad).toContainText('is before the effective date (2025-06-01 < 2025-07-01)');
  await snap(page, 'client-prime-4-summary');
  await expectAccessible(page, 'client-prime-4-summary');

  // The same file again changes nothing.
  await page.getByRole('button', { name: 'Import another file' }).click();
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Client prime file' }).click();
  await (
    await again
  ).setFiles({ name: `again-${name}`, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByText('Saved mapping')).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(stat(page, 'Unchanged', 2)).toBeVisible();
  await expect(stat(page, 'Budget lines created', 0)).toBeVisible();
});
