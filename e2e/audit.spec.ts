import { expect, test } from '@playwright/test';
import { expectAccessible, snap } from './support.ts';

test('the audit log shows the writes just made', async ({ page, baseURL }) => {
  const name = `Audit check ${Date.now()}`;
  const created = await page.request.post('/api/case-managers', {
    data: { name, county: 'Lane' },
    headers: { origin: baseURL ?? '' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto('/admin/audit?action=case_manager.create');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const row = page.getByRole('row', { name: /case_manager\.create/ }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('ada.admin@example.org');
  await snap(page, 'audit-log');
  await expectAccessible(page, 'audit-log');
  await page.goto(`/admin/audit?entityId=${id}`);
  await expect(page.getByRole('row', { name: /case_manager\.create/ })).toHaveCount(1);
  await page.goto('/admin/audit?action=auth.setup');
  await expect(page.getByRole('row', { name: /auth\.setup/ }).first()).toBeVisible();
});
