/**
 * Shift notes in the browser (docs/shift-notes.md): shifts imported through `/upload`, then a notes CSV
 * through the notes import (mapping suggested, preview, progress, summary): one note matched to its
 * shift, one that fits no shift; the unmatched note is found in the mismatched list and resolved on
 * the review page by picking its shift. Every name and id carries the run's stamp.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const caregiver = `Nora Note ${stamp}`;
const client = `Cal Client ${stamp}`;

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

test('notes are imported, matched to shifts, and an unmatched note is resolved on the review page', async ({
  page,
}) => {
  forbidDialogs(page);
  // Shifts first, through the shift import.
  await page.goto('/upload');
  await upload(
    page,
    'EVV export file',
    `note-shifts-${stamp}.csv`,
    csv([
      ['Shift ID', 'Caregiver', 'Client', 'Date', 'Clock In', 'Clock Out'],
      [`NOTE-${stamp}-1`, caregiver, client, '2025-06-02', '09:00', '12:00'],
    ]),
  );
  await expect(page.getByRole('heading', { name: /^Map the columns of/ })).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(stat(page, 'Created', 1)).toBeVisible();

  // Then the notes, from the mismatched-notes page.
  await page.goto('/admin/mismatched-shift-notes');
  await page.getByRole('link', { name: 'Import shift notes' }).first().click();
  await expect(page.getByRole('heading', { name: 'Import shift notes' })).toBeVisible();
  await snap(page, 'notes-1-choose');
  await expectAccessible(page, 'notes-1-choose');
  await upload(
    page,
    'Shift-notes file',
    `notes-${stamp}.csv`,
    csv([
      ['Caregiver', 'Client', 'Submitted At', 'Prompt', 'Documentation'],
      [caregiver, client, '2025-06-02 11:30', 'How was the visit?', `Went for a walk ${stamp}`],
      [caregiver, client, '2025-06-03 15:00', 'How was the visit?', `Late entry ${stamp}`],
    ]),
  );
  await expect(page.getByRole('heading', { name: `Map the columns of notes-${stamp}.csv` })).toBeVisible();
  await expect(page).toHaveURL(/view=import/);
  const preview = page.getByRole('table', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('row')).toHaveCount(3);
  await expect(preview).toContainText(`Went for a walk ${stamp}`);
  await snap(page, 'notes-2-mapping');
  await expectAccessible(page, 'notes-2-mapping');
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(stat(page, 'Notes added', 2)).toBeVisible();
  await expect(stat(page, 'Matched to a shift', 1)).toBeVisible();
  await expect(stat(page, 'Need review', 1)).toBeVisible();
  await snap(page, 'notes-4-summary');
  await expectAccessible(page, 'notes-4-summary');

  // The unmatched note waits in the list, with its reason.
  await page.getByRole('link', { name: 'Review unmatched notes' }).click();
  await expect(page.getByRole('heading', { name: 'Mismatched shift notes' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`Late entry ${stamp}`) });
  await expect(row).toContainText('No shift');
  await expect(row).toContainText(`No shift of ${caregiver} for ${client}`);
  await expect(page.getByRole('row', { name: new RegExp(`Went for a walk ${stamp}`) })).toHaveCount(0);
  await snap(page, 'notes-5-mismatched');
  await expectAccessible(page, 'notes-5-mismatched');
  await row.click();

  // The review page: the note and its candidate shift; pick it.
  await expect(page.getByRole('heading', { name: 'Shift-note review' })).toBeVisible();
  await expect(page.getByText(`Late entry ${stamp}`)).toBeVisible();
  const candidates = page.getByRole('table', { name: 'Candidate shifts' });
  const candidate = candidates.getByRole('row', { name: new RegExp(`NOTE-${stamp}-1`) });
  await expect(candidate).toContainText('Other time');
  await expect(page.getByRole('button', { name: 'Match to this shift' })).toBeDisabled();
  await candidate.getByRole('radio').check();
  await snap(page, 'notes-6-review');
  await expectAccessible(page, 'notes-6-review');
  await page.getByRole('button', { name: 'Match to this shift' }).click();
  await expect(page.getByRole('status')).toContainText(`The note is matched to shift NOTE-${stamp}-1.`);

  await page.goto('/admin/mismatched-shift-notes');
  await expect(page.getByRole('heading', { name: 'Mismatched shift notes' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Late entry ${stamp}`) })).toHaveCount(0);
  await snap(page, 'notes-7-after');
  await expectAccessible(page, 'notes-7-after');
});
