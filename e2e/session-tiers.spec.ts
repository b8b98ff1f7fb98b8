/**
 * Session tiers in the browser (spec s.4 "Session tiers", s.6), with Playwright's clock: the inactivity warning
 * 5 minutes before the 45-minute expiry, activity and its grace period, Continue, the logout at expiry and the
 * way back; the session-debug page; and a sign-out in one tab ending the other.
 *
 * Each test signs in afresh (its own better-auth session, no stored state): signing out here must not end the
 * admin session that the other flows share through ADMIN_STATE_FILE.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, snap } from './support.ts';

test.use({ storageState: { cookies: [], origins: [] } });

async function signIn(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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

  // Moving the mouse is activity: the grace period starts, then the warning closes.
  await page.mouse.move(20, 300);
  await page.mouse.move(60, 320);
  await expect(warning).toContainText('Activity noticed');
  await snap(page, 'session-activity-grace');
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

  // Both tabs are signed out: an admin page asks to sign in.
  await other.goto('/admin/users');
  await expect(other).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
  await other.close();
});
