/**
 * Matchmaking entry, verification and the admin review (issue 21; decision 0057; docs/matchmaking.md):
 * - a new person signs up (the existing email sign-up, confirmed from the outbox), lands on `/matchmaking`, chooses
 *   caregiver on `/matchmaking/role-select` and arrives at `/matchmaking/caregiver/new/form` (another part's page);
 * - the admin issues a family code for a care client on `/admin/matchmaking/reviews` (shown once, listed, revoked),
 *   and the review tabs show their empty states; a person without a profile is told to create one first on
 *   `/matchmaking/verification/id`;
 * - the embeddable page loads inside an iframe of the allowed origin (MATCHMAKING_EMBED_ORIGINS, set in
 *   playwright.config.ts) and is refused inside any other;
 * - the public pages in Spanish at 320 px; axe on every screen.
 */
import { createServer, type Server } from 'node:http';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  createUser,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
} from './support.ts';
import { checkSpanishScreen, newestMessage, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'matchmaking entry passphrase';
/** Another site on this machine (MATCHMAKING_EMBED_ORIGINS in playwright.config.ts), and one that is not allowed. */
const sitePort = (offset: number, baseURL: string | undefined) =>
  `http://localhost:${Number(new URL(baseURL ?? 'http://localhost:3100').port) + offset}`;

async function freshPage(
  browser: Browser,
  baseURL: string | undefined,
  locale = 'en-US',
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    baseURL,
    locale,
    viewport,
  });
  const page = await context.newPage();
  forbidDialogs(page);
  return { context, page };
}

/** The `/confirm?type=signup` link in the newest email to `to`. */
async function confirmationLink(admin: APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const found = /(\/confirm\?type=signup&token=\S+)/.exec(
      (await newestMessage(admin, to))?.textBody ?? '',
    )?.[1];
    expect(found).toBeTruthy();
    link = found as string;
  }).toPass({ timeout: 10_000 });
  return link;
}

test('a new person signs up, lands on matchmaking and chooses caregiver', async ({ browser, baseURL }) => {
  const email = `mm.entry.${stamp}@example.org`;
  const admin = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const { context, page } = await freshPage(browser, baseURL);

  await page.goto('/matchmaking');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Find care, or find people to care for' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How privacy works' })).toBeVisible();
  await snap(page, 'matchmaking-landing-signed-out');
  await expectAccessible(page, 'matchmaking-landing-signed-out');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(
    /\/login\?redirect=%2Fmatchmaking%2Frole-select|\/login\?redirect=\/matchmaking\/role-select/,
  );
  await page.getByRole('button', { name: 'No account yet? Create one' }).click();
  await page.getByRole('textbox', { name: 'Your name' }).fill(`Cara Giver ${stamp}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('sign-up-sent')).toContainText(email);
  await page.goto(await confirmationLink(admin.request, email));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).not.toHaveURL(/\/confirm/);

  await page.goto('/matchmaking');
  await expect(page.getByRole('heading', { name: 'Start your profile' })).toBeVisible();
  await snap(page, 'matchmaking-landing-new-account');
  await expectAccessible(page, 'matchmaking-landing-new-account');
  await page.getByRole('link', { name: 'Choose your role' }).click();
  await expect(page).toHaveURL(/\/matchmaking\/role-select$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How will you use matchmaking?' })).toBeVisible();
  await snap(page, 'matchmaking-role-select');
  await expectAccessible(page, 'matchmaking-role-select');
  await page.getByRole('button', { name: 'Continue as a caregiver' }).click();
  await expect(page).toHaveURL(/\/matchmaking\/caregiver\/new\/form$/);
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({ email, role: 'CAREGIVER' });

  // Without a profile yet, the verification page says what to do first.
  await page.goto('/matchmaking/verification/id');
  await expect(page.getByText('Create your profile first')).toBeVisible();
  await snap(page, 'matchmaking-verification-no-profile');
  await expectAccessible(page, 'matchmaking-verification-no-profile');

  await context.close();
  await admin.close();
});

test('a refusal on role select shows its reason', async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const email = `mm.giver.${stamp}@example.org`;
  await createUser(admin.request, baseURL, {
    email,
    password: PASSWORD,
    firstName: 'Gil',
    lastName: `Giver ${stamp}`,
    role: 'CAREGIVER',
  });
  const { context, page } = await freshPage(browser, baseURL);
  await page.goto('/login?redirect=/matchmaking/role-select');
  await signInThroughForm(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(/\/matchmaking\/role-select$/);
  await page.getByRole('button', { name: 'Continue as a family' }).click();
  await expect(page.getByRole('alert')).toContainText('cannot become GUARDIAN');
  await expect(page.getByRole('alert')).toContainText('keeps its role');
  await snap(page, 'matchmaking-role-select-refused');
  await expectAccessible(page, 'matchmaking-role-select-refused');
  await context.close();
  await admin.close();
});

test('the admin issues, lists and revokes a family code on the review page', async ({ browser, baseURL }) => {
  const admin = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const clientName = `Code Client ${stamp}`;
  const created = await admin.request.post('/api/clients', { data: { name: clientName } });
  expect(created.status(), await created.text()).toBe(201);
  const page = await admin.newPage();
  forbidDialogs(page);

  await page.goto('/admin/matchmaking/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Matchmaking reviews' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Matchmaking reviews' })).toBeVisible();
  await expect(page.getByText('No open reports')).toBeVisible();
  await snap(page, 'matchmaking-admin-reports');
  await expectAccessible(page, 'matchmaking-admin-reports');
  for (const [tab, empty] of [
    ['ID documents', 'No documents are waiting'],
    ['Provider numbers', 'No provider numbers are waiting'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByText(empty)).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Caregiver checks' }).click();
  await expect(page.getByRole('textbox', { name: 'Search caregiver listings' })).toBeVisible();
  await expectAccessible(page, 'matchmaking-admin-checks');

  await page.getByRole('tab', { name: 'Family codes' }).click();
  await page.getByRole('combobox', { name: 'Care client' }).fill(`Code Client ${stamp}`);
  await page.getByRole('option', { name: clientName }).click();
  await page.getByRole('button', { name: 'Issue a family code' }).click();
  const code = (await page.getByTestId('issued-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  const row = page.getByRole('row', { name: new RegExp(clientName) }).first();
  await expect(row).toContainText('Active');
  await snap(page, 'matchmaking-admin-family-code');
  await expectAccessible(page, 'matchmaking-admin-family-code');
  // The list never shows the code itself.
  await expect(page.getByRole('table')).not.toContainText(code);
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');

  // A person without a guardian profile cannot spend a code (the API answers 404, the code stays unspent).
  const spent = await admin.request.post('/api/matchmaking/verification/family-code', { data: { code } });
  expect(spent.status()).toBe(404);
  await admin.close();
});

/**
 * Serves, on `origin`'s port, an agency page holding the embeddable page in an iframe (a real server on this machine:
 * Chromium refuses frames of a local address inside pages that come from nowhere) and opens it in `page`.
 */
async function embedIn(page: Page, origin: string, baseURL: string | undefined): Promise<Server> {
  const html = `<!doctype html><html lang="en"><head><title>Agency</title></head><body><main><h1>Agency site</h1>
    <iframe title="Tend matchmaking" src="${baseURL}/matchmaking/embeddableLandingPage" width="360" height="420"></iframe>
    </main></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(Number(new URL(origin).port), 'localhost', resolve));
  await page.goto(`${origin}/care.html`);
  return server;
}

