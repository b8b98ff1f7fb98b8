/**
 * Shared facts for the browser flows: the first admin created by setup.spec.ts (with the TOTP key it enrolled,
 * docs/decisions/0009-mfa.md), signing in through the form, and screenshot paths.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { matchRoutes } from 'react-router';
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

/**
 * Creates an account through `POST /api/users` with an admin's request context (the shared admin's session), expects
 * 201 and returns the created user as the API answers it (`docs/accounts.md`).
 */
export async function createUser(
  admin: APIRequestContext,
  baseURL: string | undefined,
  user: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const created = await admin.post('/api/users', { headers: { origin: baseURL ?? '' }, data: user });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Record<string, unknown>;
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

/** Where `expectAccessible` records each checked screen (one JSON line each) for accessibility-coverage.check.ts. */
export const CHECKED_ROUTES_FILE = `${ADMIN_STATE_FILE}.a11y-routes.jsonl`;

/** The route pattern of the 404 page (every path that is not a built route). */
export const NOT_FOUND_ROUTE = '*';

let builtPathsCache: readonly string[] | undefined;

/**
 * The route-table paths that have a built screen: the keys of the web app's `screens` (apps/web/src/app/screens.ts),
 * read by importing that module in a child Node process (its pages load lazily, so no React renders), so the e2e
 * typecheck never pulls in the web app.
 */
export function builtRoutePaths(): readonly string[] {
  builtPathsCache ??= JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "import { screens } from './apps/web/src/app/screens.ts'; console.log(JSON.stringify(Object.keys(screens)));",
      ],
      { encoding: 'utf8' },
    ),
  ) as string[];
  return builtPathsCache;
}

/**
 * The route pattern the app renders for `url` (`/admin/shifts/:id` for `/admin/shifts/0b6c...`), ranked the way
 * React Router ranks the app's own routes; `*` (the 404 page) when no built route matches.
 */
export function routePatternOf(url: string): string {
  const routes = [...builtRoutePaths().map((path) => ({ path })), { path: NOT_FOUND_ROUTE }];
  const matches = matchRoutes(routes, new URL(url).pathname);
  return matches?.at(-1)?.route.path ?? NOT_FOUND_ROUTE;
}

/** The checked screens recorded so far in this run: route pattern, screen name and URL of each check. */
export function checkedScreens(): { route: string; screen: string; url: string }[] {
  if (!existsSync(CHECKED_ROUTES_FILE)) return [];
  return readFileSync(CHECKED_ROUTES_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { route: string; screen: string; url: string });
}

/**
 * Runs axe-core (`@axe-core/playwright`) with the WCAG A and AA rules on the page as it stands and fails the test
 * on any violation, listing each rule, its help text and the first offending elements. Then checks what the
 * focus after navigation and landmark navigation rely on and axe's WCAG rules leave out (its
 * `landmark-no-duplicate-main` and `page-has-heading-one` are best-practice rules): exactly one `h1`, the page's
 * title, and at most one `main` landmark (docs/accessibility.md). `screen` names what was checked (for the failure
 * message). A passing check is recorded under the page's route pattern
 * (`CHECKED_ROUTES_FILE`), so accessibility-coverage.check.ts can name every built route no flow checked.
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
  await expect(page.locator('h1'), `${screen} (${page.url()}) has exactly one h1, its title`).toHaveCount(1);
  expect(
    await page.locator('main, [role="main"]').count(),
    `${screen} (${page.url()}) has at most one main landmark`,
  ).toBeLessThanOrEqual(1);
  const url = page.url();
  mkdirSync(path.dirname(CHECKED_ROUTES_FILE), { recursive: true });
  appendFileSync(CHECKED_ROUTES_FILE, `${JSON.stringify({ route: routePatternOf(url), screen, url })}\n`);
}

/** The little of the DOM the keyboard helpers use in the page (the e2e typecheck has no DOM types). */
interface InPage {
  ownerDocument: { activeElement: unknown };
  contains(other: unknown): boolean;
}

