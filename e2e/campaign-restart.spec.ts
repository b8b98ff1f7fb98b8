/**
 * A campaign survives a server restart mid-send, and nobody gets two emails (issue 20 "Done when": "the server is
 * restarted mid-send and no one gets two emails"; docs/campaigns.md; decision 0049).
 *
 * This flow runs its OWN server (the built `apps/api/dist/server.js`, as `npm start` runs it) on its own embedded
 * database, because the shared one must stay up for the other flows. It mails through an in-process SMTP server that
 * counts every message per address and holds the third one unanswered. In the browser a new admin sets Tend up and
 * sends a campaign to six case managers; while the server waits inside the SMTP call for message 3, its process is
 * killed (SIGKILL: no shutdown code runs), then started again on the same data folder. The page comes back to the
 * campaign, which finishes on its own once the dead worker's job is found (heartbeat 10 s, stale after 30 s): 5 SENT,
 * the interrupted one FAILED "interrupted by a restart" (it reached the SMTP server once), and every address received
 * exactly one message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  startCountingSmtpServer,
  type CountingSmtpServer,
} from '../apps/api/src/modules/campaigns/campaign-smtp.test-support.ts';
import { expectAccessible, forbidDialogs, setUpFirstAdmin, snap } from './support.ts';

const RECIPIENTS = 6;
const HELD = 3;
const TOKEN = 'restart-setup-token-0123456789';
const port = Number(process.env.E2E_PORT ?? 3100) + 23;
/** 127.0.0.1, not localhost: browser cookies ignore the port, and this server's must not meet the shared one's. */
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tend-e2e-restart-'));
const output: string[] = [];
let server: ChildProcess | undefined;
let smtp: CountingSmtpServer | undefined;

/** Starts the built server on `dataDir` and resolves once `/api/health` answers. */
async function startServer(smtpUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SETUP_TOKEN: TOKEN,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      SMTP_URL: smtpUrl,
      CAMPAIGN_EMAILS_PER_MINUTE: '600',
      MAP_TILE_URL: 'https://tiles.tend-e2e.invalid/{z}/{x}/{y}.png',
      WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? path.resolve('apps/web/dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await expect(async () => {
    expect(child.exitCode, output.join('')).toBeNull();
    expect((await fetch(`${origin}/api/health`)).ok).toBe(true);
  }).toPass({ timeout: 90_000, intervals: [250] });
  return child;
}

/** Kills the server the hard way (no shutdown hooks, as a crash or a pulled plug) and waits for it to be gone. */
async function killServer(child: ChildProcess): Promise<void> {
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

test.afterAll(async () => {
  smtp?.release();
  if (server && server.exitCode === null) await killServer(server);
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the server is killed mid-send and started again: the campaign finishes and nobody gets two emails', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  smtp = await startCountingSmtpServer({ holdMessage: HELD });
  server = await startServer(smtp.url);
  const context = await browser.newContext({
    baseURL: origin,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { origin },
  });
  const page = await context.newPage();
  forbidDialogs(page);
  await setUpFirstAdmin(page, TOKEN);

  const emails = Array.from({ length: RECIPIENTS }, (_, i) => `restart-${i}@example.org`);
  for (const [i, email] of emails.entries()) {
    const created = await page.request.post('/api/case-managers', {
      data: { name: `Restart Manager ${i}`, county: 'Lane', email },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto('/admin/case-manager-email-campaign');
  await page.getByLabel('Campaign name').fill('Restart check');
  await page.getByLabel('Subject').fill('Your clients in Tend');
  await page.getByText('All active', { exact: true }).click();
  await page.getByRole('button', { name: 'Send campaign' }).click();
  await page
    .getByRole('dialog', { name: 'Send this campaign?' })
    .getByRole('button', { name: `Send to ${RECIPIENTS} recipients` })
    .click();
  await expect(page).toHaveURL(/\?campaign=/);
  const campaignUrl = page.url();

  // The worker is now inside the SMTP call for message 3 (held unanswered): the process dies there.
  await smtp.reached(HELD);
  await expect(page.getByTestId('campaign-status')).toHaveText('IN_PROGRESS');
  await killServer(server);
  smtp.release();
  expect(smtp.total()).toBe(HELD);

  // Started again on the same data: the campaign resumes by itself; the page shows it finish.
  server = await startServer(smtp.url);
  await page.goto(campaignUrl);
  await expect(page.getByTestId('campaign-status')).toHaveText('COMPLETED', { timeout: 120_000 });
  await expect(
    page.getByText(`${RECIPIENTS} of ${RECIPIENTS} handled: ${RECIPIENTS - 1} sent · 1 failed · 0 skipped`),
  ).toBeVisible();
  // The recipients table follows the counts: no row is left PENDING.
  const recipients = page.getByRole('table').filter({ hasText: 'Why / when' });
  const status = (name: string) => page.getByText(name, { exact: true });
  await expect(recipients.getByRole('row').filter({ has: status('PENDING') })).toHaveCount(0);
  await expect(recipients.getByRole('row').filter({ has: status('SENT') })).toHaveCount(RECIPIENTS - 1);
  const failed = recipients.getByRole('row').filter({ has: status('FAILED') });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('interrupted by a restart');
  await expectAccessible(page, 'Case-manager campaigns (after a restart)');
  await snap(page, 'campaigns-after-restart');

  // Each address received exactly one message, the interrupted one included: nobody got two.
  expect(smtp.total()).toBe(RECIPIENTS);
  for (const email of emails) expect(smtp.received.get(email), email).toBe(1);
  await context.close();
});
