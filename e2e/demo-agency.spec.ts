/**
 * The demo agency shows Tend at work (issue 16 item 9; decision 0038): setup.spec.ts loaded it; its
 * screening and validation jobs run on their own, and the agency home then counts real work: open
 * incidents, suspicious locations to review and segments not ready this month.
 */
import { expect, test } from '@playwright/test';
import { snap } from './support.ts';

interface JobList {
  items: { jobType: string; status: string; metadata: Record<string, unknown> | null }[];
}

test('the demo agency home counts real work once its screening ran', async ({ page }) => {
  // The jobs the demo queued (screening of every shift, then validation) finish in the background.
  const settled = async () => {
    const { items } = (await (await page.request.get('/api/jobs?limit=200')).json()) as JobList;
    const demoJobs = items.filter((job) => job.metadata?.afterDemoLoad === true);
    const busy = items.some((job) => job.status === 'QUEUED' || job.status === 'RUNNING');
    const validated = items.some((job) => job.jobType === 'segment-validation' && job.status === 'COMPLETED');
    return demoJobs.length === 2 && demoJobs.every((job) => job.status === 'COMPLETED') && validated && !busy;
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