/**
 * Keyboard only (issue 18): presses Tab (Shift+Tab when `backwards`) until `target` has the focus, as a keyboard
 * user would reach it; fails when it is not reached within `maxPresses` presses (not in the tab order, hidden,
 * or behind something that traps focus).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { maxPresses = 150, backwards = false }: { maxPresses?: number; backwards?: boolean } = {},
): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= maxPresses; presses += 1) {
    if (
      await target.evaluate(
        (element) => element === (element as unknown as InPage).ownerDocument.activeElement,
      )
    )
      return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `Not reached with ${maxPresses} presses of ${backwards ? 'Shift+Tab' : 'Tab'}: ${target.toString()}`,
  );
}

/** Waits until the keyboard focus is on `target` or inside it (a dialog, a drawer, the page heading). */
export async function expectFocusWithin(target: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        target.evaluate((element) => {
          const node = element as unknown as InPage;
          return node.contains(node.ownerDocument.activeElement);
        }),
      {
        message: `focus inside ${target.toString()}`,
      },
    )
    .toBe(true);
}

/**
 * The frame's first Tab stop is the skip link; Enter on it moves focus to the main content (`#main`). Call on a
 * freshly loaded page of a layout with navigation.
 */
export async function expectSkipLinkFirst(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
}

/**
 * The blocks of fictitious US numbers (503-555-0100…0199, reserved for fiction) each flow that makes phone
 * accounts draws from. They never overlap, so two flows of one run never ask for the same number (a second account
 * with a number already taken is refused with 409).
 */
const PHONE_BLOCKS = {
  'caregiver-login': [100, 120],
  'password-recovery': [120, 140],
  'spanish-caregiver': [140, 160],
  'sign-up': [160, 180],
  'isp-acknowledgements': [180, 200],
} as const;

/**
 * A fictitious number from the flow's own block, varied by the clock so reruns against the same database differ:
 * `line` (four digits), `display` ("(503) 555-0123") and `e164` ("+15035550123").
 */
export function fictitiousPhone(flow: keyof typeof PHONE_BLOCKS): {
  line: string;
  display: string;
  e164: string;
} {
  const [from, to] = PHONE_BLOCKS[flow];
  const line = String(from + (Date.now() % (to - from))).padStart(4, '0');
  return { line, display: `(503) 555-${line}`, e164: `+1503555${line}` };
}

/**
 * The first admin of a fresh server of a flow's own (`setupToken`), through the setup page and two-step enrolment
 * (as `setup.spec.ts`), without the demo agency; ends on /admin.
 */
export async function setUpFirstAdmin(page: Page, setupToken: string): Promise<void> {
  await page.goto(`/setup?token=${setupToken}`);
  await page.getByLabel('First name').fill(ADMIN.firstName);
  await page.getByLabel('Last name').fill(ADMIN.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('checkbox', { name: /demo agency/ }).uncheck();
  await page.getByRole('button', { name: 'Create the administrator' }).click();
  await expect(page).toHaveURL(/\/account\/mfa/, { timeout: 30_000 });
  await page.getByLabel('Your password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Start setup' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? '';
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await totpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * Imports the Sandata OpenEVV example visits (fixtures/evv) as a shift import, their ids prefixed with `prefix` and
 * a time suffix so a run never meets an earlier one, waits for the import job and returns the import's `csvFileId`.
 */
export async function importExampleVisits(page: Page, prefix: string, origin: string): Promise<string> {
  const example = JSON.parse(
    readFileSync(path.resolve('fixtures/evv/sandata-openevv-visits.example.json'), 'utf8'),
  ) as Record<string, unknown>[];
  const suffix = Date.now().toString(36);
  const visits = example.map((visit) => ({
    ...visit,
    VisitOtherID: `${prefix}-${suffix}-${String(visit.VisitOtherID)}`,
  }));
  const uploaded = await page.request.post('/api/shift-imports', {
    headers: { origin },
    multipart: {
      file: {
        name: `${prefix.toLowerCase()}-visits.json`,
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(visits)),
      },
    },
  });
  expect([201, 202]).toContain(uploaded.status());
  const body = (await uploaded.json()) as { csvFileId: string; job: { id: string } };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/jobs/${body.job.id}`)).json()) as { status: string }).status,
      { timeout: 30_000 },
    )
    .toBe('COMPLETED');
  return body.csvFileId;
}
