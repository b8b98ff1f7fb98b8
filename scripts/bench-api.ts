/**
 * `npm run bench:api` (issue: foundation, performance). For each engine — PostgreSQL (BENCH_DATABASE_URL,
 * default the machine's postgres://postgres@127.0.0.1:5432/test, in a fresh database) and PGlite (a temp
 * dir) — it seeds 10,000 clients, starts the real server (the build `npm start` runs, `apps/api/dist/server.js`,
 * which `npm run bench:api` builds first) in its own process on a loopback port, creates and signs in an admin over HTTP, and runs
 * autocannon from this process against (a) GET /api/health, anonymous and with the session cookie (the
 * difference is the cost of the session, tier and activity check: docs/decisions/0009-mfa.md) and (b)
 * GET /api/clients?pageSize=50 (authenticated, aal2 admin, audited); then (c) both again with an API access token
 * (`Authorization: Bearer`, issued by POST /api/tokens from the session: signature check plus the family/account
 * query instead of the cookie lookup; docs/decisions/0015-api-tokens-and-cookies.md). The server runs at the production log level (`info`, request logging on;
 * override with BENCH_LOG_LEVEL) with its output discarded. On PostgreSQL it is run once per
 * WEB_CONCURRENCY in BENCH_WORKERS (default "1,2"): 2 = Node cluster with two workers.
 * It prints requests/s and p99 latency for each and the list/health throughput ratio, the list's server + database
 * CPU per request (issue 15 item 9's measure), then the initial JavaScript
 * (gzip) the /login page needs, from the web build's manifest (BENCH_WEB_DIST, default apps/web/dist).
 * BENCH_SETUP_SQL (`;`-separated statements run after seeding, to try a candidate index), BENCH_ENGINES (default "postgres,pglite"), BENCH_SECONDS, BENCH_CONNECTIONS and BENCH_SERVER_NODE_ARGS
 * (node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=data/prof`) narrow or profile a run.
 * Aim (issue): list on PostgreSQL ≥ 2,000 req/s with p99 < 50 ms; /login JS ≤ 180 KB gzip.
 * For the list it also prints where the CPU goes per request: the server, the PostgreSQL backends of the
 * bench database and this process (autocannon), and the req/s those would allow if they had the
 * machine's cores to themselves.
 * Prints figures; asserts nothing. The load generator shares the machine's cores with the server and
 * the database, so figures are lower than on a separate load machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { migrateDatabase, openDatabase } from '../apps/api/src/platform/db/client.ts';
import { backendCpuSeconds, cpuSecondsBetween, processCpuSeconds } from './bench-cpu.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
/** `;`-separated SQL run after seeding, to try e.g. an index before it gets a migration. */
const SETUP_SQL = (process.env.BENCH_SETUP_SQL ?? '')
  .split(';')
  .map((s) => s.trim())
  .filter(Boolean);
/** Extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=data/prof` to profile it. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SETUP_TOKEN = 'bench-setup-token-0123456789';
// The password avoids the email's local part and the name (password policy, decision 0007).
const ADMIN = { email: 'bench@example.org', password: 'quiet harbour lantern 42' };

interface Figures {
  rps: number;
  p99: number;
  /** Mean latency in ms. */
  mean: number;
  /** Server CPU (user + system, all its processes) per request in ms: steadier than req/s on a busy machine. */
  cpuMs: number | null;
  /** PostgreSQL CPU per request in ms (the backends serving the bench database); null on PGlite. */
  dbCpuMs: number | null;
  /** CPU of this process (autocannon, the load generator) per request in ms. */
  loadCpuMs: number;
}

/** The PostgreSQL database a run measures (its backends' CPU), when the engine is PostgreSQL. */
interface BenchDatabase {
  baseUrl: string;
  name: string;
}

/** CPU seconds so far of each PostgreSQL backend connected to `database` (pg_stat_activity), by pid. */
async function backendCpu(database: BenchDatabase): Promise<Map<number, number> | null> {
  const url = new URL(database.baseUrl);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [database.name],
    );
    return backendCpuSeconds(rows.map(({ pid }) => pid));
  } finally {
    await admin.end();
  }
}

