/**
 * Email export (issue 24 "Email export": "an admin exports emails with filters and gets the right counts"; decision
 * 0065; docs/admin-tools.md). Through the API the admin adds, in two counties of this run, case managers (one
 * archived), clients (one without email, two sharing an address, one named like a formula) and a caregiver (no
 * county). In the browser: the county filter gives exact counts per kind (caregivers "not in a county export"), the
 * status filter adds the archived case manager, an address marked opted out on the page moves its case manager to
 * "Left out", the CSV download is formula-safe with the right rows and the vCard has one card per person. Every
 * screen passes axe at desktop width and 320 px. A non-admin gets 403 from every API and no page. Bounces need a
 * mail server answering 550 and are proved in `email-export.routes.test.ts`.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  createUser,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
} from './support.ts';

const stamp = Date.now().toString(36);
const PAGE = '/admin/tools/email-export';
const LANE = `Lane ${stamp}`;
const MARION = `Marion ${stamp}`;
const mail = (name: string) => `${name}.${stamp}@example.org`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let origin = '';

async function post(api: APIRequestContext, url: string, data: Record<string, unknown>): Promise<string> {
  const created = await api.post(url, { data, headers: { origin } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The people of this run (see the module comment). */
async function seed(api: APIRequestContext) {
  const casey = await post(api, '/api/case-managers', {
    name: `Casey ${stamp}`,
    county: LANE,
    email: mail('casey'),
  });
  const cora = await post(api, '/api/case-managers', {
    name: `Cora ${stamp}`,
    county: LANE,
    email: mail('cora'),
  });
  const archived = await api.post(`/api/case-managers/${cora}/archive`, {
    data: { archived: true },
    headers: { origin },
  });
  expect(archived.status()).toBe(200);
  const mo = await post(api, '/api/case-managers', {
    name: `Mo ${stamp}`,
    county: MARION,
    email: mail('mo'),
  });
  await post(api, '/api/clients', { name: `Ann ${stamp}`, email: mail('ann'), caseManagerId: casey });
  await post(api, '/api/clients', {
    name: `Abe ${stamp}`,
    email: mail('ann').toUpperCase(),
    caseManagerId: casey,
  });
  await post(api, '/api/clients', { name: `Al ${stamp}`, caseManagerId: casey });
  await post(api, '/api/clients', { name: `=SUM(1) ${stamp}`, email: mail('mia'), caseManagerId: mo });
  await post(api, '/api/caregivers', { name: `Gus ${stamp}`, email: mail('gus'), type: 'DSP_CARE' });
}

/** The figures row of `kind` (`total` for the footer): included, opted out, bounced, without email. */
async function expectCounts(page: Page, kind: string, figures: [number, number, number, number]) {
  const cells = page.locator(`tr[data-kind="${kind}"] td`);
  await expect(cells).toHaveText(figures.map(String));
}

