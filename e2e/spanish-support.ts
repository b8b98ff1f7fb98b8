/**
 * Checks shared by the Spanish flows (issue 18, decision 0042): a Spanish screen is `<html lang="es">`, has no WCAG
 * A/AA violation, does not scroll sideways at 320 px and is photographed (test-results/screens/es-*.png); a page
 * opened at 200 % zoom (a 1280 × 800 window at 200 % lays pages out in a 640 × 400 CSS-pixel viewport at device
 * scale 2, which is what Playwright emulates) does not scroll sideways either.
 */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectAccessible, snap } from './support.ts';

/** A phone in portrait: the narrowest width WCAG 1.4.10 asks pages to work at. */
export const phone = { width: 320, height: 640 };
/** 200 % zoom of a 1280 × 800 window. */
export const zoomed = { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 };

/** Fails when the page scrolls sideways (content wider than the viewport). */
export async function expectNoHorizontalScroll(page: Page, what: string): Promise<void> {
  // A string expression: the e2e project's types have no DOM.
  const widths = await page.evaluate<{ content: number; viewport: number }>(
    '({ content: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth })',
  );
  expect(widths.content, `${what} scrolls sideways`).toBeLessThanOrEqual(widths.viewport);
}

/** A Spanish screen: `<html lang="es">`, no WCAG A/AA violation, a 320 px picture, no sideways scroll. */
export async function checkSpanishScreen(page: Page, name: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectAccessible(page, `${name} (es)`);
  await expectNoHorizontalScroll(page, `${name} at 320 px`);
  await snap(page, `es-${name}`);
}

/**
 * Opens `path` at 200 % zoom in Spanish (with `signedIn`'s cookies when given), checks that its heading shows,
 * in Spanish when `heading` is given, and that it does not scroll sideways.
 */
export async function checkZoomed(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
  signedIn?: Page,
  heading?: string | RegExp,
): Promise<void> {
  const storageState = signedIn ? await signedIn.context().storageState() : { cookies: [], origins: [] };
  const context = await browser.newContext({ ...zoomed, locale: 'es-MX', baseURL, storageState });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })).toBeVisible();
  await expectNoHorizontalScroll(page, `${path} at 200 %`);
  await context.close();
}

/** The newest message to `to` in the outbox (null while there is none): subject and text. */
export async function newestMessage(
  admin: APIRequestContext,
  to: string,
  channel: 'email' | 'sms' = 'email',
): Promise<{ subject: string | null; textBody: string | null } | null> {
  const response = await admin.get(
    `/api/outbox?page=1&pageSize=1&channel=${channel}&to=${encodeURIComponent(to)}`,
  );
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as {
    items: { subject: string | null; textBody: string | null }[];
  };
  return items[0] ?? null;
}
