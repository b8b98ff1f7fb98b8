import { expect, test } from '@playwright/test';
import {
  ADMIN,
  ADMIN_STATE_FILE,
  expectAccessible,
  saveAdminTotpSecret,
  SETUP_TOKEN,
  snap,
  totpCode,
} from './support.ts';

test('first run: the setup link creates the first admin with the demo agency and TOTP, then Tend is set up', async ({
  page,
}) => {
  await page.goto(`/setup?token=${SETUP_TOKEN}`);
  await expect(page.getByRole('button', { name: 'Create the administrator' })).toBeVisible();
  await snap(page, 'setup');
  await expectAccessible(page, 'setup');
  await page.getByLabel('First name').fill(ADMIN.firstName);
  await page.getByLabel('Last name').fill(ADMIN.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await expect(page.getByLabel('Load the demo agency (clearly labelled sample data)')).toBeChecked();
  await page.getByRole('button', { name: 'Create the administrator' }).click();

  // Admins need two-step verification before any page with health information (decision 0009): the new admin
  // is sent to enrol a TOTP key, then back. The saved session is aal2, so every other flow can open PHI.
  // The demo agency is written within the setup request (several seconds on a busy 2-core machine).
  await expect(page).toHaveURL(/\/account\/mfa\?redirect=%2Fadmin$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Two-step verification', level: 1 })).toBeVisible();
  await page.getByLabel('Your password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Start setup' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  saveAdminTotpSecret(secret);
  await expect(page.getByTestId('backup-codes').locator('code')).toHaveCount(10);
  await snap(page, 'setup-mfa-enrol');
  await expectAccessible(page, 'setup-mfa-enrol');
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await snap(page, 'agency-home');
  await expectAccessible(page, 'agency-home');
  await page.context().storageState({ path: ADMIN_STATE_FILE });

  // Setup is one-time: the link now says so.
  const second = await page.context().browser()!.newPage();
  await second.goto(`/setup?token=${SETUP_TOKEN}`);
  await expect(second.getByText('Tend is already set up')).toBeVisible();
  await second.close();
});
