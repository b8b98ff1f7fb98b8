/** Shared facts for the browser flows: the first admin created by setup.spec.ts, and screenshot paths. */
import type { Page } from '@playwright/test';

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
