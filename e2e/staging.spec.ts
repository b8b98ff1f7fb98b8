/**
 * Staging in the browser (issue 23 "done when"; docs/staging.md): an admin stages a messy GIV export
 * (fixtures/staging: BOM, CRLF, unknown headers, 12-hour times, one caregiver's name spelled three
 * ways, an unknown caregiver), approves the misspellings' mappings (one with a name rule from the
 * decision), fixes a row without a billing code, adds a client-name rule that then applies to the
 * next file, compares staging with production, promotes the READY rows with a progress bar and finds
 * the shifts under Production shifts. Before anything is staged, the Sync test page dry-runs the same
 * export (every row's fate, counts checked against the file; nothing staged, no production shift
 * changed), and after promotion it dry-runs the staged upload again (already promoted rows stay
 * uploaded). Staging check and Direct sync are shown too. The fixture's people and shift ids are this
 * flow's own (service dates in April 2030).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const messy = readFileSync('fixtures/staging/giv-export-messy.csv');
const next = readFileSync('fixtures/staging/giv-export-next.csv');

/** The shift ids of a GIV export, in file order (first column, header skipped). */
const shiftIdsOf = (content: Buffer) =>
  content
    .toString('utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(',')[0]);

/** How many shifts production, the promoted view and staging hold (a dry run must change none). */
async function totals(page: Page) {
  const total = async (url: string) => {
    const response = await page.request.get(url);
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { total: number }).total;
  };
  return {
    shifts: await total('/api/shifts?pageSize=1'),
    production: await total('/api/production-shifts?pageSize=1'),
    staging: await total('/api/staging/shifts?pageSize=1'),
  };
}

/** The Sync test of the messy export before anything is staged: every row's fate, nothing written. */
async function dryRun(page: Page) {
  const before = await totals(page);
  await page.goto('/test-sync');
  await expect(page.getByRole('heading', { name: 'Sync test' })).toBeVisible();
  await expect(page.getByText(/No file chosen yet/)).toBeVisible();
  await snap(page, 'staging-0-test-sync-empty');
  await expectAccessible(page, 'staging-0-test-sync-empty');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'GIV export file' }).click();
  await (await chooser).setFiles({ name: 'giv-export-messy.csv', mimeType: 'text/csv', buffer: messy });
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByText('Read with the suggested column map')).toBeVisible();
  await page.getByRole('button', { name: 'Run test sync' }).click();
  const ids = shiftIdsOf(messy);
  expect(ids).toHaveLength(12);
  await expect(page.getByTestId('test-sync-counts')).toHaveText(
    `${ids.length} rows read: ${ids.length} new, 0 updated, 0 unchanged, 0 duplicates, 0 rejected. ` +
      'Of the rows staging would keep, 7 ready to promote, 5 need attention.',
  );
  const table = page.getByRole('table', { name: 'What staging would do with each row' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(ids.length);
  for (const [index, id] of ids.entries()) await expect(rows.nth(index)).toContainText(id!);
  await expect(rows.filter({ hasText: 'Would be staged as a new row; ready to promote.' })).toHaveCount(7);
  await expect(table.getByRole('row', { name: /STG-1007/ })).toContainText(
    'needs attention: caregiver not found in Tend',
  );
  await expect(table.getByRole('row', { name: /STG-1009/ })).toContainText(
    'needs attention: no billing code',
  );
  await expect(page.getByRole('list', { name: 'People not linked' })).toContainText(
    'Caregiver Zed Nobodyknows: not found in Tend, 1 row',
  );
  await snap(page, 'staging-0-test-sync');
  await expectAccessible(page, 'staging-0-test-sync');
  await page.setViewportSize({ width: 320, height: 720 });
  // Nothing wider than the phone once the layout has followed the new width (the table scrolls inside).
  await expect.poll(() => page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
  await snap(page, 'staging-0-test-sync-320');
  await page.setViewportSize({ width: 1280, height: 720 });
  // Nothing staged, no production shift created or changed (other flows may have staged rows before: the OCR one).
  expect(await totals(page)).toEqual(before);
}

async function stage(page: Page, name: string, content: Buffer, first: boolean) {
  await page.goto('/staging/import');
  await expect(page.getByRole('heading', { name: 'Staging import' })).toBeVisible();
  if (first) {
    await snap(page, 'staging-1-import');
    await expectAccessible(page, 'staging-1-import');
  }
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'GIV export file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: content });
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByRole('heading', { name: `Map the columns of ${name}` })).toBeVisible();
  if (first) {
    await expect(page.getByRole('table', { name: 'Preview of the first rows' })).toBeVisible();
    await snap(page, 'staging-2-mapping');
    await expectAccessible(page, 'staging-2-mapping');
  }
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByText(/rows staged/)).toBeVisible({ timeout: 60_000 });
}

