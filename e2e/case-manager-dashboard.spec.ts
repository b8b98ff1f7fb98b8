/**
 * The case-manager dashboard (issue 20; decision 0051; docs/dashboards.md "Case manager"), over the demo agency that
 * setup.spec.ts loads (its case managers have clients with a year of shifts). The admin opens /testDashboard, picks
 * the case manager with the most clients and opens the preview: the banner names them, the first questions show, the
 * clients listed are exactly theirs (another case manager's client is absent), a client's detail shows the budget
 * chart with its table, shifts, incidents, locations, protocols and reports; the page works at 320 px and in Spanish.
 * An unknown id shows the not-found page; a signed-in account that is no case manager gets the same page for a real
 * case manager's id, the guidance at /dashboard/case-manager, and "Dashboard Not Found" at /dashboard. Every screen
 * passes axe.
 *
 * A case manager's own account, linked to the record on /admin/users, signs in to this dashboard in
 * matchmaking-authorization.spec.ts (its "Matches to authorize").
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
import { expectNoHorizontalScroll, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'lantern meadow copper kettle';
const OUTSIDER = {
  email: `cm.outsider.${stamp}@example.org`,
  firstName: 'Olive',
  lastName: `Outsider ${stamp}`,
};

interface CaseManagerRow {
  id: string;
  name: string;
  clientCount: number;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** The demo's two case managers with the most clients (the first one's dashboard is previewed). */
async function twoCaseManagers(admin: APIRequestContext): Promise<[CaseManagerRow, CaseManagerRow]> {
  const page = await ok<{ items: CaseManagerRow[] }>(
    await admin.get('/api/case-managers?page=1&pageSize=200&archived=false'),
  );
  const withClients = page.items
    .filter((m) => m.clientCount > 0)
    .sort((a, b) => b.clientCount - a.clientCount);
  const [first, second] = withClients;
  if (!first || !second) throw new Error('the demo agency needs two case managers with clients');
  return [first, second];
}

/** A client name of case manager `id` (through the admin's clients list). */
async function clientNamesOf(admin: APIRequestContext, id: string): Promise<string[]> {
  const page = await ok<{ items: { name: string }[] }>(
    await admin.get(`/api/clients?page=1&pageSize=500&archived=all&caseManagerId=${id}`),
  );
  return page.items.map((c) => c.name);
}

test('an admin previews a case manager dashboard; others get the not-found page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const admin = adminContext.request;
  const [managerA, managerB] = await twoCaseManagers(admin);
  const namesA = await clientNamesOf(admin, managerA.id);
  const namesB = (await clientNamesOf(admin, managerB.id)).filter((name) => !namesA.includes(name));
  const page = await adminContext.newPage();
  forbidDialogs(page);

  await page.goto('/testDashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Test dashboard' })).toBeVisible();
  await expectAccessible(page, 'test-dashboard');
  const picker = page.getByRole('combobox', { name: 'Case manager' });
  await picker.fill(managerA.name.slice(0, 6));
  await page
    .getByRole('option', { name: new RegExp(managerA.name) })
    .first()
    .click();
  await snap(page, 'test-dashboard-picked');
  await page.getByRole('link', { name: 'Open preview' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/case-manager/${managerA.id}\\?preview=1`));
  await expect(page.getByTestId('preview-banner')).toContainText(`Preview as ${managerA.name}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Case manager dashboard' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'ISPs overdue' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Open incidents' })).toBeVisible();
  const cards = page.getByTestId('client-card');
  await expect(cards).toHaveCount(namesA.length);
  for (const name of namesB.slice(0, 3)) await expect(cards.filter({ hasText: name })).toHaveCount(0);
  await expectAccessible(page, 'case-manager-dashboard');
  await snap(page, 'case-manager-dashboard');

  // The search narrows the list; the first client's detail.
  const first = namesA[0] ?? '';
  await page.getByRole('textbox', { name: 'Search clients by name' }).fill(first);
  await expect(cards.first()).toContainText(first);
  await cards.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  await expect(page.getByTestId('preview-banner')).toBeVisible();
  for (const section of ['Hours: authorized and delivered', 'Recent shifts (30 days)', 'Current protocols'])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  await expectAccessible(page, 'case-manager-client');
  await snap(page, 'case-manager-client');

  // Phone width and Spanish.
  await page.setViewportSize(phone);
  await expectNoHorizontalScroll(page, 'case-manager-client');
  await snap(page, 'case-manager-client-320');
  await page.getByRole('link', { name: 'Back to all clients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Case manager dashboard' })).toBeVisible();
  await expectNoHorizontalScroll(page, 'case-manager-dashboard');
  await snap(page, 'case-manager-dashboard-320');
  await page.getByTestId('locale-switcher').click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Panel del administrador de casos' }),
  ).toBeVisible();
  await expectAccessible(page, 'case-manager-dashboard-es');
  await snap(page, 'case-manager-dashboard-es-320');
  await page.getByTestId('locale-switcher').click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // An unknown id: the not-found page, which does not say whether the id exists.
  await page.goto(`/dashboard/case-manager/${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Not Found' })).toBeVisible();
  await expectAccessible(page, 'case-manager-dashboard-not-found');

  // A signed-in account that is no case manager.
  await createUser(admin, baseURL, { ...OUTSIDER, password: PASSWORD, role: 'USER' });
  const outsiderContext = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const outsider = await outsiderContext.newPage();
  forbidDialogs(outsider);
  await outsider.goto(`/login?redirect=${encodeURIComponent(`/dashboard/case-manager/${managerA.id}`)}`);
  await signInThroughForm(outsider, { email: OUTSIDER.email, password: PASSWORD });
  await expect(outsider).toHaveURL(new RegExp(`/dashboard/case-manager/${managerA.id}`));
  await expect(outsider.getByRole('heading', { level: 1, name: 'Dashboard Not Found' })).toBeVisible();
  await expect(outsider.getByText(managerA.name)).toHaveCount(0);
  await snap(outsider, 'case-manager-dashboard-out-of-scope');
  await outsider.goto('/dashboard/case-manager');
  await expect(outsider.getByRole('heading', { level: 1, name: 'Dashboard Not Found' })).toBeVisible();
  await expect(outsider).toHaveURL(/\/dashboard\/case-manager$/);
  await expectAccessible(outsider, 'case-manager-home-none');
  await outsider.goto('/dashboard');
  await expect(outsider.getByRole('heading', { level: 1, name: 'Dashboard Not Found' })).toBeVisible();
  await expect(outsider.getByText('How to reach yours')).toBeVisible();
  await expectAccessible(outsider, 'dashboard-not-found');
  await snap(outsider, 'dashboard-not-found');
  await outsider.getByTestId('locale-switcher').click();
  await expect(outsider.getByRole('heading', { level: 1, name: 'Panel no encontrado' })).toBeVisible();
  await expectAccessible(outsider, 'dashboard-not-found-es');
  await outsider.setViewportSize(phone);
  await expectNoHorizontalScroll(outsider, 'dashboard-not-found');
  await snap(outsider, 'dashboard-not-found-es-320');
  await outsiderContext.close();
  await adminContext.close();
});
