/**
 * Shift import (issue "shift records with EVV"; spec s.3 CSVFile, ProcessingJob): the `shifts` kind's
 * instances of the generic import shapes (`imports.ts`) — its column map typed with the shift fields,
 * its formats (CSV or Sandata OpenEVV JSON), its preview row and its job's summary. Mapping rules are
 * documented in docs/evv-import.md.
 */
import { z } from 'zod';
import { isoDateTime, requiredText, text } from './common.ts';
import {
  importAnalysis,
  importDetail,
  importEndpointSet,
  importFileList,
  importFileSummary,
  importOptions,
  importPreviewOf,
  importQueued,
  importResultBase,
  importRowProblem,
  importStarted,
  importUploaded,
} from './imports.ts';

/** Formats Tend detects from a file's content (never from its name). */
export const shiftImportFormats = ['csv', 'sandata-openevv'] as const;
export const shiftImportFormat = z.enum(shiftImportFormats);
export type ShiftImportFormat = z.infer<typeof shiftImportFormat>;

/**
 * Tend fields a CSV column can be mapped to (GIV-style export, one row per visit). `evvInTime` and
 * `evvOutTime` take a time of day (with `date`) or a full date-time; `evvInCoordinates` /
 * `evvOutCoordinates` take one "latitude, longitude" cell instead of two columns.
 */
export const shiftCsvFields = [
  'givShiftId',
  'caregiverName',
  'caregiverExternalId',
  'clientName',
  'pid',
  'date',
  'evvInTime',
  'evvOutTime',
  'evvInLat',
  'evvInLong',
  'evvOutLat',
  'evvOutLong',
  'evvInCoordinates',
  'evvOutCoordinates',
  'billingCode',
  'mod1',
  'providerMedicaidId',
  'timeZone',
  'notes',
] as const;
export const shiftCsvField = z.enum(shiftCsvFields);
export type ShiftCsvField = z.infer<typeof shiftCsvField>;

export const shiftCsvFieldLabels: Record<ShiftCsvField, string> = {
  givShiftId: 'Shift id',
  caregiverName: 'Caregiver name',
  caregiverExternalId: 'Caregiver id',
  clientName: 'Client name',
  pid: 'Client Medicaid id (pid)',
  date: 'Service date',
  evvInTime: 'Clock-in time',
  evvOutTime: 'Clock-out time',
  evvInLat: 'Clock-in latitude',
  evvInLong: 'Clock-in longitude',
  evvOutLat: 'Clock-out latitude',
  evvOutLong: 'Clock-out longitude',
  evvInCoordinates: 'Clock-in "latitude, longitude"',
  evvOutCoordinates: 'Clock-out "latitude, longitude"',
  billingCode: 'Billing code',
  mod1: 'Modifier',
  providerMedicaidId: 'Provider Medicaid id',
  timeZone: 'Time zone',
  notes: 'Notes',
};

/** Source column header → Tend field (headers left out are kept in the raw row but not imported). */
export const columnMap = z.record(text().max(200), shiftCsvField);
export type ColumnMap = z.infer<typeof columnMap>;

/**
 * What a column map lacks or doubles, in words (empty when it can be imported): a shift id, a
 * caregiver (name or id), a client (name or pid) and a clock-in are required; each field at most once;
 * coordinates either as two columns or as one cell, not both.
 */
export function columnMapProblems(map: ColumnMap): string[] {
  const fields = Object.values(map);
  const has = (field: ShiftCsvField) => fields.includes(field);
  const problems: string[] = [];
  for (const field of shiftCsvFields) {
    const times = fields.filter((f) => f === field).length;
    if (times > 1) problems.push(`${shiftCsvFieldLabels[field]} is mapped from ${times} columns`);
  }
  if (!has('givShiftId')) problems.push('Map a column to Shift id (it keeps re-imports from doubling)');
  if (!has('caregiverName') && !has('caregiverExternalId'))
    problems.push('Map a column to Caregiver name or Caregiver id');
  if (!has('clientName') && !has('pid')) problems.push('Map a column to Client name or Client Medicaid id');
  if (!has('evvInTime')) problems.push('Map a column to Clock-in time');
  for (const side of ['In', 'Out'] as const) {
    const pair = has(`evv${side}Lat`) || has(`evv${side}Long`);
    if (pair && has(`evv${side}Coordinates`))
      problems.push(`Clock-${side.toLowerCase()} coordinates are mapped both as two columns and as one cell`);
    if (has(`evv${side}Lat`) !== has(`evv${side}Long`))
      problems.push(`Map both clock-${side.toLowerCase()} latitude and longitude, or neither`);
  }
  return problems;
}

/** What Tend read from an uploaded CSV, the suggested map typed with the shift fields. */
export const csvAnalysis = importAnalysis.extend({ suggestedColumnMap: columnMap });
export type CsvAnalysis = z.infer<typeof csvAnalysis>;

/** Answer to an upload: a JSON export is queued at once; a CSV waits for its column mapping. */
export const shiftImportUploaded = z.discriminatedUnion('format', [
  importQueued('sandata-openevv'),
  importUploaded.extend({ analysis: csvAnalysis }),
]);
export type ShiftImportUploaded = z.infer<typeof shiftImportUploaded>;

/** Caregiver or client: whose name a namesake question is about. */
export const personRole = z.enum(['caregiver', 'client']);
export type PersonRole = z.infer<typeof personRole>;

