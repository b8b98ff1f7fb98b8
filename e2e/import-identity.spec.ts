/**
 * `/upload` flows for identity (issue 16 item 1; decision 0035), against the real API and import job:
 * (1) a file with `Employee #` and `Participant PID` is mapped with both as ids automatically, and two
 * caregivers who share a name stay two people; (2) a file whose only person columns are names says it
 * is linked by names alone and asks which of the two namesakes its rows are, and the import links them
 * as answered. Names and ids carry the run's stamp so the flows never meet other flows' data.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const twin = `Dana Whitfield ${stamp}`;
const other = `Lee Okafor ${stamp}`;
const client = `Rosa Grant ${stamp}`;

const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

async function uploadFile(page: Page, name: string, content: string) {
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Import shifts' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'EVV export file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(page.getByRole('heading', { name: `Map the columns of ${name}` })).toBeVisible();
}

const stat = (page: Page, label: string, value: number) =>
  page.getByRole('group', { name: `${label}: ${value}`, exact: true });

const field = (page: Page, header: string) =>
  page.getByRole('combobox', { name: `Tend field for column ${header}` });

test('Employee # and Participant PID are mapped as ids automatically; namesakes with two ids stay two', async ({
  page,
}) => {
  forbidDialogs(page);
  const name = `roster-ids-${stamp}.csv`;
  await uploadFile(
    page,
    name,
    csv([
      [
        'Visit #',
        'Employee #',
        'Employee Name',
        'Participant PID',
        'Participant Name',
        'Service Date',
        'Time In',
        'Time Out',
      ],
      [`ID-${stamp}-1`, `E1-${stamp}`, twin, `P1-${stamp}`, client, '01/05/2026', '9:00 AM', '1:00 PM'],
      [`ID-${stamp}-2`, `E2-${stamp}`, twin, `P1-${stamp}`, client, '01/06/2026', '9:00 AM', '1:00 PM'],
    ]),
  );
  await expect(field(page, 'Employee #')).toHaveValue('Caregiver id');
  await expect(field(page, 'Employee Name')).toHaveValue('Caregiver name');
  await expect(field(page, 'Participant PID')).toHaveValue('Client Medicaid id (pid)');
  await expect(field(page, 'Participant Name')).toHaveValue('Client name');
  await expect(page.getByRole('table', { name: 'Preview of the first rows' })).toBeVisible();
  await expect(page.getByText('Linked by names alone')).toHaveCount(0);
  await snap(page, 'identity-1-ids-mapped');
  await expectAccessible(page, 'import mapping with id columns');
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(stat(page, 'Created', 2)).toBeVisible();
  await expect(stat(page, 'New caregivers', 2)).toBeVisible();
  await expect(stat(page, 'New clients', 1)).toBeVisible();
  await expectAccessible(page, 'import summary');
});

test('a file linked by names alone asks which namesake each shared name is, and links as answered', async ({
  page,
}) => {
  forbidDialogs(page);
  const name = `roster-names-${stamp}.csv`;
  await uploadFile(
    page,
    name,
    csv([
      ['Visit #', 'Employee Name', 'Participant Name', 'Service Date', 'Time In', 'Time Out'],
      [`NM-${stamp}-1`, twin, client, '01/07/2026', '9:00 AM', '1:00 PM'],
      [`NM-${stamp}-2`, twin.toUpperCase(), client, '01/08/2026', '9:00 AM', '1:00 PM'],
      [`NM-${stamp}-3`, other, client, '01/08/2026', '2:00 PM', '4:00 PM'],
    ]),
  );
  await expect(page.getByText('Linked by names alone')).toBeVisible({ timeout: 20_000 });
  const question = page.getByRole('radiogroup', { name: `Which caregiver is “${twin}”?` });
  await expect(question).toBeVisible();
  await expect(question.getByRole('radio')).toHaveCount(3);
  const start = page.getByRole('button', { name: 'Start import' });
  await expect(start).toBeDisabled();
  await expect(page.getByText('Answer the question about a shared name above to start.')).toBeVisible();
  await snap(page, 'identity-2-question');
  await expectAccessible(page, 'import mapping with a namesake question');

  await question.getByRole('radio', { name: `${twin} (id E2-${stamp})` }).check();
  await expect(start).toBeEnabled();
  await snap(page, 'identity-3-answered');
  await start.click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(stat(page, 'Created', 3)).toBeVisible();
  await expect(stat(page, 'Rejected', 0)).toBeVisible();
  // Only the caregiver no one else is named like is new; the client is the one of the first file.
  await expect(stat(page, 'New caregivers', 1)).toBeVisible();
  await expect(stat(page, 'New clients', 0)).toBeVisible();
  await snap(page, 'identity-4-finished');

  const csvFileId = new URL(page.url()).searchParams.get('file') ?? '';
  const caregivers = (await (
    await page.request.get(`/api/caregivers?q=${encodeURIComponent(twin)}&pageSize=50`)
  ).json()) as {
    items: { id: string; externalId: string | null }[];
  };
  const chosen = caregivers.items.find((person) => person.externalId === `E2-${stamp}`);
  const shifts = (await (
    await page.request.get(`/api/shifts?csvFileId=${csvFileId}&pageSize=50`)
  ).json()) as {
    items: { givShiftId: string; caregiverId: string }[];
  };
  const byId = new Map(shifts.items.map((shift) => [shift.givShiftId, shift.caregiverId]));
  expect(byId.get(`NM-${stamp}-1`)).toBe(chosen?.id);
  expect(byId.get(`NM-${stamp}-2`)).toBe(chosen?.id);
});
