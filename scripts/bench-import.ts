/**
 * `npm run bench:import` (issue "shift records with EVV", performance). Generates a GIV-style CSV of
 * BENCH_ROWS visits (default 100,000: US dates, 12-hour times, 200 caregivers, 150 clients), streamed
 * to a temp file, then for each engine runs the REAL import — upload into storage, column map, the
 * `shift-import` job through pg-boss — in a child process of its own, sampling its memory (RSS) while
 * the import runs:
 *   - PostgreSQL (BENCH_DATABASE_URL, default the machine's postgres://postgres@127.0.0.1:5432/test, in
 *     a fresh database dropped afterwards), where a process of its own first times a raw `COPY` of the
 *     same rows into the same `shift` table (psql `\copy`, ids already resolved) as the baseline, then
 *     empties the table (so the baseline's own memory never counts as the import's);
 *   - PGlite (a temp directory).
 * Prints rows/s, wall time and peak memory per engine, the COPY rows/s and the ratio app/COPY, and the
 * CPU seconds of the import process, of the database server processes and of the COPY backend (the
 * machine is shared: CPU time shows the cost of the work whatever else runs; wall time does not).
 * Aims (issue): ≥ 0.25 of COPY on PostgreSQL; < 20 s on PostgreSQL and < 60 s on PGlite for 100k rows;
 * peak memory < 400 MB. `npm run bench:import` runs this script built (scripts/build-api.mjs), so the
 * import process runs the same bundle as `npm start` (decision 0024). Prints figures; asserts nothing. BENCH_ENGINES narrows the engines, BENCH_ROWS
 * sets the size, BENCH_NODE_ARGS passes node flags to the import process (e.g. `--cpu-prof`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ColumnMap } from '@tend/contracts';
import { backendCpuSeconds, cpuSecondsBetween, statCpuSeconds } from './bench-cpu.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CAREGIVERS = 200;
const CLIENTS = 150;
const ZONE = 'America/Los_Angeles';

const HEADER = [
  'Shift ID',
  'Caregiver',
  'Client',
  'Date',
  'Clock In',
  'Clock Out',
  'Clock In Lat',
  'Clock In Long',
  'Clock Out Lat',
  'Clock Out Long',
  'Billing Code',
  'Modifier',
  'Provider Medicaid ID',
  'PID',
];
const COLUMN_MAP: ColumnMap = {
  'Shift ID': 'givShiftId',
  Caregiver: 'caregiverName',
  Client: 'clientName',
  Date: 'date',
  'Clock In': 'evvInTime',
  'Clock Out': 'evvOutTime',
  'Clock In Lat': 'evvInLat',
  'Clock In Long': 'evvInLong',
  'Clock Out Lat': 'evvOutLat',
  'Clock Out Long': 'evvOutLong',
  'Billing Code': 'billingCode',
  Modifier: 'mod1',
  'Provider Medicaid ID': 'providerMedicaidId',
  PID: 'pid',
};

const caregiverName = (i: number) => `Bench Caregiver ${String(i).padStart(3, '0')}`;
const clientName = (i: number) => `Bench Client ${String(i).padStart(3, '0')}`;

interface Visit {
  id: string;
  caregiver: number;
  client: number;
  /** Local service date and clock-in/out minutes after midnight (out may pass midnight). */
  date: Date;
  inMinute: number;
  outMinute: number;
  inLat: number;
  inLong: number;
  outLat: number;
  outLong: number;
  code: string;
}

/** The same deterministic visits every run (a small LCG: no dependency, reproducible). */
function* visits(): Generator<Visit> {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < ROWS; i += 1) {
    const client = 1 + Math.floor(random() * CLIENTS);
    const inMinute = 6 * 60 + Math.floor(random() * 14 * 60);
    const lat = 44 + (client % 30) / 10;
    const long = -123 + (client % 20) / 10;
    yield {
      id: `BENCH-${i}`,
      caregiver: 1 + Math.floor(random() * CAREGIVERS),
      client,
      date: new Date(start + Math.floor(random() * 730) * 86_400_000),
      inMinute,
      outMinute: inMinute + 60 + Math.floor(random() * 8 * 60),
      inLat: lat + random() / 1000,
      inLong: long + random() / 1000,
      outLat: lat + random() / 1000,
      outLong: long + random() / 1000,
      code: random() < 0.8 ? 'OR526' : 'OR507',
    };
  }
}

