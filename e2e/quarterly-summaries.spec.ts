/**
 * Quarterly summaries in the browser (issue 19 "Export and reports"; docs/quarterly-summaries.md): shifts imported
 * through `/upload`, their notes through the notes import (as e2e/shift-notes.spec.ts), then on
 * `/admin/misctools/isp/quarterly-summaries` an admin picks the client and Q3 2025, generates the summary (one
 * section per section type, General for notes without one), regenerates it (no doubling), exports the PDF and
 * downloads it, sees the export listed, and sees what an empty quarter says. A non-admin is refused (403 from the
 * API, sent home from the page). Desktop and 320 px, accessibility checked. Names carry the run's stamp.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
  createUser,
} from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const caregiver = `Quill Writer ${stamp}`;
const client = `Quincy Summary ${stamp}`;
const PAGE = '/admin/misctools/isp/quarterly-summaries';

const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

async function upload(page: Page, inputLabel: string, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: inputLabel }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await page.getByRole('button', { name: 'Upload file' }).click();
}

const stat = (page: Page, label: string, value: number) =>
  page.getByRole('group', { name: `${label}: ${value}`, exact: true });

const days = ['2025-07-08', '2025-08-12', '2025-09-16'];

async function importShiftsAndNotes(page: Page) {
  await page.goto('/upload');
  await upload(
    page,
    'EVV export file',
    `quarterly-shifts-${stamp}.csv`,
    csv([
      ['Shift ID', 'Caregiver', 'Client', 'Date', 'Clock In', 'Clock Out'],
      ...days.map((day, i) => [`QS-${stamp}-${i}`, caregiver, client, day, '09:00', '12:00']),
    ]),
  );
  await expect(page.getByRole('heading', { name: /^Map the columns of/ })).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(stat(page, 'Created', 3)).toBeVisible();

  await page.goto('/admin/mismatched-shift-notes');
  await page.getByRole('link', { name: 'Import shift notes' }).first().click();
  await expect(page.getByRole('heading', { name: 'Import shift notes' })).toBeVisible();
  const rows = days.flatMap((day, i) => [
    [
      caregiver,
      client,
      `${day} 11:00`,
      'Health',
      'How was the visit?',
      `Quincy took morning medications with water. Staff checked blood pressure ${i + 1} times and logged it.`,
    ],
    [
      caregiver,
      client,
      `${day} 11:30`,
      'Community',
      'Outings?',
      `Quincy visited the library and chose ${i + 2} books.`,
    ],
  ]);
  rows.push([
    caregiver,
    client,
    `${days[1]} 11:45`,
    '',
    'Anything else?',
    'Quincy baked bread with staff today.',
  ]);
  await upload(
    page,
    'Shift-notes file',
    `quarterly-notes-${stamp}.csv`,
    csv([['Caregiver', 'Client', 'Submitted At', 'Section Type', 'Prompt', 'Documentation'], ...rows]),
  );
  await expect(
    page.getByRole('heading', { name: `Map the columns of quarterly-notes-${stamp}.csv` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(stat(page, 'Matched to a shift', 7)).toBeVisible();
}

test('an admin generates, regenerates, exports and downloads a quarterly summary', async ({ page }) => {
  test.setTimeout(180_000);
  forbidDialogs(page);
  await importShiftsAndNotes(page);

  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Quarterly summaries', level: 1 })).toBeVisible();
  await expect(page.getByText('Choose a client, a year and a quarter above')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate summary' })).toBeDisabled();
  await snap(page, 'quarterly-1-empty');
  await expectAccessible(page, 'quarterly-1-empty');

  await page.getByRole('combobox', { name: 'Client' }).fill(client);
  await page.getByRole('option', { name: client }).click();
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: '2025', exact: true }).click();
  await page.getByText('Q3', { exact: true }).click();
  await expect(page).toHaveURL(/year=2025/);
  await expect(page).toHaveURL(/quarter=3/);
  await expect(page.getByText('Q3 2025 has no summary yet')).toBeVisible();
  await expect(page.getByText('No quarter of this client has been summarized yet')).toBeVisible();
  await expect(page.getByText('No exports for this client yet')).toBeVisible();

  await page.getByRole('button', { name: 'Generate summary' }).click();
  const sections = page.getByRole('heading', { level: 2 });
  await expect(page.getByRole('heading', { name: 'Health', level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Community', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'General', level: 2 })).toBeVisible();
  await expect(page.getByText('3 notes from 3 shifts, 2025-07-08 to 2025-09-16.').first()).toBeVisible();
  await expect(page.getByText('Quincy took morning medications with water. (on 3 notes)')).toBeVisible();
  await expect(page.getByText(/7 notes from 3 shifts, generated .* by /)).toBeVisible();
  await snap(page, 'quarterly-2-generated');
  await expectAccessible(page, 'quarterly-2-generated');

  await page.getByRole('button', { name: 'Regenerate summary' }).click();
  await expect(page.getByRole('button', { name: 'Regenerate summary' })).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Health', level: 2 })).toHaveCount(1);
  await expect(sections).toHaveCount(3 + 2); // three sections, Generated quarters, Exports
  await expect(page.getByRole('button', { name: 'Q3 2025 · 3 sections' })).toBeVisible();

  await page.getByRole('button', { name: 'Export PDF' }).click();
  const downloadLink = page
    .getByRole('link', { name: /^Download quarterly-summary-Quincy-Summary-/ })
    .first();
  await expect(downloadLink).toBeVisible({ timeout: 30_000 });
  const exportsTable = page.getByRole('table');
  await expect(exportsTable.getByRole('row')).toHaveCount(2);
  await expect(exportsTable).toContainText('Q3 2025');
  const downloading = page.waitForEvent('download');
  await downloadLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quarterly-summary-Quincy-Summary-.*-2025-Q3\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.evaluate('window.scrollTo(0, 0)');
  await snap(page, 'quarterly-3-exported');
  await expectAccessible(page, 'quarterly-3-exported');

  // 320 px wide: everything still reachable.
  await page.setViewportSize({ width: 320, height: 720 });
  await expect(page.getByRole('button', { name: 'Regenerate summary' })).toBeVisible();
  await snap(page, 'quarterly-4-narrow');
  await expectAccessible(page, 'quarterly-4-narrow');
  await page.setViewportSize({ width: 1280, height: 800 });

  // An empty quarter says so and what to do next.
  await page.getByText('Q4', { exact: true }).click();
  await expect(page.getByText('Q4 2025 has no summary yet')).toBeVisible();
  await page.getByRole('button', { name: 'Generate summary' }).click();
  await expect(page.getByText('No shift notes in Q4 2025')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Mismatched shift notes → Import' })).toBeVisible();
  await snap(page, 'quarterly-5-no-notes');
  await expectAccessible(page, 'quarterly-5-no-notes');
});

test('a non-admin is refused quarterly summaries', async ({ browser, baseURL }) => {
  const USER = {
    email: `quarterly.user.${stamp.toLowerCase()}@example.org`,
    password: 'gentle rain on a tin roof',
    firstName: 'Pat',
    lastName: `Quarter ${stamp}`,
  };
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(adminContext.request, baseURL, { ...USER, role: 'USER' });
  await adminContext.close();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const anonymous = await context.request.get(`/api/quarterly-summaries?clientId=${crypto.randomUUID()}`);
  expect(anonymous.status()).toBe(401);
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login');
  await signInThroughForm(page, { email: USER.email, password: USER.password });
  const response = await page.request.post('/api/quarterly-summaries', {
    headers: { origin: baseURL ?? '' },
    data: { clientId: crypto.randomUUID(), year: 2025, quarter: 3 },
  });
  expect(response.status()).toBe(403);
  await page.goto(PAGE);
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  await expect(page.getByTestId('admin-redirect-alert')).toContainText('needs an administrator account');
  await context.close();
});
