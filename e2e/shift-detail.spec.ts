/**
 * The shift detail page: an admin opens a shift from the list, sees it on the map (no tiles here:
 * the browser is offline, the markers and legend still show), corrects the clock-out with a reason,
 * deletes it and restores it from the deleted shifts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

const example = JSON.parse(
  readFileSync(path.resolve('fixtures/evv/sandata-openevv-visits.example.json'), 'utf8'),
) as Record<string, unknown>[];

/**
 * Imports `visits` (default: the example) under visit ids of this flow's own, so other flows that
 * import the example as is are not disturbed. Returns the upload's csvFileId once the job is done.
 */
async function importVisits(
  request: APIRequestContext,
  baseURL: string,
  visits: Record<string, unknown>[] = example,
): Promise<string> {
  const suffix = Date.now().toString(36);
  const renamed = visits.map((visit) => ({
    ...visit,
    VisitOtherID: `DETAIL-${suffix}-${String(visit.VisitOtherID)}`,
  }));
  const uploaded = await request.post('/api/shift-imports', {
    headers: { origin: baseURL },
    multipart: {
      file: {
        name: 'detail-visits.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(renamed)),
      },
    },
  });
  expect([201, 202]).toContain(uploaded.status());
  const body = (await uploaded.json()) as { csvFileId: string; job: { id: string } };
  const jobStatus = async () =>
    ((await (await request.get(`/api/jobs/${body.job.id}`)).json()) as { status: string }).status;
  await expect.poll(jobStatus, { timeout: 30_000 }).toBe('COMPLETED');
  return body.csvFileId;
}

