/**
 * One row of a shift-notes CSV (one row per note) → a `NoteRecord`, or every problem of the row.
 * Pure: no database, no I/O. Rules (docs/shift-notes.md, "The notes file"):
 * - Fields are contracts `shiftNoteCsvFields`, chosen by the column map; a problem's `field` is the
 *   header as in the file (or the field's label when no column is mapped).
 * - Documentation is required. Without a shift id the row needs a caregiver (name or id), a client
 *   (name or pid) and a submitted time or a service date, to find its shift.
 * - Submitted at: a date and time (local in the import's zone unless the cell has `Z` or an offset),
 *   or a time of day with the service date; dates US or ISO (csv/local-time.ts, as the shift import).
 * - Text longer than its limit or holding NUL is a problem (never truncated silently). Identifiers,
 *   names, codes and dates are trimmed and a null token (`NULL`, `N/A`, blank; platform/imports/
 *   null-tokens.ts) is absent; the documentation is stored exactly as sent (no trimming) and "N/A"
 *   there is the caregiver's answer (decision 0036).
 * - `importKey`: SHA-256 of the note's source identity (shift id, caregiver, client, service date,
 *   submitted at, prompt, documentation, section type, staff name): the same note imported again is
 *   recognised and not added twice (`shift_note.import_key` is unique).
 */
import { createHash } from 'node:crypto';
import { shiftNoteFieldSpec, type ShiftNoteCsvField } from '@tend/contracts';
import type { ColumnMapOf, ParsedRow } from '../../platform/imports/import-kind.ts';
import type { CsvRow } from '../../platform/imports/csv-reader.ts';
import { columnPlan, RowCells } from '../../platform/imports/row-cells.ts';
import { nameKey } from '../people/people-matching.ts';
import {
  formatCalendarDate,
  localToInstant,
  parseDateCell,
  parseTimeCell,
  resolveTimeZoneName,
  type CalendarDate,
} from '../shifts/csv/local-time.ts';

/** Longest text per field, in characters (Unicode code points). */
export const NOTE_TEXT_LIMITS = {
  id: 100,
  name: 200,
  prompt: 2000,
  documentation: 20000,
  short: 200,
} as const;

/** A note as read from the file, before it is matched to a shift. */
export interface NoteRecord {
  givShiftId: string | null;
  caregiver: { externalId: string | null; name: string | null };
  client: { pid: string | null; name: string | null };
  /** Service date `YYYY-MM-DD`, when the file gives one. */
  serviceDate: string | null;
  submittedAt: Date | null;
  prompt: string | null;
  documentation: string;
  sectionType: string | null;
  staffName: string | null;
  /** SHA-256 (hex) of the note's source identity. */
  importKey: string;
}

const labels = shiftNoteFieldSpec.labels;
type NoteCells = RowCells<ShiftNoteCsvField>;

/** The service date cell, if any (a problem when it is not a date). */
function readServiceDate(cells: NoteCells): CalendarDate | null {
  const dateCell = cells.cell('date');
  if (!dateCell?.value) return null;
  const parsed = parseDateCell(dateCell.value);
  if (parsed.ok) return parsed.value;
  cells.problems.push({ field: dateCell.header, reason: parsed.reason });
  return null;
}

/**
 * The submitted-at cell as an instant: a date and time (local in `zone` unless it has `Z` or an
 * offset), or a time of day on the service date. Null when empty or wrong (a problem then).
 */
function readSubmittedAt(cells: NoteCells, serviceDate: CalendarDate | null, zone: string): Date | null {
  const atCell = cells.cell('submittedAt');
  if (!atCell?.value) return null;
  const parsed = parseTimeCell(atCell.value);
  if (!parsed.ok) {
    cells.problems.push({ field: atCell.header, reason: parsed.reason });
    return null;
  }
  if (parsed.value.kind === 'instant') return parsed.value.instant;
  const date = parsed.value.kind === 'local' ? parsed.value.date : serviceDate;
  if (!date) {
    if (!cells.cell('date')?.value)
      cells.problems.push({
        field: atCell.header,
        reason: `has a time of day only: map a ${labels.date} column, or give a date and time such as 2025-11-02 13:30`,
      });
    return null;
  }
  const instant = localToInstant(date, parsed.value.time, zone);
  if (instant.ok) return instant.value;
  cells.problems.push({ field: atCell.header, reason: instant.reason });
  return null;
}

