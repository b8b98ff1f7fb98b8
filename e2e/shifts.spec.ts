import path from 'node:path';
import { expect, test } from '@playwright/test';
import { snap } from './support.ts';

const example = path.resolve('../shared/fixtures/evv/sandata-openevv-visits.example.json');

test('an admin uploads the public Sandata example, watches the import and finds both visits as shifts', async ({
  page,
}) => {
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Import shifts' })).toBeVisible();
  await page.getByLabel('EVV file').click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('EVV file').click();
  await (await chooser).setFiles(example);
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Created', { exact: true }).locator('..')).toHaveText('Created2');
  await expect(page.getByText('100% · Created 2, updated 0, unchanged 0, rejected 0')).toBeVisible();
  await snap(page, 'import-summary');

  // Progress survives a reload: the job id is in the URL.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();

  await page.getByRole('link', { name: 'View imported shifts' }).click();
  await expect(page).toHaveURL(/\/admin\/shifts\?csvFileId=/);
  await expect(page.getByText('2 shifts')).toBeVisible();
  await expect(page.getByRole('row', { name: /T1004/ })).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Manually adjusted/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /Verified/ })).toHaveCount(1);
  await snap(page, 'shifts-list');

  await page.getByRole('row', { name: /Manually adjusted/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Adjusted in the EVV system')).toBeVisible();
  await expect(drawer.getByText('reason code 12: Employee checked in late').first()).toBeVisible();
  await expect(drawer.getByText('supervisor@example.com', { exact: false })).toBeVisible();
  await expect(drawer.getByText('41.7658, -72.6734').first()).toBeVisible();
  await snap(page, 'shift-detail');
});