/**
 * The admin's answer for one name the preview asked about (decision 0035; `namesakeQuestion`): link
 * the rows that give this name without an id to an existing person (`person`, one of the question's
 * `inTend`), to the person the file itself names by that id elsewhere (`fileId`, one of `inFile`), or
 * to a new person created for them (`new`, flagged for review).
 */
export const namesakeChoice = z.object({
  role: personRole,
  /** The name as the question gave it (matched case- and accent-insensitively). */
  name: requiredText(200),
  linkTo: z.discriminatedUnion('to', [
    z.object({ to: z.literal('person'), personId: z.uuid() }),
    z.object({ to: z.literal('fileId'), externalId: requiredText(100) }),
    z.object({ to: z.literal('new') }),
  ]),
});
export type NamesakeChoice = z.infer<typeof namesakeChoice>;

/**
 * Options for previewing and importing a CSV. `timeZone` (IANA) applies to local times without one;
 * `namesakes` answers the preview's namesake questions (decision 0035): a name asked about and not
 * answered is never linked (its rows are rejected). Stored with the import's job, so a retry links the
 * same way.
 */
export const shiftImportOptions = importOptions.extend({
  columnMap,
  namesakes: z.array(namesakeChoice).max(1000).optional(),
});
export type ShiftImportOptions = z.infer<typeof shiftImportOptions>;

const instant = isoDateTime();

/** One parsed row of the preview: what would be imported, or why the row would be rejected. */
export const shiftImportPreviewRow = z.object({
  line: z.number().int(),
  givShiftId: z.string().nullable(),
  caregiver: z.string().nullable(),
  client: z.string().nullable(),
  date: z.string().nullable(),
  evvInTime: instant.nullable(),
  evvOutTime: instant.nullable(),
  evvInLat: z.number().nullable(),
  evvInLong: z.number().nullable(),
  evvOutLat: z.number().nullable(),
  evvOutLong: z.number().nullable(),
  billingCode: z.string().nullable(),
  mod1: z.string().nullable(),
  timeZone: z.string().nullable(),
  errors: z.array(importRowProblem),
});
export type ShiftImportPreviewRow = z.infer<typeof shiftImportPreviewRow>;
/** An existing person a namesake question offers. `altName`: matched by one of their other names. */
export const namesakeCandidate = z.object({
  id: z.uuid(),
  name: z.string(),
  externalId: z.string().nullable(),
  altName: z.boolean(),
});
export type NamesakeCandidate = z.infer<typeof namesakeCandidate>;

/**
 * A name that rows of the file give WITHOUT an id and that more than one person may have (decision
 * 0035): other rows of the file give it with different ids (`inFile`), and/or several people of Tend
 * have it as name or alt name (`inTend`). Tend links these rows only as the admin answers.
 */
export const namesakeQuestion = z.object({
  role: personRole,
  /** The name as first spelled in the file. */
  name: z.string(),
  /** Rows giving the name without an id. */
  rows: z.number().int(),
  /** Ids other rows of the file give with this name (people Tend does not have under these ids yet). */
  inFile: z.array(z.string()),
  inTend: z.array(namesakeCandidate),
});
export type NamesakeQuestion = z.infer<typeof namesakeQuestion>;

/**
 * Who the whole file's rows would be linked to (decision 0035): whether caregivers / clients are linked
 * by name alone (no id column mapped: people who share a name cannot be told apart) and every name to
 * answer before linking.
 */
export const peopleReview = z.object({
  caregiversByNameOnly: z.boolean(),
  clientsByNameOnly: z.boolean(),
  /** At most 500 questions; `more` counts the rest. */
  namesakes: z.array(namesakeQuestion),
  more: z.number().int(),
});
export type PeopleReview = z.infer<typeof peopleReview>;

export const shiftImportPreview = importPreviewOf(shiftImportPreviewRow).extend({
  /** The whole file's people review (CSV previews). */
  people: peopleReview.optional(),
});
export type ShiftImportPreview = z.infer<typeof shiftImportPreview>;

/** An uploaded EVV file as the import history lists it, with the shift kind's format and column map. */
export const csvFileSummary = importFileSummary.extend({
  format: shiftImportFormat.nullable(),
  columnMap: columnMap.nullable(),
});
export type CsvFileSummary = z.infer<typeof csvFileSummary>;
export const csvFileList = importFileList.extend({ items: z.array(csvFileSummary) });

/** The summary a shift-import job stores as its result. */
export const shiftImportResult = importResultBase.extend({
  format: shiftImportFormat,
  newCaregivers: z.number().int(),
  newClients: z.number().int(),
});
export type ShiftImportResult = z.infer<typeof shiftImportResult>;

/** Answer to starting an import: the file and its queued job. */
export const shiftImportStarted = importStarted;
export type ShiftImportStarted = z.infer<typeof shiftImportStarted>;

/** One upload of the `shifts` kind with, for a CSV, what Tend read from it. */
export const shiftImportDetail = importDetail.extend({
  file: csvFileSummary,
  analysis: csvAnalysis.nullable(),
});
export type ShiftImportDetail = z.infer<typeof shiftImportDetail>;

/** The shift import's five endpoints (`importEndpointSet`, admin only; docs/evv-import.md). */
export const shiftImportEndpoints = importEndpointSet('/api/shift-imports', {
  uploaded: shiftImportUploaded,
  list: csvFileList,
  detail: shiftImportDetail,
  options: shiftImportOptions,
  preview: shiftImportPreview,
  started: shiftImportStarted,
});
