/**
 * Shared facts for the browser flows: the first admin created by setup.spec.ts (with the TOTP key it enrolled,
 * docs/decisions/0009-mfa.md), signing in through the form, and screenshot paths.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

export const ADMIN = {
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada.admin@example.org',
  password: 'a long e2e passphrase',
};
export const SETUP_TOKEN = 'e2e-setup-token-0123456789';
/** Where the setup flow saves the admin's session for the other flows (E2E_STATE_FILE: one per parallel run). */
export const ADMIN_STATE_FILE = process.env.E2E_STATE_FILE ?? 'test-results/admin-state.json';

/** Saves a full-page screenshot under test-results/screens/<name>.png (looked at by people, not asserted). */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** Fails the test when the page runs any script-injected dialog (naughty strings must never execute). */
export function forbidDialogs(page: Page): void {
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });
}

/** Where setup.spec.ts keeps the admin's TOTP key (base32) for flows that sign in through the form. */
export const ADMIN_TOTP_FILE = `${ADMIN_STATE_FILE}.totp`;

/** The current 6-digit code of a base32 TOTP key (spaces ignored), as an authenticator app shows it. */
export async function totpCode(secret: string): Promise<string> {
  return createOTP(base32.decode(secret.replace(/\s+/g, ''))).totp();
}

/** Saves the admin's TOTP key (setup.spec.ts). */
export function saveAdminTotpSecret(secret: string): void {
  writeFileSync(ADMIN_TOTP_FILE, secret.replace(/\s+/g, ''), { mode: 0o600 });
}

/** The current code of the admin's TOTP key saved by setup.spec.ts. */
export async function adminTotpCode(): Promise<string> {
  return totpCode(readFileSync(ADMIN_TOTP_FILE, 'utf8').trim());
}

/**
 * Fills the sign-in form on the current /login page and submits it; when the account has two-step verification
 * (the first admin has), enters the current code of `totpSecret` (default: the admin's saved key) too.
 */
export async function signInThroughForm(
  page: Page,
  {
    email = ADMIN.email,
    password = ADMIN.password,
    totpSecret,
  }: { email?: string; password?: string; totpSecret?: string } = {},
): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const codeInput = page.getByRole('textbox', { name: 'Verification code' });
  const signedIn = page
    .waitForURL((url) => url.pathname !== '/login', { timeout: 10_000 })
    .then(
      () => 'done' as const,
      () => 'timeout' as const,
    );
  const codeAsked = codeInput.waitFor({ state: 'visible', timeout: 10_000 }).then(
    () => 'code' as const,
    () => 'timeout' as const,
  );
  const step = await Promise.race([signedIn, codeAsked]);
  if (step === 'done') return;
  if (step === 'timeout') throw new Error('Sign-in neither finished nor asked for a code');
  await codeInput.fill(totpSecret ? await totpCode(totpSecret) : await adminTotpCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** The WCAG 2.0/2.1/2.2 A and AA rule tags axe runs on every screen a flow visits (issue 18). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Runs axe-core (`@axe-core/playwright`) with the WCAG A and AA rules on the page as it stands and fails the test
 * on any violation, listing each rule, its help text and the first offending elements. `screen` names what was
 * checked (for the failure message).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}`)
        .join('\n'),
  );
  expect(found, `axe found WCAG violations on ${screen} (${page.url()})`).toEqual([]);
}
