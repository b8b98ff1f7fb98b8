#!/usr/bin/env node
/**
 * `npm test`: the whole suite, in order, stopping at the first failure:
 *   1. typecheck (tsc, strict), lint (type-aware ESLint) and formatting (Prettier),
 *   2. Vitest: contracts and web unit tests, API tests on PGlite (and on PostgreSQL when
 *      TEST_DATABASE_URL is set),
 *   3. build the web app, then Playwright browser flows in Debian's Chromium against the built app.
 * Browser tests need /usr/bin/chromium (or CHROMIUM_PATH); without it this says how to install it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}. Browser tests use the system Chromium, never a downloaded one.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to an installed Chromium or Chrome).',
  );
  process.exit(1);
}

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint and format', 'npm', ['run', '--silent', 'lint']],
  [
    'unit and API tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
  ],
  ['build web app', 'npm', ['run', '--silent', 'build']],
  ['browser tests', 'npx', ['playwright', 'test']],
];

for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name}: ok in ${seconds} s ===`);
}

// One closing line with the totals of both runners, in the plain form CI reads.
const vitest = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
const playwright = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
const passed = vitest.numPassedTests + playwright.stats.expected;
const failed = vitest.numFailedTests + playwright.stats.unexpected + playwright.stats.flaky;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
console.log(`\ntotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
