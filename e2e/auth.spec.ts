import { expect, test } from '@playwright/test';
import { ADMIN, signInThroughForm, snap } from './support.ts';

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('an admin page sends a signed-out visitor to sign in, and back after signing in', async ({ page }) => {
    await page.goto('/admin/clients?q=a');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong password here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await snap(page, 'login-error');
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/admin\/clients\?q=a$/);
  });

  test('an unknown path shows the 404 page with its path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page Not Found: /no/such/page')).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    await snap(page, 'not-found');
  });
});
