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

test.describe('signed in', () => {
  test('an unknown path shows the 404 page inside the app frame: navigation and sign-out stay', async ({
    page,
  }) => {
    await page.goto('/admin/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found: /admin/no-such-page' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await snap(page, 'not-found-signed-in');
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Shifts' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/shifts$/);
  });
});

test('every page that shows times names the same zone, the agency’s', async ({ page }) => {
  const named: string[] = [];
  for (const path of [
    '/admin/shifts',
    '/admin/billing/segments',
    '/admin/caregiver-hours',
    '/admin/incidents',
    '/admin/budgetOverages',
  ]) {
    await page.goto(path);
    const words = page.getByTestId('times-in');
    await expect(words).toHaveText(/^Times in [A-Za-z_]+\/[A-Za-z_]+/);
    named.push(((await words.textContent()) ?? '').replace(/;.*$|\.$/, ''));
  }
  expect(new Set(named).size).toBe(1);
});
