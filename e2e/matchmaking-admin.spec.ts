/**
 * Admin match review, match detection and the realtime diagnostics (issue 22; decision 0061; docs/matchmaking.md
 * "Admin: match review, detection and realtime diagnostics"):
 * - `/review-matches`: the list with its filters in the URL, and its empty state for a filter nothing passes;
 * - `/admin/match-detection`: two caregiver listings made here with one phone number written two ways are flagged as
 *   duplicates; the admin hides one listing, then dismisses the flag and it is gone;
 * - `/socketTest`: connected with a socket id, round trips listed; "Drop connection" shows reconnect attempt 1
 *   after 1 s, then connected again;
 * - `/chat`: two tabs of the admin exchange a message over the realtime channel, each line with its latency.
 * axe on every screen; screenshots in test-results/screens/.
 */
import { expect, request as playwrightRequest, test, type Browser } from '@playwright/test';
import { ADMIN_STATE_FILE, createUser, expectAccessible, forbidDialogs, snap } from './support.ts';

const stamp = Date.now().toString(36);
const PASSWORD = 'match review passphrase';
/** A phone number of this run (555-01xx is the fictitious block). */
const phoneDigits = `54155501${String(Date.now() % 100).padStart(2, '0')}`;

async function adminPage(browser: Browser, baseURL: string | undefined, width = 1280) {
  const context = await browser.newContext({
    storageState: ADMIN_STATE_FILE,
    baseURL,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  forbidDialogs(page);
  return { context, page };
}

/** A caregiver account made by the admin, signed in over HTTP, with a listing of `lastName` and `phone`. */
async function caregiverListing(
  browser: Browser,
  baseURL: string | undefined,
  lastName: string,
  phone: string,
) {
  const { context } = await adminPage(browser, baseURL);
  const email = `caregiver.${lastName.toLowerCase().replace(/\W/g, '')}.${stamp}@example.org`;
  await createUser(context.request, baseURL, {
    email,
    firstName: 'Dana',
    lastName,
    role: 'CAREGIVER',
    password: PASSWORD,
  });
  await context.close();
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? '' } });
  const signIn = await api.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const made = await api.post('/api/matchmaking/caregivers', {
    data: { firstName: 'Dana', lastName, zipCode: '97401', phoneNumber: phone },
  });
  expect(made.status(), await made.text()).toBe(201);
  await api.dispose();
}

test('review matches: the list, its filters in the URL and the empty state', async ({ browser, baseURL }) => {
  const { context, page } = await adminPage(browser, baseURL);
  await page.goto('/review-matches');
  await expect(page.getByRole('heading', { level: 1, name: 'Review matches' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Matched from' })).toBeVisible();
  await expectAccessible(page, 'review-matches');
  await snap(page, 'review-matches');
  await page.getByRole('textbox', { name: 'Matched from' }).fill('2099-01-01');
  await expect(page).toHaveURL(/from=2099-01-01/);
  await expect(page.getByText('No matches pass these filters')).toBeVisible();
  await expectAccessible(page, 'review-matches-filtered');
  await snap(page, 'review-matches-filtered');
  await context.close();
});

test('match detection: duplicate caregiver listings flagged, one hidden, the flag dismissed', async ({
  browser,
  baseURL,
}) => {
  const first = `Twin${stamp}A`;
  const second = `Twin${stamp}B`;
  await caregiverListing(
    browser,
    baseURL,
    first,
    `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`,
  );
  await caregiverListing(browser, baseURL, second, `+1 ${phoneDigits}`);
  const { context, page } = await adminPage(browser, baseURL);
  await page.goto('/admin/match-detection');
  await expect(page.getByRole('heading', { level: 1, name: 'Match detection' })).toBeVisible();
  const flag = page.getByTestId('match-flag').filter({ hasText: first });
  await expect(flag).toContainText('2 caregiver listings with the same phone number');
  await expect(flag).toContainText(second);
  await expectAccessible(page, 'match-detection');
  await snap(page, 'match-detection');
  await flag.getByRole('button', { name: `Hide listing Dana ${first}` }).click();
  await expect(flag.getByText('hidden')).toBeVisible();
  await flag.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('match-flag').filter({ hasText: first })).toHaveCount(0);
  await expect(page.getByText(/dismissed flags? (is|are) not shown/)).toBeVisible();
  await context.close();
});

test('socket test: connected, round trips, a dropped connection comes back after 1 s', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await adminPage(browser, baseURL);
  await page.goto('/socketTest');
  await expect(page.getByRole('heading', { level: 1, name: 'Realtime test' })).toBeVisible();
  await expect(page.getByTestId('realtime-status')).toHaveText('Connected');
  await expect(page.getByTestId('socket-id')).not.toContainText('—');
  await expect(page.getByTestId('ping-table').locator('tbody tr')).toHaveCount(3, { timeout: 10_000 });
  await expect(page.getByTestId('server-sockets')).toContainText(/Sockets on this instance: \d+/);
  await expectAccessible(page, 'socket-test');
  await snap(page, 'socket-test');
  await page.getByRole('button', { name: 'Drop connection' }).click();
  await expect(page.getByRole('log', { name: 'Connection changes' })).toContainText(
    'Reconnecting: attempt 1 in 1 s',
  );
  await expect(page.getByTestId('realtime-status')).toHaveText('Connected', { timeout: 10_000 });
  // "Disconnect" closes the connection for good (no reconnect attempts) until "Reconnect now".
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('log', { name: 'Connection changes' })).toContainText('Disconnected');
  await expect(page.getByTestId('realtime-status')).toHaveText('Disconnected');
  await page.waitForTimeout(2_500); // longer than the first two reconnect delays: it stays disconnected
  await expect(page.getByTestId('realtime-status')).toHaveText('Disconnected');
  await page.getByRole('button', { name: 'Reconnect now' }).click();
  await expect(page.getByTestId('realtime-status')).toHaveText('Connected', { timeout: 10_000 });
  await snap(page, 'socket-test-after-reconnect');
  await context.close();
});

test('chat: two tabs of the admin exchange a message with its latency', async ({ browser, baseURL }) => {
  const { context, page } = await adminPage(browser, baseURL);
  const other = await context.newPage();
  forbidDialogs(other);
  for (const tab of [page, other]) {
    await tab.goto('/chat');
    await expect(tab.getByRole('heading', { level: 1, name: 'Chat (realtime diagnostics)' })).toBeVisible();
    await expect(tab.getByTestId('chat-sockets')).toBeVisible();
  }
  await expect(page.getByText('No messages yet.')).toBeVisible();
  await expectAccessible(page, 'chat');
  const words = `Hello from tab one ${stamp}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(words);
  await page.getByRole('button', { name: 'Send' }).click();
  const arrived = other.getByTestId('chat-line').filter({ hasText: words });
  await expect(arrived).toBeVisible();
  await expect(arrived.getByTestId('chat-latency')).toHaveText(/^\d+ ms$/);
  await expect(page.getByTestId('chat-line').filter({ hasText: words })).toContainText('from this tab');
  await expectAccessible(other, 'chat-received');
  await snap(other, 'chat-received');
  await context.close();
});

test('the admin pages at 320 px', async ({ browser, baseURL }) => {
  const { context, page } = await adminPage(browser, baseURL, 320);
  for (const [path, name] of [
    ['/admin/match-detection', 'match-detection-320'],
    ['/socketTest', 'socket-test-320'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await snap(page, name);
  }
  await context.close();
});
