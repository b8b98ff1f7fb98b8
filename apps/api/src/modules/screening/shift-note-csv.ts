/**
 * One row of a shift-notes CSV (one row per note) → a `NoteRecord`, or every problem of the row.
 * Pure: no database, no I/O. Rules (docs/shift-notes.md, "The notes file"):
 * - Fields are contracts `shiftNoteCsvFields`, chosen by the column map; a problem's `field` is the
 *   header as in the file (or the field's label when no column is mapped).
 * - Documentation is required. Without a shift id the row needs a caregiver (name or id), a client
 *   (name or pid) and a submitted time or a service date, to find its shift.
 * - Submitted at: a date and time (local in the import's zone unless the cell has `Z` or an offset),
 *   or a time of day with the service date; dates US or ISO (csv/local-time.ts, as the shift import).
 * - Text longer than its limit or holding NUL is a problem (never truncated silently).
 * - `importKey`: SHA-256 of the note's source identity (shift id, caregiver, client, service date,
 *   submitted at, prompt, documentation, section type, staff name): the same note imported again is
 *   recognised and not added twice (`shift_note.import_key` is unique).
 */
import { createHash } from 'node:crypto';
import { shiftNoteFieldSpec, type ShiftNoteCsvField } from '@tend/contracts';
import type { ColumnMapOf, ParsedRow, RowProblem } from '../../platform/imports/import-service.ts';
import { uniqueHeaders, type CsvRow } from '../../platform/imports/csv-reader.ts';
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
  const names = uniqueHeaders(headers);
  const columns = new Map<string, { header: string; index: number }>();
  for (const [header, field] of Object.entries(map)) {
    const index = names.indexOf(header);
    if (index >= 0 && !columns.has(field)) columns.set(field, { header, index });
  }
  const problems: RowProblem[] = [];
  const cell = (field: ShiftNoteCsvField) => {
    const column = columns.get(field);
    return column ? { header: column.header, value: (row.values[column.index] ?? '').trim() } : null;
  };
  const text = (field: ShiftNoteCsvField, limit: number): string | null => {
    const found = cell(field);
    if (!found || found.value === '') return null;
    if (found.value.includes('\u0000')) {
      problems.push({ field: found.header, reason: 'contains a NUL character, which cannot be stored' });
      return null;
    }
    const length = [...found.value].length;
    if (length > limit) {
      problems.push({ field: found.header, reason: `is longer than ${limit} characters (${length})` });
      return null;
    }
    return found.value;
  };
  const requireOne = (fields: ShiftNoteCsvField[], why: string) => {
    const mapped = fields.map(cell).filter((c) => c !== null);
    if (mapped.some((c) => c.value !== '')) return;
    const first = mapped[0];
    problems.push(
      first
        ? {
            field: first.header,
            reason: `is required${
              mapped.length > 1
                ? ` (or ${mapped
                    .slice(1)
                    .map((c) => c.header)
                    .join(', ')})`
                : ''
            }${why}`,
          }
        : {
            field: fields.map((f) => labels[f]).join(' or '),
            reason: `is required: map a column to it${why}`,
          },
    );
  };

  const givShiftId = text('givShiftId', NOTE_TEXT_LIMITS.id);
  if (row.values.length !== names.length)
    return {
      ok: false,
      key: givShiftId,
      problems: [
        {
          field: 'row',
          reason: `has ${row.values.length} fields but the header has ${names.length} (a delimiter inside an unquoted value, or a missing column?)`,
        },
      ],
    };
  const caregiverName = text('caregiverName', NOTE_TEXT_LIMITS.name);
  const caregiverId = text('caregiverExternalId', NOTE_TEXT_LIMITS.id);
  const clientName = text('clientName', NOTE_TEXT_LIMITS.name);
  const pid = text('pid', NOTE_TEXT_LIMITS.id);
  const prompt = text('prompt', NOTE_TEXT_LIMITS.prompt);
  const documentation = text('documentation', NOTE_TEXT_LIMITS.documentation);
  const sectionType = text('sectionType', NOTE_TEXT_LIMITS.short);
  const staffName = text('staffName', NOTE_TEXT_LIMITS.name);
  requireOne(['documentation'], '');
  if (!cell('givShiftId')?.value) {
    const why = ' to find the note’s shift when it has no shift id';
    requireOne(['caregiverName', 'caregiverExternalId'], why);
    requireOne(['clientName', 'pid'], why);
    requireOne(['submittedAt', 'date'], why);
  }

  let serviceDate: CalendarDate | null = null;
  const dateCell = cell('date');
  if (dateCell?.value) {
    const parsed = parseDateCell(dateCell.value);
    if (parsed.ok) serviceDate = parsed.value;
    else problems.push({ field: dateCell.header, reason: parsed.reason });
  }

  let submittedAt: Date | null = null;
  const atCell = cell('submittedAt');
  if (atCell?.value) {
    const parsed = parseTimeCell(atCell.value);
    if (!parsed.ok) problems.push({ field: atCell.header, reason: parsed.reason });
    else if (parsed.value.kind === 'instant') submittedAt = parsed.value.instant;
    else {
      const date = parsed.value.kind === 'local' ? parsed.value.date : serviceDate;
      if (!date) {
        if (!dateCell?.value)
          problems.push({
            field: atCell.header,
            reason: `has a time of day only: map a ${labels.date} column, or give a date and time such as 2025-11-02 13:30`,
          });
      } else {
        const instant = localToInstant(date, parsed.value.time, zone);
        if (instant.ok) submittedAt = instant.value;
        else problems.push({ field: atCell.header, reason: instant.reason });
      }
    }
  }

  const caregiver = { externalId: caregiverId, name: caregiverName };
  const client = { pid, name: clientName };
  const date = serviceDate ? formatCalendarDate(serviceDate) : null;
  const importKey = createHash('sha256')
    .update(
      JSON.stringify([
        givShiftId,
        caregiverId ?? (caregiverName ? nameKey(caregiverName) : null),
        pid ?? (clientName ? nameKey(clientName) : null),
        date,
        submittedAt?.toISOString() ?? null,
        prompt,
        documentation,
        sectionType,
        staffName,
      ]),
    )
    .digest('hex');
  if (problems.length > 0 || documentation === null) return { ok: false, key: givShiftId, problems };
  return {
    ok: true,
    key: importKey,
    label: givShiftId,
    record: {
      givShiftId,
      caregiver,
      client,
      serviceDate: date,
      submittedAt,
      prompt,
      documentation,
      sectionType,
      staffName,
      importKey,
    },
  };
}