test('a messy GIV export goes through staging to production', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  forbidDialogs(page);
  const origin = { origin: baseURL ?? '' };
  for (const [url, data] of [
    ['/api/caregivers', { name: 'Stella Stagewright', type: 'DSP_CARE' }],
    ['/api/caregivers', { name: 'Bartholomew Quill', type: 'DSP_CARE', altNames: ['Bart Quill'] }],
    ['/api/clients', { name: 'Ophelia Marchbanks' }],
    ['/api/clients', { name: 'Tobias Fennimore' }],
  ] as const) {
    const response = await page.request.post(url, { headers: origin, data });
    expect(response.status(), await response.text()).toBe(201);
  }

  await dryRun(page);
  await stage(page, 'giv-export-messy.csv', messy, true);
  await expect(page.getByText('12 rows staged: 7 ready, 5 need attention')).toBeVisible();
  await snap(page, 'staging-3-summary');
  await expectAccessible(page, 'staging-3-summary');

  // Approve the misspellings; one approval also creates a name rule.
  await page.getByRole('link', { name: 'Review mappings and rows in Staging manage' }).click();
  await expect(page.getByRole('heading', { name: 'People to link' })).toBeVisible();
  await expect(page.getByText('Zed Nobodyknows', { exact: true }).first()).toBeVisible();
  await snap(page, 'staging-4-manage');
  await expectAccessible(page, 'staging-4-manage');
  await page.getByRole('button', { name: 'Approve Stella Stagewright for STAGEWRIGHT, STELLA' }).click();
  await expect(page.getByRole('button', { name: /for STAGEWRIGHT, STELLA/ })).toHaveCount(0);
  const stela = page.locator('.mantine-Paper-root', { hasText: 'Stela Stagewrite' }).first();
  await stela.getByRole('checkbox', { name: 'Also create a name rule from this decision' }).check();
  await stela.getByRole('button', { name: 'Approve Stella Stagewright for Stela Stagewrite' }).click();
  await expect(page.getByRole('button', { name: /for Stela Stagewrite/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve Bartholomew Quill for Bartholomew Quil' }).click();
  await expect(page.getByRole('button', { name: /for Bartholomew Quil$/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Approve Tobias Fennimore for Tobias Fenimore' }).click();
  await expect(page.getByRole('button', { name: /for Tobias Fenimore/ })).toHaveCount(0);

  // Fix the row without a billing code.
  await page.getByRole('textbox', { name: 'Billing code for STG-1009' }).fill('OR526');
  await page.getByRole('button', { name: 'Save billing code for STG-1009' }).click();
  await expect(page.getByRole('radio', { name: 'Ready (11)' })).toBeAttached();

  // A rule added by hand applies to the next file.
  await page.getByRole('textbox', { name: 'When the file says' }).fill('O. Marchbanks');
  await page.getByRole('textbox', { name: 'Use instead' }).fill('Ophelia Marchbanks');
  await page.getByRole('combobox', { name: 'Rule type' }).click();
  await page.getByRole('option', { name: 'Client name' }).click();
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByRole('cell', { name: 'O. Marchbanks', exact: true })).toBeVisible();
  await snap(page, 'staging-5-rules');

  await stage(page, 'giv-export-next.csv', next, false);
  await expect(page.getByText('2 rows staged: 2 ready, 0 need attention')).toBeVisible();
  await expect(page.getByText('3 values rewritten by resolution rules')).toBeVisible();

  // Compare, then promote with a progress bar.
  await page.goto('/staging/test-comparison');
  await expect(page.getByRole('heading', { name: 'Staging test comparison' })).toBeVisible();
  await expectAccessible(page, 'staging-6-comparison-empty');
  await page.getByLabel('From').fill('2030-04-01');
  await page.getByLabel('To').fill('2030-04-30');
  await page.getByRole('button', { name: 'Compare' }).click();
  const promote = page.getByRole('button', { name: 'Promote 13 READY rows' });
  await expect(promote).toBeEnabled();
  await expect(page.getByRole('cell', { name: 'STG-1007' })).toBeVisible();
  await snap(page, 'staging-6-comparison');
  await expectAccessible(page, 'staging-6-comparison');
  await promote.click();
  await expect(page.getByText('13 rows promoted (13 new shifts, 0 updated), 0 failed.')).toBeVisible({
    timeout: 60_000,
  });
  await snap(page, 'staging-7-promoted');
  await expectAccessible(page, 'staging-7-promoted');

  await page.getByRole('link', { name: 'See them in Production shifts' }).click();
  await expect(page).toHaveURL(/\/production\/shifts/);
  await expect(page.getByText('Stella Stagewright').first()).toBeVisible();
  await snap(page, 'staging-8-production');

  // The staged upload tested again after promotion: promoted rows as the file has them stay uploaded.
  const promoted = await totals(page);
  await page.goto('/test-sync');
  await page.getByRole('combobox', { name: 'Or test an earlier upload' }).click();
  await page.getByRole('option', { name: /^giv-export-messy\.csv .*, staged$/ }).click();
  await page.getByRole('button', { name: 'Run test sync' }).click();
  await expect(page.getByTestId('test-sync-counts')).toContainText('12 rows read: 0 new');
  await expect(page.getByRole('row', { name: /STG-1001/ })).toContainText(
    'Already promoted as the file has it: stays uploaded.',
  );
  expect(await totals(page)).toEqual(promoted);

  await page.goto('/staging-check');
  await expect(page.getByRole('heading', { name: 'Staging check' })).toBeVisible();
  await expect(page.getByText('Uploaded')).toBeVisible();
  await snap(page, 'staging-9-check');
  await expectAccessible(page, 'staging-9-check');

  await page.goto('/direct-sync');
  await expect(page.getByRole('heading', { name: 'Direct sync' })).toBeVisible();
  await page.getByRole('button', { name: 'Run sync now' }).click();
  await expect(page.getByText('No drop folder is configured')).toBeVisible();
  await snap(page, 'staging-10-direct-sync');
  await expectAccessible(page, 'staging-10-direct-sync');
});
