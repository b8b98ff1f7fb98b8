/**
 * Shift records (`/admin/shifts`; `/production/shifts` lists only shifts promoted from staging) over the demo agency loaded by setup.spec.ts:
 * filters in the URL, totals that follow them, sorting, paging, the CSV export of the filtered set,
 * clearing, reloading, and a row opening the shift's page.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

interface Totals {
  shifts: number;
  hours: number;
}

const count = new Intl.NumberFormat('en-US');
const hours = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** The totals line as the page writes it: "1,234 shifts · 5,678.5 hours". */
const totalsText = (t: Totals) =>
  `${count.format(t.shifts)} ${t.shifts === 1 ? 'shift' : 'shifts'} · ${hours.format(t.hours)} ${t.hours === 1 ? 'hour' : 'hours'}`;

/** The API's totals for the page's current URL filters (the same session). */
async function apiTotals(page: Page): Promise<Totals> {
  const search = new URL(page.url()).search;
  const response = await page.request.get(`/api/shifts${search}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { totals: Totals }).totals;
}

const totals = (page: Page) => page.getByTestId('shift-totals');
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

test('shift records: filter, totals, sort, page, export, clear and reload', async ({ page }) => {
  forbidDialogs(page);
  await page.goto('/admin/shifts');
  await expect(page.getByRole('heading', { name: 'Shifts', level: 1 })).toBeVisible();
  await expect(totals(page)).toHaveText(/^[\d,]+ shifts · [\d,.]+ hours$/);
  const everything = await apiTotals(page);
  expect(everything.shifts).toBeGreaterThan(1000);
  await expect(totals(page)).toHaveText(totalsText(everything));
  await expect(page.getByRole('table', { name: 'Shifts' }).getByRole('row')).not.toHaveCount(0);
  await snap(page, 'shift-records-all');
  await expectAccessible(page, 'shift-records-all');

  // A client with shifts (other flows add people without any), searched by name through the server.
  const newest = await page.request.get('/api/shifts?pageSize=1');
  const clientName =
    ((await newest.json()) as { items: { clientName: string }[] }).items[0]?.clientName ?? '';
  expect(clientName).not.toBe('');
  const client = page.getByRole('combobox', { name: 'Client', exact: true });
  await client.click();
  await client.fill(clientName.slice(0, 4));
  await page.getByRole('listbox').getByRole('option', { name: clientName, exact: true }).click();
  await expect(page).toHaveURL(/clientId=/);
  const clientTotals = await apiTotals(page);
  expect(clientTotals.shifts).toBeLessThan(everything.shifts);
  await expect(totals(page)).toHaveText(totalsText(clientTotals));
  const rows = page.getByRole('table', { name: 'Shifts' }).locator('tbody tr');
  await expect(rows.first()).toContainText(clientName);

  // The client's last two weeks of visits.
  const latest = await page.request.get(
    `/api/shifts${new URL(page.url()).search}&pageSize=1&sort=date&order=desc`,
  );
  const lastDate = ((await latest.json()) as { items: { date: string }[] }).items[0]!.date;
  const fromDate = isoDay(new Date(Date.parse(`${lastDate}T00:00:00Z`) - 13 * 86_400_000));
  // One change at a time: React Router's functional setSearchParams reads the last rendered URL.
  await page.getByLabel('From date', { exact: true }).fill(fromDate);
  await expect(page).toHaveURL(new RegExp(`from=${fromDate}`));
  await page.getByLabel('To date', { exact: true }).fill(lastDate);
  await expect(page).toHaveURL(new RegExp(`from=${fromDate}&to=${lastDate}`));
  const rangeTotals = await apiTotals(page);
  expect(rangeTotals.shifts).toBeGreaterThan(0);
  expect(rangeTotals.shifts).toBeLessThanOrEqual(clientTotals.shifts);
  await expect(totals(page)).toHaveText(totalsText(rangeTotals));
  await snap(page, 'shift-records-client-range');
  await expectAccessible(page, 'shift-records-client-range');

  // Export the filtered set: BOM, header, one line per shift.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^shifts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(
    /^Shift id,External visit id,Date,Caregiver id,Caregiver external id,Caregiver,Client id,Client PID,Client prime,Client,Procedure code,Modifier,Clock-in,Clock-out,Hours,Minutes,/,
  );
  // One rounding rule (decision 0037): the Hours column adds up to the total the page shows.
  const records = parse<Record<string, string>>(csv.slice(1), { columns: true });
  const hundredths = records.reduce((sum, row) => sum + Math.round(Number(row.Hours || 0) * 100), 0);
  expect(hundredths / 100).toBe(rangeTotals.hours);
  expect(lines.length - 1).toBe(rangeTotals.shifts);
  expect(lines.slice(1).every((line) => line.includes(clientName))).toBe(true);

  // EVV status narrows further (or empties, with its own message).
  await page.getByRole('combobox', { name: 'EVV status' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Verified' }).click();
  await expect(page).toHaveURL(/evvStatus=VERIFIED/);
  const verified = await apiTotals(page);
  await expect(totals(page)).toHaveText(totalsText(verified));
  if (verified.shifts > 0) {
    await expect(rows.filter({ hasNotText: 'Verified' })).toHaveCount(0);
  } else {
    await expect(page.getByText('No shifts match these filters')).toBeVisible();
  }

  // Reload keeps every filter (they live in the URL).
  const filteredUrl = page.url();
  await page.reload();
  await expect(page).toHaveURL(filteredUrl);
  await expect(page.getByLabel('From date', { exact: true })).toHaveValue(fromDate);
  await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(clientName);
  await expect(page.getByRole('combobox', { name: 'EVV status' })).toHaveValue('Verified');
  await expect(totals(page)).toHaveText(totalsText(verified));
  await snap(page, 'shift-records-reloaded');
  await expectAccessible(page, 'shift-records-reloaded');

  // Filters matching nothing say so and offer to clear.
  await page.getByLabel('Billing code').fill('NOPE1');
  await expect(page.getByText('No shifts match these filters')).toBeVisible();
  await expect(totals(page)).toHaveText('0 shifts · 0 hours');
  await snap(page, 'shift-records-no-match');
  await expectAccessible(page, 'shift-records-no-match');

  // Clear filters: back to everything.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/admin\/shifts$/);
  await expect(totals(page)).toHaveText(totalsText(everything));

  // Sort by date ascending, then page 2 keeps the sort.
  const table = page.getByRole('table', { name: 'Shifts' });
  await table.getByRole('button', { name: 'Date' }).click();
  await expect(page).toHaveURL(/order=asc/);
  await expect(table.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'ascending');
  const firstCell = table.locator('tbody tr').first().locator('td').first();
  const firstDateOf = async () => {
    const response = await page.request.get(`/api/shifts${new URL(page.url()).search}`);
    return ((await response.json()) as { items: { date: string }[] }).items[0]!.date;
  };
  const firstDate = await firstDateOf();
  await expect(firstCell).toHaveText(firstDate);
  expect(firstDate < lastDate).toBe(true);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/order=asc/);
  const secondPageFirst = await firstDateOf();
  await expect(firstCell).toHaveText(secondPageFirst);
  expect(secondPageFirst >= firstDate).toBe(true);
  await snap(page, 'shift-records-sorted-page-2');
  await expectAccessible(page, 'shift-records-sorted-page-2');

  // A row opens the shift's own page.
  await table.locator('tbody tr').first().click();
  await expect(page).toHaveURL(/\/admin\/shifts\/[0-9a-f-]{36}$/);
});

test('production shifts: only shifts promoted from staging, and the page says so', async ({ page }) => {
  // The demo agency's visits are imported, not promoted from staging (issue 16: not the same page twice).
  await page.goto('/production/shifts');
  await expect(page.getByRole('heading', { name: 'Production shifts', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Shifts promoted from staging:/)).toBeVisible();
  const response = await page.request.get('/api/production-shifts');
  expect(response.ok()).toBe(true);
  const production = (await response.json()) as { total: number };
  const all = (await (await page.request.get('/api/shifts')).json()) as { total: number };
  expect(all.total).toBeGreaterThan(production.total);
  if (production.total === 0) {
    await expect(page.getByText('No shifts promoted from staging yet')).toBeVisible();
    await expect(page.getByText('Staging import from the scheduling system comes later')).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await expectAccessible(page, 'production-shifts');
  await snap(page, 'shift-records-production');
  await page.getByRole('link', { name: 'Open Shifts' }).click();
  await expect(page).toHaveURL(/\/admin\/shifts$/);
});
