/**
 * Password recovery (spec issue 4; docs/accounts.md): the shared admin creates a user through the API; in a fresh
 * browser the user chooses "Forgot your password?" on /login, the flow reads the reset link from the outbox, a
 * weak password is refused in words, a good one is saved (every session ends) and the user signs in with it.
 * An unknown email gets the same answer. An account made with a phone number only resets by a texted code
 * (docs/decisions/0019-caregiver-sms-codes.md).
 */
import { expect, test } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  expectAccessible,
  fictitiousPhone,
  forbidDialogs,
  signInThroughForm,
  snap,
  createUser,
} from './support.ts';

const stamp = Date.now().toString(36);
const USER = {
  email: `forgetful.${stamp}@example.org`,
  password: 'first passphrase of the morning',
  firstName: 'Fern',
  lastName: `Forgetful ${stamp}`,
};
const NEW_PASSWORD = 'second passphrase by moonlight';
/** The phone-only account's number. */
const { line: PHONE_LINE, e164: PHONE } = fictitiousPhone('password-recovery');

test('a user resets a forgotten password from an emailed link and signs in with it', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const admin = adminContext.request;
  await createUser(admin, baseURL, { ...USER, role: 'USER' });

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  forbidDialogs(page);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/forgot=1/);
  const recovery = page.getByRole('form', { name: 'Reset your password' });
  // An unknown email gets the same answer as a known one.
  await recovery.getByRole('textbox', { name: 'Email' }).fill(`nobody.${stamp}@example.org`);
  await recovery.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('recovery-sent')).toContainText('If an account uses');
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page
    .getByRole('form', { name: 'Reset your password' })
    .getByRole('textbox', { name: 'Email' })
    .fill(USER.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('recovery-sent')).toBeVisible();
  await snap(page, 'recovery-sent');
  await expectAccessible(page, 'recovery-sent');

  const unknown = await admin.get(
    `/api/outbox?page=1&pageSize=1&to=${encodeURIComponent(`nobody.${stamp}@example.org`)}`,
  );
  expect(((await unknown.json()) as { total: number }).total).toBe(0);
  let link: string | null = null;
  await expect(async () => {
    const response = await admin.get(`/api/outbox?page=1&pageSize=1&to=${encodeURIComponent(USER.email)}`);
    const { items } = (await response.json()) as { items: { textBody: string | null }[] };
    link = /(https?:\/\/\S+\/confirm\?\S+)/.exec(items[0]?.textBody ?? '')?.[1] ?? null;
    expect(link).toContain('/confirm?type=recovery&token=');
  }).toPass({ timeout: 10_000 });
  const url = new URL(link as unknown as string);

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New password' }).fill('password123');
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('password123');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(/commonly used password/)).toBeVisible();
  await snap(page, 'recovery-weak-password');
  await expectAccessible(page, 'recovery-weak-password');

  await page.getByRole('textbox', { name: 'New password' }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();
  await snap(page, 'recovery-done');
  await expectAccessible(page, 'recovery-done');

  // The link works once.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByRole('textbox', { name: 'New password' }).fill('a third passphrase for luck');
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('a third passphrase for luck');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('already been used');

  await page.goto('/login');
  await signInThroughForm(page, { email: USER.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  const me = await page.request.get('/api/me');
  expect(await me.json()).toMatchObject({ email: USER.email, role: 'USER' });

  await context.close();
  await adminContext.close();
});

test('a phone-only account resets its password with a texted code', async ({ browser, baseURL }) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const admin = adminContext.request;
  /** The 6-digit code of the newest SMS to PHONE that is not `previous`. */
  const newestCode = async (previous?: string) => {
    let code: string | null = null;
    await expect(async () => {
      const response = await admin.get(`/api/outbox?page=1&pageSize=1&to=${encodeURIComponent(PHONE)}`);
      const { items } = (await response.json()) as { items: { textBody: string | null }[] };
      code = /\b(\d{6})\b/.exec(items[0]?.textBody ?? '')?.[1] ?? null;
      expect(code).toMatch(/^\d{6}$/);
      expect(code).not.toBe(previous);
    }).toPass({ timeout: 10_000 });
    return code as unknown as string;
  };

  // The account: signed up with a phone number and confirmed by its code (as /login does).
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const origin = { origin: baseURL ?? '' };
  const signedUp = await context.request.post('/api/sign-up', {
    headers: origin,
    data: { phoneNumber: PHONE, password: USER.password },
  });
  expect(signedUp.status()).toBe(202);
  const confirmCode = await newestCode();
  const confirmed = await context.request.post('/api/auth/phone-number/verify', {
    headers: origin,
    data: { phoneNumber: PHONE, code: confirmCode },
  });
  expect(confirmed.status()).toBe(200);
  await context.clearCookies();

  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login?forgot=1');
  await page.getByText('Phone', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(`(503) 555-${PHONE_LINE}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByTestId('recovery-code-sent')).toBeVisible();
  const code = await newestCode(confirmCode);
  await page.getByRole('textbox', { name: 'Code from the text message' }).fill(code);
  await page.getByRole('textbox', { name: 'New password' }).fill('password123');
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('password123');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(/commonly used password/)).toBeVisible();
  await snap(page, 'sms-recovery-code');
  await expectAccessible(page, 'sms-recovery-code');
  await page.getByRole('textbox', { name: 'New password' }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByTestId('recovery-done')).toBeVisible();

  const signIn = await context.request.post('/api/auth/sign-in/phone-number', {
    headers: origin,
    data: { phoneNumber: PHONE, password: NEW_PASSWORD },
  });
  expect(signIn.status()).toBe(200);

  await context.close();
  await adminContext.close();
});
