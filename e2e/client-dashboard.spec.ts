/**
 * The client and portal dashboards (issue 20; decision 0052; docs/dashboards.md "Client and portal"), over the demo
 * agency that setup.spec.ts loads. The admin previews the newest shift's client: the portal, the welcome page, the
 * dashboard (visits, caregivers, protocols, summaries) in English, then in Spanish on a 320 px phone. A guardian
 * account with no client linked sees the empty list that says what to do, and lands on the same invalid page for
 * another family's client and for an unknown id. Every screen passes axe and is photographed.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  createUser,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
} from './support.ts';
import { checkSpanishScreen, expectNoHorizontalScroll, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'quiet harbour reading lamp';
const GUARDIAN = {
  email: `guardian.dash.${stamp}@example.org`,
  firstName: 'Gloria',
  lastName: `Guardian ${stamp}`,
};

/** The newest demo shift's client id and name. */
async function newestClient(admin: APIRequestContext): Promise<{ id: string; name: string }> {
  const response = await admin.get('/api/shifts?page=1&pageSize=1&sort=date&order=desc');
  expect(response.status()).toBe(200);
  const shift = ((await response.json()) as { items: { clientId: string; clientName: string }[] }).items[0];
  if (!shift) throw new Error('the demo agency has no shift');
  return { id: shift.clientId, name: shift.clientName };
}

test('an admin previews the portal, the welcome page and a client dashboard, in English and Spanish', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL, locale: 'en-US' });
  const client = await newestClient(adminContext.request);
  const page = await adminContext.newPage();
  forbidDialogs(page);

  await page.goto('/dashboard/client/portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Family portal' })).toBeVisible();
  await expect(page.getByRole('link', { name: client.name, exact: true })).toBeVisible();
  await expectAccessible(page, 'client-portal');
  await snap(page, 'client-portal');

  await page.goto(`/dashboard/client/welcome/${client.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome to ${client.name}'s care page` }),
  ).toBeVisible();
  await expectAccessible(page, 'client-welcome');
  await snap(page, 'client-welcome');
  await page.getByRole('link', { name: 'Open the care page' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/client/${client.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${client.name}'s care` })).toBeVisible();
  for (const section of [
    'Upcoming visits',
    'Past visits',
    'Caregivers',
    'Care protocols',
    'Quarterly summaries',
  ]) {
    await expect(page.getByRole('region', { name: section, exact: true })).toBeVisible();
  }
  // The demo's newest visit is today or earlier: a visit is listed with its EVV status in words.
  await expect(
    page.getByText(/Visit verified|Clock-out missing|Not started yet|Location not recorded|Times/).first(),
  ).toBeVisible();
  await expectAccessible(page, 'client-dashboard');
  await snap(page, 'client-dashboard');

  const phoneContext = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    locale: 'es-MX',
    viewport: phone,
  });
  const es = await phoneContext.newPage();
  forbidDialogs(es);
  await es.goto(`/dashboard/client/${client.id}`);
  await es.getByRole('heading', { level: 1 }).waitFor();
  if ((await es.locator('html').getAttribute('lang')) !== 'es')
    await es.getByTestId('locale-switcher').click();
  await expect(es.getByRole('heading', { level: 1, name: `El cuidado de ${client.name}` })).toBeVisible();
  await expect(es.getByRole('region', { name: 'Próximas visitas' })).toBeVisible();
  await checkSpanishScreen(es, 'client-dashboard');
  await es.goto('/dashboard/client/portal');
  await expect(es.getByRole('heading', { level: 1, name: 'Portal familiar' })).toBeVisible();
  await checkSpanishScreen(es, 'client-portal');
  await es.getByTestId('locale-switcher').click();
  await expect(es.locator('html')).toHaveAttribute('lang', 'en');
  await phoneContext.close();
  await adminContext.close();
});

test("a guardian with no client linked is told what to do, and gets the invalid page for another family's client", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const client = await newestClient(adminContext.request);
  await createUser(adminContext.request, baseURL, { ...GUARDIAN, password: PASSWORD, role: 'GUARDIAN' });
  await adminContext.close();

  const context = await browser.newContext({
    baseURL,
    viewport: phone,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/dashboard/client');
  await expect(page).toHaveURL(/\/login\?/);
  await signInThroughForm(page, { email: GUARDIAN.email, password: PASSWORD });
  await expect(page).toHaveURL(/\/dashboard\/client$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My people' })).toBeVisible();
  await expect(page.getByText('No one is linked to your account yet')).toBeVisible();
  await expectNoHorizontalScroll(page, 'client list at 320 px');
  await expectAccessible(page, 'client-list-empty');
  await snap(page, 'client-list-empty');

  await page.goto(`/dashboard/client/${client.id}`);
  await expect(page).toHaveURL(/\/dashboard\/client\/invalid-client$/);
  const heading = page.getByRole('heading', { level: 1, name: "We can't show this person's page" });
  await expect(heading).toBeVisible();
  const text = await page.getByRole('main').innerText();
  await expectNoHorizontalScroll(page, 'invalid client at 320 px');
  await expectAccessible(page, 'client-invalid');
  await snap(page, 'client-invalid');
  await page.goto('/dashboard/client/welcome/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/dashboard\/client\/invalid-client$/);
  await expect(heading).toBeVisible();
  expect(await page.getByRole('main').innerText()).toBe(text);
  await context.close();
});

test('a guardian granted one client signs in and lands on that client’s care page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const client = await newestClient(adminContext.request);
  const granted = {
    email: `guardian.granted.${stamp}@example.org`,
    firstName: 'Grace',
    lastName: `Granted ${stamp}`,
  };
  const account = await createUser(adminContext.request, baseURL, {
    ...granted,
    password: PASSWORD,
    role: 'GUARDIAN',
  });
  const grant = await adminContext.request.post('/api/access-grants', {
    data: { userAccountId: account.id, kind: 'GUARDIAN', clientId: client.id, reason: 'Legal guardian' },
  });
  expect(grant.status(), await grant.text()).toBe(201);
  await adminContext.close();

  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login');
  await signInThroughForm(page, { email: granted.email, password: PASSWORD });
  await expect(page).toHaveURL(new RegExp(`/dashboard/client/${client.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${client.name}'s care` })).toBeVisible();
  await page.goto('/dashboard/client');
  await expect(page).toHaveURL(new RegExp(`/dashboard/client/${client.id}$`));
  await context.close();
});
