/**
 * `/admin/baselineLocations` (issue 5): an admin imports a CSV of shifts through `/upload` (a client
 * with 6 shifts at home and one clock-in 10 km away), runs the location screening with its progress
 * bar, sees the client's learned baseline on the map (no tiles here: circle, points, outlier and
 * legend still show), and reviews the far clock-in with a note. Names carry the run's stamp so the
 * flow never collides with other flows' data.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectFocusWithin, forbidDialogs, snap, tabTo } from './support.ts';

const stamp = Date.now().toString(36).toUpperCase();
const client = `Loc Client ${stamp}`;
const caregiver = `Loc Carer ${stamp}`;

const cell = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
const header = [
  'Visit Ref',
  'Staff Member',
  'Individual',
  'Svc Date',
  'Time In',
  'Time Out',
  'In Location',
  'Out Location',
  'Proc',
];
const mapping: [string, RegExp][] = [
  ['Visit Ref', /^Shift id/],
  ['Staff Member', /^Caregiver name/],
  ['Individual', /^Client name/],
  ['Svc Date', /^Service date/],
  ['Time In', /^Clock-in time/],
  ['Time Out', /^Clock-out time/],
  ['In Location', /^Clock-in "latitude, longitude"/],
  ['Out Location', /^Clock-out "latitude, longitude"/],
  ['Proc', /^Billing code/],
];
const home = (i: number) => `${(44.0521 + i * 0.00002).toFixed(5)}, ${(-123.0868 - i * 0.00001).toFixed(5)}`;
const rows = [
  ...Array.from({ length: 6 }, (_, i) => [
    `LOC-${stamp}-${i + 1}`,
    caregiver,
    client,
    `10/${String(i + 6).padStart(2, '0')}/2025`,
    '9:00 AM',
    '1:00 PM',
    home(i),
    home(i + 1),
    'OR526',
  ]),
  [
    `LOC-${stamp}-FAR`,
    caregiver,
    client,
    '10/13/2025',
    '9:00 AM',
    '1:00 PM',
    '44.1421, -123.0868',
    home(0),
    'OR526',
  ],
];

async function importThroughUpload(page: Page) {
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Import shifts' })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'EVV export file' }).click();
  await (
    await chooser
  ).setFiles({
    name: `locations-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv([header, ...rows]), 'utf8'),
  });
  await page.getByRole('button', { name: 'Upload file' }).click();
  await expect(
    page.getByRole('heading', { name: `Map the columns of locations-${stamp}.csv` }),
  ).toBeVisible();
  for (const [column, option] of mapping) {
    await page.getByRole('combobox', { name: `Tend field for column ${column}` }).click();
    await page.getByRole('option', { name: option }).click();
  }
  await expect(page.getByText('The mapping needs attention')).toBeHidden();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
}

async function pickClient(page: Page, scope: Page | ReturnType<Page['getByRole']>) {
  const input = scope.getByRole('combobox', { name: 'Client' });
  await input.fill(client);
  await page.getByRole('option', { name: client }).click();
}

test('an admin screens imported shifts, sees the baseline on the map and reviews a far clock-in', async ({
  page,
}) => {
  forbidDialogs(page);
  await importThroughUpload(page);

  await page.goto('/admin/baselineLocations');
  await expect(page.getByRole('heading', { name: 'Suspicious locations and baselines' })).toBeVisible();
  await page.getByRole('button', { name: 'Screen new shifts' }).click();
  await expect(page).toHaveURL(/[?&]job=/);
  await expect(page.getByRole('progressbar', { name: 'Screening progress' })).toBeVisible();
  await expect(page.getByText(/^Finished · 100%/)).toBeVisible({ timeout: 60_000 });
  await snap(page, 'locations-1-screened');
  await expectAccessible(page, 'locations-1-screened');

  // The queue, filtered to this client: the far clock-in, HIGH.
  await pickClient(page, page.getByRole('search', { name: 'Filter suspicious locations' }));
  await expect(page).toHaveURL(/clientId=/);
  const row = page.getByRole('row', { name: /Clock-in far from home/ });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('High');
  await expect(row).toContainText(caregiver);
  await snap(page, 'locations-2-queue');
  await expectAccessible(page, 'locations-2-queue');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const saved = await (await download).path();
  const exported = readFileSync(saved, 'utf8');
  expect(exported).toContain('Level,What,Date,Client,Caregiver,Distance (m)');
  expect(exported).toContain(`HIGH,Clock-in far from home,2025-10-13,${client},${caregiver}`);

  // The review, by keyboard alone (issue 18): the row opens with Enter, the drawer takes the focus,
  // the note is typed and the buttons pressed with Enter.
  // The review drawer: figures, map (flagged punch, fence, legend), note required.
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Clock-in far from home' });
  await expect(drawer).toBeVisible();
  await expectFocusWithin(drawer);
  await expect(drawer.getByText('10 km (6.2 mi)')).toBeVisible();
  const map = drawer.getByRole('region', { name: "Map of the flagged punch and the client's places" });
  await expect(map.locator('path.location-map-actual')).toHaveCount(1);
  await expect(map.locator('path.location-map-fence')).toHaveCount(2);
  await expect(drawer.getByRole('list', { name: 'Map legend' }).getByText('Flagged punch')).toBeVisible();
  await tabTo(page, drawer.getByRole('button', { name: 'Mark reviewed' }));
  await page.keyboard.press('Enter');
  await expect(drawer.getByText('Review note is required')).toBeVisible();
  await tabTo(page, drawer.getByRole('textbox', { name: 'Review note' }), { backwards: true });
  await page.keyboard.type('Called the caregiver: the client was at a medical appointment.');
  await snap(page, 'locations-3-review-drawer');
  await expectAccessible(page, 'locations-3-review-drawer');
  await tabTo(page, drawer.getByRole('button', { name: 'Mark reviewed' }));
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('row', { name: /Clock-in far from home/ })).toHaveCount(0);
  // The reviewed row left the "to review" list, and it was the only one of this client: the focus is on the
  // list's empty state (the next row when there is one), not lost on the page's body.
  const emptyList = page.locator('[data-list-empty]');
  await expect(emptyList).toContainText('No findings match these filters');
  await expect(emptyList).toBeFocused();
  await snap(page, 'locations-3b-reviewed-focus');
  await expectAccessible(page, 'locations-3b-reviewed-focus');
  await page
    .getByRole('search', { name: 'Filter suspicious locations' })
    .getByText('Reviewed', { exact: true })
    .click();
  await expect(page.getByRole('radio', { name: 'Reviewed' })).toBeChecked();
  const reviewed = page.getByRole('row', { name: /Clock-in far from home/ });
  await expect(reviewed).toContainText('Reviewed');
  await reviewed.click();
  await expect(
    page.getByText('Called the caregiver: the client was at a medical appointment.').first(),
  ).toBeVisible();
  await expect(page.getByText(/^Reviewed by /)).toBeVisible();
  await page.keyboard.press('Escape');

  // The baselines tab: the client's learned home on the map, with the outlier.
  await page.getByRole('tab', { name: 'Baselines' }).click();
  await pickClient(page, page.getByRole('search', { name: 'Filter baselines' }));
  const baselineRow = page.getByRole('row', { name: new RegExp(client) });
  await expect(baselineRow).toContainText('Learned');
  await expect(baselineRow).toContainText('100 m');
  await baselineRow.click();
  await expect(page).toHaveURL(/[?&]client=/);
  const baselineDrawer = page.getByRole('dialog', { name: `Baseline — ${client}` });
  const baselineMap = baselineDrawer.getByRole('region', { name: new RegExp(`Map of ${client}`) });
  await expect(baselineMap.locator('path.location-map-fence')).toHaveCount(2);
  await expect(baselineMap.locator('path.location-map-in')).toHaveCount(6);
  await expect(baselineMap.locator('path.location-map-outlier')).toHaveCount(1);
  await expect(
    baselineDrawer
      .getByRole('list', { name: 'Map legend' })
      .getByText('Outlier (outside the fence): large dot'),
  ).toBeVisible();
  await expect(baselineDrawer.getByRole('group', { name: 'Shifts with coordinates: 7' })).toBeVisible();
  await snap(page, 'locations-4-baseline-map');
  await expectAccessible(page, 'locations-4-baseline-map');

  // An approved place, picked by clicking the map: listed and drawn with its own dashed circle.
  await baselineMap.click({ position: { x: 120, y: 300 } });
  await expect(baselineDrawer.getByRole('textbox', { name: 'Latitude' })).not.toHaveValue('');
  await baselineDrawer.getByRole('textbox', { name: 'Label' }).fill(`Family home ${stamp}`);
  await baselineDrawer.getByRole('button', { name: 'Add approved location' }).click();
  await expect(baselineDrawer.getByText(`Family home ${stamp}`)).toBeVisible();
  await expect(baselineMap.locator('path.location-map-approved')).toHaveCount(1);
  await baselineDrawer
    .getByRole('button', { name: `Remove approved location Family home ${stamp}` })
    .scrollIntoViewIfNeeded();
  await snap(page, 'locations-5-approved-location');
  await expectAccessible(page, 'locations-5-approved-location');

  // Edit it: the form loads its values; saving renames it (and the server screens the shifts again).
  await baselineDrawer.getByRole('button', { name: `Edit approved location Family home ${stamp}` }).click();
  const editForm = baselineDrawer.getByRole('form', { name: 'Edit approved location' });
  await expect(editForm.getByRole('textbox', { name: 'Label' })).toHaveValue(`Family home ${stamp}`);
  await editForm.getByRole('textbox', { name: 'Label' }).fill(`Grandma's home ${stamp}`);
  await editForm.getByRole('button', { name: 'Save approved location' }).click();
  await expect(baselineDrawer.getByText(`Grandma's home ${stamp}`)).toBeVisible();
  await expect(baselineDrawer.getByRole('form', { name: 'Add approved location' })).toBeVisible();
  await expect(baselineMap.locator('path.location-map-approved')).toHaveCount(1);
});