/** expectAccessible at desktop width, then at 320 px (with screenshots), back to desktop. */
async function accessibleAtBothWidths(page: Page, name: string) {
  await expectAccessible(page, name);
  await snap(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  await expectAccessible(page, `${name} 320`);
  await snap(page, `${name}-320`);
  if (size) await page.setViewportSize(size);
}

/** Downloads the file behind the link named `name`; its suggested name and text. */
async function download(page: Page, name: RegExp) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { fileName: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test('an admin exports emails with filters and gets the right counts', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  forbidDialogs(page);
  // State-changing API calls carry the web app's origin (CSRF check).
  origin = baseURL ?? '';
  await seed(page.request);

  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Email export', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'County' }).click();
  await page.getByRole('combobox', { name: 'County' }).fill(LANE);
  await page.getByRole('listbox').getByRole('option', { name: LANE, exact: true }).click();
  await expect(page).toHaveURL(/county=Lane/);
  await expectCounts(page, 'client', [2, 0, 0, 1]);
  await expectCounts(page, 'case_manager', [1, 0, 0, 0]);
  await expectCounts(page, 'caregiver', [0, 0, 0, 0]);
  await expect(page.locator('tr[data-kind="caregiver"]')).toContainText('not in a county export');
  await expectCounts(page, 'total', [3, 0, 0, 1]);
  await expect(page.getByRole('row', { name: new RegExp(`Abe ${stamp}`) })).toContainText('shared');
  await accessibleAtBothWidths(page, 'email export');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Active and archived' }).click();
  await expect(page).toHaveURL(/status=all/);
  await expectCounts(page, 'case_manager', [2, 0, 0, 0]);

  // The CSV of Lane, active and archived: formula-safe, one row per person.
  const csv = await download(page, /Download CSV \(4\)/);
  expect(csv.fileName).toMatch(new RegExp(`^emails-all-all-lane-${stamp}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = csv.text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('kind,name,email,other_emails,county,status,shared_address');
  expect(lines.slice(1).sort()).toEqual(
    [
      `Case manager,Casey ${stamp},${mail('casey')},,${LANE},active,no`,
      `Case manager,Cora ${stamp},${mail('cora')},,${LANE},archived,no`,
      `Client,Abe ${stamp},${mail('ann')},,${LANE},active,yes`,
      `Client,Ann ${stamp},${mail('ann')},,${LANE},active,yes`,
    ].sort(),
  );

  // Marion: the formula-like client, then Mo's address opted out from the page.
  await page.goto(`${PAGE}?county=${encodeURIComponent(MARION)}`);
  await expectCounts(page, 'case_manager', [1, 0, 0, 0]);
  await page.getByRole('textbox', { name: 'Email address' }).fill(mail('mo'));
  await page.getByRole('textbox', { name: 'Note (optional)' }).fill('Asked by phone');
  await page.getByRole('button', { name: 'Mark opted out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is opted out' })).toBeVisible();
  await expectCounts(page, 'case_manager', [0, 1, 0, 0]);
  const left = page.getByRole('table', { name: 'People left out' });
  await expect(left.getByRole('row', { name: new RegExp(`Mo ${stamp}`) })).toContainText('Opted out');
  await accessibleAtBothWidths(page, 'email export excluded');

  const csvMarion = await download(page, /Download CSV \(1\)/);
  expect(csvMarion.text).toContain(`Client,'=SUM(1) ${stamp},${mail('mia')},,${MARION},active,no`);
  expect(csvMarion.text).not.toContain(mail('mo'));
  const vcard = await download(page, /Download vCard \(1\)/);
  expect(vcard.fileName).toMatch(/\.vcf$/);
  expect(vcard.text).toMatch(
    new RegExp(
      `^BEGIN:VCARD\\r\\nVERSION:4\\.0\\r\\nKIND:individual\\r\\nFN:=SUM\\(1\\) ${stamp}\\r\\n` +
        `EMAIL;PREF=1:${escapeRegExp(mail('mia'))}\\r\\nCATEGORIES:Client\\r\\nUID:urn:uuid:[0-9a-f-]{36}\\r\\nEND:VCARD\\r\\n$`,
    ),
  );
});

test('a non-admin gets 403 from the email export and no page', async ({ browser, baseURL }) => {
  const USER = {
    email: `export.user.${stamp}@example.org`,
    password: 'gentle rain on a tin roof',
    firstName: 'Pat',
    lastName: `Export ${stamp}`,
  };
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE_FILE, baseURL });
  await createUser(adminContext.request, baseURL, { ...USER, role: 'USER' });
  await adminContext.close();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login');
  await signInThroughForm(page, { email: USER.email, password: USER.password });
  expect((await page.request.get('/api/email-export/preview')).status()).toBe(403);
  expect((await page.request.get('/api/email-export/download?format=csv')).status()).toBe(403);
  const mark = await page.request.post('/api/email-export/opt-outs', {
    headers: { origin: baseURL ?? '' },
    data: { address: mail('someone') },
  });
  expect(mark.status()).toBe(403);
  await page.goto(PAGE);
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  await expect(page.getByTestId('admin-redirect-alert')).toContainText('needs an administrator account');
  await context.close();
});
