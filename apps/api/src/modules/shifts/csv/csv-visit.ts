/**
 * One row of a GIV-style CSV export (one row per visit) → a `VisitRecord`, or every problem of the
 * row. Pure: no database, no I/O. The rules (also in docs/evv-import.md, "CSV (GIV-style) exports"):
 *
 * - Fields are contracts `shiftCsvFields`, chosen by the column map (header → field). A problem's
 *   `field` is the header as in the file (or, for a required field with no column, its Tend label);
 *   every problem of the row is reported. A row whose field count differs from the header gives one
 *   problem, field `row`, and nothing else (its values cannot be trusted to sit under their headers).
 * - Text is trimmed (JavaScript `trim`), except the notes, stored exactly as sent (decision 0036);
 *   empty or a null token (`NULL`, `null`, `N/A`, blank: platform/imports/null-tokens.ts) means absent. Longest (in characters, i.e. code points):
 *   ids 100 (shift id, caregiver id, pid, provider Medicaid id), names 200, codes 20 (billing code,
 *   modifier), time zone 64, notes 5000. A NUL character is refused; any other Unicode is kept as is.
 * - Required: shift id; caregiver name or caregiver id; client name or pid; clock-in time.
 * - Service date: `MM/DD/YYYY`, `M/D/YYYY`, `M/D/YY` (20YY), `YYYY-MM-DD`, `YYYY/MM/DD` (a trailing
 *   midnight time is allowed); impossible dates are problems, and so is any date or clock time outside
 *   the years 0001–9999 (`01/01/0000`; a clock-out after midnight on 12/31/9999 is in year 10000). `serviceDate` is this date when the column
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
import { columnPlan, RowCells } from '../../../platform/imports/row-cells.ts';
import {
  type CalendarDate,
  type TimeOfDay,
  compareWallClock,
  formatCalendarDate,
  instantYearProblem,
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

/** The cells of one row by Tend field (platform/imports/row-cells.ts). */
type VisitCells = RowCells<ShiftCsvField>;

const TIME_OF_DAY_ONLY = `has a time of day only: map a ${shiftCsvFieldLabels.date} column, or give a date and time such as 2025-11-02 13:30`;

/** The service date cell (`broken`: filled but not a date, a problem already). */
function readServiceDate(cells: VisitCells): { date: CalendarDate | null; broken: boolean } {
  const dateCell = cells.cell('date');
  if (!dateCell?.value) return { date: null, broken: false };
  const parsed = parseDateCell(dateCell.value);
  if (parsed.ok) return { date: parsed.value, broken: false };
  cells.problems.push({ field: dateCell.header, reason: parsed.reason });
  return { date: null, broken: true };
}

/** The clock-in: its instant and its local date and time in `timeZone` (required; problems otherwise). */
function readClockIn(
  cells: VisitCells,
  serviceDate: { date: CalendarDate | null; broken: boolean },
  timeZone: string,
): { instant: Date | null; local: { date: CalendarDate; time: TimeOfDay } | null } {
  const inCell = cells.cell('evvInTime');
  if (!inCell?.value) {
    cells.requireOne(['evvInTime']);
    return { instant: null, local: null };
  }
  const parsed = parseTimeCell(inCell.value);
  if (!parsed.ok) {
    cells.problems.push({ field: inCell.header, reason: parsed.reason });
    return { instant: null, local: null };
  }
  if (parsed.value.kind === 'instant')
    return { instant: parsed.value.instant, local: localPartsOf(parsed.value.instant, timeZone) };
  const date = parsed.value.kind === 'local' ? parsed.value.date : serviceDate.date;
  if (!date) {
    if (!serviceDate.broken) cells.problems.push({ field: inCell.header, reason: TIME_OF_DAY_ONLY });
    return { instant: null, local: null };
  }
  const local = { date, time: parsed.value.time };
  const instant = localToInstant(date, parsed.value.time, timeZone);
  if (instant.ok) return { instant: instant.value, local };
  cells.problems.push({ field: inCell.header, reason: instant.reason });
  return { instant: null, local };
}

/**
 * The clock-out instant, or null (empty, or a problem). A time of day is read on the service date
 * (else the clock-in's local date), on the next day when at or before the clock-in by the wall clock.
 */
function readClockOut(
  cells: VisitCells,
  serviceDate: { date: CalendarDate | null; broken: boolean },
  inLocal: { date: CalendarDate; time: TimeOfDay } | null,
  timeZone: string,
): Date | null {
  const outCell = cells.cell('evvOutTime');
  if (!outCell?.value) return null;
  const parsed = parseTimeCell(outCell.value);
  if (!parsed.ok) {
    cells.problems.push({ field: outCell.header, reason: parsed.reason });
    return null;
  }
  if (parsed.value.kind === 'instant') return parsed.value.instant;
  let date = parsed.value.kind === 'local' ? parsed.value.date : (serviceDate.date ?? inLocal?.date ?? null);
  // Overnight: a time of day at or before the clock-in (wall clock) is on the next day.
  if (parsed.value.kind === 'time' && date && inLocal)
    if (compareWallClock({ date, time: parsed.value.time }, inLocal) <= 0) date = nextDay(date);
  if (!date) {
    const inCell = cells.cell('evvInTime');
    if (!serviceDate.broken && inCell?.value && parseTimeCell(inCell.value).ok)
      cells.problems.push({ field: outCell.header, reason: TIME_OF_DAY_ONLY });
    return null;
  }
  const instant = localToInstant(date, parsed.value.time, timeZone);
  if (instant.ok) return instant.value;
  cells.problems.push({ field: outCell.header, reason: instant.reason });
  return null;
}

