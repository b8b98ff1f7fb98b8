/**
 * Admin diagnostics (issue 24; decision 0067; docs/admin-tools.md "Diagnostics"):
 * - `/test`: an admin signs in afresh (a strict session: the sign-in asked for /test), and the page shows the
 *   deadlines the server enforces: the same instants `GET /api/diagnostics/session` gives, and what the session's
 *   own timing implies (absolute = the sign-in time recorded here + 12 h; inactivity = the last recorded activity
 *   + 45 min); the engine and the migration level (the newest tag of the shipped journal); Refresh reads again
 *   (a new request id);
 * - `/protected`: "Guard check passed" with who and when;
 * - a USER and a CAREGIVER are sent home with the redirect message from both pages and get 403 from both APIs.
 * axe on both screens; screenshots in test-results/screens/ (also at 320 px).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  ADMIN_STATE_FILE,
  createUser,
  expectAccessible,
  forbidDialogs,
  signInThroughForm,
  snap,
} from './support.ts';

const H = 3_600_000;
const MIN = 60_000;
const stamp = Date.now().toString(36);
const PASSWORD = 'amber lantern orchard seven';

interface Diagnostics {
  tier: string;
  signedInAt: string;
  lastActivityAt: string;
  deadlines: { absoluteAt: string; inactivityAt: string; warningAt: string };
  database: { engine: string; migrations: { applied: number; available: number; latest: string } };
  requestId: string;
}

/** The instant of the `<time>` in the cell `testId` (its `datetime` attribute), in epoch ms. */
async function shownInstant(page: Page, testId: string): Promise<number> {
  const value = await page.getByTestId(testId).locator('time').first().getAttribute('datetime');
  expect(value, `${testId} shows a time`).not.toBeNull();
  return Date.parse(value as string);
}

test('an admin sees the deadlines the server enforces on /test', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/login?redirect=%2Ftest');
  const before = Date.now();
  await signInThroughForm(page);
  const after = Date.now();
  await expect(page).toHaveURL(/\/test$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeVisible();
  await expect(page.getByTestId('diagnostics')).toBeVisible();

  const response = await page.request.get('/api/diagnostics/session');
  expect(response.status(), await response.text()).toBe(200);
  const api = (await response.json()) as Diagnostics;
  expect(api.tier).toBe('strict_phi');
  const signedInAt = Date.parse(api.signedInAt);
  // The session began while this test signed in (one machine, one clock; the second of slack is the database's).
  expect(signedInAt).toBeGreaterThanOrEqual(before - 1000);
  expect(signedInAt).toBeLessThanOrEqual(after + 1000);
  expect(Date.parse(api.deadlines.absoluteAt)).toBe(signedInAt + 12 * H);

  // The page shows the same instants, and the timing they imply.
  await expect(page.getByTestId('diag-tier')).toContainText('PHI Access Mode (45m/12h)');
  expect(await shownInstant(page, 'diag-signed-in-at')).toBe(signedInAt);
  expect(await shownInstant(page, 'deadline-absolute')).toBe(Date.parse(api.deadlines.absoluteAt));
  expect(await shownInstant(page, 'deadline-absolute')).toBe(signedInAt + 12 * H);
  const lastActivity = await shownInstant(page, 'diag-last-activity');
  expect(await shownInstant(page, 'deadline-inactivity')).toBe(lastActivity + 45 * MIN);
  expect(Date.parse(api.deadlines.inactivityAt)).toBe(Date.parse(api.lastActivityAt) + 45 * MIN);
  await expect(page.getByTestId('deadline-absolute').getByTestId('countdown')).toHaveText(
    /^in 1[12]:\d\d:\d\d$/,
  );
  await expect(page.getByTestId('deadline-inactivity').getByTestId('countdown')).toHaveText(/^in 4\d:\d\d$/);

  // The engine and the migration level: every migration this build ships, the newest by its tag.
  const journal = JSON.parse(readFileSync('apps/api/drizzle/meta/_journal.json', 'utf8')) as {
    entries: { tag: string }[];
  };
  const newest = journal.entries.at(-1)?.tag as string;
  expect(api.database).toEqual({
    engine: 'pglite',
    migrations: { applied: journal.entries.length, available: journal.entries.length, latest: newest },
  });
  await expect(page.getByTestId('diag-engine')).toContainText('PGlite (embedded)');
  await expect(page.getByTestId('diag-migrations')).toContainText(
    `${journal.entries.length} of ${journal.entries.length}`,
  );
  await expect(page.getByTestId('diag-migration-latest')).toHaveText(newest);
  await expect(page.getByTestId('diag-queues')).toContainText('shift-import');

  // Refresh asks again: another request, another id.
  const firstId = (await page.getByTestId('diag-request-id').locator('code').textContent()) ?? '';
  expect(firstId).toMatch(/^[\w-]{8,64}$/);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('diag-request-id').locator('code')).not.toHaveText(firstId);
  await expect(page.getByRole('button', { name: 'Copy the request id' })).toBeVisible();

  await expectAccessible(page, 'diagnostics');
  await snap(page, 'diagnostics');
  await page.setViewportSize({ width: 320, height: 800 });
  await page.reload();
  await expect(page.getByTestId('diagnostics')).toBeVisible();
  // Usable at 320 px: nothing wider than the screen (the job table scrolls inside its card).
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
  await snap(page, 'diagnostics-320');
  await context.close();
});

test('/protected: the guard check passes for an admin', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: ADMIN_STATE_FILE });
  const page = await context.newPage();
  forbidDialogs(page);
  await page.goto('/protected');
  await expect(page.getByRole('heading', { level: 1, name: 'Protected' })).toBeVisible();
  const check = page.getByTestId('guard-check');
  await expect(check).toHaveAttribute('data-status', 'passed');
  await expect(check).toContainText('Guard check passed');
  await expect(check).toContainText('The server let ADMIN');
  await expectAccessible(page, 'protected');
  await snap(page, 'protected');
  await context.close();
});

/** A browser context signed in (over HTTP) as a new account of `role` made by the shared admin. */
async function signedInAs(browser: Browser, baseURL: string | undefined, role: 'USER' | 'CAREGIVER') {
  const admin = await browser.newContext({ baseURL, storageState: ADMIN_STATE_FILE });
  const email = `diag.${role.toLowerCase()}.${stamp}@example.org`;
  await createUser(admin.request, baseURL, {
    email,
    firstName: 'Dee',
    lastName: `Diag ${role}`,
    role,
    password: PASSWORD,
  });
  await admin.close();
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL ?? '' },
    data: { email, password: PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return context;
}

for (const role of ['USER', 'CAREGIVER'] as const) {
  test(`a ${role} is refused both pages and both APIs`, async ({ browser, baseURL }) => {
    const context = await signedInAs(browser, baseURL, role);
    for (const url of ['/api/diagnostics/session', '/api/diagnostics/protected']) {
      const response = await context.request.get(url);
      expect(response.status(), url).toBe(403);
    }
    const page = await context.newPage();
    forbidDialogs(page);
    for (const [path, title] of [
      ['/test', 'Diagnostics'],
      ['/protected', 'Protected'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new URL('/', baseURL).toString());
      await expect(page.getByTestId('admin-redirect-alert')).toContainText(
        `“${title}” needs an administrator account`,
      );
    }
    await snap(page, `diagnostics-refused-${role.toLowerCase()}`);
    await context.close();
  });
}