/**
 * SHA-256 (hex) of a note's source identity; people by id, else by folded name. Never change the input
 * text: the cells are read as before decision 0036 (trimmed, a null token kept as its text:
 * `RowCells.sentText`; the documentation trimmed), so a note imported then is recognised now.
 */
function noteImportKey(cells: NoteCells, note: Omit<NoteRecord, 'importKey'>): string {
  const caregiverName = cells.sentText('caregiverName');
  const clientName = cells.sentText('clientName');
  return createHash('sha256')
    .update(
      JSON.stringify([
        cells.sentText('givShiftId'),
        cells.sentText('caregiverExternalId') ?? (caregiverName ? nameKey(caregiverName) : null),
        cells.sentText('pid') ?? (clientName ? nameKey(clientName) : null),
        note.serviceDate,
        note.submittedAt?.toISOString() ?? null,
        cells.sentText('prompt'),
        note.documentation.trim(),
        cells.sentText('sectionType'),
        cells.sentText('staffName'),
      ]),
    )
    .digest('hex');
}

/**
 * Reads one row with `map` (header → field) over `headers` (unique names). `options.timeZone` is an
 * IANA zone (or an alias) for local times; throws `RangeError` only when it names no zone (a caller error).
 */
export function csvRowToNote(
  row: CsvRow,
  headers: string[],
  map: ColumnMapOf,
  options: { timeZone: string },
): ParsedRow<NoteRecord> {
  const zone = resolveTimeZoneName(options.timeZone);
  if (!zone) throw new RangeError(`options.timeZone "${options.timeZone}" is not a time zone`);
  const { names, columns } = columnPlan<ShiftNoteCsvField>(headers, map);
  const cells: NoteCells = new RowCells(row.values, columns, labels);
  const givShiftId = cells.text('givShiftId', NOTE_TEXT_LIMITS.id);
  const fieldCount = RowCells.fieldCountProblem(row, names);
  if (fieldCount) return { ok: false, key: givShiftId, problems: [fieldCount] };
  const caregiver = {
    name: cells.text('caregiverName', NOTE_TEXT_LIMITS.name),
    externalId: cells.text('caregiverExternalId', NOTE_TEXT_LIMITS.id),
  };
  const client = {
    name: cells.text('clientName', NOTE_TEXT_LIMITS.name),
    pid: cells.text('pid', NOTE_TEXT_LIMITS.id),
  };
  const prompt = cells.text('prompt', NOTE_TEXT_LIMITS.prompt);
  // Free text, stored as sent (decision 0036); "N/A" is an answer, not an absent value.
  const documentation = cells.freeText('documentation', NOTE_TEXT_LIMITS.documentation, { required: true });
  const sectionType = cells.text('sectionType', NOTE_TEXT_LIMITS.short);
  const staffName = cells.text('staffName', NOTE_TEXT_LIMITS.name);
  if (!cells.cell('givShiftId')?.value) {
    const why = ' to find the note’s shift when it has no shift id';
    cells.requireOne(['caregiverName', 'caregiverExternalId'], why);
    cells.requireOne(['clientName', 'pid'], why);
    cells.requireOne(['submittedAt', 'date'], why);
  }
  const serviceDate = readServiceDate(cells);
  const submittedAt = readSubmittedAt(cells, serviceDate, zone);
  if (cells.problems.length > 0 || documentation === null)
    return { ok: false, key: givShiftId, problems: cells.problems };
  const note = {
    givShiftId,
    caregiver: { externalId: caregiver.externalId, name: caregiver.name },
    client,
    serviceDate: serviceDate ? formatCalendarDate(serviceDate) : null,
    submittedAt,
    prompt,
    documentation,
    sectionType,
    staffName,
  };
  const importKey = noteImportKey(cells, note);
  return { ok: true, key: importKey, label: givShiftId, record: { ...note, importKey } };
}
