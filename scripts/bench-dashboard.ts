/**
 * `npm run bench:dashboard` (issue 20 "Dashboard API p95 < 100 ms for a case manager with 50 clients and a year of
 * shifts"; decision 0051). Builds the real app (`buildApp`, the code `npm start` runs, bundled first by
 * `scripts/build-api.mjs`) on a fresh database — PGlite in a temp dir, or PostgreSQL when BENCH_DATABASE_URL is set
 * (a fresh database is created beside the one named, and dropped after) — and seeds one agency: BENCH_CLIENTS
 * (default 50) clients of the measured case manager and as many again of another, 20 caregivers, a year of shifts
 * (one per client and weekday, each with a segment), one hours budget line per client, a VERIFIED ISP with three
 * FINALIZED protocols per client, acknowledgements, open incidents and location findings. It signs in an account
 * linked to the case manager over HTTP on a loopback port and times, request by request (one at a time, then
 * BENCH_CONCURRENCY at once):
 * - the baseline `GET /api/me` (session check and one account read), and
 * - `GET /api/dashboards/case-manager/:id` (every section, audited).
 * Prints p50 / p95 / max in ms for each, and the figures of one client's detail. Prints figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import type { Config } from '../apps/api/src/platform/config/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/platform/db/client.ts';
import { createCredentialUser } from '../apps/api/src/platform/auth/auth.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'quiet harbour lantern 42';

/** The config of the bench server: a temp data dir, silent logs, no rate limits in the way. */
function benchConfig(dataDir: string, databaseUrl: string | undefined): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: ORIGIN,
    dataDir,
    database: { url: databaseUrl, dataDir: databaseUrl ? undefined : path.join(dataDir, 'db'), poolMax: 10 },
    authSecret: 'bench-secret-that-is-at-least-32-characters-long',
    setupToken: 'bench-setup-token-0123456789',
    trustedOrigins: [],
    trustProxy: false,
    logLevel: 'silent',
    rateLimitPerMinute: 1_000_000,
    requireAdminMfa: true,
    outboxShowsSecrets: false,
    authRateLimits: { signInPer5Min: 100_000, otpPer5Min: 100_000, mfaPerMinute: 100_000 },
    storage: { driver: 'local', rootDir: path.join(dataDir, 'storage') },
    mail: { smtpUrl: undefined, from: 'Tend <no-reply@localhost>' },
    sms: null,
    agencyTimeZone: 'America/Los_Angeles',
    webDistDir: undefined,
  };
}

/** A fresh PostgreSQL database beside `url` (dropped by the returned function), or undefined for PGlite. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return undefined;
  const name = `bench_dashboard_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Seeds the agency (see the file comment); returns the measured case manager's id and one of their clients. */
export async function seed(database: DatabaseHandle): Promise<{ caseManagerId: string; clientId: string }> {
  const caseManagerId = randomUUID();
  const otherId = randomUUID();
  await database.exec(`
    insert into case_manager (id, name, county) values ('${caseManagerId}', 'Bench Manager', 'Lane'),
      ('${otherId}', 'Other Manager', 'Marion');
    insert into client (name, pid, case_manager_id, isp_month)
      select 'Bench Client ' || lpad(g::text, 3, '0'), 'BP' || g,
        (case when g <= ${CLIENTS} then '${caseManagerId}' else '${otherId}' end)::uuid, 1 + g % 12
      from generate_series(1, ${CLIENTS * 2}) g;
    insert into caregiver (name) select 'Bench Caregiver ' || g from generate_series(1, 20) g;
    with c as (select id, row_number() over (order by name) as n from client),
      k as (select id, row_number() over (order by name) as n from caregiver),
      d as (select day::date from generate_series(current_date - 364, current_date, interval '1 day') day
        where extract(isodow from day) < 6)
    insert into shift (date, billing_code, caregiver_id, client_id, time_zone, evv_in_time, evv_out_time,
        evv_status, incident_severity, incident_categories, incident_report_due_at)
      select d.day, 'OR526', k.id, c.id, 'America/Los_Angeles', d.day + time '09:00', d.day + time '13:00',
        'VERIFIED',
        case when d.day > current_date - 5 and c.n % 7 = 0 then 'HIGH' end,
        case when d.day > current_date - 5 and c.n % 7 = 0 then '["injury"]'::jsonb end,
        case when d.day > current_date - 5 and c.n % 7 = 0 then d.day + interval '2 days' end
      from c cross join d join k on k.n = 1 + c.n % 20;
    insert into shift_segment (shift_id, evv_start, evv_end, billing_code)
      select id, evv_in_time, evv_out_time, 'OR526' from shift;
    insert into suspicious_location (shift_id, caregiver_id, client_id, suspicious_type, suspicion_level, distance_meters)
      select id, caregiver_id, client_id, 'CLOCK_IN', 'HIGH', 2500 from shift
      where date > current_date - 30 and extract(day from date)::int % 9 = 0;
    insert into budget (client_id, proc_code, units, measure, effective_date)
      select id, 'OR526', 1040, 'hours', current_date - 300 from client;
    insert into isp (client_id, pdf_url, status, verified_at, plan_start, plan_end)
      select id, 'bench/' || id || '.pdf', 'VERIFIED', now() - interval '200 days', current_date - 200,
        current_date + 165 from client;
    insert into protocol (isp_id, risk_type, status, serious, sort_order, review_due_date)
      select i.id, r.name, 'FINALIZED', r.n = 1, r.n, current_date + 30 * (r.n - 2)
      from isp i cross join (values (1, 'Seizures'), (2, 'Choking'), (3, 'Falls')) as r(n, name);
    insert into protocol_acknowledgement (protocol_id, version, caregiver_id)
      select p.id, 1, s.caregiver_id from protocol p join isp i on i.id = p.isp_id
      join (select distinct client_id, caregiver_id from shift) s on s.client_id = i.client_id
      where p.sort_order < 3;
    analyze;`);
  const result = await database.db.execute<{ id: string }>(
    sql`select id from client where case_manager_id = ${caseManagerId} order by name limit 1`,
  );
  return { caseManagerId, clientId: String(result.rows[0]?.id) };
}

