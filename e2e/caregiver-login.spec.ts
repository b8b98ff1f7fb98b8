/**
 * Caregiver passwordless sign-in (spec issue 4; docs/decisions/0011-caregiver-otp.md, 0019-caregiver-sms-codes.md):
 * the shared admin creates a caregiver account through the API (unique email per run); in a fresh context the
 * caregiver asks for a code at `/caregiver/login`, the flow reads the code from the outbox as the admin
 * (`GET /api/outbox?to=…`), a wrong code is refused in words, and the right one at `/caregiver/confirm` signs the
 * caregiver in. The same by text message: the admin gives the caregiver a phone typed as people type it, the
 * caregiver picks "Text message (SMS)" and types the number another way.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  expectAccessible,
  fictitiousPhone,
  forbidDialogs,
  snap,
  createUser,
} from './support.ts';

const stamp = Date.now().toString(36);
const CAREGIVER = {
  email: `otp.caregiver.${stamp}@example.org`,
  password: 'sunlit meadow lantern passphrase',
  firstName: 'Otto',
  lastName: `Caregiver ${stamp}`,
};

const { line, display, e164 } = fictitiousPhone('caregiver-login');
const SMS_CAREGIVER = {
  email: `sms.caregiver.${stamp}@example.org`,
  password: 'sunlit meadow lantern passphrase',
  firstName: 'Sunny',
  lastName: `Texter ${stamp}`,
  phone: display,
};
const SMS_E164 = e164;

/** The 6-digit code of the newest outbox email (or SMS) to `to` (null while there is none). */
async function newestCode(admin: APIRequestContext, to: string): Promise<string | null> {
  const response = await admin.get(`/api/outbox?page=1&pageSize=1&to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { textBody: string | null }[] };
  return /\b(\d{6})\b/.exec(items[0]?.textBody ?? '')?.[1] ?? null;
}

test('a caregiver signs in with a one-time code read from the outbox', async ({ browser, baseURL }) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const admin = adminContext.request;
  await createUser(admin, baseURL, { ...CAREGIVER, role: 'CAREGIVER' });

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  forbidDialogs(page);

  await page.goto('/caregiver/login');
  await expect(page.getByRole('heading', { name: 'Caregiver sign in' })).toBeVisible();
  // A malformed email is refused in words before anything is sent.
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Email must be a valid email address')).toBeVisible();
  await snap(page, 'caregiver-login');
  await expectAccessible(page, 'caregiver-login');

  await page.getByRole('textbox', { name: 'Email' }).fill(CAREGIVER.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/caregiver\/confirm\?email=/);
  await expect(page.getByText(CAREGIVER.email)).toBeVisible();
  // The resend button waits out its cooldown.
  await expect(page.getByRole('button', { name: /Send a new code \(in \d+ s\)/ })).toBeDisabled();

  let code: string | null = null;
  await expect(async () => {
    code = await newestCode(admin, CAREGIVER.email);
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 10_000 });
  const right = code as unknown as string;

  // A wrong code is refused in words and no session starts.
  const wrong = right === '000000' ? '111111' : '000000';
  const codeInput = page.getByRole('textbox', { name: 'Sign-in code' });
  await codeInput.fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await snap(page, 'caregiver-confirm-wrong-code');
  await expectAccessible(page, 'caregiver-confirm-wrong-code');

  await codeInput.fill(right);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  const me = await page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: CAREGIVER.email, role: 'CAREGIVER' });
  await expect(page.getByRole('heading', { name: 'Tend Family', level: 1 })).toBeVisible();
  await snap(page, 'caregiver-signed-in');
  await expectAccessible(page, 'caregiver-signed-in');

  await context.close();
  await adminContext.close();
});

test('an unknown email gets the same answer and no code', async ({ browser, baseURL }) => {
  const email = `nobody.${stamp}@example.org`;
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  await page.goto('/caregiver/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/caregiver\/confirm\?email=/);
  await expect(page.getByText('Tend has emailed it a 6-digit code')).toBeVisible();
  await snap(page, 'caregiver-confirm');
  await expectAccessible(page, 'caregiver-confirm');

  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  expect(await newestCode(adminContext.request, email)).toBeNull();
  await adminContext.close();
  await context.close();
});

test('a caregiver signs in with a code texted to the phone the admin gave', async ({ browser, baseURL }) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const admin = adminContext.request;
  const created = await createUser(admin, baseURL, { ...SMS_CAREGIVER, role: 'CAREGIVER' });
  // Typed as the admin likes, stored E.164, shown formatted.
  expect(created).toMatchObject({ phone: SMS_E164, phoneDisplay: SMS_CAREGIVER.phone });

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/caregiver/login');
  // The channel is a labelled radio group, reachable by keyboard.
  await page.getByRole('radio', { name: 'Email' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Text message (SMS)' })).toBeChecked();
  await expect(page).toHaveURL(/by=sms/);
  const number = page.getByRole('textbox', { name: 'Mobile number' });
  await number.fill('call me');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Mobile number must be a phone number')).toBeVisible();
  // The caregiver types the number another way than the admin did.
  await number.fill(`503.555.${line}`);
  await snap(page, 'sms-caregiver-login');
  await expectAccessible(page, 'sms-caregiver-login');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/caregiver\/confirm\?phone=/);
  await expect(page.getByText('Tend has texted it a 6-digit code')).toBeVisible();

  let code: string | null = null;
  await expect(async () => {
    code = await newestCode(admin, SMS_E164);
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 10_000 });
  await page.getByRole('textbox', { name: 'Sign-in code' }).fill(code as unknown as string);
  await snap(page, 'sms-caregiver-confirm');
  await expectAccessible(page, 'sms-caregiver-confirm');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  const me = await page.request.get('/api/me');
  expect(await me.json()).toMatchObject({ email: SMS_CAREGIVER.email, role: 'CAREGIVER' });

  await context.close();
  await adminContext.close();
});
