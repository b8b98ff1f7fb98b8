/**
 * `npm run bench:screening` (issue 5, performance): screening over BENCH_SHIFTS shifts (default
 * 1,000,000) for BENCH_CLIENTS clients (default 5,000; at most BENCH_SHIFTS / 20).
 *
 * Section `locations` (suspicious EVV locations): each client gets a known home (seeded random points
 * across Oregon); every shift's clock-in and clock-out lie around it with 5 m GPS noise (2-D Gaussian,
 * σ = 5 m per axis), except an injected 10 % whose clock-in is 0.5–20 km away in a random direction
 * (giv ids `BF-…`; honest ones `BH-…`). Shifts are written with `INSERT … SELECT generate_series`
 * (not through the app), then `VACUUM ANALYZE`. Then the SAME code the `location-screening` job runs
 * (`runLocationScreening`, scope `due`: learn baselines + screen every shift) runs once, and again to
 * show an idempotent re-run has nothing to do. Prints: wall time (learning = DBSCAN work, screening =
 * per-shift checks, the rest database I/O; total), shifts/s, homes learned within 25 m of the truth
 * (%), injected far clock-ins flagged (%), honest shifts flagged (%). Aims: < 60 s on PostgreSQL,
 * ≥ 95 % homes within 25 m, ≥ 99 % far clock-ins flagged, < 1 % honest shifts flagged. Prints figures;
 * asserts nothing.
 *
 * Engines: BENCH_ENGINE=postgres (default; a fresh database on BENCH_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/test, dropped at the end) or `pglite` (in memory).
 * Section `incidents` (incident screening of shift notes, aim ≥ 5,000 notes/s): see
 * bench-screening-incidents.ts (BENCH_NOTES, default 100,000; its own database).
 * BENCH_SECTIONS (comma-separated, default all) picks sections; the located shifts are seeded only when
 * a section needs them.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../apps/api/src/platform/db/client.ts';
import { runLocationScreening } from '../apps/api/src/modules/screening/location-screening.service.ts';
import { distanceMeters } from '../apps/api/src/modules/screening/baseline-learning.ts';
import { benchIncidents } from './bench-screening-incidents.ts';

const SHIFTS = Number(process.env.BENCH_SHIFTS ?? 1_000_000);
const CLIENTS = Math.max(1, Math.min(Number(process.env.BENCH_CLIENTS ?? 5000), Math.floor(SHIFTS / 20)));
const ENGINE = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const FAR_SHARE = 0.1;
const NOISE_METERS = 5;
const AIMS = { seconds: 60, homesWithin25m: 95, farFlagged: 99, honestFlagged: 1 };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pct = (part: number, whole: number) => (whole ? (100 * part) / whole : 0);

/** Seeded pseudo-random numbers (mulberry32), so every run places the same homes. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Bench {
  database: DatabaseHandle;
  /** Known home of each client id. */
  homes: Map<string, { lat: number; long: number }>;
}