test('an admin opens a shift, sees its map, corrects the clock-out, deletes and restores it', async ({
  page,
  baseURL,
}) => {
  forbidDialogs(page);
  const csvFileId = await importVisits(page.request, baseURL as string);

  await page.goto(`/admin/shifts?csvFileId=${csvFileId}`);
  await expect(page.getByRole('row', { name: /T1004/ })).toHaveCount(2);
  await page.getByRole('row', { name: /Verified/ }).click();
  await expect(page).toHaveURL(/\/admin\/shifts\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();

  // Header and facts: times in the visit's zone, named; coordinates as recorded.
  await expect(page.getByRole('heading', { name: 'Shift on Monday, January 15, 2024' })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Jan 15, 4:00\sAM EST$/).first()).toBeVisible();
  await expect(page.getByText('4 h 00 min')).toBeVisible();
  await expect(page.getByText('detail-visits.json')).toBeVisible();

  // The map: both markers and the legend, with no tiles loaded.
  const map = page.getByRole('region', { name: 'Map of clock-in and clock-out locations' });
  await expect(map).toBeVisible();
  await expect(map.locator('path.shift-map-marker-in')).toHaveCount(1);
  await expect(map.locator('path.shift-map-marker-out')).toHaveCount(1);
  const legend = page.getByRole('list', { name: 'Map legend' });
  await expect(legend.getByText('Clock-in')).toBeVisible();
  await expect(legend.getByText('Clock-out')).toBeVisible();
  await page.getByRole('button', { name: 'Show source record' }).click();
  await expect(page.getByText('"ProcedureCode": "T1004"').first()).toBeVisible();
  await snap(page, 'shift-detail-page');
  await expectAccessible(page, 'shift-detail-page');

  // Correct the clock-out (in the visit's zone: 9:30 AM EST = 14:30 UTC) with a reason.
  await page.getByRole('button', { name: 'Correct shift' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct shift' });
  await expect(dialog.getByLabel('Clock-out (America/New_York)')).toHaveValue('2024-01-15T08:00');
  // Saving with nothing but a reason says nothing changed.
  await dialog.getByLabel('Reason').fill('Caregiver forgot to clock out');
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(dialog.getByText('Nothing was changed')).toBeVisible();
  await dialog.getByLabel('Clock-out (America/New_York)').fill('2024-01-15T09:30');
  await snap(page, 'shift-detail-correct-form');
  await expectAccessible(page, 'shift-detail-correct-form');
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('Manually adjusted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('evv-reason')).toHaveText('Adjusted: Caregiver forgot to clock out');
  await expect(page.getByText('5 h 30 min')).toBeVisible();
  const history = page.getByRole('region', { name: /Change history/ });
  await expect(history.getByText('Corrected', { exact: true })).toBeVisible();
  await expect(history.getByText('Ada Admin').first()).toBeVisible();
  await expect(
    history.getByRole('row', { name: /Clock-out Jan 15, 8:00\sAM EST\s*→?\s*Jan 15, 9:30\sAM EST/ }),
  ).toBeVisible();
  await snap(page, 'shift-detail-corrected');
  await expectAccessible(page, 'shift-detail-corrected');

  // Delete with a reason: the banner says who, when and why.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete shift' });
  await confirm.getByRole('button', { name: 'Delete shift' }).click();
  await expect(confirm.getByText('Reason is required')).toBeVisible();
  await confirm.getByLabel('Reason').fill('Entered twice by mistake');
  await confirm.getByRole('button', { name: 'Delete shift' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('This shift is deleted')).toBeVisible();
  await expect(page.getByText('Entered twice by mistake').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Correct shift' })).toHaveCount(0);
  await snap(page, 'shift-detail-deleted');
  await expectAccessible(page, 'shift-detail-deleted');

  // It is among the deleted shifts, and gone from the live list.
  await page.goto(`/admin/shifts?csvFileId=${csvFileId}&state=deleted`);
  await expect(page.getByRole('row', { name: /T1004/ })).toHaveCount(1);
  await page.getByRole('row', { name: /Manually adjusted/ }).click();
  await expect(page).toHaveURL(detailUrl);

  await page.getByRole('button', { name: 'Restore' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore shift' });
  await restore.getByLabel('Reason').fill('Not a duplicate after all');
  await restore.getByRole('button', { name: 'Restore shift' }).click();
  await expect(restore).toBeHidden();
  await expect(page.getByText('This shift is deleted')).toHaveCount(0);
  await expect(history.getByText('Restored', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Correct shift' })).toBeVisible();
  await snap(page, 'shift-detail-restored');
  await expectAccessible(page, 'shift-detail-restored');

  await page.goto(`/admin/shifts?csvFileId=${csvFileId}`);
  await expect(page.getByRole('row', { name: /T1004/ })).toHaveCount(2);
});

test('impossible coordinates are shown as recorded, flagged, and left off the map', async ({
  page,
  baseURL,
}) => {
  forbidDialogs(page);
  const [first] = example as [Record<string, unknown>];
  const calls = first.Calls as Record<string, unknown>[];
  const badGps = { ...first, VisitOtherID: 'BADGPS', Calls: [{ ...calls[0], CallLatitude: 123 }, calls[1]] };
  const csvFileId = await importVisits(page.request, baseURL as string, [badGps]);

  await page.goto(`/admin/shifts?csvFileId=${csvFileId}`);
  await page.getByRole('row', { name: /Invalid coordinates/ }).click();
  await expect(page.getByRole('heading', { name: 'Shift on Monday, January 15, 2024' })).toBeVisible();
  await expect(page.getByText('123, -72.6734', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid location', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Clock-in location 123, -72.6734 is impossible and is not shown on the map.'),
  ).toBeVisible();
  const map = page.getByRole('region', { name: 'Map of clock-in and clock-out locations' });
  await expect(map.locator('path.shift-map-marker-in')).toHaveCount(0);
  await expect(map.locator('path.shift-map-marker-out')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Map legend' }).getByText('(not on the map)')).toBeVisible();
  await snap(page, 'shift-detail-invalid-location');
  await expectAccessible(page, 'shift-detail-invalid-location');
});
