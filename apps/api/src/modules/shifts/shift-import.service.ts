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
  type ShiftCsvField,
  type ShiftImportPreviewRow,
  type ShiftImportResult,
} from '@tend/contracts';
import {
  csvFieldName,
  type ImportFormatReader,
  type ImportKindDefinition,
  type ImportRun,
  type ParsedRow,
} from '../../platform/imports/import-kind.ts';
import type { OpenStream } from '../../platform/imports/csv-reader.ts';
import { JobInputError } from '../../platform/jobs/jobs.service.ts';
import { ImportPeopleIndex } from '../people/people-matching.ts';
import { suggestColumnMap } from './csv/column-map.ts';
import { shiftPeopleReview, storedDecisions } from './shift-import-people.ts';
import { csvRowToVisit } from './csv/csv-visit.ts';
import { extractSandataVisits, parseSandataVisit, sandataFieldNames } from './evv-sandata.ts';
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

/** The types of the `shifts` kind (platform/imports/import-kind.ts `ImportKindTypes`). */
export interface ShiftImportTypes {
  record: VisitRecord;
  preview: ShiftImportPreviewRow;
  summary: ImportTally;
  result: ShiftImportResult;
  field: ShiftCsvField;
  jsonFormat: 'sandata-openevv';
}

/**
 * Reads a Sandata OpenEVV JSON export (an array of visits, or `{ Visits: [...] }`) and hands each visit
 * to the pipeline (`parseSandataVisit`). Errors: JobInputError when the file is not JSON or holds no
 * visits.
 */
async function readSandata(
  run: ImportRun,
  open: OpenStream,
  add: (line: number, parsed: ParsedRow<VisitRecord>) => Promise<void>,
  agencyTimeZone: string,
): Promise<number> {
  const content = (await streamToText(await open())).replace(/^\uFEFF/, '');
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
  for (const [index, raw] of visits.entries()) {
    const line = index + 1;
    await add(line, parseSandataVisit(raw, line, agencyTimeZone));
    if (line % PROGRESS_EVERY === 0)
      await run.job.progress(1 + (line / visits.length) * 98, `${line} of ${visits.length} visits read`);
  }
  return visits.length;
}

/** The Sandata OpenEVV format of the `shifts` kind: read without a mapping, a version repeated is a duplicate. */
const sandataFormat: ImportFormatReader<ShiftImportTypes> = {
  format: 'sandata-openevv',
  duplicate: {
    field: 'VisitOtherID',
    reason: (row, firstLine) =>
      `repeats visit ${row.record.externalId} sequence ${String(row.record.sequence)} of visit #${firstLine}: only the first copy is imported`,
  },
  read: (deps, run, open, add) => readSandata(run, open, add, deps.agencyTimeZone),
};

/** The preview line of a parsed visit (also the `staging-shifts` kind's, modules/staging). */
export function previewRow(line: number, parsed: ParsedRow<VisitRecord>): ShiftImportPreviewRow {
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
export const shiftImportKind: ImportKindDefinition<ShiftImportTypes> = {
  kind: 'shifts',
  jobType: SHIFT_IMPORT_JOB,
  folder: 'evv',
  audit: { import: 'shift.import', read: 'shift_import.read', preview: 'shift_import.preview' },
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
      `repeats shift id ${row.key} of line ${firstLine}: only the first copy is imported`,
  },
  async openWriter(deps, run) {
    const namesakes = storedDecisions(run.job.metadata);
    const people = await ImportPeopleIndex.load(deps.db, namesakes.decisions);
    const tally = emptyTally();
    // People created at start for "a new person" answers are this import's new people too.
    tally.newCaregivers = namesakes.created.caregivers;
    tally.newClients = namesakes.created.clients;
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
          rejections: run.rejections,
        }),
      summary: () => tally,
    };
  },
  result: (base, tally) => ({
    format: base.format,
    total: base.total,
    created: tally.created,
    updated: tally.updated,
    unchanged: tally.unchanged,
    rejected: base.rejected,
    duplicates: base.duplicates,
    stale: base.stale,
    newCaregivers: tally.newCaregivers,
    newClients: tally.newClients,
  }),
  changed: (tally) => tally.created + tally.updated > 0,
  json: sandataFormat,
  review: shiftPeopleReview,
};
