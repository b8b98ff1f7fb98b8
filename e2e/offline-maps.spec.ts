/**
 * Maps work offline (issue 16 item 7; decision 0038): with the configured tile server unreachable
 * (this flow's server sets MAP_TILE_URL to a host the browser blocks here), the shift map draws
 * Tend's bundled US state and county outlines, fetched from Tend itself, under its markers and legend.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { forbidDialogs, snap } from './support.ts';

const example = JSON.parse(
  readFileSync(path.resolve('fixtures/evv/sandata-openevv-visits.example.json'), 'utf8'),
) as Record<string, unknown>[];

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

  const suffix = Date.now().toString(36);
  const visits = example.map((visit) => ({
    ...visit,
    VisitOtherID: `OFFLINE-${suffix}-${String(visit.VisitOtherID)}`,
  }));
  const uploaded = await page.request.post('/api/shift-imports', {
    headers: { origin: baseURL as string },
    multipart: {
      file: {
        name: 'offline-visits.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(visits)),
      },
    },
  });
  expect([201, 202]).toContain(uploaded.status());
  const body = (await uploaded.json()) as { csvFileId: string; job: { id: string } };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/jobs/${body.job.id}`)).json()) as { status: string }).status,
      {
        timeout: 30_000,
      },
    )
    .toBe('COMPLETED');

  await page.goto(`/admin/shifts?csvFileId=${body.csvFileId}`);
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