/** Latency figures of `count` requests, `concurrency` at a time: p50, p95, max (ms). */
async function time(url: string, cookie: string, count: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const start = performance.now();
      const response = await fetch(url, { headers: { cookie, origin: ORIGIN } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: latencies.at(-1) ?? 0 };
}

const line = (label: string, f: { p50: number; p95: number; max: number }) =>
  `${label.padEnd(52)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  max ${f.max.toFixed(1).padStart(6)} ms`;

/** Signs in an account linked to the case manager and returns its session cookie. */
async function signIn(
  app: Awaited<ReturnType<typeof buildApp>>,
  database: DatabaseHandle,
  base: string,
  caseManagerId: string,
): Promise<string> {
  const email = 'bench.manager@example.org';
  const user = await createCredentialUser(app.deps.auth, {
    email,
    password: PASSWORD,
    name: 'Bench Manager',
  });
  await database.exec(`insert into user_account (auth_user_id, email, role, first_name, last_name, full_name,
    case_manager_id) values ('${user.id}', '${email}', 'USER', 'Bench', 'Manager', 'Bench Manager', '${caseManagerId}')`);
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tend-bench-dashboard-'));
  const postgres = await freshPostgres();
  const config = benchConfig(dataDir, postgres?.url);
  const database = await openDatabase({
    url: config.database.url,
    dataDir: config.database.dataDir,
    poolMax: 10,
  });
  const app = await buildApp({ config, database, migrate: true, jobs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const started = performance.now();
    const { caseManagerId, clientId } = await seed(database);
    const counts = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from shift`);
    console.log(
      `engine ${postgres ? 'PostgreSQL' : 'PGlite'}; ${CLIENTS} clients of the case manager (${CLIENTS * 2} in all), ` +
        `${counts.rows[0]?.n} shifts over a year; seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const cookie = await signIn(app, database, base, caseManagerId);
    const dashboard = `${base}/api/dashboards/case-manager/${caseManagerId}`;
    const detail = `${dashboard}/clients/${clientId}`;
    for (const url of [`${base}/api/me`, dashboard, detail]) await time(url, cookie, 10, 1); // warm-up
    for (const concurrency of [1, CONCURRENCY]) {
      console.log(`\n${REQUESTS} requests, ${concurrency} at a time:`);
      console.log(line('baseline GET /api/me', await time(`${base}/api/me`, cookie, REQUESTS, concurrency)));
      console.log(
        line('GET /api/dashboards/case-manager/:id', await time(dashboard, cookie, REQUESTS, concurrency)),
      );
      console.log(
        line(
          'GET /api/dashboards/case-manager/:id/clients/:id',
          await time(detail, cookie, REQUESTS, concurrency),
        ),
      );
    }
    console.log('\nAim (issue 20): the dashboard p95 < 100 ms.');
  } finally {
    await app.close();
    await database.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_DASHBOARD_NO_MAIN !== '1') await main();