/** CPU seconds used so far by `pid` and its child processes (cluster workers); null off Linux. */
function cpuSeconds(pid: number): number | null {
  let children: string[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  } catch {
    return null;
  }
  let used = processCpuSeconds(pid);
  for (const child of children) used = used === null ? null : used + (processCpuSeconds(Number(child)) ?? 0);
  return used;
}

async function hammer(
  url: string,
  headers: Record<string, string> = {},
  duration = DURATION,
  serverPid?: number,
  database?: BenchDatabase,
): Promise<Figures> {
  const cpuBefore = serverPid ? cpuSeconds(serverPid) : null;
  const dbBefore = database ? await backendCpu(database) : null;
  const loadBefore = process.cpuUsage();
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const load = process.cpuUsage(loadBefore);
  const cpuAfter = serverPid ? cpuSeconds(serverPid) : null;
  const dbAfter = database ? await backendCpu(database) : null;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  const requests = Math.max(1, result.requests.total);
  const cpuMs = cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) * 1000) / requests : null;
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    mean: result.latency.mean,
    cpuMs,
    dbCpuMs: dbBefore && dbAfter ? (cpuSecondsBetween(dbBefore, dbAfter) * 1000) / requests : null,
    loadCpuMs: (load.user + load.system) / 1000 / requests,
  };
}

/**
 * "server 0.82 + database 0.41 + load generator 0.20 = 1.43 ms CPU/req (…) | server + database 1.23 ms/req" for a
 * run's figures; server + database is the measure (issue 15 item 9: at most half of main's).
 */
function cpuLine(figures: Figures): string {
  const parts = [
    `server ${figures.cpuMs?.toFixed(2) ?? '?'}`,
    ...(figures.dbCpuMs === null ? [] : [`database ${figures.dbCpuMs.toFixed(2)}`]),
    `load generator ${figures.loadCpuMs.toFixed(2)}`,
  ];
  const total = (figures.cpuMs ?? 0) + (figures.dbCpuMs ?? 0) + figures.loadCpuMs;
  const serverAndDatabase =
    figures.cpuMs === null ? '?' : (figures.cpuMs + (figures.dbCpuMs ?? 0)).toFixed(2);
  return `${parts.join(' + ')} = ${total.toFixed(2)} ms CPU/req (${os.cpus().length} cores: at most ${Math.round((os.cpus().length * 1000) / total).toLocaleString('en-US')} req/s) | server + database ${serverAndDatabase} ms/req`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const url = new URL(baseUrl);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Migrates and seeds the database the server will use (10,000 clients), then closes it. */
async function prepareDatabase(env: NodeJS.ProcessEnv): Promise<void> {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR ?? '', 'db'),
  });
  try {
    await migrateDatabase(database);
    await database.exec(
      `insert into client (name, pid, alt_names, service_element, isp_month)
       select 'Bench Client ' || lpad(g::text, 5, '0'), 'BP' || g, array['Alias ' || g], 'SE 49', 1 + g % 12
       from generate_series(1, 10000) g;
       analyze`,
    );
    // Experiments only (e.g. a candidate index): statements run one by one after the seed.
    for (const statement of SETUP_SQL) await database.exec(statement);
  } finally {
    await database.close();
  }
}

async function startServer(env: NodeJS.ProcessEnv, origin: string): Promise<ChildProcess> {
  const logFd = openSync(os.devNull, 'w');
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'apps/api/dist/server.js'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', logFd, 'inherit'],
  });
  closeSync(logFd);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The `name=value` pairs of a response's Set-Cookie headers (expired ones left out), as one Cookie header. */
const cookieHeader = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] as string)
    .filter((c) => !c.endsWith('='))
    .join('; ');

/**
 * Creates the first admin (setup), signs in and enrols TOTP (admins need aal2 for PHI: docs/decisions/0009-mfa.md);
 * returns the aal2 session cookie.
 */
