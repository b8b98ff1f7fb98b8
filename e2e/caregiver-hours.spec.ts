/**
 * `/admin/caregiver-hours` (issue 5): an admin imports a CSV of shifts through `/upload` that gives
 * one caregiver 45 hours in the workweek of Sunday 2025-03-02 plus two overlapping shifts, sees the
 * overtime week and the overlap, opens the hours chart, and marks the week handled with a note (who
 * and when shown). Names carry the run's stamp so other flows' data never collides.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const caregiverName = `Olive Overtime ${stamp}`;
const header = ['Shift ID', 'Caregiver', 'Client', 'Date', 'Clock In', 'Clock Out', 'Procedure Code'];
const day = (n: number) => `03/0${n}/2025`;
const rows = [
  // Monday..Friday 9:00 AM – 6:00 PM: 45 hours in the week of Sunday 2025-03-02.
  ...[3, 4, 5, 6, 7].map((d) => [
    `OT-${stamp}-${d}`,
    caregiverName,
    `Hours Client ${stamp}`,
    day(d),
    '9:00 AM',
    '6:00 PM',
    'OR526',
  ]),
  // Overlaps Tuesday's shift by one hour, for another client.
  [`OT-${stamp}-X`, caregiverName, `Other Client ${stamp}`, day(4), '5:00 PM', '7:00 PM', 'OR526'],
];
const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';

test('an admin sees a caregiver’s overtime week and overlap, the hours chart, and marks the week handled', async ({
  page,
}) => {
  forbidDialogs(page);
  const name = `hours-${stamp}.csv`;
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Import shifts' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'EVV export file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByRole('heading', { name: `Map the columns of ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });

  // The overtime week, found with the filters (kept in the URL).
  await page.goto('/admin/caregiver-hours?from=2025-03-02&to=2025-03-08');
  await expect(page.getByRole('heading', { name: 'Caregiver hours' })).toBeVisible();
  // A controlled switch: its state follows the URL, so click and wait for it.
  await page.getByRole('switch', { name: 'Overtime only' }).click();
  await expect(page.getByRole('switch', { name: 'Overtime only' })).toBeChecked();
  await expect(page).toHaveURL(/overtimeOnly=true/);
  const row = page
    .getByRole('table', { name: 'Caregiver weeks' })
    .getByRole('row', { name: new RegExp(caregiverName) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Mar 2, 2025');
  await expect(row).toContainText('47 h 00 min');
  await expect(row).toContainText('Overtime 7 h 00 min');
  await expect(row).toContainText('60 min from Mar 4, 5:00 PM PST');
  await expect(row.getByRole('link', { name: /first overlapping shift/ })).toHaveAttribute(
    'href',
    /\/admin\/shifts\/[0-9a-f-]{36}$/,
  );
  await expect(row).toContainText('Needs review');
  await snap(page, 'caregiver-hours-overtime');
  await expectAccessible(page, 'caregiver-hours-overtime');

  // The chart of the caregiver's weeks, with the same numbers as a table.
  await row.getByRole('button', { name: `Hours chart of ${caregiverName}` }).click();
  const drawer = page.getByRole('dialog', { name: `${caregiverName}: hours per workweek` });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/chart=/);
  await expect(drawer.getByTestId('hours-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(drawer.getByText('40 h overtime line')).toBeVisible();
  await expect(drawer.getByRole('table', { name: 'Hours per workweek' })).toContainText(
    'Overtime 7 h 00 min',
  );
  await expect(drawer.getByRole('table', { name: 'Shifts in these weeks' }).getByRole('row')).toHaveCount(7);
  await snap(page, 'caregiver-hours-chart');
  await expectAccessible(page, 'caregiver-hours-chart');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Mark the week handled with a note: who and when are shown.
  await row.getByRole('button', { name: `Mark handled: ${caregiverName}, week of Mar 2, 2025` }).click();
  const dialog = page.getByRole('dialog', { name: `Week of Mar 2, 2025 — ${caregiverName}` });
  await dialog.getByLabel('Note').fill('Overtime approved by the director; overlap was a late clock-out.');
  await snap(page, 'caregiver-hours-handling');
  await expectAccessible(page, 'caregiver-hours-handling');
  await dialog.getByRole('button', { name: 'Mark handled' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Handled');
  await expect(row).toContainText('by Ada Admin');
  await expect(row).toContainText('Overtime approved by the director');
  await snap(page, 'caregiver-hours-handled');
  await expectAccessible(page, 'caregiver-hours-handled');

  // Unhandled only: the week is gone from the review list.
  // A controlled switch: its state follows the URL, so click and wait for it.
  await page.getByRole('switch', { name: 'Unhandled only' }).click();
  await expect(page.getByRole('switch', { name: 'Unhandled only' })).toBeChecked();
  await expect(page).toHaveURL(/unhandledOnly=true/);
  await expect(page.getByRole('row', { name: new RegExp(caregiverName) })).toHaveCount(0);
});
