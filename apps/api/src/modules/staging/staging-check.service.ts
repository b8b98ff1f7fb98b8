/**
 * Staging health (spec s.2 `/staging-check`) and the direct sync (`/direct-sync`): counts by status,
 * external people not linked, mappings by method, rules active and applied, the last imports; and the
 * sync that stages every CSV of the configured drop folder (config STAGING_DROP_FOLDER) through the
 * `staging-shifts` import with the column map suggested from its header.
 */
import { createReadStream } from 'node:fs';
import { readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { and, count, countDistinct, desc, isNull, max, ne, sql } from 'drizzle-orm';
import type { DirectSyncResult, MappingMethod, StagingCheck } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ImportDeps } from '../../platform/imports/import-kind.ts';
import { startImport, uploadImport } from '../../platform/imports/import-service.ts';
import { stagingImportKind } from './staging-import.ts';
import { statusCounts } from './staging-review.service.ts';
import { givIdMappings, stagingResolutionRules, stagingShifts } from './staging.table.ts';

async function unlinkedPeople(db: Database, side: 'caregiver' | 'client'): Promise<number> {
  const c =
    side === 'caregiver'
      ? {
          id: stagingShifts.caregiverId,
          givId: stagingShifts.originalCaregiverId,
          name: stagingShifts.originalCaregiverName,
        }
      : {
          id: stagingShifts.clientId,
          givId: stagingShifts.originalClientId,
          name: stagingShifts.originalClientName,
        };
  const [row] = await db
    .select({ n: countDistinct(sql`coalesce(${c.givId}, lower(${c.name}))`) })
    .from(stagingShifts)
    .where(and(isNull(c.id), ne(stagingShifts.status, 'UPLOADED')));
  return row?.n ?? 0;
}

/** The health summary. Audited `staging.check` (counts only). */
export async function stagingCheck(
  db: Database,
  ctx: RequestContext,
  dropFolder: string | null,
): Promise<StagingCheck> {
  const [counts, caregivers, clients, methods, [rules], imports] = await Promise.all([
    statusCounts(db),
    unlinkedPeople(db, 'caregiver'),
    unlinkedPeople(db, 'client'),
    db
      .select({ method: givIdMappings.matchMethod, n: count() })
      .from(givIdMappings)
      .groupBy(givIdMappings.matchMethod),
    db
      .select({
        active: sql<number>`count(*) filter (where ${stagingResolutionRules.isActive})::int`,
        applied: sql<number>`coalesce(sum(${stagingResolutionRules.appliedCount}), 0)::int`,
      })
      .from(stagingResolutionRules),
    db
      .select({
        id: sql<string>`coalesce(${stagingShifts.csvFileId}::text, ${stagingShifts.rawData} ->> 'documentId', ${stagingShifts.source})`,
        source: stagingShifts.source,
        at: max(stagingShifts.lastSeenAt),
        rows: count(),
      })
      .from(stagingShifts)
      .groupBy(sql`1`, stagingShifts.source)
      .orderBy(desc(max(stagingShifts.lastSeenAt)))
      .limit(5),
  ]);
  const mappings: Record<MappingMethod, number> = { EXACT_ID: 0, NAME_MATCH: 0, MANUAL_APPROVAL: 0 };
  for (const row of methods) mappings[row.method] = row.n;
  const result: StagingCheck = {
    counts,
    unmapped: { caregivers, clients },
    mappings,
    rules: { active: rules?.active ?? 0, applied: rules?.applied ?? 0 },
    lastImports: imports.map((row) => ({
      id: row.id,
      source: row.source,
      at: (row.at ?? new Date(0)).toISOString(),
      rows: row.rows,
    })),
    dropFolder,
  };
  await recordAudit(db, ctx, {
    action: 'staging.check',
    entityType: 'staging_shift',
    details: { ...counts, unmappedCaregivers: caregivers, unmappedClients: clients },
  });
  return result;
}

/**
 * Stages every `.csv` of the drop folder (sorted by name): uploads it as a `staging-shifts` import,
 * starts it with the column map suggested from its header (a file whose header does not map is
 * skipped with the problems in words, left in place) and renames a queued file `<name>.synced`.
 * Errors: 409 CONFLICT when no folder is configured or it cannot be read. Audited `staging.direct_sync`.
 */
export async function directSync(
  deps: ImportDeps,
  ctx: RequestContext,
  folder: string | null,
): Promise<DirectSyncResult> {
  if (!folder) throw new AppError('CONFLICT', 'No drop folder is configured (STAGING_DROP_FOLDER)');
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.toLowerCase().endsWith('.csv')).sort();
  } catch {
    throw new AppError('CONFLICT', 'The drop folder cannot be read');
  }
  const files: DirectSyncResult['files'] = [];
  for (const name of names) {
    const path = join(folder, name);
    const uploaded = await uploadImport(deps, ctx, {
      kind: stagingImportKind,
      originalName: name,
      contentType: 'text/csv',
      body: createReadStream(path),
    });
    if (uploaded.format !== 'csv') continue;
    const columnMap = uploaded.analysis.suggestedColumnMap;
    const problems = stagingImportKind.columnMapProblems(columnMap);
    if (problems.length) {
      files.push({ name, csvFileId: uploaded.csvFileId, job: null, problems });
      continue;
    }
    const started = await startImport(deps, ctx, {
      kind: stagingImportKind,
      csvFileId: uploaded.csvFileId,
      columnMap,
    });
    await rename(path, `${path}.synced`);
    files.push({ name, csvFileId: uploaded.csvFileId, job: started.job, problems: [] });
  }
  await recordAudit(deps.db, ctx, {
    action: 'staging.direct_sync',
    entityType: 'csv_file',
    details: { files: files.length, queued: files.filter((f) => f.job).length },
  });
  return { folder, files };
}
