/**
 * `/test-sync` (issue 23, decision 0062 addendum): a dry run of staging an uploaded GIV file. Every row
 * is read with the column map and resolved exactly as `writeStagedBatch` would (rules, mapping, status)
 * against the staging rows already there, but nothing is staged: no staging rows, no mappings, no rule
 * counts. The upload is kept like any import; one `staging_import.test_sync` audit event (ids and counts).
 */
import { inArray } from 'drizzle-orm';
import type { StagingImportOptions, TestSyncResult } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import type { ImportDeps } from '../../platform/imports/import-kind.ts';
import { readImportRows } from '../../platform/imports/import-service.ts';
import { stagingImportKind, visitStageRecord } from './staging-import.ts';
import { StagingResolver, type ResolvedRow, type SideResolution } from './staging-resolve.ts';
import { stagingShifts } from './staging.table.ts';

/** At most this many rejected rows and unmapped people are listed (the counts are complete). */
const LISTED = 200;

type Unmapped = TestSyncResult['unmapped'][number];

function noteUnmapped(
  unmapped: Map<string, Unmapped>,
  entityType: Unmapped['entityType'],
  side: SideResolution,
  givId: string | null,
  name: string | null,
) {
  if (side.entityId) return;
  const key = `${entityType}:${givId ?? ''}:${name ?? ''}`;
  const seen = unmapped.get(key);
  if (seen) seen.rows++;
  else unmapped.set(key, { entityType, givId, name, status: side.status, rows: 1 });
}

/** created / updated / unchanged for one batch, against the staging rows already stored. */
async function classify(deps: ImportDeps, rows: ResolvedRow[], counts: TestSyncResult['counts']) {
  if (!rows.length) return;
  const stored = await deps.db
    .select({
      givShiftId: stagingShifts.givShiftId,
      status: stagingShifts.status,
      hash: stagingShifts.contentHash,
    })
    .from(stagingShifts)
    .where(
      inArray(
        stagingShifts.givShiftId,
        rows.map((row) => row.record.givShiftId),
      ),
    );
  const byId = new Map(stored.map((row) => [row.givShiftId, row]));
  for (const row of rows) {
    const before = byId.get(row.record.givShiftId);
    if (!before) counts.created++;
    else if (before.hash === row.contentHash) counts.unchanged++;
    else counts.updated++;
  }
}

/**
 * Dry-runs staging the upload `options.csvFileId` with `options.columnMap` (and zone). Returns the
 * counts (created: shift id not staged yet; updated: staged with other resolved values; unchanged:
 * same content hash; rejected: the row would not be staged — unreadable, or a repeated shift id), the
 * rejected rows with their reasons and the people no mapping links (first 200 of each). Errors as
 * `readImportRows`: 404 unknown upload, 409 not a CSV, 400 `columnMap`.
 */
export async function testSync(
  deps: ImportDeps,
  ctx: RequestContext,
  options: StagingImportOptions & { csvFileId: string },
): Promise<TestSyncResult> {
  const resolver = await StagingResolver.load(deps.db);
  const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0, ready: 0, notReady: 0 };
  const rejected: TestSyncResult['rejected'] = [];
  const unmapped = new Map<string, Unmapped>();
  const firstLine = new Map<string, number>();
  let batch: ResolvedRow[] = [];
  let rows = 0;
  const reject = (line: number, givShiftId: string | null, reasons: string[]) => {
    counts.rejected++;
    if (rejected.length < LISTED) rejected.push({ line, givShiftId, reasons });
  };
  for await (const { line, parsed } of readImportRows(deps, ctx, { ...options, kind: stagingImportKind })) {
    rows++;
    if (!parsed.ok) {
      reject(
        line,
        parsed.key,
        parsed.problems.map((p) => `${p.field}: ${p.reason}`),
      );
      continue;
    }
    const first = firstLine.get(parsed.key);
    if (first !== undefined) {
      reject(line, parsed.key, [
        `repeats shift id ${parsed.key} of line ${first}: only the first copy is staged`,
      ]);
      continue;
    }
    firstLine.set(parsed.key, line);
    const resolved = resolver.resolve(visitStageRecord(parsed.record));
    if (resolved.status === 'READY') counts.ready++;
    else counts.notReady++;
    noteUnmapped(unmapped, 'CAREGIVER', resolved.caregiver, resolved.caregiverGivId, resolved.caregiverName);
    noteUnmapped(unmapped, 'CLIENT', resolved.client, resolved.clientGivId, resolved.clientName);
    batch.push(resolved);
    if (batch.length >= 1000) {
      await classify(deps, batch, counts);
      batch = [];
    }
  }
  await classify(deps, batch, counts);
  resolver.pendingMappings = [];
  resolver.ruleApplications.clear();
  const people = [...unmapped.values()].sort((a, b) => b.rows - a.rows);
  await recordAudit(deps.db, ctx, {
    action: 'staging_import.test_sync',
    entityType: 'csv_file',
    entityId: options.csvFileId,
    details: { rows, ...counts, unmapped: people.length },
  });
  return { csvFileId: options.csvFileId, rows, counts, rejected, unmapped: people.slice(0, LISTED) };
}
