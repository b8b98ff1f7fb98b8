/**
 * "Change password" on /account (issue 4 "Accounts"; docs/accounts.md): the shared admin creates a user through the
 * API (unique email per run, so the shared admin's password never changes); in a fresh context the user signs in,
 * sees a wrong current password and a weak new one refused in words under their inputs, changes the password
 * (other sessions end by default), signs out and signs in with the new password.
 */
import { expect, test } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
  createUser,
} from './support.ts';

const stamp = Date.now().toString(36);
const USER = {
  email: `account.user.${stamp}@example.org`,
  password: 'an old brass compass rose',
  firstName: 'Petra',
  lastName: `Account ${stamp}`,
};
const NEW_PASSWORD = 'seven herons over the weir';

test('a user changes the password on /account, signs out and signs in with the new one', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(adminContext.request, baseURL, { ...USER, role: 'USER' });
  await adminContext.close();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login?redirect=%2Faccount');
  await signInThroughForm(page, { email: USER.email, password: USER.password });
  await expect(page).toHaveURL(/\/account$/);

  const section = page.getByRole('region', { name: 'Change password' });
  await expect(section.getByRole('heading', { name: 'Change password' })).toBeVisible();
  const current = section.getByLabel('Current password', { exact: false });
  const next = section.getByRole('textbox', { name: 'New password', exact: true });
  const repeat = section.getByRole('textbox', { name: 'Repeat the new password' });
  const signOutOthers = section.getByRole('checkbox', { name: 'Sign out my other sessions' });
  await expect(signOutOthers).toBeChecked();
  await snap(page, 'account-page');
  await expectAccessible(page, 'account-page');

  // A wrong current password is named under its input; nothing changes.
  await current.fill('not my password');
  await next.fill(NEW_PASSWORD);
  await repeat.fill(NEW_PASSWORD);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Current password is not right')).toBeVisible();

  // A weak new password lists its reasons under the new-password input.
  await current.fill(USER.password);
  await next.fill('Petra2024!');
  await repeat.fill('Petra2024!');
  await repeat.press('Enter');
  await expect(
    section.getByText(/New password is a commonly used password.*must not contain the name "Petra"/),
  ).toBeVisible();
  await snap(page, 'account-change-password-refused');
  await expectAccessible(page, 'account-change-password-refused');

  // The right one: this browser stays signed in.
  await next.fill(NEW_PASSWORD);
  await repeat.fill(NEW_PASSWORD);
  await repeat.press('Enter');
  await expect(section.getByTestId('password-changed')).toContainText('signed out everywhere else');
  await expect(current).toHaveValue('');
  expect((await page.request.get('/api/me')).status()).toBe(200);
  await snap(page, 'account-password-changed');
  await expectAccessible(page, 'account-password-changed');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?reason=manual_logout/);
  await page.goto('/login?redirect=%2Faccount');
  await signInThroughForm(page, { email: USER.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-email')).toHaveText(USER.email);
  await context.close();
});
