/**
 * `npm run bench:billing` (issue 6, performance): billing phases over BENCH_SEGMENTS (default 100,000)
 * shift segments. Aim for the "validate" phase: ≥ 20,000 segments/s on PostgreSQL. Prints figures;
 * asserts nothing.
 *
 * Steps: a fresh database on BENCH_DATABASE_URL's server (default TEST_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test; dropped at the end; BENCH_ENGINE=pglite uses an embedded
 * database instead), migrated by the app; 400 clients (with a Medicaid prime id), 600 caregivers, one shift + mirroring segment
 * per visit over 90 days written with `INSERT … SELECT generate_series` (not through the import
 * pipeline): 3 visits per client per day, 1 in 40 without clock-out, caregivers assigned so some visits
 * overlap; a budget line per client, a billing-code rule, notes on 9 in 10 shifts, a suspicious-location
 * finding on 1 in 100; then `VACUUM ANALYZE`. The "validate" phase runs `validateSegmentRange` over all
 * dates twice: the first run writes every result, the re-run finds nothing changed (idempotence), and
 * prints segments/s for each. The export phase is scripts/bench-billing-export.ts, the reconcile
 * phase scripts/bench-billing-reconcile.ts. Each phase also prints its CPU seconds (this process and the
 * database server's backends) and the process's resident memory (scripts/bench-billing-measure.ts).
 *
 * For quicker iterations: BENCH_PHASES (comma list of validate, export, reconcile; default all) and
 * BENCH_SEED_TEMPLATE=1 (PostgreSQL: the first run seeds a database kept as template
 * `tend_bench_billing_seed_<segments>`; later runs copy it instead of seeding and apply the migrations added since;
 * drop it by hand). BENCH_SCHEMA_SQL: statements (`;`-separated) run before the phases, to measure a
 * schema change (a dropped foreign key or index) before writing its migration.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../apps/api/src/platform/db/client.ts';
import { validateSegmentRange } from '../apps/api/src/modules/validation/validation.service.ts';
import { describeFigures, measurePhase } from './bench-billing-measure.ts';

const SEGMENTS = Number(process.env.BENCH_SEGMENTS ?? 100_000);
const ENGINE = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = 400;
const CAREGIVERS = 600;
const AIM_PER_SECOND = 20_000;
const FIRST_DAY = '2026-01-01';
const PHASES = new Set(
  (process.env.BENCH_PHASES ?? 'validate,export,reconcile').split(',').map((p) => p.trim()),
);
const SEED_TEMPLATE = ENGINE === 'postgres' && process.env.BENCH_SEED_TEMPLATE === '1';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function seed(database: DatabaseHandle) {
  // One statement per call (PGlite prepares each call and refuses several commands in one).
  const exec = async (text: string) => {
    for (const statement of text.split(/;\s*\n/)) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
  };
  const perDay = CLIENTS * 3;
  await exec(`
    insert into client (name, pid)
      select 'Bench Client ' || lpad(g::text, 3, '0'), 'BP' || lpad(g::text, 6, '0') from generate_series(1, ${CLIENTS}) g;
    insert into caregiver (name, type)
      select 'Bench Caregiver ' || lpad(g::text, 3, '0'), case when g % 30 = 0 then 'DOC_CARE_1' else 'DSP_CARE' end::caregiver_type
      from generate_series(1, ${CAREGIVERS}) g;
    insert into billing_code_rule (billing_code, allowed_caregiver_types, rate_cents, unit_measure, effective_date)
      values ('OR526', '{DSP_CARE}', 725, 'units_15min', '2025-01-01');
  `);
  await exec(`
    create temporary table bench_people as
      select (select array_agg(id order by name) from client) as clients,
             (select array_agg(id order by name) from caregiver) as caregivers;
    insert into budget (client_id, proc_code, units, measure, effective_date, expiration_date)
      select id, 'OR526', 2000 + (row_number() over (order by name)) % 3 * 1000, 'units_15min', '2026-01-01', '2026-12-31'
      from client;
  `);
  const chunk = 50_000;
  for (let start = 0; start < SEGMENTS; start += chunk) {
    const end = Math.min(SEGMENTS, start + chunk) - 1;
    // Visit g: day g / perDay; client g % CLIENTS; slot (g / CLIENTS) % 3 at 08:00, 12:00 or 16:00,
    // 3 h 30 min long (the 16:00 slot touches nothing; 08:00 and 12:00 of one caregiver overlap when
    // the caregiver index repeats within a day).
    await exec(`
      with v as (
        select g, (date '${FIRST_DAY}' + (g / ${perDay})) as day, g % ${CLIENTS} as c,
          (g / ${CLIENTS}) % 3 as slot, (g * 7) % ${CAREGIVERS} as cg
        from generate_series(${start}, ${end}) g
      ), s as (
        insert into shift (billing_code, date, evv_in_time, evv_out_time, evv_in_lat, evv_in_long,
          evv_out_lat, evv_out_long, caregiver_id, client_id, giv_shift_id)
        select 'OR526', v.day,
          v.day + make_interval(hours => 8 + v.slot * 4),
          case when v.g % 40 = 0 then null else v.day + make_interval(hours => 8 + v.slot * 4, mins => 210) end,
          45.5, -122.6, case when v.g % 40 = 0 then null else 45.5 end, case when v.g % 40 = 0 then null else -122.6 end,
          p.caregivers[1 + v.cg], p.clients[1 + v.c], 'bench-' || v.g
        from v, bench_people p
        returning id, evv_in_time, evv_out_time, evv_in_lat, evv_in_long, evv_out_lat, evv_out_long, giv_shift_id
      ), seg as (
        insert into shift_segment (shift_id, evv_start, evv_end, evv_in_lat, evv_in_long, evv_out_lat,
          evv_out_long, billing_code, creation_source)
        select id, evv_in_time, evv_out_time, evv_in_lat, evv_in_long, evv_out_lat, evv_out_long, 'OR526', 'import'
        from s
        returning shift_id
      )
      insert into shift_note (shift_id, documentation)
        select s.id, 'Bench note' from s where substring(s.giv_shift_id from 7)::int % 10 <> 0;
    `);
  }
  await exec(`
    insert into suspicious_location (shift_id, caregiver_id, client_id, suspicious_type, suspicion_level)
      select id, caregiver_id, client_id, 'CLOCK_IN', 'HIGH' from shift
      where substring(giv_shift_id from 7)::int % 100 = 5;
  `);
  if (ENGINE === 'postgres') await exec('vacuum analyze');
  const result = await database.db.execute<{ from: string; to: string }>(
    sql`select min(date)::text as from, max(date)::text as to from shift`,
  );
  return result.rows[0] as { from: string; to: string };
}

/** Opens a fresh database `name` on the PostgreSQL server of `BASE_URL` (optionally a copy of `template`). */
async function openPostgres(admin: pg.Client, name: string, template?: string): Promise<DatabaseHandle> {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString(), poolMax: 4, onConnectionError: () => undefined });
}

