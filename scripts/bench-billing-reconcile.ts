/**
 * The "reconcile" phase of `npm run bench:billing` (issue 6, performance: 100,000 claim lines reconciled
 * in under 15 s on PostgreSQL, peak memory under 500 MB). Called by scripts/bench-billing.ts after the
 * other phases, on the same database.
 *
 * Steps: every live segment with a clock-out that has no billing item gets one, written in bulk with
 * `INSERT … SELECT` (EXPORTED; the snapshot carries the billed client prime `P<n>`; units = 15-minute
 * units) — the export phase's items are used as they are when it ran first — and `billing_item` is
 * analysed (as autovacuum would have done before a claim file arrives). Then an eXPRS claim CSV of
 * one line per item (up to BENCH_CLAIM_LINES, default 100,000) is built in memory: 97 % name the item's
 * billing id, 3 % only client prime + date + code + units (matched by facts, or orphaned as ambiguous
 * when the client has several equal visits that day); 1 in 10 lines denied. The timed part is what
 * `POST /api/claim-imports` does after the upload: open the file (`openClaimFile`: format, columns) and,
 * in one transaction, `reconcileClaimFile` (batch, the file parsed and written chunk by chunk: lines,
 * item statuses, history). Prints time, lines/s, counts, CPU seconds and the process's RSS
 * (bench-billing-measure.ts); the parse is spread over the writes, so it has no time of its own.
 */
import { createHash, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/api/src/platform/db/client.ts';
import { openClaimFile, reconcileClaimFile } from '../apps/api/src/modules/billing/claim-import.service.ts';
import { describeFigures, measurePhase } from './bench-billing-measure.ts';

const LINES = Number(process.env.BENCH_CLAIM_LINES ?? 100_000);
const AIM_SECONDS = 15;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * The claim CSV (see the module comment), written by the database as one text: the bench process holds
 * no row objects before the phase, so its heap at the start is not the setup's garbage.
 */
async function claimFile(database: DatabaseHandle): Promise<{ file: Buffer; count: number }> {
  const result = await database.db.execute<{ body: string | null; count: number }>(sql`
    with item as (
      select row_number() over (order by date, id) - 1 as i, id, snapshot_data->>'clientPid' as pid,
        date::text as date, units::text as units, to_char(coalesce(amount_cents, 0) / 100.0, 'FM999999990.00') as amount
      from billing_item where status = 'EXPORTED' order by date, id limit ${LINES}
    )
    select string_agg(concat_ws(',', 'BENCH-' || i, case when i % 33 = 0 then '' else id::text end,
        coalesce(pid, ''), date, 'OR526', coalesce(units, ''), amount,
        case when i % 10 = 0 then '0.00' else amount end, case when i % 10 = 0 then 'denied' else 'paid' end,
        case when i % 10 = 0 then 'Units exceed authorization' else '' end) || E'\r\n', '' order by i) as body,
      count(*)::int as count
    from item`);
  const { body, count } = result.rows[0] ?? { body: null, count: 0 };
  const header =
    'Claim Number,Billing ID,Client Prime,Service Date,Procedure Code,Units,Billed Amount,Paid Amount,Status,Denial Reason';
  return { file: Buffer.from(`${header}\r\n${body ?? ''}`), count: Number(count) };
}

/** Runs the reconcile phase on `database` (see the module comment) and prints its figures. */
export async function benchReconcile(database: DatabaseHandle): Promise<void> {
  const db = database.db;
  const seeding = performance.now();
  // Statistics as autovacuum would have them after the bulk writes of the phases before (bench only):
  // without them the `not exists` below may be planned as a nested loop over a "tiny" billing_item.
  if (database.kind === 'postgres') await db.execute(sql`analyze billing_item`);
  await db.execute(sql`
    insert into billing_item (shift_segment_id, client_id, caregiver_id, snapshot_data, snapshot_hash, date, start, "end",
      hours, units, billing_code, modifier, rate_cents, amount_cents, status)
    select g.id, s.client_id, s.caregiver_id,
      jsonb_build_object('segmentId', g.id, 'clientPid', coalesce(c.pid, 'P' || substr(s.client_id::text, 1, 8))),
      md5(g.id::text), s.date, g.evv_start, g.evv_end,
      round(extract(epoch from g.evv_end - g.evv_start) / 3600.0, 2),
      floor(extract(epoch from g.evv_end - g.evv_start) / 900.0), 'OR526', null, 725,
      floor(extract(epoch from g.evv_end - g.evv_start) / 900.0)::int * 725, 'EXPORTED'
    from shift_segment g join shift s on s.id = g.shift_id left join client c on c.id = s.client_id
    where g.evv_end is not null and g.deleted_at is null
      and not exists (select 1 from billing_item b where b.shift_segment_id = g.id and b.status <> 'VOID')`);
  if (database.kind === 'postgres') await db.execute(sql`analyze billing_item`);
  const { file, count } = await claimFile(database);
  console.log(
    `  reconcile: ${fmt(count)} claim lines (${(file.length / 1024 / 1024).toFixed(1)} MB CSV) against ${fmt(count)} exported items; setup ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );

  let openSeconds = 0;
  const { result: counts, figures } = await measurePhase(database, async () => {
    const started = performance.now();
    const opened = await openClaimFile(file);
    openSeconds = (performance.now() - started) / 1000;
    return db.transaction((tx) =>
      reconcileClaimFile(tx, {
        batchId: randomUUID(),
        fileName: 'bench-claims.csv',
        filePath: null,
        fileSha256: createHash('sha256').update(file).digest('hex'),
        file: opened,
        userId: null,
      }),
    );
  });
  const { lines, rejected } = counts;
  console.log(
    `  reconcile: ${fmt(lines)} lines in ${figures.seconds.toFixed(2)} s = ${fmt(lines / figures.seconds)} lines/s ` +
      `(open ${openSeconds.toFixed(2)} s; aim < ${AIM_SECONDS} s on PostgreSQL, peak RSS < 500 MB) · ${fmt(counts.matched)} matched, ` +
      `${fmt(counts.orphaned)} orphaned, ${fmt(rejected)} rejected · ${describeFigures(figures)}`,
  );
}
