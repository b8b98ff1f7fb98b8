/**
 * Browser flows in Debian's Chromium (never a downloaded browser) against ONE built app on a fresh
 * embedded database. Flows run in order in one worker: `setup.spec.ts` creates the first admin and
 * saves the session for the others.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN_STATE_FILE } from './e2e/support.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
export const E2E_SETUP_TOKEN = 'e2e-setup-token-0123456789';

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'tend-e2e-'));

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  // Forgets the last run's accessibility checks (accessibility-coverage.check.ts judges this run's).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // Mantine honours reduced motion (theme.respectReducedMotion): drawers appear at once, screenshots are stable.
    reducedMotion: 'reduce',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /setup\.spec\.ts/ },
    {
      name: 'flows',
      testMatch: /.*\.spec\.ts/,
      testIgnore: /setup\.spec\.ts/,
      dependencies: ['setup'],
      use: { storageState: ADMIN_STATE_FILE },
    },
    {
      // After every flow: names each built route that no flow checked with expectAccessible (issue 18).
      name: 'accessibility-coverage',
      testMatch: /accessibility-coverage\.check\.ts/,
      dependencies: ['flows'],
    },
  ],
  webServer: {
    command: 'node apps/api/dist/server.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SETUP_TOKEN: E2E_SETUP_TOKEN,
      LOG_LEVEL: 'warn',
      // One browser drives every flow from one address: the per-client API limit is not under test here.
      RATE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_URL: baseURL,
      // The flows read sign-in links and codes from the outbox (development mode; the page says so).
      OUTBOX_SHOWS_SECRETS: 'true',
      // A tile server the flows never reach (offline-maps.spec.ts blocks it): maps draw the bundled outlines.
      MAP_TILE_URL: 'https://tiles.tend-e2e.invalid/{z}/{x}/{y}.png',
      WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? path.resolve('apps/web/dist'),
      // The one origin allowed to frame the embeddable matchmaking page (matchmaking-entry.spec.ts serves a page as
      // it; a localhost origin, because Chromium refuses public pages framing a local address).
      MATCHMAKING_EMBED_ORIGINS: `http://localhost:${port + 2000}`,
    },
  },
});