/** People and shifts straight into the database (seconds, not the import pipeline). */
async function seed(database: DatabaseHandle): Promise<Bench> {
  await database.exec(`
    insert into client (name, pid) select 'Bench Client ' || lpad(g::text, 5, '0'), 'BS' || lpad(g::text, 7, '0')
      from generate_series(1, ${CLIENTS}) g;
    insert into caregiver (name, email) select 'Bench Caregiver ' || lpad(g::text, 4, '0'), 'cg' || g || '@bench.example'
      from generate_series(1, ${Math.max(1, Math.ceil(CLIENTS / 3))}) g;
    create table bench_home (client_id uuid primary key, n int not null, lat float8 not null, long float8 not null);
  `);
  const { rows: clients } = await database.query<{ id: string }>('select id from client order by name');
  const rnd = random(20251122);
  const homes = new Map<string, { lat: number; long: number }>();
  for (const client of clients) homes.set(client.id, { lat: 42.1 + rnd() * 3.9, long: -124.1 + rnd() * 7.5 });
  const ids = [...homes.keys()];
  await database.query(
    `insert into bench_home (client_id, n, lat, long)
       select * from unnest($1::uuid[], $2::int[], $3::float8[], $4::float8[])`,
    [ids, ids.map((_, i) => i), ids.map((id) => homes.get(id)?.lat), ids.map((id) => homes.get(id)?.long)],
  );
  const perClient = Math.floor(SHIFTS / CLIENTS);
  const chunk = Math.max(1, Math.floor(200_000 / perClient));
  const caregivers = Math.max(1, Math.ceil(CLIENTS / 3));
  await database.exec(
    `create table bench_caregiver as select row_number() over (order by name) as n, id from caregiver`,
  );
  for (let start = 0; start < CLIENTS; start += chunk) {
    const end = Math.min(CLIENTS, start + chunk) - 1;
    // Metres → degrees: 111,320 m per degree of latitude; longitude scaled by cos(latitude).
    await database.exec(`
      insert into shift (date, evv_in_time, evv_out_time, evv_in_lat, evv_in_long, evv_out_lat, evv_out_long,
                         caregiver_id, client_id, giv_shift_id, evv_status, time_zone)
      select (date '2024-01-01' + g) as date,
             (date '2024-01-01' + g)::timestamp at time zone 'America/Los_Angeles' + interval '9 hours',
             (date '2024-01-01' + g)::timestamp at time zone 'America/Los_Angeles' + interval '13 hours',
             h.lat + r.in_north / 111320.0,
             h.long + r.in_east / (111320.0 * cos(radians(h.lat))),
             h.lat + r.out_north / 111320.0,
             h.long + r.out_east / (111320.0 * cos(radians(h.lat))),
             c.id, h.client_id,
             case when r.far then 'BF-' else 'BH-' end || h.n || '-' || g,
             'VERIFIED', 'America/Los_Angeles'
        from bench_home h
        cross join generate_series(1, ${perClient}) g
        cross join lateral (
          select u.far,
                 case when u.far then (500 + u.d * 19500) * cos(2 * pi() * u.b)
                      else ${NOISE_METERS} * sqrt(-2 * ln(1 - u.a1)) * cos(2 * pi() * u.a2) end as in_north,
                 case when u.far then (500 + u.d * 19500) * sin(2 * pi() * u.b)
                      else ${NOISE_METERS} * sqrt(-2 * ln(1 - u.a1)) * sin(2 * pi() * u.a2) end as in_east,
                 ${NOISE_METERS} * sqrt(-2 * ln(1 - u.c1)) * cos(2 * pi() * u.c2) as out_north,
                 ${NOISE_METERS} * sqrt(-2 * ln(1 - u.c1)) * sin(2 * pi() * u.c2) as out_east
            from (select random() < ${FAR_SHARE} as far, random() as d, random() as b, random() as a1,
                         random() as a2, random() as c1, random() as c2, h.n + g as k) u
        ) r
        join bench_caregiver c on c.n = 1 + (h.n * 7 + g % 3) % ${caregivers}
       where h.n between ${start} and ${end};
    `);
    process.stdout.write(`\r  shifts written: ${((end + 1) * perClient).toLocaleString('en-US')}`);
  }
  process.stdout.write('\n');
  if (ENGINE === 'postgres')
    for (const table of ['shift', 'client', 'caregiver']) await database.exec(`vacuum analyze ${table}`);
  return { database, homes };
}

