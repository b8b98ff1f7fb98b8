/**
 * `npm run bench:campaign` (issue 20, performance): BENCH_RECIPIENTS case managers (default 1,000) are sent one
 * campaign through an in-process SMTP server with a rate limit (BENCH_EMAILS_PER_MINUTE, default 3,000), with the
 * code `npm start` runs (built by scripts/build-api.mjs). When half the messages have arrived, the SMTP server holds
 * the next one unanswered and the sending worker is killed there (its job runner abandoned, as a killed process);
 * a second app instance on the same database resumes the job (dead-worker window 3 s) and finishes it.
 *
 * Prints messages per second before the kill and overall, the time the restart took, the campaign's counts and the
 * number of addresses that received more than one message (the duplicates; must be 0) or none. Figures, not timed
 * assertions. Embedded PGlite database (in memory).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import type { Config } from '../apps/api/src/platform/config/config.ts';
import { migrateDatabase, openDatabase } from '../apps/api/src/platform/db/client.ts';
import { systemContext } from '../apps/api/src/platform/http/context.ts';
import { caseManagers } from '../apps/api/src/modules/people/people.table.ts';
import { emailCampaigns } from '../apps/api/src/modules/campaigns/campaigns.table.ts';
import { createCampaign, sendCampaign } from '../apps/api/src/modules/campaigns/campaigns.service.ts';
import { startCountingSmtpServer } from '../apps/api/src/modules/campaigns/campaign-smtp.test-support.ts';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1000);
const PER_MINUTE = Number(process.env.BENCH_EMAILS_PER_MINUTE ?? 3000);
const KILL_AT = Math.floor(RECIPIENTS / 2);
const timings = { heartbeatSeconds: 1, staleAfterSeconds: 3, pollingIntervalSeconds: 0.5 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function benchConfig(smtpUrl: string): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tend-bench-campaign-'));
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    dataDir,
    database: { url: undefined, dataDir: undefined, poolMax: 5 },
    authSecret: 'bench-secret-that-is-at-least-32-characters-long',
    setupToken: 'bench-setup-token-0123456789',
    trustedOrigins: [],
    trustProxy: false,
    logLevel: 'silent',
    rateLimitPerMinute: 100_000,
    requireAdminMfa: true,
    outboxShowsSecrets: false,
    storage: { driver: 'local', rootDir: path.join(dataDir, 'storage') },
    mail: { smtpUrl, from: 'Tend <no-reply@localhost>' },
    sms: null,
    agencyTimeZone: 'America/Los_Angeles',
    webDistDir: undefined,
    campaigns: { linkDays: 30, emailsPerMinute: PER_MINUTE, addressWindowMinutes: 60 },
  };
}

async function main(): Promise<void> {
  const smtp = await startCountingSmtpServer({ holdMessage: KILL_AT + 1 });
  const database = await openDatabase({});
  await migrateDatabase(database);
  const config = benchConfig(smtp.url);
  const first = await buildApp({ config, database, migrate: false, jobs: true, jobTimings: timings });
  await first.ready();
  const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({
    name: `Bench Case Manager ${String(i).padStart(5, '0')}`,
    county: 'Lane',
    email: `bench-${i}@example.org`,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await database.db.insert(caseManagers).values(rows.slice(start, start + 500));
  }
  const ctx = systemContext('bench');
  const campaign = await createCampaign(database.db, ctx, {
    name: 'Bench',
    subject: 'Benchmark',
    fromEmail: null,
    fromName: 'Bench',
    customMessage: 'Hello from the benchmark.',
    recipients: { mode: 'all' },
  });
  const deps = {
    db: database.db,
    jobs: first.deps.jobs,
    publicUrl: config.publicUrl,
    defaultFrom: config.mail.from,
    linkDays: 30,
  };
  const started = performance.now();
  await sendCampaign(deps, ctx, campaign.id);

  await smtp.reached(KILL_AT + 1);
  const killedAt = performance.now();
  await first.deps.jobs.stop({ abandon: true });
  const beforeKill = smtp.total();
  const second = await buildApp({ config, database, migrate: false, jobs: true, jobTimings: timings });
  await second.ready();
  let ended: typeof emailCampaigns.$inferSelect | undefined;
  let firstAfterRestart: number | null = null;
  for (;;) {
    [ended] = await database.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign.id));
    if (firstAfterRestart === null && smtp.total() > beforeKill) firstAfterRestart = performance.now();
    if (ended && ended.status !== 'IN_PROGRESS') break;
    await sleep(100);
  }
  const finished = performance.now();

  const counts = [...smtp.received.values()];
  const duplicates = counts.filter((count) => count > 1).length;
  const none = RECIPIENTS - smtp.received.size;
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `bench:campaign — ${RECIPIENTS} recipients, rate limit ${PER_MINUTE}/min, SMTP in process, PGlite`,
  );
  console.log(
    `  before the kill: ${beforeKill} messages in ${seconds(killedAt - started)} s = ${(beforeKill / ((killedAt - started) / 1000)).toFixed(1)} msg/s`,
  );
  console.log(
    `  restart: worker killed at message ${KILL_AT + 1}; next message ${firstAfterRestart ? seconds(firstAfterRestart - killedAt) : '?'} s later (dead-worker window ${timings.staleAfterSeconds} s)`,
  );
  console.log(
    `  overall: ${smtp.total()} messages in ${seconds(finished - started)} s = ${(smtp.total() / ((finished - started) / 1000)).toFixed(1)} msg/s`,
  );
  console.log(
    `  campaign ${ended?.status}: ${ended?.sentCount} sent, ${ended?.failedCount} failed (interrupted mid-call), ${ended?.skippedCount} skipped`,
  );
  console.log(`  addresses with more than one message (duplicates): ${duplicates}; with none: ${none}`);
  smtp.release();
  await sleep(300);
  await first.close();
  await second.close();
  await database.close();
  await smtp.close();
  process.exit(duplicates === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
