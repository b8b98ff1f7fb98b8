/**
 * The caregiver dashboard (issue 20; decision 0052; docs/dashboards.md "Caregiver"), over the demo agency that
 * setup.spec.ts loads. The admin previews the newest shift's caregiver: the welcome page, then the dashboard with
 * hours (chart and table), shifts, protocols and issues, in English and in Spanish on a 320 px phone. A caregiver
 * account opening that caregiver's page (someone else's) and an unknown id both land on the same invalid page.
 * Every screen passes axe and is photographed.
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
const OTHER = { email: `cg.dash.other.${stamp}@example.org`, firstName: 'Omar', lastName: `Other ${stamp}` };

/** The newest demo shift's caregiver id and name. */
async function newestCaregiver(admin: APIRequestContext): Promise<{ id: string; name: string }> {
  const response = await admin.get('/api/shifts?page=1&pageSize=1&sort=date&order=desc');
  expect(response.status()).toBe(200);
  const shift = ((await response.json()) as { items: { caregiverId: string; caregiverName: string }[] })
    .items[0];
  if (!shift) throw new Error('the demo agency has no shift');
  return { id: shift.caregiverId, name: shift.caregiverName };
}

/** The caregiver of a recent demo shift who is not the newest shift's caregiver, with their name. */
async function otherRecentCaregiver(admin: APIRequestContext): Promise<{ id: string; name: string }> {
  const response = await admin.get('/api/shifts?page=1&pageSize=50&sort=date&order=desc');
  expect(response.status()).toBe(200);
  const items = ((await response.json()) as { items: { caregiverId: string; caregiverName: string }[] })
    .items;
  const other = items.find((item) => item.caregiverId !== items[0]?.caregiverId);
  if (!other) throw new Error('the demo agency has one caregiver only');
  return { id: other.caregiverId, name: other.caregiverName };
}

test('an admin previews a caregiver dashboard in English and in Spanish at 320 px', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL, locale: 'en-US' });
  const caregiver = await newestCaregiver(adminContext.request);
  const page = await adminContext.newPage();
  forbidDialogs(page);

  await page.goto(`/dashboard/caregiver/welcome/${caregiver.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${caregiver.name}` })).toBeVisible();
  await expectAccessible(page, 'caregiver-welcome');
  await snap(page, 'caregiver-welcome');
  await page.getByRole('link', { name: 'Open my page' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/caregiver/${caregiver.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${caregiver.name}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Hours by week' }).getByRole('row')).toHaveCount(5);
  for (const section of ['Hours', 'Upcoming shifts', 'Recent shifts', 'Shifts that need a fix']) {
    await expect(page.getByRole('region', { name: section, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Care protocols of the people you support' })).toBeVisible();
  await expectAccessible(page, 'caregiver-dashboard');
  await snap(page, 'caregiver-dashboard');
  // Keyboard: on a fresh load the skip link is the first stop.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${caregiver.name}` })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();

  const phoneContext = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    locale: 'es-MX',
    viewport: phone,
  });
  const es = await phoneContext.newPage();
  forbidDialogs(es);
  await es.goto(`/dashboard/caregiver/${caregiver.id}`);
  await es.getByRole('heading', { level: 1 }).waitFor();
  if ((await es.locator('html').getAttribute('lang')) !== 'es')
    await es.getByTestId('locale-switcher').click();
  await expect(es.getByRole('heading', { level: 1, name: `Hola, ${caregiver.name}` })).toBeVisible();
  await expect(es.getByRole('table', { name: 'Horas por semana' })).toBeVisible();
  await checkSpanishScreen(es, 'caregiver-dashboard');
  // Back to English for the admin's other flows.
  await es.getByTestId('locale-switcher').click();
  await expect(es.locator('html')).toHaveAttribute('lang', 'en');
  await phoneContext.close();
  await adminContext.close();
});

test("a caregiver gets the invalid page for someone else's id and for an unknown id alike", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const caregiver = await newestCaregiver(adminContext.request);
  await createUser(adminContext.request, baseURL, { ...OTHER, password: PASSWORD, role: 'CAREGIVER' });
  await adminContext.close();

  const context = await browser.newContext({
    baseURL,
    viewport: phone,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto(`/dashboard/caregiver/${caregiver.id}`);
  await expect(page).toHaveURL(/\/login\?/);
  await signInThroughForm(page, { email: OTHER.email, password: PASSWORD });
  await expect(page).toHaveURL(/\/dashboard\/caregiver\/invalid-caregiver$/);
  const heading = page.getByRole('heading', { level: 1, name: "We can't show this caregiver page" });
  await expect(heading).toBeVisible();
  const text = await page.getByRole('main').innerText();
  await expectNoHorizontalScroll(page, 'invalid caregiver at 320 px');
  await expectAccessible(page, 'caregiver-invalid');
  await snap(page, 'caregiver-invalid');
  await page.goto('/dashboard/caregiver/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/dashboard\/caregiver\/invalid-caregiver$/);
  await expect(heading).toBeVisible();
  expect(await page.getByRole('main').innerText()).toBe(text);
  await context.close();
});

test('a caregiver linked to their record signs in and lands on their own dashboard', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  // Not the newest shift's caregiver: other flows (isp-acknowledgements) link that one by email at a first sign-in.
  const caregiver = await otherRecentCaregiver(adminContext.request);
  const own = { email: `cg.dash.own.${stamp}@example.org`, firstName: 'Owen', lastName: `Own ${stamp}` };
  await createUser(adminContext.request, baseURL, {
    ...own,
    password: PASSWORD,
    role: 'CAREGIVER',
    person: { kind: 'caregiver', id: caregiver.id },
  });
  await adminContext.close();

  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login');
  await signInThroughForm(page, { email: own.email, password: PASSWORD });
  await expect(page).toHaveURL(new RegExp(`/dashboard/caregiver/${caregiver.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${caregiver.name}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Hours by week' })).toBeVisible();
  await context.close();
});