/**
 * Reads one CSV row (from `readCsvRows`) into a `VisitRecord` using `map` (header → Tend field) over
 * `headers` (the file's header names, made unique as `sniffCsv` does). Returns every problem of the
 * row instead when any; `externalId` is then the row's shift id when it has a usable one. Rules: see
 * the module docstring. Throws `RangeError` only when `options.timeZone` names no zone (a caller error).
 * Runs once per imported row: the column plan is worked out once per (headers, map) pair, and no
 * Luxon object is made for a row of local times on a day without a clock change.
 */
export function csvRowToVisit(
  row: CsvRow,
  headers: string[],
  map: ColumnMap,
  options: CsvVisitOptions,
): CsvVisitResult {
  const defaultZone = resolveTimeZoneName(options.timeZone);
  if (!defaultZone) throw new RangeError(`options.timeZone "${options.timeZone}" is not a time zone`);
  const { names, columns } = columnPlan<ShiftCsvField>(headers, map);
  const cells: VisitCells = new RowCells(row.values, columns, shiftCsvFieldLabels);
  const { problems } = cells;

  const raw = rawRow(row.values, names);
  const shiftId = cells.text('givShiftId', CSV_TEXT_LIMITS.id);
  const fieldCount = RowCells.fieldCountProblem(row, names);
  if (fieldCount) return { ok: false, externalId: shiftId, problems: [fieldCount] };
  if (!shiftId) cells.requireOne(['givShiftId']);

  const caregiverName = cells.text('caregiverName', CSV_TEXT_LIMITS.name);
  const caregiverId = cells.text('caregiverExternalId', CSV_TEXT_LIMITS.id);
  cells.requireOne(['caregiverName', 'caregiverExternalId']);
  const clientName = cells.text('clientName', CSV_TEXT_LIMITS.name);
  const pid = cells.text('pid', CSV_TEXT_LIMITS.id);
  cells.requireOne(['clientName', 'pid']);
  const providerMedicaidId = cells.text('providerMedicaidId', CSV_TEXT_LIMITS.id);
  const billingCode = cells.text('billingCode', CSV_TEXT_LIMITS.code);
  const mod1 = cells.text('mod1', CSV_TEXT_LIMITS.code);
  const notes = cells.freeText('notes', CSV_TEXT_LIMITS.notes, { nullTokens: 'absent' });
  const zoneText = cells.text('timeZone', CSV_TEXT_LIMITS.timeZone);
  const timeZone = (zoneText && resolveTimeZoneName(zoneText)) || defaultZone;

  const serviceDate = readServiceDate(cells);
  const clockIn = readClockIn(cells, serviceDate, timeZone);
  const evvInTime = clockIn.instant;
  const inLocal = clockIn.local;
  const evvOutTime = readClockOut(cells, serviceDate, inLocal, timeZone);
  checkYears(
    cells,
    [
      ['evvInTime', evvInTime],
      ['evvOutTime', evvOutTime],
    ],
    timeZone,
  );
  const inPoint = readCoordinates('In', cells);
  const outPoint = readCoordinates('Out', cells);

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
      serviceDate: formatCalendarDate(serviceDate.date ?? inLocal?.date ?? { year: 1970, month: 1, day: 1 }),
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

/** A problem for each instant whose year is outside 0001–9999 (`instantYearProblem`), on its column. */
function checkYears(cells: VisitCells, instants: [ShiftCsvField, Date | null][], timeZone: string): void {
  for (const [field, instant] of instants) {
    const reason = instant && instantYearProblem(instant, timeZone);
    if (reason) cells.problems.push({ field: cells.header(field), reason });
  }
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
  const raw: Record<string, string> = {};
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    const value = values[index] ?? '';
    // A header such as `__proto__` stays an ordinary key (assignment would set the prototype).
    if (key === '__proto__')
      Object.defineProperty(raw, key, { value, enumerable: true, writable: true, configurable: true });
    else raw[key] = value;
  }
  return raw;
}

/** `New caregiver (id …2345)`: only the last 4 characters of the id are ever shown. */
function placeholder(what: string, idLabel: string, id: string | null): string {
  return id ? `${what} (${idLabel} …${[...id].slice(-4).join('')})` : what;
}

function readCoordinates(side: 'In' | 'Out', cells: VisitCells): { lat: number | null; long: number | null } {
  const combined = cells.cell(`evv${side}Coordinates`);
  if (combined) {
    if (combined.value === '') return { lat: null, long: null };
    const pair = parseCoordinatePair(combined.value);
    if (pair) return pair;
    cells.problems.push({
      field: combined.header,
      reason: `is not a "latitude, longitude" pair: use e.g. 45.5231, -122.6765`,
    });
    return { lat: null, long: null };
  }
  return { lat: coordinate(cells, `evv${side}Lat`), long: coordinate(cells, `evv${side}Long`) };
}

/** One coordinate column: a number, null when unmapped or empty, else a problem. */
function coordinate(cells: VisitCells, field: ShiftCsvField): number | null {
  const found = cells.cell(field);
  if (!found || found.value === '') return null;
  if (NUMBER.test(found.value)) return Number(found.value);
  cells.problems.push({ field: found.header, reason: `is not a number: ${COORDINATE_HINT}` });
  return null;
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