/** Section `locations`: learn baselines and screen every shift, then check against the truth. */
async function benchLocations({ database, homes }: Bench) {
  console.log('\n[locations] learn baselines + screen every shift (runLocationScreening, as the job does)');
  const started = performance.now();
  let lastReport = 0;
  const summary = await runLocationScreening(database.db, {
    scope: 'due',
    onProgress: (done) => {
      if (done - lastReport >= 0.1 || done === 1) {
        lastReport = done;
        process.stdout.write(`\r  progress ${(done * 100).toFixed(0)} %`);
      }
    },
  });
  const wall = performance.now() - started;
  process.stdout.write('\n');
  console.log(`  learning (DBSCAN, ${summary.baselinesLearned} baselines): ${seconds(summary.learnMs)}`);
  console.log(
    `  screening (${summary.shiftsScreened.toLocaleString('en-US')} shifts): ${seconds(summary.screenMs)}`,
  );
  console.log(
    `  database: reads ${seconds(summary.readMs)}, writes incl. stamping ${seconds(summary.writeMs)} (writes overlap the next batch's reads and learning)`,
  );
  console.log(
    `  total wall time: ${seconds(wall)} (aim < ${AIMS.seconds} s on PostgreSQL) — ${Math.round(
      summary.shiftsScreened / (wall / 1000),
    ).toLocaleString('en-US')} shifts/s`,
  );
  console.log(
    `  findings written: ${summary.findingsCreated.toLocaleString('en-US')}; clients without a baseline: ${summary.clientsWithoutBaseline}`,
  );

  const { rows: baselines } = await database.query<{
    client_id: string;
    in_lat: number | null;
    in_long: number | null;
  }>('select client_id, in_lat, in_long from baseline_location');
  let within = 0;
  for (const row of baselines) {
    const truth = homes.get(row.client_id);
    if (truth && row.in_lat !== null && row.in_long !== null) {
      if (distanceMeters({ lat: row.in_lat, long: row.in_long }, truth) <= 25) within += 1;
    }
  }
  const { rows: flags } = await database.query<{
    far_total: string;
    far_flagged: string;
    honest_total: string;
    honest_flagged: string;
  }>(`
    select count(*) filter (where s.giv_shift_id like 'BF-%') as far_total,
           count(*) filter (where s.giv_shift_id like 'BF-%' and exists (
             select 1 from suspicious_location f where f.shift_id = s.id and f.suspicious_type = 'CLOCK_IN')) as far_flagged,
           count(*) filter (where s.giv_shift_id like 'BH-%') as honest_total,
           count(*) filter (where s.giv_shift_id like 'BH-%' and exists (
             select 1 from suspicious_location f where f.shift_id = s.id)) as honest_flagged
      from shift s`);
  const f = flags[0];
  const farTotal = Number(f?.far_total ?? 0);
  const honestTotal = Number(f?.honest_total ?? 0);
  console.log(
    `  homes learned within 25 m of the truth: ${pct(within, homes.size).toFixed(2)} % (${within}/${homes.size}; aim ≥ ${AIMS.homesWithin25m} %)`,
  );
  console.log(
    `  injected far clock-ins flagged: ${pct(Number(f?.far_flagged), farTotal).toFixed(2)} % (${f?.far_flagged}/${farTotal}; aim ≥ ${AIMS.farFlagged} %)`,
  );
  console.log(
    `  honest shifts flagged: ${pct(Number(f?.honest_flagged), honestTotal).toFixed(3)} % (${f?.honest_flagged}/${honestTotal}; aim < ${AIMS.honestFlagged} %)`,
  );

  const again = performance.now();
  const rerun = await runLocationScreening(database.db, { scope: 'due' });
  console.log(
    `  re-run (idempotent): ${rerun.shiftsScreened} shifts screened, ${rerun.findingsCreated + rerun.findingsUpdated + rerun.findingsRemoved} findings changed, ${seconds(performance.now() - again)}`,
  );
}

/**
 * For scale: the floor of the stamping every run must do — one plain UPDATE of
 * `screened_for_suspicious_location_at` on every shift (each row and its ~12 indexes rewritten).
 */
async function stampingFloor({ database }: Bench) {
  const started = performance.now();
  await database.exec('update shift set screened_for_suspicious_location_at = now()');
  console.log(`\n[for scale] one UPDATE stamping every shift: ${seconds(performance.now() - started)}`);
}

/** Named sections; `seeded()` seeds the located shifts on first use and gives the same bench after. */
const sections: Record<string, (seeded: () => Promise<Bench>) => Promise<void>> = {
  locations: async (seeded) => benchLocations(await seeded()),
  'stamping-floor': async (seeded) => stampingFloor(await seeded()),
  incidents: () => benchIncidents(),
};

async function main() {
  const wanted = (process.env.BENCH_SECTIONS ?? Object.keys(sections).join(','))
    .split(',')
    .map((s) => s.trim());
  const name = `tend_bench_screening_${process.pid}`;
  let database: DatabaseHandle;
  let drop: (() => Promise<void>) | null = null;
  if (ENGINE === 'postgres') {
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(BASE_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), poolMax: 4, onConnectionError: () => undefined });
    drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    database = await openDatabase({});
  }
  try {
    await migrateDatabase(database);
    console.log(
      `bench:screening — ${ENGINE}, ${(Math.floor(SHIFTS / CLIENTS) * CLIENTS).toLocaleString('en-US')} shifts for ${CLIENTS.toLocaleString('en-US')} clients`,
    );
    let bench: Promise<Bench> | null = null;
    const seeded = () =>
      (bench ??= (async () => {
        const seeding = performance.now();
        const seededBench = await seed(database);
        console.log(`  seeded in ${seconds(performance.now() - seeding)}`);
        return seededBench;
      })());
    for (const section of wanted) {
      const run = sections[section];
      if (!run) throw new Error(`Unknown section "${section}" (known: ${Object.keys(sections).join(', ')})`);
      await run(seeded);
    }
  } finally {
    await database.close();
    await drop?.();
  }
}

await main();
