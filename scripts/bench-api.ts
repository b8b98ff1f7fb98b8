/**
 * `npm run bench:api` (issue: foundation, performance). For each engine — PostgreSQL (BENCH_DATABASE_URL,
 * default the machine's postgres://postgres@127.0.0.1:5432/test, in a fresh database) and PGlite (a temp
 * dir) — it starts the real app on a loopback port, seeds 10,000 clients, signs in an admin, and runs
 * autocannon against (a) GET /api/health and (b) GET /api/clients?pageSize=50 (authenticated, audited).
 * It prints requests/s and p99 latency for each and the list/health ratio, then the initial JavaScript
 * (gzip) the /login page needs, from the web build's manifest. Aim (issue): list on PostgreSQL
 * ≥ 2,000 req/s with p99 < 50 ms; /login JS ≤ 180 KB gzip. Prints figures; asserts nothing.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/platform/config/config.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SETUP_TOKEN = 'bench-setup-token-0123456789';

interface Figures {
  rps: number;
  p99: number;
}

async function hammer(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

async function freshPostgres(baseUrl: string): Promise<string> {
  const name = `tend_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function run(engine: 'postgres' | 'pglite'): Promise<{ health: Figures; list: Figures }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tend-bench-${engine}-`));
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    SETUP_TOKEN,
    PORT: '0',
  };
  if (engine === 'postgres')
    env.DATABASE_URL = await freshPostgres(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    );
  const config = loadConfig(env);
  const app = await buildApp({ config, jobs: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = config.publicUrl;
  try {
    await app.deps.database.exec(
      `insert into client (name, pid, alt_names, service_element, isp_month)
       select 'Bench Client ' || lpad(g::text, 5, '0'), 'BP' || g, array['Alias ' || g], 'SE 49', 1 + g % 12
       from generate_series(1, 10000) g`,
    );
    const setup = await app.inject({
      method: 'POST',
      url: '/api/setup',
      headers: { origin },
      payload: {
        token: SETUP_TOKEN,
        email: 'bench@example.org',
        password: 'bench passphrase 123',
        firstName: 'Bench',
        lastName: 'Admin',
      },
    });
    if (setup.statusCode !== 201) throw new Error(`setup failed: ${setup.body}`);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email: 'bench@example.org', password: 'bench passphrase 123' },
    });
    const cookie = [signIn.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const check = await app.inject({ method: 'GET', url: '/api/clients?pageSize=50', headers: { cookie } });
    if (check.json<{ total: number }>().total !== 10_000) throw new Error('seed failed');
    await hammer(`${address}/api/health`); // warm-up
    const health = await hammer(`${address}/api/health`);
    const list = await hammer(`${address}/api/clients?pageSize=50&page=7`, { cookie });
    return { health, list };
  } finally {
    await app.close();
    if (env.DATABASE_URL) {
      const url = new URL(env.DATABASE_URL);
      const name = url.pathname.slice(1);
      url.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

function loginJavaScript(): { files: number; gzipBytes: number } | null {
  const dist = path.resolve('apps/web/dist');
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

const rows: string[] = [];
for (const engine of ['postgres', 'pglite'] as const) {
  try {
    const { health, list } = await run(engine);
    rows.push(
      `${engine.padEnd(9)} health ${String(health.rps).padStart(6)} req/s p99 ${String(health.p99).padStart(3)} ms | clients list (50 of 10,000, audited) ${String(list.rps).padStart(6)} req/s p99 ${String(list.p99).padStart(3)} ms | list/health ${(list.rps / health.rps).toFixed(3)}`,
    );
  } catch (error) {
    rows.push(`${engine.padEnd(9)} failed: ${(error as Error).message}`);
  }
}
console.log(
  `\nbench:api — ${CONNECTIONS} connections, ${DURATION} s per run, loopback, this machine (${os.cpus().length} cores)`,
);
for (const row of rows) console.log(row);
console.log('aim: clients list on postgres >= 2000 req/s with p99 < 50 ms');
const js = loginJavaScript();
console.log(
  js
    ? `/login initial JavaScript: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip in ${js.files} files (aim <= 180 KB)`
    : '/login initial JavaScript: build the web app first (npm run build)',
);
