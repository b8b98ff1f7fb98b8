/**
 * The `incidents` section of `npm run bench:screening` (issue 5, performance: incident screening
 * ≥ 5,000 notes/s). Prints figures; asserts nothing.
 *
 * 1. Matcher alone: `analyzeText` (tokenize + stem + phrase trie + NegEx negation + redaction) and the
 *    excerpt, over BENCH_NOTES (default 100,000) generated notes on one core, with two redaction
 *    dictionaries (client name + client terms, caregiver name) as the job uses.
 * 2. The full job on a database: the same notes as `shift_note` rows on BENCH_NOTES / 2 shifts (two
 *    notes each), written with `INSERT … SELECT generate_series`; then `screenIncidents` (the code the
 *    `incident-screening` job runs) once, and again to show an idempotent re-run does nothing.
 *
 * Notes: ~10 % describe an incident ("fell in the bathroom", "had a seizure", "called 911"), ~10 % a
 * negated one ("did not fall"), the rest ordinary visits; 40–80 words each.
 * Engines: BENCH_ENGINE=postgres (default; a fresh database on BENCH_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/test, dropped at the end) or `pglite` (in memory).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../apps/api/src/platform/db/client.ts';
import {
  analyzeText,
  compilePhraseMapper,
  compileRedactor,
  excerptOf,
} from '../apps/api/src/modules/screening/incident-phrases.ts';
import { screenIncidents } from '../apps/api/src/modules/screening/incident-screening.service.ts';

const NOTES = Number(process.env.BENCH_NOTES ?? 100_000);
const ENGINE = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const BASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const AIM = 5000;

const ordinary = [
  'Arrived on time and greeted the client.',
  'We made breakfast together and cleaned the kitchen.',
  'Client took a walk around the block and enjoyed the sunshine.',
  'Helped with laundry and folded the towels.',
  'Watched a movie and talked about the weekend plans.',
  'Medications given as scheduled at noon.',
  'Client called her sister and seemed in good spirits.',
  'Went to the grocery store and bought vegetables for dinner.',
  'Practised writing the shopping list with support.',
  'Client rested in the afternoon and read a magazine.',
];
const incidents = [
  'Client fell in the bathroom and hit her head on the sink.',
  'Client had a seizure lasting two minutes; we called 911.',
  'Found him on the floor next to the bed, bruised knee.',
  'There was a medication error: wrong dose given in the morning.',
  'Police came to the house after a neighbour complaint.',
];
const negated = [
  'Client did not fall today and had no injuries.',
  'No seizure activity observed during the shift.',
  'Denies pain; no signs of injury after the bump.',
];

/** Seeded pseudo-random numbers (mulberry32). */
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

function makeNotes(count: number): string[] {
  const rnd = random(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const notes: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const parts: string[] = [];
    const sentences = 5 + Math.floor(rnd() * 5);
    for (let s = 0; s < sentences; s += 1) parts.push(pick(ordinary));
    const kind = rnd();
    if (kind < 0.1) parts.splice(Math.floor(rnd() * parts.length), 0, pick(incidents));
    else if (kind < 0.2) parts.splice(Math.floor(rnd() * parts.length), 0, pick(negated));
    notes.push(`Jane Bench ${parts.join(' ')}`);
  }
  return notes;
}

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
const fmt = (n: number) => n.toLocaleString('en-US');

function benchMatcher(notes: string[]) {
  const mapper = compilePhraseMapper([{ term: 'Maple House', label: null, shouldRedact: true }]);
  const client = compileRedactor(['Sunny Day Program'], ['Jane Bench']);
  const caregiver = compileRedactor([], ['Maria Lopez']);
  // Warm-up (JIT, stem cache) on a slice, as a long-running job would be.
  for (const note of notes.slice(0, 2000)) analyzeText(mapper, note, [client, caregiver]);
  let found = 0;
  const started = performance.now();
  for (const note of notes) {
    const analysis = analyzeText(mapper, note, [client, caregiver]);
    if (analysis.categories.length) {
      found += 1;
      excerptOf(note, analysis);
    }
  }
  const ms = performance.now() - started;
  console.log(
    `matcher alone: ${fmt(notes.length)} notes in ${(ms / 1000).toFixed(2)} s → ${fmt(rate(notes.length, ms))} notes/s (aim ≥ ${fmt(AIM)}); ${fmt(found)} with incidents`,
  );
}

async function openBenchDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  if (ENGINE === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const database = await openDatabase({ pglite: await PGlite.create() });
    return { database, drop: () => database.close() };
  }
  const name = `tend_bench_incidents_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 4 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function benchJob(notes: string[]) {
  const { database, drop } = await openBenchDatabase();
  try {
    await migrateDatabase(database);
    const shiftCount = Math.ceil(notes.length / 2);
    const seedStart = performance.now();
    await database.exec(`
      insert into client (name, pid) select 'Jane Bench ' || g, 'IB' || lpad(g::text, 7, '0') from generate_series(1, 500) g;
      insert into caregiver (name, email) select 'Maria Lopez ' || g, 'ib' || g || '@bench.example' from generate_series(1, 200) g;
    `);
    await database.query(
      `insert into shift (date, caregiver_id, client_id, giv_shift_id, evv_in_time, evv_out_time)
         select date '2026-01-01' + (g % 300), cg.id, cl.id, 'IB-' || g,
                timestamptz '2026-01-01 16:00Z' + ((g % 300) || ' days')::interval,
                timestamptz '2026-01-01 20:00Z' + ((g % 300) || ' days')::interval
           from generate_series(1, $1::int) g
           join (select id, row_number() over (order by id) - 1 as n from caregiver) cg on cg.n = g % 200
           join (select id, row_number() over (order by id) - 1 as n from client) cl on cl.n = g % 500`,
      [shiftCount],
    );
    await database.query(
      `insert into shift_note (shift_id, submitted_at, prompt, documentation)
         select s.id, s.evv_out_time, 'Describe the visit', d.text
           from unnest($1::text[]) with ordinality as d(text, n)
           join (select id, evv_out_time, row_number() over (order by giv_shift_id) as n from shift) s
             on s.n = (d.n + 1) / 2`,
      [notes],
    );
    await database.exec('vacuum analyze shift');
    await database.exec('vacuum analyze shift_note');
    console.log(
      `seeded ${fmt(shiftCount)} shifts and ${fmt(notes.length)} notes on ${ENGINE} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const started = performance.now();
    const first = await screenIncidents(database.db, { timeZone: 'America/Los_Angeles' });
    const ms = performance.now() - started;
    console.log(
      `full job (${ENGINE}): ${fmt(first.notes)} notes / ${fmt(first.screened)} shifts in ${(ms / 1000).toFixed(2)} s → ${fmt(rate(first.notes, ms))} notes/s (aim ≥ ${fmt(AIM)}); ${fmt(first.incidents)} shifts with incidents`,
    );
    const again = performance.now();
    const second = await screenIncidents(database.db, { timeZone: 'America/Los_Angeles' });
    console.log(
      `re-run: screened ${second.screened}, changed ${second.changed} in ${((performance.now() - again) / 1000).toFixed(2)} s (idempotent: nothing to do)`,
    );
  } finally {
    await drop();
  }
}

/** Runs both parts over BENCH_NOTES generated notes (on its own database: notes need no located shifts). */
export async function benchIncidents(): Promise<void> {
  console.log(`\n[incidents] ${fmt(NOTES)} notes`);
  const notes = makeNotes(NOTES);
  benchMatcher(notes);
  await benchJob(notes);
}
