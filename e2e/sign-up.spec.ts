/**
 * Sign-up and the other ways in (issue 4 "Accounts"; docs/decisions/0018-sign-up.md), reading every link and code
 * from the outbox as the shared admin (`GET /api/outbox?to=…`); unique emails and numbers per run:
 * - email sign-up: the spec's words for an empty form, "not confirmed yet" with a resend before confirming, then the
 *   emailed `/confirm?type=signup` link signs the new USER in;
 * - a sign-in link by email for an account the admin created;
 * - phone sign-up confirmed by the texted code, then sign-in by a texted code.
 */
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  expectAccessible,
  fictitiousPhone,
  forbidDialogs,
  snap,
  createUser,
} from './support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'quiet harbour lantern morning';
const PHONE = fictitiousPhone('sign-up').e164;

/** The newest outbox message body to `to` (null while there is none). */
async function newestBody(admin: APIRequestContext, to: string): Promise<string | null> {
  const response = await admin.get(`/api/outbox?page=1&pageSize=1&to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { textBody: string | null }[] };
  return items[0]?.textBody ?? null;
}

/** Waits for the newest outbox message to `to` to match `pattern`; returns its first group. */
async function fromOutbox(admin: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let found: string | null = null;
  await expect(async () => {
    found = pattern.exec((await newestBody(admin, to)) ?? '')?.[1] ?? null;
    expect(found).not.toBeNull();
  }).toPass({ timeout: 10_000 });
  return found as unknown as string;
}

async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  forbidDialogs(page);
  return { context, page };
}

test('email sign-up: confirmation link from the outbox signs the new account in as USER', async ({
  browser,
  baseURL,
}) => {
  const email = `signup.${stamp}@example.org`;
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const { context, page } = await freshPage(browser, baseURL);

  await page.goto('/login');
  await page.getByRole('button', { name: 'No account yet? Create one' }).click();
  await expect(page.getByRole('heading', { name: 'Create a Tend account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('You must provide either an email or phone number and a password').first(),
  ).toBeVisible();
  await snap(page, 'sign-up-required-fields');
  await expectAccessible(page, 'sign-up-required-fields');

  await page.getByRole('textbox', { name: 'Your name' }).fill(`Sam Signup ${stamp}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('sign-up-sent')).toContainText(email);
  await snap(page, 'sign-up-email-sent');
  await expectAccessible(page, 'sign-up-email-sent');

  // Before confirming: password sign-in says so and offers the email again.
  await page.getByRole('button', { name: 'Use email and password' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('not confirmed yet');
  await page.getByRole('button', { name: 'Send the confirmation email again' }).click();
  await expect(page.getByTestId('confirmation-resent')).toBeVisible();
  await snap(page, 'sign-up-unconfirmed-resend');
  await expectAccessible(page, 'sign-up-unconfirmed-resend');

  const link = await fromOutbox(adminContext.request, email, /(\/confirm\?type=signup&token=\S+)/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your account' })).toBeVisible();
  await snap(page, 'sign-up-confirm');
  await expectAccessible(page, 'sign-up-confirm');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  const me = await page.request.get('/api/me');
  expect(await me.json()).toMatchObject({ email, role: 'USER' });
  await expect(page.getByRole('heading', { name: 'Tend Family', level: 1 })).toBeVisible();
  await snap(page, 'sign-up-signed-in');
  await expectAccessible(page, 'sign-up-signed-in');

  await context.close();
  await adminContext.close();
});

test('a sign-in link by email signs an existing account in', async ({ browser, baseURL }) => {
  const email = `magic.${stamp}@example.org`;
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(adminContext.request, baseURL, {
    email,
    password: PASSWORD,
    firstName: 'Mia',
    lastName: `Link ${stamp}`,
    role: 'USER',
  });
  const { context, page } = await freshPage(browser, baseURL);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  // The link form loads lazily: fill its own Email input, not the password form's while that is still shown.
  const linkForm = page.getByRole('form', { name: 'Email me a sign-in link' });
  await linkForm.getByRole('textbox', { name: 'Email' }).fill(email);
  await linkForm.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByTestId('magic-link-sent')).toContainText(email);
  await snap(page, 'magic-link-sent');
  await expectAccessible(page, 'magic-link-sent');

  const link = await fromOutbox(adminContext.request, email, /(\/confirm\?type=magiclink&token=\S+)/);
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({ email, role: 'USER' });

  // The link works once.
  const { context: second, page: again } = await freshPage(browser, baseURL);
  await again.goto(link);
  await again.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(again.getByRole('alert')).toContainText('does not work any more');
  await snap(again, 'magic-link-used');
  await expectAccessible(again, 'magic-link-used');

  await second.close();
  await context.close();
  await adminContext.close();
});

test('phone sign-up is confirmed by a texted code, and the number then signs in by code', async ({
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const { context, page } = await freshPage(browser, baseURL);

  await page.goto('/login?mode=signup');
  await page.getByText('Phone number', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(PHONE);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`We texted a 6-digit code to ${PHONE}`)).toBeVisible();
  const code = await fromOutbox(adminContext.request, PHONE, /\b(\d{6})\b/);
  await page.getByRole('textbox', { name: 'Code from the text message' }).fill(code);
  await snap(page, 'sign-up-phone-code');
  await expectAccessible(page, 'sign-up-phone-code');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({ role: 'USER' });
  await context.close();

  const { context: later, page: signIn } = await freshPage(browser, baseURL);
  await signIn.goto('/login');
  await signIn.getByRole('button', { name: 'Use a phone number' }).click();
  await signIn.getByRole('textbox', { name: 'Phone number' }).fill(PHONE);
  await signIn.getByRole('button', { name: 'Text me a code instead' }).click();
  await expect(signIn.getByText(`We texted a 6-digit code to ${PHONE}`)).toBeVisible();
  // The code is texted before the page says so: the newest SMS to the number is the sign-in code.
  const next = await fromOutbox(adminContext.request, PHONE, /\b(\d{6})\b/);
  await signIn.getByRole('textbox', { name: 'Code from the text message' }).fill(next);
  await snap(signIn, 'phone-sign-in-code');
  await expectAccessible(signIn, 'phone-sign-in-code');
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn).toHaveURL(new URL('/', baseURL).toString());
  expect((await signIn.request.get('/api/me')).status()).toBe(200);

  await later.close();
  await adminContext.close();
});
