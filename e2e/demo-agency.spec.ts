/**
 * The demo agency shows Tend at work (issue 16 item 9; decision 0038): setup.spec.ts loaded it; its
 * screening and validation jobs run on their own, and the agency home then counts real work: open
 * incidents, suspicious locations to review and segments not ready this month. After validation it
 * billed one week: the export batch is on the exports page and its remittance's denials on the claims page.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, snap } from './support.ts';

interface JobList {
  items: { jobType: string; status: string; metadata: Record<string, unknown> | null }[];
}

test('the demo agency home counts real work once its screening ran', async ({ page }) => {
  // The jobs the demo queued (screening of every shift, validation, billing) finish in the background.
  const settled = async () => {
    const { items } = (await (await page.request.get('/api/jobs?limit=200')).json()) as JobList;
    const demoJobs = items.filter((job) => job.metadata?.afterDemoLoad === true);
    const busy = items.some((job) => job.status === 'QUEUED' || job.status === 'RUNNING');
    const done = (jobType: string) =>
      items.some((job) => job.jobType === jobType && job.status === 'COMPLETED');
    return (
      demoJobs.length === 3 &&
      demoJobs.every((job) => job.status === 'COMPLETED') &&
      done('demo-billing') &&
      done('claim-import') &&
      !busy
    );
  };
  await expect.poll(settled, { timeout: 180_000, intervals: [1000] }).toBe(true);

  await page.goto('/admin');
  await expect(page.getByRole('link', { name: /^Open incidents\s*[1-9][\d,]*$/ })).toBeVisible();
  await expect(
    page.getByRole('link', { name: /^Suspicious locations to review\s*[1-9][\d,]*$/ }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /^Segments not ready this month\s*[\d,]+/ })).toBeVisible();
  await snap(page, 'demo-agency-home');

  // Each severity is there to look at, with a CRITICAL one first.
  await page.getByRole('link', { name: /^Open incidents/ }).click();
  await expect(page).toHaveURL(/\/admin\/incidents/);
  await expect(page.getByText('CRITICAL').or(page.getByText('Critical')).first()).toBeVisible();
  await snap(page, 'demo-agency-incidents');
});

test('the demo agency billed one week and its remittance denied some lines', async ({ page }) => {
  const { items } = (await (await page.request.get('/api/billing-exports')).json()) as {
    items: { notes: string | null; dateFrom: string; dateTo: string }[];
  };
  const demoBatch = items.find((batch) => batch.notes?.startsWith('Demo agency'));
  expect(demoBatch).toBeDefined();
  await page.goto('/admin/billing/exports');
  const batches = page.getByRole('table', { name: 'Export batches' });
  await expect(batches).toContainText(`${demoBatch?.dateFrom} to ${demoBatch?.dateTo}`);
  await expectAccessible(page, 'billing exports with the demo batch');
  await snap(page, 'demo-agency-export-batch');

  await page.goto('/admin/billing/claims');
  const imports = page.getByRole('table', { name: 'Claim imports' });
  await imports
    .getByRole('row', { name: /demo-remittance/ })
    .getByRole('button')
    .first()
    .click();
  await page.getByRole('tab', { name: /^Denied/ }).click();
  const denied = page.getByRole('table', { name: 'Denied lines' });
  await expect(denied).toContainText('CO-29');
  await expect(denied).toContainText('CO-16');
  await expectAccessible(page, 'claims with the demo remittance denials');
  await snap(page, 'demo-agency-claim-denials');
});
