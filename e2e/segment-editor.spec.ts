/**
 * The segment editor in the browser (issue 6; docs/segment-editor.md): a shift is imported through
 * `/upload`; on its detail page an admin splits its segment at 11:00 into attendant care and relief
 * care (two codes), changes the first part's code with a reason (a missing reason is named first),
 * marks its respite handled and reads its history (who, when, why, old → new). Every name and code
 * carries the run's stamp.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const caregiver = `Eddie Editor ${stamp}`;
const client = `Sky Split ${stamp}`;
const code = `AC${stamp}`.slice(0, 20);
const relief = `RC${stamp}`.slice(0, 20);
const recoded = `AX${stamp}`.slice(0, 20);

const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

async function upload(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'EVV export file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await page.getByRole('button', { name: 'Upload file' }).click();
}

test('an admin splits a segment into two codes, recodes it with a reason, handles respite and reads its history', async ({
  page,
}) => {
  forbidDialogs(page);
  await page.goto('/upload');
  await upload(
    page,
    `se-shifts-${stamp}.csv`,
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
        `SE-${stamp}-1`,
        caregiver,
        client,
        '2025-08-04',
        '09:00',
        '13:00',
        code,
        '45.52',
        '-122.68',
        '45.53',
        '-122.69',
      ],
    ]),
  );
  await expect(page.getByRole('heading', { name: /^Map the columns of/ })).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });

  const clients = (await (await page.request.get(`/api/clients?q=${encodeURIComponent(client)}`)).json()) as {
    items: { id: string }[];
  };
  const clientId = clients.items[0]?.id as string;
  expect(clientId).toBeTruthy();
  const shifts = (await (await page.request.get(`/api/shifts?clientId=${clientId}`)).json()) as {
    items: { id: string }[];
  };
  expect(shifts.items).toHaveLength(1);
  await page.goto(`/admin/shifts/${shifts.items[0]?.id}`);
  await expect(page.getByRole('heading', { name: /^Shift on Monday, August 4, 2025/ })).toBeVisible();

  const table = page.getByRole('table', { name: 'Segments' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(code);
  await expect(rows.nth(1)).toContainText('import');

  // Split at 11:00: attendant care first, relief care second.
  await rows
    .nth(1)
    .getByRole('button', { name: /^Edit segment/ })
    .click();
  await page.getByRole('menuitem', { name: 'Split' }).click();
  const drawer = page.getByRole('dialog', { name: /^Segment / });
  const splitForm = drawer.getByRole('form', { name: 'Split segment' });
  await expect(splitForm).toBeVisible();
  await expect(splitForm.getByLabel('First part: procedure code')).toHaveValue(code);
  await splitForm.getByLabel(/^Split at/).fill('2025-08-04T13:30');
  await splitForm.getByLabel('Second part: procedure code').fill(relief);
  await splitForm.getByLabel('Reason').fill('The last two hours were relief care');
  await splitForm.getByRole('button', { name: 'Split segment' }).click();
  await expect(splitForm.getByText(/Split at must be after the segment's start/)).toBeVisible();
  await snap(page, 'segment-editor-1-split-form');
  await expectAccessible(page, 'segment-editor-1-split-form');
  await splitForm.getByLabel(/^Split at/).fill('2025-08-04T11:00');
  await splitForm.getByRole('button', { name: 'Split segment' }).click();
  await expect(drawer).toBeHidden();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(code);
  await expect(rows.nth(1)).toContainText('split');
  await expect(rows.nth(2)).toContainText(relief);
  await expect(rows.nth(2)).toContainText('split');
  await snap(page, 'segment-editor-2-split');
  await expectAccessible(page, 'segment-editor-2-split');

  // Change the first part's code: the reason is required.
  await rows
    .nth(1)
    .getByRole('button', { name: /^Edit segment/ })
    .click();
  await page.getByRole('menuitem', { name: 'Change code' }).click();
  const codeForm = drawer.getByRole('form', { name: 'Change code' });
  await codeForm.getByLabel('Procedure code').fill(recoded);
  await codeForm.getByLabel('Modifier').fill('ze');
  await codeForm.getByRole('button', { name: 'Save code' }).click();
  await expect(
    codeForm.getByText('Reason is required when the code, the modifier or respite handling changes'),
  ).toBeVisible();
  await codeForm.getByLabel('Reason').fill('Two staff were present: 2:1 staffing');
  await codeForm.getByRole('button', { name: 'Save code' }).click();
  await expect(drawer).toBeHidden();
  await expect(rows.nth(1)).toContainText(`${recoded} + ZE`);

  // Respite handled.
  await rows
    .nth(1)
    .getByRole('button', { name: /^Edit segment/ })
    .click();
  await page.getByRole('menuitem', { name: 'Respite' }).click();
  const respiteForm = drawer.getByRole('form', { name: 'Respite handling' });
  await respiteForm.getByLabel('Respite handled').check();
  await respiteForm.getByLabel('Reason').fill('Relief worker confirmed for the afternoon');
  await respiteForm.getByRole('button', { name: 'Save respite handling' }).click();
  await expect(drawer).toBeHidden();

  // The history: newest first, who, why, old → new.
  await rows
    .nth(1)
    .getByRole('button', { name: /^Edit segment/ })
    .click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await expect(drawer.getByRole('tab', { name: 'History (3)' })).toBeVisible();
  await expect(drawer.getByText('Respite handling changed')).toBeVisible();
  await expect(drawer.getByText('Relief worker confirmed for the afternoon')).toBeVisible();
  await expect(
    drawer.getByRole('row', { name: new RegExp(`Procedure code ${code}\\s*→?\\s*${recoded}`) }),
  ).toBeVisible();
  await expect(drawer.getByRole('row', { name: /Modifier — →? ?ZE/ })).toBeVisible();
  await expect(drawer.getByText('Two staff were present: 2:1 staffing')).toBeVisible();
  await expect(drawer.getByText('The last two hours were relief care')).toBeVisible();
  await expect(drawer.getByText('Ada Admin').first()).toBeVisible();
  await snap(page, 'segment-editor-3-history');
  await expectAccessible(page, 'segment-editor-3-history');
});
