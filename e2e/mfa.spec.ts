/**
 * Two-step verification (TOTP) for admins (docs/decisions/0009-mfa.md): a new admin signed in with a password
 * only (aal1) cannot open a PHI page or API and is sent to enrol; enrolment shows the key and backup codes once and
 * returns to the page asked for; the next sign-in asks for the code after the password.
 *
 * The admin is created through the API with the shared admin session (unique email per run); this flow signs in
 * afresh in its own context, so signing out here does not touch the shared session.
 */
import { expect, test } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  expectAccessible,
  signInThroughForm,
  snap,
  tabTo,
  totpCode,
  createUser,
} from './support.ts';

const stamp = Date.now().toString(36);
const NEW_ADMIN = {
  email: `mfa.admin.${stamp}@example.org`,
  password: 'a long passphrase for mfa',
  firstName: 'Mfa',
  lastName: `Admin ${stamp}`,
};

test('an aal1 admin cannot open PHI, enrols TOTP, and signs in with it afterwards', async ({
  browser,
  baseURL,
}) => {
  // The shared (aal2) admin creates a second admin.
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(adminContext.request, baseURL, { ...NEW_ADMIN, role: 'ADMIN' });
  await adminContext.close();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();

  // Password only: the session is aal1, so a PHI page sends the admin to enrol, keeping the way back.
  await page.goto('/login?redirect=%2Fadmin%2Fusers');
  await signInThroughForm(page, { email: NEW_ADMIN.email, password: NEW_ADMIN.password });
  await expect(page).toHaveURL(/\/account\/mfa\?redirect=%2Fadmin%2Fusers$/);
  await expect(page.getByText('Required before you continue')).toBeVisible();
  await expect(page.getByTestId('mfa-status')).toHaveText('Off');
  await snap(page, 'mfa-required');
  await expectAccessible(page, 'mfa-required');

  // The server refuses PHI APIs too, whatever the browser does.
  const api = await page.request.get('/api/users');
  expect(api.status()).toBe(403);
  expect((await api.json()).code).toBe('MFA_REQUIRED');
  await page.goto('/admin/clients');
  await expect(page).toHaveURL(/\/account\/mfa\?redirect=%2Fadmin%2Fclients$/);

  // Enrolment: the password again, then the key (as text) and the backup codes, then the first code.
  await page.getByLabel('Your password').fill('not my password at all');
  await page.getByRole('button', { name: 'Start setup' }).click();
  await expect(page.getByRole('alert')).toContainText('password is not right');
  await page.getByLabel('Your password').fill(NEW_ADMIN.password);
  await page.getByRole('button', { name: 'Start setup' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByTestId('totp-uri')).toContainText('otpauth://totp/Tend:');
  // The QR code of the same link, drawn in the browser (never sent anywhere).
  await expect(page.getByRole('img', { name: /QR code of the setup link/ })).toBeVisible();
  await expect(page.getByTestId('backup-codes').locator('code')).toHaveCount(10);
  await snap(page, 'mfa-enrol');
  await expectAccessible(page, 'mfa-enrol');
  await page.getByRole('textbox', { name: 'Verification code' }).fill('000000');
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  const wrongCode = page.getByRole('alert').filter({ hasText: 'code is not right' });
  const code = await totpCode(secret);
  // (000000 could, once in a million, be the current code: then we are already through.)
  if (code !== '000000') await expect(wrongCode).toBeVisible();
  if (code !== '000000') {
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  }
  await expect(page).toHaveURL(/\/admin\/clients$/);

  // The server records the aal2 session.
  await page.goto('/admin/session-debug');
  await expect(page.getByTestId('server-session-aal')).toContainText('aal2');
  await expect(page.getByTestId('server-session-tier')).toContainText('strict_phi');
  await snap(page, 'mfa-session-debug');
  await expectAccessible(page, 'mfa-session-debug');

  // Signing in again: password, then the code step (no session before it).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?reason=manual_logout/);
  await page.goto('/login?redirect=%2Fadmin%2Fusers');
  await page.getByRole('textbox', { name: 'Email' }).fill(NEW_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(NEW_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const codeInput = page.getByRole('textbox', { name: 'Verification code' });
  await expect(codeInput).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await snap(page, 'mfa-sign-in-code');
  await expectAccessible(page, 'mfa-sign-in-code');
  await codeInput.fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await context.close();
});

test('keyboard only: an admin signs in, enrols TOTP, signs out and signs in with the code', async ({
  browser,
  baseURL,
}) => {
  const KEYBOARD_ADMIN = {
    ...NEW_ADMIN,
    email: `mfa.keyboard.${stamp}@example.org`,
    lastName: `Keys ${stamp}`,
  };
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(adminContext.request, baseURL, { ...KEYBOARD_ADMIN, role: 'ADMIN' });
  await adminContext.close();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();

  // Sign in: typed and submitted with Enter.
  await page.goto('/login?redirect=%2Faccount');
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(KEYBOARD_ADMIN.email);
  await tabTo(page, page.getByRole('textbox', { name: 'Password' }));
  await page.keyboard.type(KEYBOARD_ADMIN.password);
  await page.keyboard.press('Enter');
  // An admin without two-step verification is sent to enrol first; the page's heading has the focus.
  await expect(page).toHaveURL(/\/account\/mfa\?redirect=%2Faccount$/);
  await expect(page.getByRole('heading', { name: 'Two-step verification', level: 1 })).toBeFocused();

  // Enrolment: the password, then the first code, each submitted with Enter; then on to the page asked for.
  await tabTo(page, page.getByLabel('Your password'));
  await page.keyboard.type(KEYBOARD_ADMIN.password);
  await page.keyboard.press('Enter');
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await tabTo(page, page.getByRole('textbox', { name: 'Verification code' }));
  await page.keyboard.type(await totpCode(secret));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeFocused();

  // The header's link to two-step verification: on.
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Two-step verification' }), {
    backwards: true,
  });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/mfa$/);
  await expect(page.getByRole('heading', { name: 'Two-step verification', level: 1 })).toBeFocused();
  await expect(page.getByTestId('mfa-status')).toHaveText('On');
  await expectAccessible(page, 'mfa-on-keyboard');

  // Sign out, and in again with the code.
  await tabTo(page, page.getByRole('button', { name: 'Sign out' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\?reason=manual_logout/);
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(KEYBOARD_ADMIN.email);
  await tabTo(page, page.getByRole('textbox', { name: 'Password' }));
  await page.keyboard.type(KEYBOARD_ADMIN.password);
  await page.keyboard.press('Enter');
  const codeInput = page.getByRole('textbox', { name: 'Verification code' });
  await expect(codeInput).toBeVisible();
  await tabTo(page, codeInput);
  await page.keyboard.type(await totpCode(secret));
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('signed-in-user')).toBeVisible();
  await context.close();
});
