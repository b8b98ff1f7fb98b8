/**
 * Accounts linked to people and scoped grants (issue 20; docs/accounts.md; decision 0050). Through the API the admin
 * adds a case manager, three caregivers (one with its own email, two sharing another) and three clients, and creates
 * CAREGIVER, GUARDIAN and USER (auditor) accounts with passwords. In the browser:
 * - the admin invites an account linked to the case manager (the role follows the kind) and sees the link listed;
 * - the caregiver whose email matches one record signs in for the first time and lands on their dashboard's URL;
 * - the one whose email two records share lands on the home page that says, in English and in Spanish at 320 px,
 *   that the account is not linked yet; the admin confirms one record under "Needs confirmation";
 * - the admin grants the guardian two clients, refuses then grants the auditor a client with an end date, revokes
 *   one grant after confirming, and reads the auditor's activity.
 * Every screen passes axe; screenshots in test-results/screens.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  createUser,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
} from './support.ts';
import { expectNoHorizontalScroll, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'amber meadow lantern quilt';
const SOLO_EMAIL = `solo.${stamp}@example.org`;
const TWIN_EMAIL = `twin.${stamp}@example.org`;
const CASE_MANAGER = `Cora Link ${stamp}`;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

async function post<T>(admin: APIRequestContext, baseURL: string, url: string, data: unknown): Promise<T> {
  return ok<T>(await admin.post(url, { headers: { origin: baseURL }, data }), 201);
}

/** Picks `option` in the Mantine select labelled `label` inside `scope` (typing `search` first when given). */
async function pick(
  page: Page,
  scope: ReturnType<Page['locator']>,
  label: string,
  option: string,
  search?: string,
) {
  const input = scope.getByRole('combobox', { name: label });
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

test('accounts link to people by admin and by first sign-in; grants scope what a person sees', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? '';
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  const page = await adminContext.newPage();
  forbidDialogs(page);
  const admin = page.request;

  await post(admin, origin, '/api/case-managers', { name: CASE_MANAGER });
  const solo = await post<{ id: string }>(admin, origin, '/api/caregivers', {
    type: 'DSP_CARE',
    name: `Sol Solo ${stamp}`,
    email: SOLO_EMAIL.toUpperCase(),
  });
  const twinA = await post<{ id: string }>(admin, origin, '/api/caregivers', {
    type: 'DSP_CARE',
    name: `Tia Twin ${stamp}`,
    email: TWIN_EMAIL,
  });
  await post(admin, origin, '/api/caregivers', {
    type: 'DSP_CARE',
    name: `Tom Twin ${stamp}`,
    emails: [TWIN_EMAIL],
  });
  const clients = [];
  for (const name of [`Alma Grant ${stamp}`, `Bo Grant ${stamp}`, `Cal Grant ${stamp}`])
    clients.push({ name, ...(await post<{ id: string }>(admin, origin, '/api/clients', { name })) });
  const account = (role: string, email: string, lastName: string) =>
    createUser(admin, baseURL, { email, password: PASSWORD, role, firstName: 'Test', lastName });
  await account('CAREGIVER', SOLO_EMAIL, `Solo ${stamp}`);
  await account('CAREGIVER', TWIN_EMAIL, `Twin ${stamp}`);
  await account('GUARDIAN', `guardian.${stamp}@example.org`, `Guardian ${stamp}`);
  await account('USER', `auditor.${stamp}@example.org`, `Auditor ${stamp}`);

  // 1. The admin invites an account linked to the case manager; the role follows the kind.
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Invite user' }).first().click();
  const form = page.getByRole('form', { name: 'Invite a user' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Cora');
  await form.getByRole('textbox', { name: 'Last name' }).fill(`Link ${stamp}`);
  await form.getByRole('textbox', { name: 'Email' }).fill(`cora.${stamp}@example.org`);
  await pick(page, form, 'Person', 'Case manager');
  await pick(page, form, 'Case manager record', CASE_MANAGER, CASE_MANAGER);
  await expect(form.getByRole('combobox', { name: 'Role' })).toHaveValue('User');
  await snap(page, 'accounts-invite-person');
  await expectAccessible(page, 'Users: invite linked to a person');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(`cora.${stamp}`);
  const coraRow = page.getByRole('row').filter({ hasText: `cora.${stamp}@example.org` });
  await expect(coraRow).toContainText(CASE_MANAGER);
  await expect(coraRow).toContainText('CASE_MANAGER');
  await snap(page, 'accounts-users-person-column');

  // 2. The caregiver whose email is on one record: first sign-in links it; home is their dashboard.
  const soloContext = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    baseURL,
    viewport: phone,
  });
  const soloPage = await soloContext.newPage();
  await soloPage.goto('/login');
  await signInThroughForm(soloPage, { email: SOLO_EMAIL, password: PASSWORD });
  await soloPage.goto('/');
  await expect(soloPage).toHaveURL(new RegExp(`/dashboard/caregiver/${solo.id}$`));
  await soloContext.close();

  // 3. The caregiver whose email two records share: nothing linked; home says so (English, then Spanish, 320 px).
  const twinContext = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    baseURL,
    viewport: phone,
  });
  const twinPage = await twinContext.newPage();
  await twinPage.goto('/login');
  await signInThroughForm(twinPage, { email: TWIN_EMAIL, password: PASSWORD });
  await twinPage.goto('/');
  await expect(twinPage.getByText('Your account is not linked to a person record yet')).toBeVisible();
  await expect(twinPage).toHaveURL(/\/$/);
  await expectNoHorizontalScroll(twinPage, 'home at 320 px');
  await snap(twinPage, 'accounts-home-not-linked');
  await expectAccessible(twinPage, 'Home: not linked');
  // The same person chooses Spanish (their account's language): the home says it in Spanish.
  const locale = await twinPage.request.put('/api/account/locale', {
    headers: { origin },
    data: { locale: 'es' },
  });
  expect(locale.status(), await locale.text()).toBe(200);
  await twinPage.goto('/');
  await expect(
    twinPage.getByText('Su cuenta todavía no está vinculada a un registro de persona'),
  ).toBeVisible();
  await expect(twinPage.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoHorizontalScroll(twinPage, 'home (es) at 320 px');
  await snap(twinPage, 'es-accounts-home-not-linked');
  await expectAccessible(twinPage, 'Home: not linked (es)');
  await twinContext.close();

  // The admin confirms one of the two records.
  await page.goto('/admin/users');
  const waiting = page.getByRole('alert').filter({ hasText: 'Needs confirmation' });
  await expect(waiting).toContainText(TWIN_EMAIL);
  await snap(page, 'accounts-needs-confirmation');
  await expectAccessible(page, 'Users: needs confirmation');
  await pick(page, waiting, `Caregiver record for ${TWIN_EMAIL}`, `Tia Twin ${stamp}`);
  await waiting.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Caregiver confirmed', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(TWIN_EMAIL);
  await expect(page.getByRole('row').filter({ hasText: TWIN_EMAIL })).toContainText(`Tia Twin ${stamp}`);
  const twinUser = await ok<{ items: { person: { id: string } | null }[] }>(
    await admin.get(`/api/users?q=${encodeURIComponent(TWIN_EMAIL)}`),
  );
  expect(twinUser.items[0]?.person?.id).toBe(twinA.id);

  // 4. Grants: a guardian of two clients; an auditor with an end date; one revoked.
  const openAccess = async (email: string, fullName: string) => {
    await page.getByRole('textbox', { name: 'Search' }).fill(email);
    await page.getByRole('button', { name: `Edit ${fullName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${fullName}` });
    await dialog.getByRole('tab', { name: 'Access' }).click();
    return dialog;
  };
  const addGrant = async (
    dialog: ReturnType<Page['locator']>,
    kind: string,
    client: string,
    ends?: string,
  ) => {
    await pick(page, dialog, 'Kind', kind);
    await pick(page, dialog, 'Client', client, client);
    if (ends) await dialog.getByLabel('Ends').fill(ends);
    await dialog.getByRole('button', { name: 'Add grant' }).click();
  };
  let dialog = await openAccess(`guardian.${stamp}@example.org`, `Test Guardian ${stamp}`);
  await expect(dialog.getByText('No grants yet')).toBeVisible();
  await addGrant(dialog, 'Guardian of a client', clients[0]!.name);
  await expect(dialog.getByRole('row').filter({ hasText: clients[0]!.name })).toContainText('live');
  await addGrant(dialog, 'Guardian of a client', clients[1]!.name);
  await expect(dialog.getByRole('row').filter({ hasText: clients[1]!.name })).toContainText('live');
  await snap(page, 'accounts-access-guardian');
  await expectAccessible(page, 'User detail: access');
  await dialog.getByRole('button', { name: `Revoke the guardian grant on ${clients[0]!.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this grant?' });
  await expectAccessible(page, 'User detail: revoke grant');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByRole('row').filter({ hasText: clients[0]!.name })).toContainText('revoked');
  await page.keyboard.press('Escape');

  dialog = await openAccess(`auditor.${stamp}@example.org`, `Test Auditor ${stamp}`);
  await addGrant(dialog, 'Auditor of a client (read-only, must end)', clients[2]!.name);
  await expect(
    dialog.getByText('is required: an AUDITOR grant must end (at most one year ahead)'),
  ).toBeVisible();
  const ends = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Ends').fill(ends);
  await dialog.getByRole('button', { name: 'Add grant' }).click();
  await expect(dialog.getByRole('row').filter({ hasText: clients[2]!.name })).toContainText('live');
  await snap(page, 'accounts-access-auditor');

  // The auditor signs in: home is the one client's dashboard; what they opened is listed for the agency.
  const auditorContext = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const auditorPage = await auditorContext.newPage();
  await auditorPage.goto('/login');
  await signInThroughForm(auditorPage, { email: `auditor.${stamp}@example.org`, password: PASSWORD });
  await auditorPage.goto('/');
  await expect(auditorPage).toHaveURL(new RegExp(`/dashboard/client/${clients[2]!.id}$`));
  await auditorContext.close();
  await dialog.getByRole('tab', { name: 'Access' }).click();
  await dialog.getByRole('tab', { name: 'Activity' }).click();
  await expect(dialog.getByRole('table', { name: `What auditor.${stamp}@example.org did` })).toContainText(
    'account_home.read',
  );
  await snap(page, 'accounts-activity');
  await expectAccessible(page, 'User detail: activity');
  await adminContext.close();
});
