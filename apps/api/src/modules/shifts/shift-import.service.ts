/**
 * Shift import (issue "shift records with EVV"; spec s.3 CSVFile, ProcessingJob; docs/evv-import.md):
 * the `shifts` kind of the import pipeline (platform/imports, docs/decisions/0008-import-kinds.md).
 * An upload keeps the raw file in the `imports` bucket (folder `evv/`) and records a CSVFile with the
 * format detected from the content:
 *   - Sandata OpenEVV JSON is queued for import at once;
 *   - a CSV is read (encoding, delimiter, header) and waits for its column mapping: the mapping saved
 *     for the same header is offered again, a preview shows the first parsed rows, and starting the
 *     import saves the mapping on the CSVFile and queues the job.
 * The `shift-import` job streams the file in batches through `importVisitBatch` (visit-import.ts).
 */
import { text as streamToText } from 'node:stream/consumers';
import {
  columnMapProblems,
  type ColumnMap,
  type ShiftImportPreviewRow,
  type ShiftImportResult,
} from '@tend/contracts';
import {
  createImportService,
  csvFieldName,
  type ImportDeps,
  type ImportKindDefinition,
  type ImportReaderDeps,
  type ImportRun,
  type LineRecord,
  type ParsedRow,
} from '../../platform/imports/import-service.ts';
import type { OpenStream } from '../../platform/imports/csv-reader.ts';
import { JobInputError } from '../../platform/jobs/jobs.service.ts';
import { ImportPeopleIndex } from '../people/people-matching.ts';
import { suggestColumnMap } from './csv/column-map.ts';
import { csvRowToVisit } from './csv/csv-visit.ts';
import {
  extractSandataVisits,
  normalizeSandataVisit,
  sandataFieldNames,
  sandataVisit,
} from './evv-sandata.ts';
import {
  emptyTally,
  importVisitBatch,
  VISIT_IMPORT_WRITERS,
  type ImportTally,
  type SourceFieldNames,
} from './visit-import.ts';
import type { VisitRecord } from './visit-record.ts';

export { IMPORTS_BUCKET } from '../../platform/imports/import-service.ts';
export const SHIFT_IMPORT_JOB = 'shift-import';
/** Records between two progress reports of a JSON file. */
const PROGRESS_EVERY = 1000;

export type ShiftImportDeps = ImportDeps;

/** Reads a Sandata OpenEVV JSON export (an array of visits) into visit records. */
async function importSandata(
  deps: ImportReaderDeps,
  run: ImportRun,
  open: OpenStream,
  add: (record: LineRecord<VisitRecord>) => Promise<void>,
): Promise<number> {
  const stored = await open();
  const content = (await streamToText(stored)).replace(/^\uFEFF/, '');
  let document: unknown;
  try {
    document = JSON.parse(content);
  } catch {
    throw new JobInputError(
      'The file is not valid JSON. Upload a Sandata OpenEVV visit export (a JSON array of visits) or a CSV export.',
    );
  }
  const visits = extractSandataVisits(document);
  if (!visits)
    throw new JobInputError(
      'No visits found: expected a JSON array of Sandata OpenEVV visits, each with a VisitOtherID.',
    );
  await run.job.progress(1, `Found ${visits.length} visits`);
  const seen = new Map<string, number>();
  for (const [index, raw] of visits.entries()) {
    const line = index + 1;
    const rawId: unknown = raw && typeof raw === 'object' && 'VisitOtherID' in raw ? raw.VisitOtherID : null;
    const externalId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : null;
    const reject = (field: string, reason: string) => run.rejected.push({ line, field, reason, externalId });
    const parsed = sandataVisit.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) reject(issue.path.join('.') || 'visit', issue.message);
    } else {
      const key = `${parsed.data.VisitOtherID}#${parsed.data.SequenceID}`;
      const firstLine = seen.get(key);
      if (firstLine !== undefined) {
        reject(
          'VisitOtherID',
          `duplicates visit ${parsed.data.VisitOtherID} sequence ${parsed.data.SequenceID} at line ${firstLine}`,
        );
      } else {
        seen.set(key, line);
        try {
          const visit = normalizeSandataVisit(
            parsed.data,
            deps.agencyTimeZone,
            line,
            raw as Record<string, unknown>,
          );
          await add({ line, key: visit.externalId, record: visit });
        } catch (error) {
          const detail = error as { field?: string; reason?: string };
          if (!detail.field) throw error;
          reject(detail.field, detail.reason ?? 'is invalid');
        }
      }
    }
    if (line % PROGRESS_EVERY === 0)
      await run.job.progress(1 + (line / visits.length) * 98, `${line} of ${visits.length} visits read`);
  }
  return visits.length;
}

