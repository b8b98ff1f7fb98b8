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
/** The fates of the file's first this-many rows are listed. */
const LISTED_ROWS = 500;

type Unmapped = TestSyncResult['unmapped'][number];
type Fate = TestSyncResult['fates'][number];
type Counts = TestSyncResult['counts'];

/** A resolved row and, when listed, its fate entry (the fate is set once compared with staging). */
interface Pending {
  resolved: ResolvedRow;
  entry: Fate | null;
}

/** A person of a row in words: the name after the rules, else the id. */
const personOf = (name: string | null, givId: string | null) => name ?? givId;

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
async function classify(deps: ImportDeps, rows: Pending[], counts: Counts) {
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
        rows.map((row) => row.resolved.record.givShiftId),
      ),
    );
  const byId = new Map(stored.map((row) => [row.givShiftId, row]));
  for (const { resolved, entry } of rows) {
    const before = byId.get(resolved.record.givShiftId);
    const fate = !before ? 'created' : before.hash === resolved.contentHash ? 'unchanged' : 'updated';
    counts[fate]++;
    if (entry) {
      entry.fate = fate;
      entry.staged = before?.status ?? null;
    }
  }
}

/** The listed fate of a row staging would keep (its fate is set by `classify`). */
function keptRow(line: number, resolved: ResolvedRow): Fate {
  return {
    line,
    givShiftId: resolved.record.givShiftId,
    fate: 'created',
    status: resolved.status,
    staged: null,
    date: resolved.record.date,
    caregiver: personOf(resolved.caregiverName, resolved.caregiverGivId),
    client: personOf(resolved.clientName, resolved.clientGivId),
    reasons: resolved.errorDetails ? resolved.errorDetails.split('; ') : [],
  };
}

/** The listed fate of a row staging would not keep. */
const skippedRow = (
  line: number,
  givShiftId: string | null,
  fate: 'duplicate' | 'rejected',
  reasons: string[],
): Fate => ({
  line,
  givShiftId,
  fate,
  status: null,
  staged: null,
  date: null,
  caregiver: null,
  client: null,
  reasons,
});

/**
 * Dry-runs staging the upload `options.csvFileId` with `options.columnMap` (and zone). Returns the
 * counts (created: shift id not staged yet; updated: staged with other resolved values; unchanged:
 * same content hash; duplicates: a repeated shift id, only its first copy would be staged; rejected:
 * unreadable), every row's fate (first 500 lines), the rejected rows with their reasons and the people
 * no mapping links (first 200 of each). Errors as `readImportRows`: 404 unknown upload, 409 not a CSV,
 * 400 `columnMap`.
 */
export async function testSync(
  deps: ImportDeps,
  ctx: RequestContext,
  options: StagingImportOptions & { csvFileId: string },
): Promise<TestSyncResult> {
  const resolver = await StagingResolver.load(deps.db);
  const counts: Counts = {
    created: 0,
    updated: 0,
    unchanged: 0,
    duplicates: 0,
    rejected: 0,
    ready: 0,
    notReady: 0,
  };
  const fates: Fate[] = [];
  const rejected: TestSyncResult['rejected'] = [];
  const unmapped = new Map<string, Unmapped>();
  const firstLine = new Map<string, number>();
  let batch: Pending[] = [];
  let rows = 0;
  const list = (entry: Fate) => {
    if (fates.length < LISTED_ROWS) fates.push(entry);
  };
  for await (const { line, parsed } of readImportRows(deps, ctx, { ...options, kind: stagingImportKind })) {
    rows++;
    if (!parsed.ok) {
      const reasons = parsed.problems.map((p) => `${p.field}: ${p.reason}`);
      counts.rejected++;
      if (rejected.length < LISTED) rejected.push({ line, givShiftId: parsed.key, reasons });
      list(skippedRow(line, parsed.key, 'rejected', reasons));
      continue;
    }
    const first = firstLine.get(parsed.key);
    if (first !== undefined) {
      counts.duplicates++;
      list(
        skippedRow(line, parsed.key, 'duplicate', [
          `repeats shift id ${parsed.key} of line ${first}: only the first copy is staged`,
        ]),
      );
      continue;
    }
    firstLine.set(parsed.key, line);
    const resolved = resolver.resolve(visitStageRecord(parsed.record));
    if (resolved.status === 'READY') counts.ready++;
    else counts.notReady++;
    noteUnmapped(unmapped, 'CAREGIVER', resolved.caregiver, resolved.caregiverGivId, resolved.caregiverName);
    noteUnmapped(unmapped, 'CLIENT', resolved.client, resolved.clientGivId, resolved.clientName);
    const entry = fates.length < LISTED_ROWS ? keptRow(line, resolved) : null;
    if (entry) fates.push(entry);
    batch.push({ resolved, entry });
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
  return {
    csvFileId: options.csvFileId,
    rows,
    counts,
    fates,
    rejected,
    unmapped: people.slice(0, LISTED),
  };
}