test('the embeddable page loads in an iframe of the allowed origin only', async ({ browser, baseURL }) => {
  const { context, page } = await freshPage(browser, baseURL);
  const allowed = await embedIn(page, sitePort(2000, baseURL), baseURL);
  const frame = page.frameLocator('iframe[title="Tend matchmaking"]');
  await expect(frame.getByRole('heading', { name: 'Find a caregiver with Tend' })).toBeVisible();
  const open = frame.getByRole('link', { name: 'Open Tend matchmaking (opens in a new tab)' });
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('href', '/matchmaking');
  await snap(page, 'matchmaking-embed-allowed');

  const other = await context.newPage();
  const refused = await embedIn(other, sitePort(2001, baseURL), baseURL);
  await other.waitForTimeout(1500);
  await expect(other.frameLocator('iframe[title="Tend matchmaking"]').getByRole('heading')).toHaveCount(0);
  await snap(other, 'matchmaking-embed-refused');

  // Opened directly, the page is the same compact card.
  const direct = await context.newPage();
  await direct.goto('/matchmaking/embeddableLandingPage');
  await expect(direct.getByRole('heading', { name: 'Find a caregiver with Tend' })).toBeVisible();
  await snap(direct, 'matchmaking-embed-direct');
  await expectAccessible(direct, 'matchmaking-embed');
  await context.close();
  allowed.close();
  refused.close();
});

test('the public pages in Spanish at 320 px', async ({ browser, baseURL }) => {
  const { context, page } = await freshPage(browser, baseURL, 'es-MX', phone);
  await page.goto('/matchmaking');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Encuentre cuidado o personas a quienes cuidar' }),
  ).toBeVisible();
  await checkSpanishScreen(page, 'matchmaking-landing');
  await page.goto('/matchmaking/role-select');
  await expect(page.getByRole('heading', { level: 1, name: '¿Cómo usará este servicio?' })).toBeVisible();
  await checkSpanishScreen(page, 'matchmaking-role-select');
  await page.goto('/matchmaking/embeddableLandingPage');
  await expect(page.getByRole('heading', { name: 'Encuentre un cuidador con Tend' })).toBeVisible();
  await checkSpanishScreen(page, 'matchmaking-embed');
  await context.close();
});
