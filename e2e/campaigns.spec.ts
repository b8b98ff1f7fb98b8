/**
 * Case-manager email campaigns and the dashboard links they carry (issue 20; docs/campaigns.md,
 * docs/access-links.md). Through the API the admin adds three case managers (one archived); in the browser the
 * admin composes a campaign with its preview, picks all three, confirms, and follows it to COMPLETED with 2 SENT and
 * 1 SKIPPED (archived). A case manager's link, read from the outbox, opens the landing page in a fresh browser; its
 * button signs them in on their own dashboard (`/dashboard/case-manager/<id>`, `/api/me` answers for their new
 * account). The same link again, and a tampered one, land on the error page that offers "Email me a new link"; the
 * page is checked in Spanish at 320 px too. Every screen passes axe.
 */
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { ADMIN_STATE_FILE, expectAccessible, forbidDialogs, snap } from './support.ts';
import { checkSpanishScreen, newestMessage, phone } from './spanish-support.ts';

const stamp = Date.now().toString(36);
const PAGE = '/admin/case-manager-email-campaign';
const PEOPLE = [
  { name: `Ada Campaign ${stamp}`, email: `ada.campaign.${stamp}@example.org`, archived: false },
  { name: `Bo Campaign ${stamp}`, email: `bo.campaign.${stamp}@example.org`, archived: false },
  { name: `Cy Archived ${stamp}`, email: `cy.campaign.${stamp}@example.org`, archived: true },
];

/** Clients of Ada and of Bo. */
const CLIENTS = [`Ada's Client ${stamp}`, `Bo's Client ${stamp}`] as const;

