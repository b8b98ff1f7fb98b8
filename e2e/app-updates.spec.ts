/**
 * App updates, offline assets and logged-only client errors (issue 24; decision 0068; docs/admin-tools.md "App
 * updates and client errors").
 *
 * This flow runs its OWN server (the built `apps/api/dist/server.js`, as `npm start` runs it) on its own embedded
 * database and on a COPY of the built web app (WEB_DIST_DIR), because it "deploys" into that copy: a deploy must not
 * touch the files the shared server serves. The server has no MAP_TILE_URL (the default): maps draw the bundled
 * outlines.
 *
 * 1. Nothing needs another host: with every request to another origin refused and recorded, /login, the public
 *    matchmaking page, an admin page and a shift's map render, and no such request was even attempted.
 * 2. A deploy during a session offers a reload once: the copy gets a new build version (in its code and its
 *    `build-manifest.json`), the open page notices on focus and shows exactly one offer; Reload loads the new build and
 *    no offer follows. Then a lazily loaded chunk is deleted (as a deploy removes old files): opening its screen shows
 *    the offer instead of an error page, and the server log holds the `chunk_load_failed` report.
 * Page routing (page.route) turns the browser's HTTP cache off, so a reload fetches the deployed files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, forbidDialogs, importExampleVisits, setUpFirstAdmin, snap } from './support.ts';

const TOKEN = 'updates-setup-token-0123456789';
const port = Number(process.env.E2E_PORT ?? 3100) + 37;
/** 127.0.0.1, not localhost: browser cookies ignore the port, and this server's must not meet the shared one's. */
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tend-e2e-updates-'));
const webDist = path.join(mkdtempSync(path.join(os.tmpdir(), 'tend-e2e-updates-web-')), 'dist');
const output: string[] = [];
let server: ChildProcess | undefined;
let page: Page;
const foreign: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  cpSync(process.env.E2E_WEB_DIST ?? path.resolve('apps/web/dist'), webDist, { recursive: true });
  server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SETUP_TOKEN: TOKEN,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      MAP_TILE_URL: '',
      WEB_DIST_DIR: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await expect(async () => {
    expect(server?.exitCode, output.join('')).toBeNull();
    expect((await fetch(`${origin}/api/health`)).ok).toBe(true);
  }).toPass({ timeout: 90_000, intervals: [250] });
  const context = await browser.newContext({
    baseURL: origin,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { origin },
  });
  page = await context.newPage();
  forbidDialogs(page);
  await page.route(
    (url) => url.origin !== origin,
    async (route) => {
      foreign.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
});

test.afterAll(async () => {
  await page?.context().close();
  if (server && server.exitCode === null) {
    const gone = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await gone;
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.dirname(webDist), { recursive: true, force: true });
});

/** Imports the Sandata example visits and opens the first verified shift's map. */
async function openShiftMap(): Promise<void> {
  const csvFileId = await importExampleVisits(page, 'UPDATES', origin);
  await page.goto(`/admin/shifts?csvFileId=${csvFileId}`);
  await page.getByRole('row', { name: /Verified/ }).click();
  const map = page.getByRole('region', { name: 'Map of clock-in and clock-out locations' });
  await expect(map.locator('path.shift-map-marker-in')).toHaveCount(1);
  await expect(map.locator('path.tend-outline-land')).toHaveCount(1);
}

/** Every file of the copy whose text holds `needle` (the build version is inlined in the app's code). */
function filesHolding(dir: string, needle: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => /\.(js|html|json)$/.test(file) && statSync(file).isFile())
    .filter((file) => readFileSync(file, 'utf8').includes(needle));
}

/** Deploys a "new build" into the copy: its code and manifest carry `next` (same length) in place of the version. */
function deployNewVersion(): string {
  const manifestFile = path.join(webDist, 'build-manifest.json');
  const { version } = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string };
  const next = `${version.slice(0, -4)}${version.endsWith('beef') ? 'cafe' : 'beef'}`;
  const files = filesHolding(webDist, version);
  expect(files.length).toBeGreaterThan(1); // the manifest and the code that knows its version
  for (const file of files) writeFileSync(file, readFileSync(file, 'utf8').replaceAll(version, next));
  return next;
}

/** The page regains focus, as when the user comes back to the tab: the app asks for the manifest. */
async function focusAndCheck(): Promise<void> {
  const asked = page.waitForResponse((response) => response.url().endsWith('/build-manifest.json'));
  await page.evaluate('window.dispatchEvent(new Event("focus"))');
  expect((await asked).status()).toBe(200);
}

const offerTitle = () => page.getByText('A new version of Tend is ready', { exact: true });

test('nothing the main screens render needs another host', async () => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/matchmaking');
  await expect(page.locator('h1')).toHaveCount(1);
  await setUpFirstAdmin(page, TOKEN);
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openShiftMap();
  await snap(page, 'updates-offline-map');
  expect(foreign).toEqual([]);
});

test('a deploy during a session offers a reload once; a chunk gone after it offers the same', async () => {
  test.setTimeout(120_000);
  await page.goto('/admin');
  await focusAndCheck();
  await expect(offerTitle()).toHaveCount(0);

  const next = deployNewVersion();
  await focusAndCheck();
  await expect(offerTitle()).toHaveCount(1);
  await focusAndCheck();
  await expect(offerTitle()).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expectAccessible(page, 'Agency home (a new version offered)');
  await snap(page, 'updates-offer');

  await page.getByRole('button', { name: 'Reload' }).click();
  await page.waitForLoadState('load');
  await focusAndCheck();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(offerTitle()).toHaveCount(0);
  expect(await page.evaluate('sessionStorage.getItem("tend.reloadGuard")')).toMatch(/^\d+$/);
  expect(filesHolding(path.join(webDist, 'assets'), next).length).toBeGreaterThan(0);

  // A deploy removes the audit page's old chunk: opening it offers the reload, no error page.
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const auditChunk = manifest['src/features/audit/pages/audit-log-page.tsx']?.file;
  expect(auditChunk).toBeTruthy();
  rmSync(path.join(webDist, auditChunk as string));
  const adminNav = page.getByRole('navigation', { name: 'Admin navigation' });
  await adminNav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'A new version of Tend is ready' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(offerTitle()).toHaveCount(1);
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);
  await expect(adminNav.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expectAccessible(page, 'Audit log (its code gone after a deploy)');
  await snap(page, 'updates-chunk-gone');

  // The failure reached the server log, PHI-free: the route pattern, the kind, the build.
  await expect
    .poll(
      () =>
        output
          .join('')
          .split('\n')
          .filter((line) => line.includes('chunk_load_failed')),
      {
        timeout: 10_000,
      },
    )
    .not.toEqual([]);
  const line = JSON.parse(
    output
      .join('')
      .split('\n')
      .find((l) => l.includes('chunk_load_failed')) as string,
  ) as { msg: string; clientError: { route: string; buildVersion: string } };
  expect(line.msg).toBe('Client error reported');
  expect(line.clientError.route).toBe('/admin/audit');
  expect(line.clientError.buildVersion).toBe(next);
  expect(foreign).toEqual([]);
});
