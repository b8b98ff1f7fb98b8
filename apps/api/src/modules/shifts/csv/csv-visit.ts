/**
 * One row of a GIV-style CSV export (one row per visit) → a `VisitRecord`, or every problem of the
 * row. Pure: no database, no I/O. The rules (also in docs/evv-import.md, "CSV (GIV-style) exports"):
 *
 * - Fields are contracts `shiftCsvFields`, chosen by the column map (header → field). A problem's
 *   `field` is the header as in the file (or, for a required field with no column, its Tend label);
 *   every problem of the row is reported. A row whose field count differs from the header gives one
 *   problem, field `row`, and nothing else (its values cannot be trusted to sit under their headers).
 * - Text is trimmed (JavaScript `trim`); empty means absent. Longest (in characters, i.e. code points):
 *   ids 100 (shift id, caregiver id, pid, provider Medicaid id), names 200, codes 20 (billing code,
 *   modifier), time zone 64, notes 5000. A NUL character is refused; any other Unicode is kept as is.
 * - Required: shift id; caregiver name or caregiver id; client name or pid; clock-in time.
 * - Service date: `MM/DD/YYYY`, `M/D/YYYY`, `M/D/YY` (20YY), `YYYY-MM-DD`, `YYYY/MM/DD` (a trailing
 *   midnight time is allowed); impossible dates are problems. `serviceDate` is this date when the column
 *   is mapped and filled, else the local date of the clock-in.
 * - Clock-in/out: a time of day (`13:30`, `13:30:15`, `1:30 PM`, `1:30pm`, `1:30 p`, `12:00 AM` =
 *   midnight, `12:00 PM` = noon) read on the service date, or a date and time in the cell
 *   (`2025-11-02 01:30`, `11/02/2025 1:30 PM`, `2025-11-02T01:30:00-08:00`, `…Z`). A clock-in with a time
 *   of day only needs the service date. A clock-out time of day is read on the service date (else the
 *   clock-in's local date) and, when that is at or before the clock-in by the wall clock — earlier OR
 *   EQUAL — on the next day: `08:00 → 08:00` is a 24-hour shift, never a zero-length one. Clock-out may
 *   be empty (null: the EVV status says "missing clock-out").
 * - Time zone: the row's time-zone column when mapped and naming a zone (IANA id, or an alias of
 *   `TIME_ZONE_ALIASES` such as `US/Pacific`, `PST`, `Pacific`), else `options.timeZone`; an unknown
 *   name falls back silently (the chosen zone is in `VisitRecord.timeZone`). Conversion is Luxon's:
 *   a shift 22:00 → 06:00 over the fall-back night lasts 9 hours; an ambiguous local time takes the
 *   earlier, daylight offset; a local time skipped by spring-forward is a problem. A cell with `Z` or
 *   an offset is that exact instant whatever the zone.
 * - Coordinates: two columns, or one cell `lat, long` / `lat long` / `(lat, long)` / `lat;long`. Decimal
 *   degrees; a non-number is a problem, an impossible number (latitude 123, or 0,0) is kept for the EVV
 *   status to report; empty is null (a latitude without longitude is kept as given).
 * - `sequence` null, `adjustments` [], `raw` every column keyed by (unique) header, values untrimmed;
 *   placeholder names: the name when known, else `New caregiver (id …1234)` / `New client (pid …6789)`
 *   showing only the id's last 4 characters.
 */
import { type ColumnMap, type ShiftCsvField, shiftCsvFieldLabels } from '@tend/contracts';
import { type RecordProblem, type VisitRecord } from '../visit-record.ts';
import { type CsvRow, uniqueHeaders } from '../../../platform/imports/csv-reader.ts';
import {
  type CalendarDate,
  type TimeOfDay,
  compareWallClock,
  formatCalendarDate,
  localPartsOf,
  localToInstant,
  nextDay,
  parseDateCell,
  parseTimeCell,
  resolveTimeZoneName,
} from './local-time.ts';

/** How to read local times that carry no zone of their own. */
export interface CsvVisitOptions {
  /** IANA zone (agency default or the user's choice); aliases of `TIME_ZONE_ALIASES` are accepted. */
  timeZone: string;
}

/** Longest text per kind of field, in characters (Unicode code points). */
export const CSV_TEXT_LIMITS = { id: 100, name: 200, code: 20, timeZone: 64, notes: 5000 } as const;

export type CsvVisitResult =
  { ok: true; visit: VisitRecord } | { ok: false; externalId: string | null; problems: RecordProblem[] };