async function addCaseManagers(admin: APIRequestContext): Promise<string[]> {
  const ids: string[] = [];
  for (const person of PEOPLE) {
    const created = await admin.post('/api/case-managers', {
      data: { name: person.name, county: `County ${stamp}`, email: person.email },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    if (person.archived) {
      const archived = await admin.post(`/api/case-managers/${id}/archive`, { data: { archived: true } });
      expect(archived.status()).toBe(200);
    }
    ids.push(id);
  }
  // One client for Ada and one for Bo: Ada's dashboard lists hers only.
  for (const [index, name] of CLIENTS.entries()) {
    const client = await admin.post('/api/clients', { data: { name, caseManagerId: ids[index] } });
    expect(client.status(), await client.text()).toBe(201);
  }
  return ids;
}

/** The dashboard link (path and query) in the newest email to `to`. */
async function mailedLink(admin: APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const message = await newestMessage(admin, to);
    const found = /https?:\/\/\S+\/dashboard\/access\?token=[A-Za-z0-9_-]+/.exec(
      message?.textBody ?? '',
    )?.[0];
    expect(found, `a dashboard link mailed to ${to}`).toBeTruthy();
    link = found as string;
  }).toPass({ timeout: 15_000 });
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Opens `path` in a fresh browser (no session) and presses "Open my dashboard". */
async function pressOpen(browser: Browser, baseURL: string | undefined, path: string, locale = 'en-US') {
  const context = await browser.newContext({ baseURL, locale, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto(path);
  return { context, page };
}

test('an admin sends a campaign; a case manager opens their dashboard once by its link', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    // State-changing API calls must come from the web app's origin.
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const adminPage = await adminContext.newPage();
  forbidDialogs(adminPage);
  const ids = await addCaseManagers(adminPage.request);

  await adminPage.goto(PAGE);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Case-manager campaigns' })).toBeVisible();
  await adminPage.getByLabel('Campaign name').fill(`Spring check-in ${stamp}`);
  await adminPage.getByLabel('Subject').fill('Your clients in Tend');
  await adminPage.getByLabel('From name').fill('Riverbend Care Team');
  await adminPage.getByLabel('Message').fill('Hello from the agency.\n\nYour caseload is one click away.');
  await adminPage.getByText('Pick', { exact: true }).click();
  const picker = adminPage.getByRole('combobox', { name: 'Case managers' });
  for (const person of PEOPLE) {
    await picker.fill(person.name);
    await adminPage.getByRole('option', { name: new RegExp(person.name) }).click();
  }
  await expect(adminPage.getByText('3 case managers chosen; 2 can be emailed')).toBeVisible();
  await expect(adminPage.getByText('Subject: Your clients in Tend')).toBeVisible();
  await expect(adminPage.getByText('Hello Ada Campaign')).toBeVisible();
  await expectAccessible(adminPage, 'Case-manager campaigns (compose)');
  await snap(adminPage, 'campaigns-compose');

  await adminPage.getByRole('button', { name: 'Send campaign' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Send this campaign?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(adminPage, 'Case-manager campaigns (confirm)');
  await dialog.getByRole('button', { name: 'Send to 3 recipients' }).click();
  await expect(adminPage).toHaveURL(/\?campaign=/);
  await expect(adminPage.getByTestId('campaign-status')).toHaveText('COMPLETED', { timeout: 60_000 });
  await expect(adminPage.getByText('3 of 3 handled: 2 sent · 0 failed · 1 skipped')).toBeVisible();
  const archivedRow = adminPage.getByRole('row', { name: new RegExp(PEOPLE[2]?.name as string) });
  await expect(archivedRow).toContainText('SKIPPED');
  await expect(archivedRow).toContainText('Archived case manager');
  await expectAccessible(adminPage, 'Case-manager campaigns (sent)');
  await snap(adminPage, 'campaigns-sent');

  // Ada's link, in a fresh browser: landing page, button, her dashboard, signed in.
  const link = await mailedLink(adminPage.request, PEOPLE[0]?.email as string);
  const first = await pressOpen(browser, baseURL, link);
  await expect(first.page.getByRole('heading', { level: 1, name: 'Open your dashboard' })).toBeVisible();
  await expectAccessible(first.page, 'Open your dashboard');
  await snap(first.page, 'access-link-open');
  await first.page.getByRole('button', { name: 'Open my dashboard' }).click();
  await expect(first.page).toHaveURL(new RegExp(`/dashboard/case-manager/${ids[0]}$`));
  // She sees her own clients, and not Bo's.
  await expect(first.page.getByRole('heading', { level: 1, name: 'Case manager dashboard' })).toBeVisible();
  const cards = first.page.getByTestId('client-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(CLIENTS[0]);
  await expect(first.page.getByText(CLIENTS[1])).toHaveCount(0);
  // Her dashboard without an id is her own.
  await first.page.goto('/dashboard/case-manager');
  await expect(first.page).toHaveURL(new RegExp(`/dashboard/case-manager/${ids[0]}$`));
  const me = await first.page.request.get('/api/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: PEOPLE[0]?.email, role: 'USER' });
  await first.context.close();

  // The same link again: the error page, which offers a new link.
  const again = await pressOpen(browser, baseURL, link);
  await again.page.getByRole('button', { name: 'Open my dashboard' }).click();
  await expect(again.page.getByRole('heading', { level: 1, name: "This link doesn't work" })).toBeVisible();
  await expectAccessible(again.page, "This link doesn't work");
  await snap(again.page, 'access-link-used');
  await again.page.getByRole('button', { name: 'Email me a new link' }).click();
  await expect(again.page.getByRole('status')).toContainText('a new one is on its way');
  await snap(again.page, 'access-link-renewed');
  await again.context.close();

  // A tampered token (one character changed): the same error page, in Spanish on a phone.
  const tampered = link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
  const spanish = await browser.newContext({
    baseURL,
    locale: 'es-MX',
    viewport: phone,
    storageState: { cookies: [], origins: [] },
  });
  const esPage = await spanish.newPage();
  forbidDialogs(esPage);
  await esPage.goto(tampered);
  await expect(esPage.getByRole('heading', { level: 1, name: 'Abra su tablero' })).toBeVisible();
  await checkSpanishScreen(esPage, 'access-link-open');
  await esPage.getByRole('button', { name: 'Abrir mi tablero' }).click();
  await expect(esPage.getByRole('heading', { level: 1, name: 'Este enlace no funciona' })).toBeVisible();
  await expect(esPage.getByRole('button', { name: 'Enviarme un enlace nuevo' })).toBeVisible();
  await checkSpanishScreen(esPage, 'access-link-broken');
  await spanish.close();
  await adminContext.close();
});