const twelveHour = (minute: number) => {
  const m = minute % (24 * 60);
  const h = Math.floor(m / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
const usDate = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(line)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

function* csvLines(): Generator<string> {
  yield `${HEADER.join(',')}\r\n`;
  for (const v of visits())
    yield (
      [
        v.id,
        caregiverName(v.caregiver),
        clientName(v.client),
        usDate(v.date),
        twelveHour(v.inMinute),
        twelveHour(v.outMinute),
        v.inLat.toFixed(6),
        v.inLong.toFixed(6),
        v.outLat.toFixed(6),
        v.outLong.toFixed(6),
        v.code,
        '',
        'PROV-1',
        `P${v.client}`,
      ].join(',') + '\r\n'
    );
}

// ---------------------------------------------------------------------------------------------------
// Child: one engine's run. Prints one JSON line with its figures.

/** Runs one engine in this (child) process: the COPY baseline with `copyOnly`, else the import. */
async function runEngine(
  engine: 'postgres' | 'pglite',
  csvFile: string,
  dataDir: string,
  url: string | undefined,
  copyOnly: boolean,
) {
  const app = await startSeededApp(dataDir, url);
  if (copyOnly) {
    // Its own process, so the baseline's file generation does not count in the import's memory.
    const copy = url ? await copyBaseline(app.deps.database, url, dataDir) : null;
    await app.close();
    console.log(
      JSON.stringify({ copySeconds: copy?.seconds ?? null, copyCpuSeconds: copy?.cpuSeconds ?? null }),
    );
    return;
  }
  const figures = await measureImport(app, engine, csvFile);
  await app.close();
  console.log(JSON.stringify({ engine, ...figures }));
}

/** The app on the engine (`url`: PostgreSQL, else PGlite in `dataDir`) with the job runner, its people seeded once. */
async function startSeededApp(dataDir: string, url: string | undefined) {
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/platform/config/config.ts');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AGENCY_TIME_ZONE: ZONE,
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const app = await buildApp({ config, jobs: true });
  await app.ready();
  const { database } = app.deps;
  // The COPY process seeded the people already on PostgreSQL (the same ids for both runs).
  const seeded = await database.query<{ n: number }>('select count(*)::int as n from caregiver');
  if (!seeded.rows[0]?.n)
    await database.exec(
      `insert into caregiver (name) select 'Bench Caregiver ' || lpad(g::text, 3, '0') from generate_series(1, ${CAREGIVERS}) g;
       insert into client (name, pid) select 'Bench Client ' || lpad(g::text, 3, '0'), 'P' || g from generate_series(1, ${CLIENTS}) g;`,
    );
  return app;
}

/**
 * Uploads `csvFile` and runs the import job to its end (polled every 100 ms), measuring wall time,
 * this process's CPU and memory (RSS and heap sampled every 50 ms) and, on PostgreSQL, the server's CPU.
 */
async function measureImport(
  app: Awaited<ReturnType<typeof startSeededApp>>,
  engine: 'postgres' | 'pglite',
  csvFile: string,
) {
  const { systemContext } = await import('../apps/api/src/platform/http/context.ts');
  const { shiftImportKind: kind } = await import('../apps/api/src/modules/shifts/shift-import.service.ts');
  const { uploadImport, startImport } = await import('../apps/api/src/platform/imports/import-service.ts');
  const { database, storage, jobs } = app.deps;
  const serverCpuBefore = engine === 'postgres' ? await backendCpu(database) : null;
  const ctx = systemContext('bench');
  global.gc?.();
  const baselineMb = process.memoryUsage.rss() / 1e6;
  const memory = sampleMemory();
  const deps = { db: database.db, storage, jobs, agencyTimeZone: ZONE };
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  const uploaded = await uploadImport(deps, ctx, {
    kind,
    originalName: 'bench.csv',
    contentType: 'text/csv',
    body: createReadStream(csvFile),
  });
  const { job } = await startImport(deps, ctx, {
    kind,
    csvFileId: uploaded.csvFileId,
    columnMap: COLUMN_MAP,
  });
  let finished = await jobs.getJob(job.id);
  while (finished && !['COMPLETED', 'FAILED'].includes(finished.status)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    finished = await jobs.getJob(job.id);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const peak = memory.stop();
  const serverCpuAfter = serverCpuBefore ? await backendCpu(database) : null;
  const result = finished?.result as { created: number; rejected: unknown[] } | null;
  const counted = await database.query<{ n: number }>('select count(*)::int as n from shift');
  return {
    status: finished?.status,
    error: finished?.error ?? null,
    created: result?.created ?? 0,
    rejected: result?.rejected.length ?? 0,
    shifts: counted.rows[0]?.n ?? 0,
    seconds,
    baselineMb,
    peakMb: peak.rss / 1e6,
    peakHeapMb: peak.heap / 1e6,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    serverCpuSeconds:
      serverCpuBefore && serverCpuAfter ? cpuSecondsBetween(serverCpuBefore, serverCpuAfter) : null,
  };
}

/** Samples this process's RSS and heap + external bytes every 50 ms; `stop` ends it and gives the peaks (bytes). */
function sampleMemory(): { stop: () => { rss: number; heap: number } } {
  let rss = process.memoryUsage.rss();
  let heap = 0;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heap = Math.max(heap, usage.heapUsed + usage.external);
  }, 50);
  return {
    stop: () => {
      clearInterval(sampler);
      return { rss, heap };
    },
  };
}

/**
 * CPU seconds used so far by each server process of this database (pid → seconds; bench-cpu.ts): a
 * load-independent figure on a shared machine, beside wall time. Null when one cannot be read.
 */
async function backendCpu(database: {
  query: <R>(text: string) => Promise<{ rows: R[] }>;
}): Promise<Map<number, number> | null> {
  const { rows } = await database.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  return backendCpuSeconds(rows.map(({ pid }) => pid));
}

/** Times psql `\copy` of the same visits (ids resolved, instants in UTC) into `shift`, then empties it. */
async function copyBaseline(
  database: { query: <R>(text: string) => Promise<{ rows: R[] }>; exec: (text: string) => Promise<void> },
  url: string,
  dir: string,
): Promise<{ seconds: number; cpuSeconds: number | null }> {
  const { DateTime } = await import('luxon');
  const ids = async (table: string) =>
    new Map(
      (await database.query<{ id: string; name: string }>(`select id, name from ${table}`)).rows.map((r) => [
        r.name,
        r.id,
      ]),
    );
  const [caregiverIds, clientIds] = [await ids('caregiver'), await ids('client')];
  const instant = (date: Date, minute: number) =>
    DateTime.fromObject(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      { zone: ZONE },
    )
      .plus({ minutes: minute })
      .toUTC()
      .toISO();
  const file = path.join(dir, 'copy.csv');
  await writeLines(
    file,
    (function* () {
      for (const v of visits())
        yield (
          [
            v.id,
            v.date.toISOString().slice(0, 10),
            instant(v.date, v.inMinute),
            instant(v.date, v.outMinute),
            v.inLat,
            v.inLong,
            v.outLat,
            v.outLong,
            caregiverIds.get(caregiverName(v.caregiver)),
            clientIds.get(clientName(v.client)),
            v.code,
            'PROV-1',
            `P${v.client}`,
            ZONE,
          ].join(',') + '\n'
        );
    })(),
  );
  const columns =
    'giv_shift_id,date,evv_in_time,evv_out_time,evv_in_lat,evv_in_long,evv_out_lat,evv_out_long,caregiver_id,client_id,billing_code,provider_medicaid_id,pid,time_zone';
  const started = performance.now();
  const psql = spawnSync(
    'psql',
    [
      url,
      '-At',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `\\copy shift(${columns}) from '${file}' csv`,
      '-c',
      `select pg_read_file('/proc/' || pg_backend_pid() || '/stat', 0, 1024, true)`,
    ],
    {
      encoding: 'utf8',
    },
  );
  const seconds = (performance.now() - started) / 1000;
  if (psql.status !== 0) throw new Error(`psql \\copy failed: ${psql.stderr}`);
  await database.exec('truncate shift cascade');
  const stat = psql.stdout.split('\n').find((line) => line.includes('(postgres)'));
  return { seconds, cpuSeconds: stat ? statCpuSeconds(stat) : null };
}

// ---------------------------------------------------------------------------------------------------
// Parent: generate the file, run each engine in a child process, print the table.

/** Runs this script in a child process in `mode` (`--copy` or `--engine`); returns its JSON line. */
async function child(mode: string, engine: string, ...args: string[]): Promise<Record<string, unknown>> {
  const process_ = spawn(
    process.execPath,
    [
      '--expose-gc',
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      // As this process runs: the bundle `npm run bench:import` builds, or the sources under tsx.
      ...process.execArgv,
      process.argv[1] as string,
      mode,
      engine,
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  process_.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(process_, 'exit')) as [number];
  const line = output.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{'))
    throw new Error(`${engine} ${mode} failed (exit ${code}): ${output}`);
  return JSON.parse(line) as Record<string, unknown>;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tend-bench-import-'));
  const csvFile = path.join(dir, 'visits.csv');
  const generated = performance.now();
  await writeLines(csvFile, csvLines());
  console.log(
    `Generated ${ROWS.toLocaleString('en-US')} visits (${(statSync(csvFile).size / 1e6).toFixed(1)} MB) in ${((performance.now() - generated) / 1000).toFixed(1)} s`,
  );
  const rows: Record<string, unknown>[] = [];
  for (const engine of ENGINES) rows.push(await benchEngine(engine, dir, csvFile));
  rmSync(dir, { recursive: true, force: true });
  printWallAndMemory(rows);
  printCpu(rows);
  console.log('\nbase MB: the import process (app, driver, job runner) before the import.');
  console.log(
    'peak MB: the most it held while importing (RSS every 50 ms; on PGlite the database is in it too).',
  );
  console.log(
    'heap MB: the most JavaScript heap + external buffers in use, garbage not yet collected included.',
  );
  console.log(
    'CPU: the import process (on PGlite the database too) and, on PostgreSQL, the server processes of the bench database; COPY server: the backend of the psql \\copy.',
  );
  console.log('Aims: app/COPY ≥ 0.25 on PostgreSQL; < 20 s (PostgreSQL) and < 60 s (PGlite); peak < 400 MB.');
}

/** One engine's figures: on PostgreSQL a fresh database (dropped after) and the COPY baseline first. */
async function benchEngine(engine: string, dir: string, csvFile: string): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(dir, `${engine}-`));
  let url: string | undefined;
  const admin = engine === 'postgres' ? new pg.Client({ connectionString: BASE_URL }) : null;
  const name = `tend_bench_import_${process.pid}`;
  if (admin) {
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const parsed = new URL(BASE_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  try {
    const copy = url ? await child('--copy', engine, csvFile, dataDir, url) : {};
    return { ...(await child('--engine', engine, csvFile, dataDir, url ?? '')), ...copy };
  } finally {
    if (admin) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

/** The table of status, counts, wall time, rows/s, memory and the COPY comparison per engine. */
function printWallAndMemory(rows: Record<string, unknown>[]): void {
  console.log(`\nImport of ${ROWS.toLocaleString('en-US')} visits through the real job`);
  console.log(
    'engine     status     created  rejected  wall s   rows/s  base MB  peak MB  heap MB   COPY rows/s  app/COPY',
  );
  for (const r of rows) {
    const seconds = r.seconds as number;
    const rps = ROWS / seconds;
    const copyRps = r.copySeconds ? ROWS / (r.copySeconds as number) : null;
    console.log(
      [
        String(r.engine).padEnd(10),
        String(r.status).padEnd(10),
        String(r.created).padStart(7),
        String(r.rejected).padStart(9),
        seconds.toFixed(1).padStart(7),
        Math.round(rps).toLocaleString('en-US').padStart(8),
        (r.baselineMb as number).toFixed(0).padStart(8),
        (r.peakMb as number).toFixed(0).padStart(8),
        (r.peakHeapMb as number).toFixed(0).padStart(8),
        (copyRps ? Math.round(copyRps).toLocaleString('en-US') : '—').padStart(12),
        (copyRps ? (rps / copyRps).toFixed(2) : '—').padStart(9),
      ].join(' '),
    );
    if (typeof r.error === 'string') console.log(`  ${String(r.engine)} error: ${r.error}`);
  }
}

/** The table of CPU seconds per engine: the import process, the server, and the COPY's server CPU. */
function printCpu(rows: Record<string, unknown>[]): void {
  console.log('\nCPU seconds (load-independent: what the work costs, whatever else the machine runs)');
  console.log('engine     import process  server  total   COPY server  app/COPY by CPU');
  for (const r of rows) {
    const own = r.cpuSeconds as number;
    const server = (r.serverCpuSeconds as number | null | undefined) ?? null;
    const copyCpu = (r.copyCpuSeconds as number | null | undefined) ?? null;
    const total = own + (server ?? 0);
    console.log(
      [
        String(r.engine).padEnd(10),
        own.toFixed(1).padStart(14),
        (server === null ? '—' : server.toFixed(1)).padStart(7),
        total.toFixed(1).padStart(6),
        (copyCpu === null ? '—' : copyCpu.toFixed(1)).padStart(12),
        (copyCpu ? (copyCpu / total).toFixed(2) : '—').padStart(16),
      ].join(' '),
    );
  }
}

if (process.argv[2] === '--engine' || process.argv[2] === '--copy') {
  const [, , mode, engine, csvFile, dataDir, url] = process.argv;
  await runEngine(
    engine as 'postgres' | 'pglite',
    csvFile as string,
    dataDir as string,
    url || undefined,
    mode === '--copy',
  );
  process.exit(0);
} else {
  await main();
}
