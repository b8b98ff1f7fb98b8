import { expect, test } from '@playwright/test';
import { ADMIN, expectAccessible, signInThroughForm, snap } from './support.ts';

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
    await expectAccessible(page, 'login-error');
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/admin\/clients\?q=a$/);
  });

  test('an unknown path shows the 404 page with its path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page Not Found: /no/such/page')).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
    await snap(page, 'not-found');
    await expectAccessible(page, 'not-found');
  });

  // WCAG 1.4.10 Reflow (issue 18): the caregiver- and family-facing pages at 320 CSS px (what 1280 px at 400 %
  // zoom gives) without horizontal scrolling.
  for (const path of ['/login', '/caregiver/login', '/caregiver/confirm', '/confirm']) {
    test(`${path} reflows at 320 px without horizontal scrolling`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 720 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
      const name = `reflow-320${path.replaceAll('/', '-')}`;
      await snap(page, name);
      await expectAccessible(page, name);
    });
  }
});

test('/account reflows at 320 px without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
  await snap(page, 'reflow-320-account');
  await expectAccessible(page, 'reflow-320-account');
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
    await expectAccessible(page, 'not-found-signed-in');
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
