/**
 * The admin-redirect alert (spec s.2, s.8, s.9; issue 4): a signed-in non-admin who opens an admin page is sent
 * home, where a dismissible red alert says why; it hides after 5 seconds and the stored message is removed
 * (sessionStorage `tend.adminRedirectMessage`). The account is created through the API by the shared admin.
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
  email: `plain.user.${stamp}@example.org`,
  password: 'gentle rain on a tin roof',
  firstName: 'Pat',
  lastName: `User ${stamp}`,
};

test('a non-admin opening an admin page sees the red redirect alert, which vanishes', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(adminContext.request, baseURL, { ...USER, role: 'USER' });
  await adminContext.close();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login');
  await signInThroughForm(page, { email: USER.email, password: USER.password });
  await expect(page).toHaveURL(new URL('/', baseURL).toString());

  await page.goto('/admin/users');
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  const alert = page.getByTestId('admin-redirect-alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('“Users” needs an administrator account');
  // Red: Mantine's red alert colours.
  await expect(alert).toHaveAttribute('style', /--mantine-color-red/);
  // The stored message is removed once shown (read in the page; the e2e typings have no DOM).
  const stored = await page.evaluate("window.sessionStorage.getItem('tend.adminRedirectMessage')");
  expect(stored).toBeNull();
  await snap(page, 'admin-redirect-alert');
  await expectAccessible(page, 'admin-redirect-alert');
  // Hides by itself after 5 seconds.
  await expect(alert).toBeHidden({ timeout: 8_000 });

  // Dismissible before that.
  await page.goto('/admin/audit');
  await expect(alert).toContainText('“Audit log” needs an administrator account');
  await page.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(alert).toBeHidden();
  // Nothing shows again on reload: the message was removed.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tend Family', level: 1 })).toBeVisible();
  await expect(alert).toHaveCount(0);

  await context.close();
});
