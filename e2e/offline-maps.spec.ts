/**
 * Maps work offline (issue 16 item 7; decision 0038): with the configured tile server unreachable
 * (this flow's server sets MAP_TILE_URL to a host the browser blocks here), the shift map draws
 * Tend's bundled US state and county outlines, fetched from Tend itself, under its markers and legend.
 */
import { expect, test } from '@playwright/test';
import { forbidDialogs, importExampleVisits, snap } from './support.ts';

test('the shift map draws the bundled US outlines when tiles cannot load', async ({ page, baseURL }) => {
  forbidDialogs(page);
  const tileRequests: string[] = [];
  const foreign: string[] = [];
  await page.route(
    (url) => url.origin !== new URL(baseURL as string).origin,
    async (route) => {
      const url = route.request().url();
      (url.includes('tiles.') ? tileRequests : foreign).push(url);
      await route.abort('blockedbyclient');
    },
  );

  const csvFileId = await importExampleVisits(page, 'OFFLINE', baseURL as string);
  await page.goto(`/admin/shifts?csvFileId=${csvFileId}`);
  await page.getByRole('row', { name: /Verified/ }).click();
  const map = page.getByRole('region', { name: 'Map of clock-in and clock-out locations' });
  await expect(map.locator('path.shift-map-marker-in')).toHaveCount(1);

  // Tiles were asked for and refused; the outlines draw instead, from Tend's own origin.
  await expect.poll(() => tileRequests.length).toBeGreaterThan(0);
  await expect(map.locator('path.tend-outline-land')).toHaveCount(1);
  await expect(map.locator('path.tend-outline-states')).toHaveCount(1);
  await expect(map.locator('path.tend-outline-counties')).toHaveCount(1);
  await expect(map.getByText('US outlines: U.S. Census Bureau (us-atlas)')).toBeVisible();
  // Markers stay over the outlines, and the legend keeps each coordinate beside the map.
  await expect(map.locator('path.shift-map-marker-out')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Map legend' }).getByText('Clock-in')).toBeVisible();

  // Zoomed out, a step at a time (Leaflet drops a click that lands mid-animation), until county and state
  // borders show around the visit.
  const drawn = async (kind: string) =>
    /L/.test((await map.locator(`path.tend-outline-${kind}`).getAttribute('d')) ?? '');
  await expect
    .poll(
      async () => {
        if ((await drawn('counties')) && (await drawn('states'))) return true;
        await map.getByRole('button', { name: 'Zoom out' }).click();
        return false;
      },
      { timeout: 30_000, intervals: [400] },
    )
    .toBe(true);
  await snap(page, 'offline-map-outlines');
  expect(foreign.filter((url) => !url.includes('tiles.'))).toEqual([]);
});
