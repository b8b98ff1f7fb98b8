import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, snap } from './support.ts';

const example = path.resolve('fixtures/evv/sandata-openevv-visits.example.json');

test('an admin uploads the public Sandata example, watches the import and finds both visits as shifts', async ({
  page,
}) => {
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Import shifts' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'EVV export file' }).click();
  await (await chooser).setFiles(example);
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Created: 2', exact: true })).toBeVisible();
  await expect(
    page.getByText(
      '2 visits read · Created 2, updated 0, unchanged 0, duplicates 0, stale updates ignored 0, rejected 0',
    ),
  ).toBeVisible();
  await snap(page, 'import-summary');
  await expectAccessible(page, 'import-summary');

  // Progress survives a reload: the job id is in the URL.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();

  await page.getByRole('link', { name: 'View imported shifts' }).click();
  await expect(page).toHaveURL(/\/admin\/shifts\?csvFileId=/);
  await expect(page.getByTestId('shift-totals')).toHaveText(/^2 shifts · /);
  await expect(page.getByRole('row', { name: /T1004/ })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Manually adjusted/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /Verified/ })).toHaveCount(1);
  await snap(page, 'shifts-list');
  await expectAccessible(page, 'shifts-list');

  // A row opens the shift's detail page.
  await page.getByRole('row', { name: /Manually adjusted/ }).click();
  await expect(page).toHaveURL(/\/admin\/shifts\/[0-9a-f-]{36}$/);
  await expect(page.getByText('reason code 12: Employee checked in late').first()).toBeVisible();
  await expect(page.getByText('supervisor@example.com', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('41.7658, -72.6734').first()).toBeVisible();
  await snap(page, 'shift-detail');
  await expectAccessible(page, 'shift-detail');
});