async function main() {
  const { database, seeded, template, drop } = await openBenchDatabase();
  try {
    // A copy of the template gets the migrations added since the template was seeded (none otherwise).
    await migrateDatabase(database);
    // Schema experiments (e.g. a foreign key dropped) before any phase: statements separated by `;`.
    for (const statement of (process.env.BENCH_SCHEMA_SQL ?? '').split(';'))
      if (statement.trim()) {
        await database.db.execute(sql.raw(statement));
        console.log(`  schema: ${statement.trim()}`);
      }
    console.log(
      `bench:billing — ${ENGINE}, ${fmt(SEGMENTS)} segments, ${CLIENTS} clients, ${CAREGIVERS} caregivers`,
    );
    let range: { from: string; to: string };
    if (seeded) {
      const result = await database.db.execute<{ from: string; to: string }>(
        sql`select min(date)::text as from, max(date)::text as to from shift`,
      );
      range = result.rows[0] as { from: string; to: string };
      console.log(`  seed copied from template ${template} (${range.from} to ${range.to})`);
    } else {
      const seeding = performance.now();
      range = await seed(database);
      console.log(
        `  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s (${range.from} to ${range.to})`,
      );
    }
    if (PHASES.has('validate')) await benchValidate(database, range);
    if (PHASES.has('export')) await (await import('./bench-billing-export.ts')).benchExport(database, range);
    if (PHASES.has('reconcile'))
      await (await import('./bench-billing-reconcile.ts')).benchReconcile(database);
  } finally {
    await database.close();
    await drop?.();
  }
}

/**
 * The bench database: on PostgreSQL a fresh one (a copy of the seed template with
 * BENCH_SEED_TEMPLATE=1, seeding the template first when it does not exist yet) and `drop` to remove
 * it; else an embedded PGlite. `seeded`: the data is there already.
 */
async function openBenchDatabase(): Promise<{
  database: DatabaseHandle;
  seeded: boolean;
  template: string;
  drop: (() => Promise<void>) | null;
}> {
  const name = `tend_bench_billing_${process.pid}`;
  const template = `tend_bench_billing_seed_${SEGMENTS}`;
  if (ENGINE !== 'postgres') return { database: await openDatabase({}), seeded: false, template, drop: null };
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  if (SEED_TEMPLATE) {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount !== 1) {
      const fresh = await openPostgres(admin, `${template}_new`);
      await migrateDatabase(fresh);
      const seeding = performance.now();
      await seed(fresh);
      console.log(`  seeded template ${template} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      await fresh.close();
      await admin.query(`alter database ${template}_new rename to ${template}`);
    }
  }
  const database = await openPostgres(admin, name, SEED_TEMPLATE ? template : undefined);
  const drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return { database, seeded: SEED_TEMPLATE, template, drop };
}

/** The "validate" phase: `validateSegmentRange` over every date twice (first run, re-run), then the violation counts. */
async function benchValidate(database: DatabaseHandle, range: { from: string; to: string }): Promise<void> {
  for (const label of ['first run', 're-run']) {
    const { result: summary, figures } = await measurePhase(database, () =>
      validateSegmentRange(database.db, range),
    );
    const perSecond = summary.segments / figures.seconds;
    console.log(
      `  validate (${label}): ${fmt(summary.segments)} segments in ${figures.seconds.toFixed(2)} s = ${fmt(perSecond)} segments/s ` +
        `(aim ≥ ${fmt(AIM_PER_SECOND)}${ENGINE === 'postgres' ? '' : ', on PostgreSQL'}) · ${fmt(summary.ready)} ready, ` +
        `${fmt(summary.notReady)} not ready, ${fmt(summary.changed)} written · ${describeFigures(figures)}`,
    );
  }
  const counts = await database.db.execute<{ code: string; n: number }>(sql`
    select v->>'code' as code, count(*)::int as n
    from shift_segment g, jsonb_array_elements(g.validation_violations) v group by 1 order by 2 desc`);
  console.log(`  violations: ${counts.rows.map((r) => `${r.code} ${fmt(Number(r.n))}`).join(', ')}`);
}

await main();