function previewRow(line: number, parsed: ParsedRow<VisitRecord>): ShiftImportPreviewRow {
  if (!parsed.ok)
    return {
      line,
      givShiftId: parsed.key,
      caregiver: null,
      client: null,
      date: null,
      evvInTime: null,
      evvOutTime: null,
      evvInLat: null,
      evvInLong: null,
      evvOutLat: null,
      evvOutLong: null,
      billingCode: null,
      mod1: null,
      timeZone: null,
      errors: parsed.problems,
    };
  const v = parsed.record;
  return {
    line,
    givShiftId: v.externalId,
    caregiver: v.caregiver.name ?? v.caregiver.externalId,
    client: v.client.name ?? v.client.pid,
    date: v.serviceDate,
    evvInTime: v.evvInTime?.toISOString() ?? null,
    evvOutTime: v.evvOutTime?.toISOString() ?? null,
    evvInLat: v.evvInLat,
    evvInLong: v.evvInLong,
    evvOutLat: v.evvOutLat,
    evvOutLong: v.evvOutLong,
    billingCode: v.billingCode,
    mod1: v.mod1,
    timeZone: v.timeZone,
    errors: [],
  };
}

/** The `shifts` import kind: GIV-style CSV or Sandata OpenEVV JSON → shifts (visit-import.ts). */
export const shiftImportKind: ImportKindDefinition<
  VisitRecord,
  ShiftImportPreviewRow,
  ImportTally,
  ShiftImportResult
> = {
  kind: 'shifts',
  jobType: SHIFT_IMPORT_JOB,
  folder: 'evv',
  audit: { import: 'shift.import', read: 'shift_import.read', preview: 'shift_import.preview' },
  suggestColumnMap,
  columnMapProblems: (map) => columnMapProblems(map as ColumnMap),
  parseRow(row, headers, map, options) {
    const parsed = csvRowToVisit(row, headers, map as ColumnMap, options);
    return parsed.ok
      ? { ok: true, record: parsed.visit, key: parsed.visit.externalId }
      : { ok: false, key: parsed.externalId, problems: parsed.problems };
  },
  previewRow,
  duplicate: {
    field: 'givShiftId',
    reason: (key, firstLine) => `duplicates shift id ${key} at line ${firstLine}`,
  },
  async openWriter(deps, run) {
    const people = await ImportPeopleIndex.load(deps.db);
    const tally: ImportTally = { ...emptyTally(), rejected: run.rejected };
    const map = run.file.columnMap;
    const fields: SourceFieldNames =
      run.file.format === 'csv' && map
        ? {
            caregiver: csvFieldName(map, 'caregiverName', 'caregiverExternalId'),
            client: csvFieldName(map, 'clientName', 'pid'),
            externalId: csvFieldName(map, 'givShiftId'),
          }
        : sandataFieldNames;
    return {
      writers: VISIT_IMPORT_WRITERS,
      write: (records) =>
        importVisitBatch(deps.db, run.ctx, {
          records: records.map((r) => r.record),
          csvFileId: run.file.id,
          people,
          fields,
          tally,
        }),
      summary: () => tally,
    };
  },
  result: (base, tally) => ({
    ...tally,
    format: base.format === 'csv' ? 'csv' : 'sandata-openevv',
    total: base.total,
    rejected: base.rejected,
  }),
  changed: (tally) => tally.created + tally.updated > 0,
  json: { format: 'sandata-openevv', importFile: importSandata },
};

/** The shift import's service (upload, list, get, preview, start, job handler). */
export const shiftImportService = createImportService(shiftImportKind);

/**
 * The import job's handler. `afterImport` runs once the file is imported when any shift was created or
 * updated (shifts.plugin.ts publishes `shifts.imported` there; workflows/shift-import.ts queues the
 * screenings: spec "each screening runs as a job over new and changed shifts").
 */
export function createShiftImportHandler(
  deps: ImportReaderDeps & { afterImport?: (jobId: string) => Promise<void> },
) {
  return shiftImportService.handler(deps);
}

/** Stores an EVV upload and analyses it (the `shifts` kind's `upload`; used by scripts/bench-import.ts). */
export const uploadShiftImport: typeof shiftImportService.upload = (...args) =>
  shiftImportService.upload(...args);
/** Saves a CSV upload's column map and queues its import (the `shifts` kind's `start`). */
export const startCsvImport: typeof shiftImportService.start = (...args) => shiftImportService.start(...args);