const COORDINATE_HINT = 'use decimal degrees such as 45.5231 or -122.6765';
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * Reads one CSV row (from `readCsvRows`) into a `VisitRecord` using `map` (header → Tend field) over
 * `headers` (the file's header names, made unique as `sniffCsv` does). Returns every problem of the
 * row instead when any; `externalId` is then the row's shift id when it has a usable one. Rules: see
 * the module docstring. Throws `RangeError` only when `options.timeZone` names no zone (a caller error).
 */
export function csvRowToVisit(
  row: CsvRow,
  headers: string[],
  map: ColumnMap,
  options: CsvVisitOptions,
): CsvVisitResult {
  const defaultZone = resolveTimeZoneName(options.timeZone);
  if (!defaultZone) throw new RangeError(`options.timeZone "${options.timeZone}" is not a time zone`);
  const names = uniqueHeaders(headers);
  const columns = new Map<ShiftCsvField, { header: string; index: number }>();
  for (const [header, field] of Object.entries(map)) {
    const index = names.indexOf(header);
    if (index >= 0 && !columns.has(field)) columns.set(field, { header, index });
  }
  const problems: RecordProblem[] = [];
  const cell = (field: ShiftCsvField): { header: string; value: string } | null => {
    const column = columns.get(field);
    if (!column) return null;
    return { header: column.header, value: (row.values[column.index] ?? '').trim() };
  };
  const text = (field: ShiftCsvField, limit: number): string | null => {
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
  const required = (field: ShiftCsvField, alternative?: ShiftCsvField) => {
    const main = cell(field) ?? (alternative ? cell(alternative) : null);
    const other = alternative && cell(field) ? cell(alternative) : null;
    if (!main) {
      const label = alternative
        ? `${shiftCsvFieldLabels[field]} or ${shiftCsvFieldLabels[alternative]}`
        : shiftCsvFieldLabels[field];
      problems.push({ field: label, reason: 'is required: map a column to it' });
    } else
      problems.push({
        field: main.header,
        reason: other ? `is required (or ${other.header})` : 'is required',
      });
  };

  const raw = rawRow(row.values, names);
  const shiftId = text('givShiftId', CSV_TEXT_LIMITS.id);
  if (row.values.length !== names.length)
    return {
      ok: false,
      externalId: shiftId,
      problems: [
        {
          field: 'row',
          reason: `has ${row.values.length} fields but the header has ${names.length} (a delimiter inside an unquoted value, or a missing column?)`,
        },
      ],
    };
  if (!shiftId && !cell('givShiftId')?.value) required('givShiftId');

  const caregiverName = text('caregiverName', CSV_TEXT_LIMITS.name);
  const caregiverId = text('caregiverExternalId', CSV_TEXT_LIMITS.id);
  if (!cell('caregiverName')?.value && !cell('caregiverExternalId')?.value)
    required('caregiverName', 'caregiverExternalId');
  const clientName = text('clientName', CSV_TEXT_LIMITS.name);
  const pid = text('pid', CSV_TEXT_LIMITS.id);
  if (!cell('clientName')?.value && !cell('pid')?.value) required('clientName', 'pid');
  const providerMedicaidId = text('providerMedicaidId', CSV_TEXT_LIMITS.id);
  const billingCode = text('billingCode', CSV_TEXT_LIMITS.code);
  const mod1 = text('mod1', CSV_TEXT_LIMITS.code);
  const notes = text('notes', CSV_TEXT_LIMITS.notes);
  const zoneText = text('timeZone', CSV_TEXT_LIMITS.timeZone);
  const timeZone = (zoneText && resolveTimeZoneName(zoneText)) || defaultZone;

  // Service date.
  const dateCell = cell('date');
  let serviceDate: CalendarDate | null = null;
  let dateBroken = false;
  if (dateCell?.value) {
    const parsed = parseDateCell(dateCell.value);
    if (parsed.ok) serviceDate = parsed.value;
    else {
      dateBroken = true;
      problems.push({ field: dateCell.header, reason: parsed.reason });
    }
  }

  // Clock-in.
  const inCell = cell('evvInTime');
  let evvInTime: Date | null = null;
  let inLocal: { date: CalendarDate; time: TimeOfDay } | null = null;
  if (!inCell?.value) required('evvInTime');
  else {
    const parsed = parseTimeCell(inCell.value);
    if (!parsed.ok) problems.push({ field: inCell.header, reason: parsed.reason });
    else if (parsed.value.kind === 'instant') {
      evvInTime = parsed.value.instant;
      inLocal = localPartsOf(evvInTime, timeZone);
    } else {
      const date = parsed.value.kind === 'local' ? parsed.value.date : serviceDate;
      if (!date) {
        if (!dateBroken)
          problems.push({
            field: inCell.header,
            reason: `has a time of day only: map a ${shiftCsvFieldLabels.date} column, or give a date and time such as 2025-11-02 13:30`,
          });
      } else {
        inLocal = { date, time: parsed.value.time };
        const instant = localToInstant(date, parsed.value.time, timeZone);
        if (instant.ok) evvInTime = instant.value;
        else problems.push({ field: inCell.header, reason: instant.reason });
      }
    }
  }

  // Clock-out.
  const outCell = cell('evvOutTime');
  let evvOutTime: Date | null = null;
  if (outCell?.value) {
    const parsed = parseTimeCell(outCell.value);
    if (!parsed.ok) problems.push({ field: outCell.header, reason: parsed.reason });
    else if (parsed.value.kind === 'instant') evvOutTime = parsed.value.instant;
    else {
      let date = parsed.value.kind === 'local' ? parsed.value.date : (serviceDate ?? inLocal?.date ?? null);
      if (parsed.value.kind === 'time' && date && inLocal) {
        // Overnight: a time of day at or before the clock-in (wall clock) is on the next day.
        if (compareWallClock({ date, time: parsed.value.time }, inLocal) <= 0) date = nextDay(date);
      }
      if (!date) {
        if (!dateBroken && inCell?.value && parseTimeCell(inCell.value).ok)
          problems.push({
            field: outCell.header,
            reason: `has a time of day only: map a ${shiftCsvFieldLabels.date} column, or give a date and time such as 2025-11-02 13:30`,
          });
      } else {
        const instant = localToInstant(date, parsed.value.time, timeZone);
        if (instant.ok) evvOutTime = instant.value;
        else problems.push({ field: outCell.header, reason: instant.reason });
      }
    }
  }

  const inPoint = readCoordinates('In', cell, problems);
  const outPoint = readCoordinates('Out', cell, problems);

  if (problems.length > 0 || !shiftId) return { ok: false, externalId: shiftId, problems };
  return {
    ok: true,
    visit: {
      line: row.line,
      externalId: shiftId,
      sequence: null,
      caregiver: {
        externalId: caregiverId,
        name: caregiverName,
        placeholderName: caregiverName ?? placeholder('New caregiver', 'id', caregiverId),
      },
      client: { pid, name: clientName, placeholderName: clientName ?? placeholder('New client', 'pid', pid) },
      providerMedicaidId,
      billingCode,
      mod1,
      timeZone,
      serviceDate: formatCalendarDate(serviceDate ?? inLocal?.date ?? { year: 1970, month: 1, day: 1 }),
      evvInTime,
      evvOutTime,
      evvInLat: inPoint.lat,
      evvInLong: inPoint.long,
      evvOutLat: outPoint.lat,
      evvOutLong: outPoint.long,
      adjustments: [],
      notes,
      raw,
    },
  };
}

/** The row keyed by header (extra values beyond the header under `Column N`), values untrimmed. */
function rawRow(values: string[], names: string[]): Record<string, string> {
  const keys =
    values.length > names.length
      ? uniqueHeaders([
          ...names,
          ...values.slice(names.length).map((_, i) => `Column ${names.length + i + 1}`),
        ])
      : names;
  // fromEntries defines own properties, so a header such as `__proto__` stays an ordinary key.
  return Object.fromEntries(keys.map((key, index) => [key, values[index] ?? '']));
}

/** `New caregiver (id …2345)`: only the last 4 characters of the id are ever shown. */
function placeholder(what: string, idLabel: string, id: string | null): string {
  return id ? `${what} (${idLabel} …${[...id].slice(-4).join('')})` : what;
}

function readCoordinates(
  side: 'In' | 'Out',
  cell: (field: ShiftCsvField) => { header: string; value: string } | null,
  problems: RecordProblem[],
): { lat: number | null; long: number | null } {
  const combined = cell(`evv${side}Coordinates`);
  if (combined) {
    if (combined.value === '') return { lat: null, long: null };
    const pair = parseCoordinatePair(combined.value);
    if (pair) return pair;
    problems.push({
      field: combined.header,
      reason: `is not a "latitude, longitude" pair: use e.g. 45.5231, -122.6765`,
    });
    return { lat: null, long: null };
  }
  const one = (field: ShiftCsvField): number | null => {
    const found = cell(field);
    if (!found || found.value === '') return null;
    if (NUMBER.test(found.value)) return Number(found.value);
    problems.push({ field: found.header, reason: `is not a number: ${COORDINATE_HINT}` });
    return null;
  };
  return { lat: one(`evv${side}Lat`), long: one(`evv${side}Long`) };
}

/**
 * `lat, long`, `lat long`, `(lat, long)`, `[lat, long]` or `lat;long` → numbers (kept even when
 * impossible); null when the cell is not two numbers.
 */
export function parseCoordinatePair(text: string): { lat: number; long: number } | null {
  const inner = text.replace(/^\s*[([]\s*(.*?)\s*[)\]]\s*$/, '$1').trim();
  const parts = inner.split(/\s*[,;]\s*|\s+/);
  if (parts.length !== 2) return null;
  const [lat, long] = parts;
  if (!lat || !long || !NUMBER.test(lat) || !NUMBER.test(long)) return null;
  return { lat: Number(lat), long: Number(long) };
}
