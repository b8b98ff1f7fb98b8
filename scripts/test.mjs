#!/usr/bin/env node
/**
 * `npm test`: the whole suite, stopping at the first failure:
 *   1. typecheck (tsc, strict) beside lint (type-aware ESLint), formatting (Prettier) and the boundary check
 *      (`npm run check:deps`: dependency-cruiser rules, module cycles, other modules' tables in raw SQL): the two
 *      are single-threaded, so on a 2-core machine they run at the same time, each one's output printed when it ends,
 *   2. Vitest: contracts and web unit tests, API tests on PGlite (and on PostgreSQL when
 *      TEST_DATABASE_URL is set),
 *   3. build the web app, then Playwright browser flows in Debian's Chromium against the built app.
 * Browser tests need /usr/bin/chromium (or CHROMIUM_PATH); without it this says how to install it.
 */
import { spawn } from 'node:child_process';
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

/**
 * Runs one step. `buffered`: its output is collected and printed in one piece when it ends (for steps that run
 * side by side); otherwise it streams. Resolves with the exit status and the seconds it took.
 */
function run([name, command, args], { buffered = false } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (buffered) {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(chunks));
      }
      const status = code ?? (signal ? 1 : 0);
      if (status === 0) console.log(`=== ${name}: ok in ${seconds} s ===`);
      else console.error(`\n${name} failed after ${seconds} s`);
      resolve(status);
    });
  });
}

const stages = [
  [
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint, format and boundaries', 'npm', ['run', '--silent', 'lint']],
  ],
  [
    [
      'unit and API tests',
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=test-results/vitest.json',
      ],
    ],
  ],
  [['build web app', 'npm', ['run', '--silent', 'build']]],
  [['browser tests', 'npx', ['playwright', 'test']]],
];

for (const steps of stages) {
  const statuses = await Promise.all(steps.map((step) => run(step, { buffered: steps.length > 1 })));
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}

// One closing line with the totals of both runners, in the plain form CI reads.
const vitest = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
const playwright = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
const passed = vitest.numPassedTests + playwright.stats.expected;
const failed = vitest.numFailedTests + playwright.stats.unexpected + playwright.stats.flaky;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
console.log(`\ntotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
