/**
 * The "export" phase of `npm run bench:billing` (issue 6, performance: a batch of 100,000 segments in
 * under 10 s on PostgreSQL, peak memory under 500 MB). Called by scripts/bench-billing.ts after the
 * validate phase, on the same database.
 *
 * The validate phase leaves part of the seeded segments NOT_READY on purpose (missing clock-outs,
 * notes, overlaps …). So that the batch has the size the aim names, every segment with a clock-out
 * is marked READY first and the segment table analysed (untimed, printed). The timed part is exactly what
 * `POST /api/billing-exports` does: `createBillingExport` over the whole date range (select, price,
 * insert items and history in one transaction, write the CSV to a local storage directory, complete
 * the batch). Prints time, rows/s, rows, total, CPU seconds and the process's RSS (bench-billing-measure.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/api/src/platform/db/client.ts';
import { systemContext } from '../apps/api/src/platform/http/context.ts';
import { createLocalDriver } from '../apps/api/src/platform/storage/local.driver.ts';
import { createStorageService, EXPORTS_BUCKET } from '../apps/api/src/platform/storage/storage.service.ts';
import { createBillingExport } from '../apps/api/src/modules/billing/billing-export.service.ts';
import { describeFigures, measurePhase } from './bench-billing-measure.ts';

const AIM_SECONDS = 10;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Runs the export phase on `database` over `range` (see the module comment) and prints its figures. */
export async function benchExport(
  database: DatabaseHandle,
  range: { from: string; to: string },
): Promise<void> {
  const db = database.db;
  const forced = await db.execute(sql`
    update shift_segment set validation_status = 'READY', validation_violations = '[]'::jsonb
    where evv_end is not null and deleted_at is null and validation_status <> 'READY'`);
  // Statistics as autovacuum would have them after a bulk change (untimed; bench only).
  if (database.kind === 'postgres') await db.execute(sql`analyze shift_segment`);
  const ready = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from shift_segment where validation_status = 'READY'`,
  );
  console.log(
    `  export: ${fmt(Number((forced as { rowCount?: number | null }).rowCount ?? 0))} more segments marked READY (untimed) → ${fmt(Number(ready.rows[0]?.n ?? 0))} READY`,
  );
  const rootDir = await mkdtemp(path.join(tmpdir(), 'tend-bench-export-'));
  try {
    const storage = createStorageService({
      db,
      driver: createLocalDriver({ rootDir }),
      secret: 'bench-secret-bench-secret-bench-secret',
    });
    await storage.ensureBucket({
      id: EXPORTS_BUCKET,
      name: 'Exported files',
      allowedMimeTypes: ['text/csv'],
    });
    const { result, figures } = await measurePhase(database, () =>
      createBillingExport({ db, storage, agencyTimeZone: 'America/Los_Angeles' }, systemContext('bench'), {
        dateFrom: range.from,
        dateTo: range.to,
        notes: 'bench',
      }),
    );
    const { batch } = result;
    console.log(
      `  export: ${fmt(batch.rowCount)} items in ${figures.seconds.toFixed(2)} s = ${fmt(batch.rowCount / figures.seconds)} items/s ` +
        `(aim < ${AIM_SECONDS} s, peak RSS < 500 MB) · total $${fmt((batch.totalAmount ?? 0) / 100)} · ${describeFigures(figures)}`,
    );
  } finally {
    await rm(rootDir, { recursive: true, force: true });
  }
}
