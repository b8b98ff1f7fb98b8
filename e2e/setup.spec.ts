import { expect, test } from '@playwright/test';
import { ADMIN, ADMIN_STATE_FILE, SETUP_TOKEN, snap } from './support.ts';

test('first run: the setup link creates the first admin with the demo agency, then Tend is set up', async ({
  page,
}) => {
  await page.goto(`/setup?token=${SETUP_TOKEN}`);
  await expect(page.getByRole('button', { name: 'Create the administrator' })).toBeVisible();
  await snap(page, 'setup');
  await page.getByLabel('First name').fill(ADMIN.firstName);
  await page.getByLabel('Last name').fill(ADMIN.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await expect(page.getByLabel('Load the demo agency (clearly labelled sample data)')).toBeChecked();
  await page.getByRole('button', { name: 'Create the administrator' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await snap(page, 'agency-home');
  await page.context().storageState({ path: ADMIN_STATE_FILE });

  // Setup is one-time: the link now says so.
  const second = await page.context().browser()!.newPage();
  await second.goto(`/setup?token=${SETUP_TOKEN}`);
  await expect(second.getByText('Tend is already set up')).toBeVisible();
  await second.close();
});
