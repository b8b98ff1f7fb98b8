/**
 * Guardians and client listings (issue 21; decision 0053; docs/matchmaking.md "Guardians and client listings"). A
 * GUARDIAN account signs in through `/login?redirect=/matchmaking/guardian/create` (a relaxed session), makes its
 * guardian profile, a client (an unknown ZIP is refused on its field; saved, it goes on to the photo step), saves
 * care details (on to the schedule step), is refused publishing by the missing field's name, fills it in and
 * publishes; sees the welcome page and its profile; a half-finished second client shows "Continue" at the right step.
 * Another guardian gets 404 for the first one's listing, from the API and on the page, and the empty profile. The
 * step pages are checked in Spanish at 320 px; every screen passes axe and is photographed.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
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
const PASSWORD = 'lantern meadow copper kettle';
const FIRST = { email: `mm.guardian.${stamp}@example.org`, firstName: 'Gina', lastName: `Family ${stamp}` };
const OTHER = { email: `mm.other.${stamp}@example.org`, firstName: 'Otto', lastName: `Other ${stamp}` };
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Signs `account` in through the login page asking for `path`; resolves its page. */
async function signedIn(
  browser: Browser,
  baseURL: string | undefined,
  account: { email: string },
  path: string,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    ...options,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signInThroughForm(page, { email: account.email, password: PASSWORD });
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

/** Chooses `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.beforeAll(async ({ browser, baseURL }) => {
  const admin = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  for (const account of [FIRST, OTHER])
    await createUser(admin.request, baseURL, { ...account, password: PASSWORD, role: 'GUARDIAN' });
  await admin.close();
});

test('a guardian makes a profile and a client, is told what is missing, publishes, and resumes a half-finished one', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, baseURL, FIRST, '/matchmaking/guardian/create');

  // The guardian profile.
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
  await expectAccessible(page, 'guardian-create');
  await snap(page, 'mm-guardian-create');
  await page.getByRole('textbox', { name: 'First name' }).fill(FIRST.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(FIRST.lastName);
  await page.getByRole('checkbox', { name: 'Send me text messages about my listings' }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Phone: add a phone number to get text messages')).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone' }).fill('(503) 555-0100');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/matchmaking/guardian/${UUID}/createClient$`));

  // Step new: an unknown ZIP is refused on its field, then the client is saved and the photo step is next.
  await expect(
    page.getByRole('heading', { level: 1, name: 'About the person who needs care' }),
  ).toBeVisible();
  await expect(page.getByText('Step 1 of 5 · About the person')).toBeVisible();
  await expectAccessible(page, 'client-create-from-guardian');
  await page.getByRole('textbox', { name: 'First name' }).fill('Carla');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Client');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('00000');
  await choose(page, 'Type of care', 'Companionship');
  await page.getByRole('textbox', { name: 'Hours of care a week' }).fill('20');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('ZIP code: this is not a known US ZIP code')).toBeVisible();
  await snap(page, 'mm-client-new-error');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('97401');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/matchmaking/client/new/${UUID}/avatar$`));
  const clientId = /\/new\/([^/]+)\/avatar$/.exec(page.url())?.[1] ?? '';

  // Step careDetails, opened directly; saved without a description, it goes on to the schedule step.
  await page.goto(`/matchmaking/client/careDetails?clientId=${clientId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Care details for Carla' })).toBeVisible();
  await expectAccessible(page, 'client-care-details');
  await snap(page, 'mm-client-care-details');
  await choose(page, 'Moving between bed, chair and toilet', 'Someone standing by');
  await page.getByRole('checkbox', { name: 'Bathing' }).check();
  await choose(page, 'Pets in the home', 'Yes');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/matchmaking/client/scheduleMaker\\?clientId=${clientId}$`));

  // Step listingFinalization: the missing description is refused by name, with a link to fill it in.
  await page.goto(`/matchmaking/client/listingFinalization?clientId=${clientId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Publish the listing for Carla' })).toBeVisible();
  await expect(page.getByText('Eugene, OR, 97401')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  const missing = page.getByRole('link', {
    name: 'Description of the care needed is needed to publish. Add it',
  });
  await expect(missing).toBeVisible();
  await expectAccessible(page, 'client-listing-finalization');
  await snap(page, 'mm-client-finalization-missing');
  await missing.click();
  await expect(page).toHaveURL(new RegExp(`/matchmaking/client/careDetails\\?clientId=${clientId}$`));
  await page
    .getByRole('textbox', { name: 'What care is needed' })
    .fill('Company and help with meals on weekday afternoons.');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/matchmaking\/client\/scheduleMaker\?/);
  await page.goto(`/matchmaking/client/listingFinalization?clientId=${clientId}`);
  await page.getByRole('radio', { name: 'Only caregivers we match with' }).check();
  await page.getByRole('button', { name: 'Publish' }).click();

  // Published: the welcome page, then the profile.
  await expect(page).toHaveURL(new RegExp(`/matchmaking/client/profileFirstTime\\?clientId=${clientId}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'The listing for Carla is published' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the map' })).toHaveAttribute(
    'href',
    /\/matchmaking\/client\/[A-Za-z0-9_-]{43}\/map$/,
  );
  await expectAccessible(page, 'client-profile-first-time');
  await snap(page, 'mm-client-profile-first-time');
  await page.getByRole('link', { name: 'Go to your client listings' }).click();
  await expect(page).toHaveURL(/\/matchmaking\/client\/profile$/);
  const carla = page.getByRole('region', { name: 'Carla Client' });
  await expect(carla.getByText('Published', { exact: true })).toBeVisible();

  // A half-finished second client resumes at the photo step.
  await page.goto('/matchmaking/client/new');
  await expectAccessible(page, 'client-new');
  await page.getByRole('textbox', { name: 'First name' }).fill('Hal');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/matchmaking/client/new/${UUID}/avatar$`));
  const halId = /\/new\/([^/]+)\/avatar$/.exec(page.url())?.[1] ?? '';
  await page.goto('/matchmaking/client/profile');
  const hal = page.getByRole('region', { name: 'Hal' });
  await expect(hal.getByText('Step 1 of 5 done')).toBeVisible();
  await expect(hal.getByRole('link', { name: 'Continue: Profile picture' })).toHaveAttribute(
    'href',
    `/matchmaking/client/new/${halId}/avatar`,
  );
  await expectAccessible(page, 'client-profile');
  await snap(page, 'mm-client-profile');

  // Spanish on a 320 px phone: the step pages and the profile.
  const esContext = await browser.newContext({
    baseURL,
    locale: 'es-MX',
    viewport: phone,
    storageState: await page.context().storageState(),
  });
  const es = await esContext.newPage();
  forbidDialogs(es);
  await es.goto('/matchmaking/guardian/create');
  await es.getByRole('heading', { level: 1 }).waitFor();
  if ((await es.locator('html').getAttribute('lang')) !== 'es')
    await es.getByTestId('locale-switcher').click();
  await expect(es.getByRole('heading', { level: 1, name: 'Sus datos' })).toBeVisible();
  await checkSpanishScreen(es, 'mm-guardian-create');
  for (const [path, heading, name] of [
    ['/matchmaking/client/new', 'Sobre la persona que necesita cuidado', 'mm-client-new'],
    [
      `/matchmaking/client/new?clientId=${clientId}`,
      'Sobre la persona que necesita cuidado',
      'mm-client-edit',
    ],
    [
      `/matchmaking/client/careDetails?clientId=${clientId}`,
      'Detalles del cuidado de Carla',
      'mm-client-care-details',
    ],
    [
      `/matchmaking/client/listingFinalization?clientId=${clientId}`,
      'Publicar el anuncio de Carla',
      'mm-client-listing-finalization',
    ],
    [
      `/matchmaking/client/profileFirstTime?clientId=${clientId}`,
      'El anuncio de Carla está publicado',
      'mm-client-welcome',
    ],
    ['/matchmaking/client/profile', 'Sus anuncios de clientes', 'mm-client-profile'],
  ] as const) {
    await es.goto(path);
    await expect(es.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await checkSpanishScreen(es, name);
  }
  await es.getByTestId('locale-switcher').click();
  await expect(es.locator('html')).toHaveAttribute('lang', 'en');
  await esContext.close();

  // Another guardian: 404 for the first one's listing, from the API and on the page; an empty profile.
  const other = await signedIn(browser, baseURL, OTHER, '/matchmaking/client/profile', { viewport: phone });
  await expect(other.getByText('No client listing yet')).toBeVisible();
  await expect(other.getByRole('link', { name: 'Add a client' })).toBeVisible();
  await expectNoHorizontalScroll(other, 'empty client profile at 320 px');
  await expectAccessible(other, 'client-profile-empty');
  await snap(other, 'mm-client-profile-empty');
  const theirs = await other.request.get(`/api/matchmaking/clients/${clientId}`);
  expect(theirs.status()).toBe(404);
  await other.goto(`/matchmaking/client/listingFinalization?clientId=${clientId}`);
  await expect(other.getByRole('heading', { level: 1, name: 'Listing not found' })).toBeVisible();
  await expect(other.getByText('Carla')).toHaveCount(0);
  await expectAccessible(other, 'client-listing-missing');
  await snap(other, 'mm-client-listing-missing');
  // Without a guardian profile, "add a client" starts with the guardian profile.
  await other.goto('/matchmaking/client/new');
  await expect(other).toHaveURL(/\/matchmaking\/guardian\/create$/);
  await other.context().close();
  await page.context().close();
});
