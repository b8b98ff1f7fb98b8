/**
 * Session tiers in the browser (spec s.4 "Session tiers", s.6), with Playwright's clock: the inactivity warning
 * 5 minutes before the 45-minute expiry, activity and its grace period, Continue, the logout at expiry and the
 * way back; the session-debug page; and a sign-out in one tab ending the other.
 *
 * Each test signs in afresh (its own better-auth session, no stored state): signing out here must not end the
 * admin session that the other flows share through ADMIN_STATE_FILE.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInThroughForm, snap } from './support.ts';

test.use({ storageState: { cookies: [], origins: [] } });

/** Password, then the admin's TOTP code (the first admin has two-step verification). */
async function signIn(page: Page): Promise<void> {
  await signInThroughForm(page);
}

test('inactivity: warning 5 min before expiry, activity and Continue keep the session, expiry ends it', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/login?redirect=%2Fadmin%2Fusers');
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const warning = page.getByRole('alertdialog');

  // 40 minutes without activity: 5 minutes left, the warning shows with a live countdown.
  await page.clock.fastForward('40:00');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/Your session will end in [45]:\d\d because of inactivity/);
  await expect(warning.getByRole('button', { name: 'Continue' })).toBeFocused();
  const first = await warning.getByTestId('session-countdown').textContent();
  await page.clock.runFor(2000);
  await expect(warning.getByTestId('session-countdown')).not.toHaveText(first ?? '');
  await snap(page, 'session-inactivity-warning');
  await expectAccessible(page, 'session-inactivity-warning');

  // Moving the mouse is activity: the grace period starts, then the warning closes.
  await page.mouse.move(20, 300);
  await page.mouse.move(60, 320);
  await expect(warning).toContainText('Activity noticed');
  await snap(page, 'session-activity-grace');
  await expectAccessible(page, 'session-activity-grace');
  await page.clock.runFor(7000);
  await expect(warning).toBeHidden();

  // Again 40 minutes idle: Continue resets the inactivity timer.
  await page.clock.fastForward('40:00');
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Continue' }).click();
  await expect(warning).toBeHidden();
  await page.clock.fastForward('39:00');
  await page.clock.runFor(2000);
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/users$/);

  // Past the 45 minutes: signed out, on /login with the reason and the way back.
  await page.clock.fastForward('07:00');
  await expect(page).toHaveURL(/\/login\?reason=inactivity_timeout&redirect=%2Fadmin%2Fusers$/);
  await expect(page.getByTestId('logout-reason')).toContainText('no activity for a while');
  await snap(page, 'session-inactivity-logout');
  await expectAccessible(page, 'session-inactivity-logout');
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  // The debug page: the strict tier (an admin page set it), both deadlines, no warning.
  await page.getByRole('link', { name: 'Session debug' }).click();
  await expect(page).toHaveURL(/\/admin\/session-debug$/);
  await expect(page.getByRole('heading', { name: 'Session debug', level: 1 })).toBeVisible();
  await expect(page.getByTestId('session-tier')).toContainText('PHI Access Mode (45m/12h)');
  await expect(page.getByTestId('session-inactivity-deadline')).toContainText(/in 4[45]:\d\d/);
  // The browser's clock is now about two hours ahead of the server that issued the session: under 12 h left.
  await expect(page.getByTestId('session-absolute-deadline')).toContainText(/in (?:1[01]|\d):\d\d:\d\d/);
  await expect(page.getByTestId('session-warning-state')).toHaveText('None');
  await expect(page.getByTestId('session-stored-reason')).toContainText('inactivity_timeout');
  await snap(page, 'session-debug');
  await expectAccessible(page, 'session-debug');
});

test('signing out in one tab sends the other to /login?reason=session_expired_other_tab within 2 s', async ({
  page,
  context,
}) => {
  await page.goto('/login?redirect=%2Fadmin');
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);

  const other = await context.newPage();
  await other.goto('/admin/session-debug');
  await expect(other.getByTestId('session-monitoring')).toHaveText(/^Yes/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?reason=manual_logout&redirect=%2Fadmin$/);
  await expect(other).toHaveURL(
    /\/login\?reason=session_expired_other_tab&redirect=%2Fadmin%2Fsession-debug$/,
    {
      timeout: 2000,
    },
  );
  await expect(other.getByTestId('logout-reason')).toContainText('ended in another tab');
  await snap(other, 'session-other-tab-logout');
  await expectAccessible(other, 'session-other-tab-logout');

  // Both tabs are signed out: an admin page asks to sign in.
  await other.goto('/admin/users');
  await expect(other).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
  await other.close();
});

test('a session the server ended (401 with a reason) lands on /login with that reason and the way back', async ({
  page,
}) => {
  await page.goto('/login?redirect=%2Fadmin%2Fusers');
  await signIn(page);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  // The server's answer once it has ended a strict session after 45 idle minutes (the API tests move the
  // server's clock; here the answers are replayed so the browser's handling is what is tested).
  const expired = {
    status: 401,
    contentType: 'application/problem+json',
    body: JSON.stringify({
      type: 'https://tend.local/problems/session-expired',
      title: 'Session expired',
      status: 401,
      code: 'SESSION_EXPIRED',
      detail: 'Your session ended after a period of inactivity; sign in again',
      reason: 'inactivity_timeout',
    }),
  };
  await page.route('**/api/users**', (route) => route.fulfill(expired));
  await page.route('**/api/me', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'x', title: 'Sign-in required', status: 401, code: 'UNAUTHENTICATED' }),
    }),
  );
  await page
    .getByRole('textbox', { name: /search/i })
    .first()
    .fill('zz');
  await expect(page).toHaveURL(/\/login\?reason=inactivity_timeout&redirect=%2Fadmin%2Fusers/);
  await expect(page.getByTestId('logout-reason')).toContainText('no activity for a while');
  await snap(page, 'session-server-expired');
  await expectAccessible(page, 'session-server-expired');
});
