/**
 * `npm run bench:staging` (issue 23 "100,000 staged rows mapped and compared in under 30 s on
 * PostgreSQL"; decision 0062). Opens a fresh database — PostgreSQL beside BENCH_DATABASE_URL when set
 * (created and dropped), else PGlite in a temp dir — migrates it and seeds 500 caregivers and 500
 * clients. Then, in one run, it times:
 * - the baseline: the same number of staging rows inserted by one `insert … select generate_series`
 *   (no parsing, resolution or audit: what the database alone costs);
 * - staging BENCH_ROWS (default 100,000) rows through `writeStagedBatch` in batches of 1,000 (rules,
 *   mapping with fuzzy candidates — one row in ten misspelled — status, segments, audit), and
 * - `compareStaging` over the whole range (staging vs production).
 * Prints the figures; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../apps/api/src/platform/db/client.ts';
import { systemContext } from '../apps/api/src/platform/http/context.ts';
import { emptyStageTally, writeStagedBatch } from '../apps/api/src/modules/staging/staged-rows.service.ts';
import { StagingResolver, type StageRecord } from '../apps/api/src/modules/staging/staging-resolve.ts';
import { compareStaging } from '../apps/api/src/modules/staging/staging-promotion.service.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BATCH = 1000;

async function fresh(): Promise<{ url?: string; dataDir?: string; drop: () => Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-staging-'));
    return { dataDir: dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `bench_staging_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
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

const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(2);

function record(i: number): StageRecord {
  const person = i % 500;
  const day = 1 + (i % 28);
  const start = new Date(Date.UTC(2031, i % 12, day, 16, 0));
  const caregiverName = i % 10 === 0 ? `Bench Caregivr ${person}` : `Bench Caregiver ${person}`;
  return {
    givShiftId: `B-${i}`,
    caregiverGivId: null,
    caregiverName,
    clientGivId: null,
    clientName: `Bench Client ${person}`,
    date: start.toISOString().slice(0, 10),
    evvStart: start,
    evvEnd: new Date(start.getTime() + 4 * 3_600_000),
    billingCode: 'OR526',
    mod1: null,
    evvInLat: null,
    evvInLong: null,
    evvOutLat: null,
    evvOutLong: null,
    raw: { row: i },
  };
}

async function main() {
  const target = await fresh();
  const handle = await openDatabase({ url: target.url, dataDir: target.dataDir, poolMax: 4 });
  try {
    await migrateDatabase(handle);
    await handle.exec(`
      insert into caregiver (name) select 'Bench Caregiver ' || g from generate_series(0, 499) g;
      insert into client (name) select 'Bench Client ' || g from generate_series(0, 499) g;`);
    console.log(`engine ${handle.kind}, ${ROWS} rows`);

    let start = performance.now();
    await handle.exec(`
      insert into staging_shift (giv_shift_id, date, status)
        select 'BASE-' || g, date '2031-01-01' + (g % 365), 'NOT_READY' from generate_series(1, ${ROWS}) g;
      delete from staging_shift where giv_shift_id like 'BASE-%';`);
    console.log(`baseline: ${ROWS} bare rows inserted by SQL in ${seconds(start)} s`);

    const ctx = systemContext('bench-staging');
    start = performance.now();
    const resolver = await StagingResolver.load(handle.db);
    const tally = emptyStageTally();
    for (let first = 0; first < ROWS; first += BATCH) {
      const records = Array.from({ length: Math.min(BATCH, ROWS - first) }, (_, k) => record(first + k));
      await writeStagedBatch(handle.db, ctx, { records, resolver, source: { kind: 'csv' }, tally });
    }
    const staged = performance.now();
    console.log(
      `staged and mapped: ${ROWS} rows in ${seconds(start)} s (${tally.ready} READY, ${tally.notReady} NOT_READY)`,
    );
    const compareStart = performance.now();
    const comparison = await compareStaging(handle.db, ctx, { from: '2031-01-01', to: '2031-12-31' });
    console.log(`compared: ${seconds(compareStart)} s (new ${comparison.counts.new})`);
    console.log(
      `mapped + compared: ${((performance.now() - start) / 1000).toFixed(2)} s (staging ${((staged - start) / 1000).toFixed(2)} s)`,
    );
  } finally {
    await handle.close();
    await target.drop();
  }
}

await main();
