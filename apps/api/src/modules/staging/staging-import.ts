/**
 * The `staging-shifts` import kind (issue 23; decision 0031 "one import framework", 0062): a GIV-style
 * CSV export read exactly as the `shifts` kind reads it (column map, `csvRowToVisit`: BOM, CRLF,
 * unknown headers kept in the raw row, 12-hour times, the agency's zone) but written to staging
 * (`writeStagedBatch`): never straight to production. Uploads live in the `imports` bucket, folder
 * `staging/`; the job `staging-import` reports progress like every import.
 */
import {
  columnMapProblems,
  type ShiftCsvField,
  type ShiftImportPreviewRow,
  type StagingImportResult,
} from '@tend/contracts';
import type { ImportKindDefinition } from '../../platform/imports/import-kind.ts';
import { suggestColumnMap } from '../shifts/csv/column-map.ts';
import { csvRowToVisit } from '../shifts/csv/csv-visit.ts';
import { previewRow } from '../shifts/shift-import.service.ts';
import type { VisitRecord } from '../shifts/visit-record.ts';
import { emptyStageTally, writeStagedBatch, type StageTally } from './staged-rows.service.ts';
import { StagingResolver, type StageRecord } from './staging-resolve.ts';

export const STAGING_IMPORT_JOB = 'staging-import';

/** The types of the `staging-shifts` kind (platform/imports/import-kind.ts `ImportKindTypes`). */
export interface StagingImportTypes {
  record: VisitRecord;
  preview: ShiftImportPreviewRow;
  summary: StageTally;
  result: StagingImportResult;
  field: ShiftCsvField;
  jsonFormat: never;
}

/** A visit read from a GIV export as a stage record (ids and names as the file gave them). */
export function visitStageRecord(visit: VisitRecord): StageRecord {
  return {
    givShiftId: visit.externalId,
    caregiverGivId: visit.caregiver.externalId,
    caregiverName: visit.caregiver.name,
    clientGivId: visit.client.pid,
    clientName: visit.client.name,
    date: visit.serviceDate,
    evvStart: visit.evvInTime,
    evvEnd: visit.evvOutTime,
    billingCode: visit.billingCode,
    mod1: visit.mod1,
    evvInLat: visit.evvInLat,
    evvInLong: visit.evvInLong,
    evvOutLat: visit.evvOutLat,
    evvOutLong: visit.evvOutLong,
    raw: visit.raw,
  };
}

/** The `staging-shifts` import kind: GIV-style CSV → staging rows (never production shifts). */
export const stagingImportKind: ImportKindDefinition<StagingImportTypes> = {
  kind: 'staging-shifts',
  jobType: STAGING_IMPORT_JOB,
  folder: 'staging',
  audit: { import: 'staging_import.import', read: 'staging_import.read', preview: 'staging_import.preview' },
  suggestColumnMap,
  columnMapProblems,
  parseRow(row, headers, map, options) {
    const parsed = csvRowToVisit(row, headers, map, options);
    return parsed.ok
      ? { ok: true, record: parsed.visit, key: parsed.visit.externalId }
      : { ok: false, key: parsed.externalId, problems: parsed.problems };
  },
  previewRow,
  duplicate: {
    field: 'givShiftId',
    reason: (row, firstLine) =>
      `repeats shift id ${row.key} of line ${firstLine}: only the first copy is staged`,
  },
  async openWriter(deps, run) {
    const resolver = await StagingResolver.load(deps.db);
    const tally = emptyStageTally();
    return {
      writers: 1,
      write: async (records) => {
        await writeStagedBatch(deps.db, run.ctx, {
          records: records.map((r) => visitStageRecord(r.record)),
          resolver,
          source: { kind: 'csv', csvFileId: run.file.id, processingJobId: run.job.jobId },
          tally,
        });
      },
      summary: () => tally,
    };
  },
  result: (base, tally) => ({
    format: 'csv',
    total: base.total,
    created: tally.created,
    updated: tally.updated,
    unchanged: 0,
    rejected: base.rejected,
    duplicates: base.duplicates,
    stale: base.stale,
    ready: tally.ready,
    notReady: tally.notReady,
    rulesApplied: tally.rulesApplied,
  }),
  changed: (tally) => tally.created + tally.updated > 0,
};