async function signedInCookie(origin: string): Promise<string> {
  const json = { 'content-type': 'application/json', origin };
  const setup = await fetch(`${origin}/api/setup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token: SETUP_TOKEN, ...ADMIN, firstName: 'Bench', lastName: 'Admin' }),
  });
  if (setup.status !== 201) throw new Error(`setup failed: ${await setup.text()}`);
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(ADMIN),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${await signIn.text()}`);
  const cookie = cookieHeader(signIn);
  const enable = await fetch(`${origin}/api/auth/two-factor/enable`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ password: ADMIN.password }),
  });
  if (!enable.ok) throw new Error(`MFA enable failed: ${await enable.text()}`);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const verify = await fetch(`${origin}/api/auth/two-factor/verify-totp`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ code: await createOTP(base32.decode(secret)).totp() }),
  });
  if (!verify.ok) throw new Error(`MFA verify failed: ${await verify.text()}`);
  return cookieHeader(verify);
}

async function run(
  engine: 'postgres' | 'pglite',
  workers: number,
): Promise<{
  health: Figures;
  healthSignedIn: Figures;
  list: Figures;
  healthBearer: Figures;
  listBearer: Figures;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tend-bench-${engine}-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL,
    // The bench's one client IP would otherwise hit the production limit within a second.
    RATE_LIMIT_PER_MINUTE: '100000000',
    SETUP_TOKEN,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    WEB_CONCURRENCY: String(workers),
  };
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `tend_bench_${process.pid}`;
  if (engine === 'postgres') {
    await adminQuery(baseUrl, `drop database if exists ${dbName} with (force)`);
    await adminQuery(baseUrl, `create database ${dbName}`);
    const url = new URL(baseUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  let server: ChildProcess | undefined;
  try {
    await prepareDatabase(env);
    server = await startServer(env, origin);
    const cookie = await signedInCookie(origin);
    const check = await fetch(`${origin}/api/clients?pageSize=50`, { headers: { cookie } });
    if (((await check.json()) as { total: number }).total !== 10_000) throw new Error('seed failed');
    await hammer(`${origin}/api/health`, {}, 3); // warm-up (JIT, pools)
    await hammer(`${origin}/api/clients?pageSize=50&page=7`, { cookie }, 3);
    const health = await hammer(`${origin}/api/health`, {}, DURATION, server.pid);
    // The same route with the session cookie: the difference is the session, tier and activity check.
    const healthSignedIn = await hammer(`${origin}/api/health`, { cookie }, DURATION, server.pid);
    const database = engine === 'postgres' ? { baseUrl, name: dbName } : undefined;
    const list = await hammer(
      `${origin}/api/clients?pageSize=50&page=7`,
      { cookie },
      DURATION,
      server.pid,
      database,
    );
    // An API client's access token (15 min: enough for both runs), from the aal2 session.
    const tokens = await fetch(`${origin}/api/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: '{}',
    });
    if (!tokens.ok) throw new Error(`token issue failed: ${await tokens.text()}`);
    const bearer = {
      authorization: `Bearer ${((await tokens.json()) as { accessToken: string }).accessToken}`,
    };
    await hammer(`${origin}/api/health`, bearer, 2); // warm-up (key set, prepared statement)
    const healthBearer = await hammer(`${origin}/api/health`, bearer, DURATION, server.pid);
    const listBearer = await hammer(
      `${origin}/api/clients?pageSize=50&page=7`,
      bearer,
      DURATION,
      server.pid,
      database,
    );
    return { health, healthSignedIn, list, healthBearer, listBearer };
  } finally {
    if (server) await stopServer(server);
    if (engine === 'postgres') await adminQuery(baseUrl, `drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * JavaScript a browser fetches before the /login form is usable: the entry (index.html's script), its
 * static imports (modulepreloads), the login page's lazy chunk and that chunk's static imports, gzip.
 * The web build prints the same figure (vite.config.ts).
 */
function loginJavaScript(dist: string): { files: number; gzipBytes: number } | null {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('src/features/auth/pages/login-page.tsx');
  let gzipBytes = 0;
  for (const file of seen)
    if (file.endsWith('.js')) gzipBytes += gzipSync(readFileSync(path.join(dist, file))).length;
  return { files: seen.size, gzipBytes };
}

const runs: { engine: 'postgres' | 'pglite'; workers: number }[] = [
  ...(ENGINES.includes('postgres')
    ? WORKERS.map((workers) => ({ engine: 'postgres' as const, workers }))
    : []),
  // Embedded PGlite is one process by design (one process per data directory).
  ...(ENGINES.includes('pglite') ? [{ engine: 'pglite' as const, workers: 1 }] : []),
];
const rows: string[] = [];
for (const { engine, workers } of runs) {
  const label = `${engine} x${workers}`.padEnd(11);
  try {
    const { health, healthSignedIn, list, healthBearer, listBearer } = await run(engine, workers);
    rows.push(
      `${label} health ${String(health.rps).padStart(6)} req/s p99 ${String(health.p99).padStart(3)} ms | clients list (50 of 10,000, audited) ${String(list.rps).padStart(6)} req/s p99 ${String(list.p99).padStart(3)} ms, server CPU ${list.cpuMs?.toFixed(2) ?? '?'} ms/req | list/health ${(list.rps / health.rps).toFixed(3)}`,
    );
    rows.push(`${''.padEnd(11)} clients list CPU: ${cpuLine(list)}`);
    const authCost =
      health.cpuMs !== null && healthSignedIn.cpuMs !== null
        ? `${(healthSignedIn.cpuMs - health.cpuMs).toFixed(3)} ms server CPU/req`
        : '?';
    rows.push(
      `${''.padEnd(11)} health signed in ${String(healthSignedIn.rps).padStart(6)} req/s p99 ${String(healthSignedIn.p99).padStart(3)} ms, server CPU ${healthSignedIn.cpuMs?.toFixed(2) ?? '?'} ms/req vs anonymous ${health.cpuMs?.toFixed(2) ?? '?'} | session + tier check: ${authCost}, mean latency +${(healthSignedIn.mean - health.mean).toFixed(2)} ms`,
    );
    const bearerCost =
      health.cpuMs !== null && healthBearer.cpuMs !== null
        ? `${(healthBearer.cpuMs - health.cpuMs).toFixed(3)} ms server CPU/req`
        : '?';
    rows.push(
      `${''.padEnd(11)} health bearer ${String(healthBearer.rps).padStart(6)} req/s p99 ${String(healthBearer.p99).padStart(3)} ms, server CPU ${healthBearer.cpuMs?.toFixed(2) ?? '?'} ms/req | bearer check (JWT + family query): ${bearerCost}, mean latency +${(healthBearer.mean - health.mean).toFixed(2)} ms | clients list bearer ${String(listBearer.rps).padStart(6)} req/s p99 ${String(listBearer.p99).padStart(3)} ms, server CPU ${listBearer.cpuMs?.toFixed(2) ?? '?'} ms/req`,
    );
  } catch (error) {
    rows.push(`${label} failed: ${(error as Error).message}`);
  }
}
console.log(
  `\nbench:api — ${CONNECTIONS} connections, ${DURATION} s per run, loopback, log level ${LOG_LEVEL}, this machine (${os.cpus().length} cores); xN = WEB_CONCURRENCY`,
);
for (const row of rows) console.log(row);
console.log('aim: clients list on postgres >= 2000 req/s with p99 < 50 ms');
const dist = path.resolve(process.env.BENCH_WEB_DIST ?? 'apps/web/dist');
const js = loginJavaScript(dist);
console.log(
  js
    ? `/login initial JavaScript: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip in ${js.files} files (aim <= 180 KB)`
    : `/login initial JavaScript: build the web app first (npm run build; looked in ${dist})`,
);
