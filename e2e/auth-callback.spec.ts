/**
 * Google sign-in's landing page and the account's sign-in methods (issue 4 "Accounts"; docs/google-sign-in.md).
 * Google itself is not reached: `/auth/callback?error=identity_already_exists` is opened as better-auth would
 * redirect there, and the shared admin's `/account` lists its password identity. Creates nothing.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, forbidDialogs, snap } from './support.ts';

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('/auth/callback shows a callback error in words, with a way back to sign-in', async ({ page }) => {
    forbidDialogs(page);
    await page.goto('/auth/callback?error=identity_already_exists');
    await expect(page.getByRole('heading', { name: 'Sign-in did not finish' })).toBeVisible();
    await expect(page.getByTestId('callback-error')).toContainText(
      'That Google account is already linked to another Tend account',
    );
    await snap(page, 'auth-callback-error');
    await expectAccessible(page, 'auth-callback-error');
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // No Google client in the e2e server: the login page does not offer it.
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  });
});

test('/account lists the password sign-in method', async ({ page }) => {
  forbidDialogs(page);
  await page.goto('/account');
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods.getByTestId('sign-in-method')).toHaveCount(1);
  await expect(methods.getByTestId('sign-in-method').first()).toContainText('Password');
  await snap(page, 'account-sign-in-methods');
  await expectAccessible(page, 'account-sign-in-methods');
  await methods.getByRole('button', { name: 'Remove Password' }).click();
  await expect(methods.getByRole('alert')).toContainText('This is your only way to sign in');
  await expect(methods.getByTestId('sign-in-method')).toHaveCount(1);
});
