/**
 * Dates, times and time zones as GIV-style CSV exports write them, read into UTC instants with Luxon
 * (no hand-written daylight-saving arithmetic). Pure functions; every failure is a reason in words that
 * completes the sentence "<column> …", e.g. "is not a date: use MM/DD/YYYY or YYYY-MM-DD".
 * The rules are listed in docs/evv-import.md, section "CSV (GIV-style) exports".
 */
import { DateTime, FixedOffsetZone, IANAZone, Info } from 'luxon';

/** A calendar date (no zone). `month` 1–12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A wall-clock time of day (no zone), 24-hour. */
export interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/**
 * What a clock-in or clock-out cell holds: a time of day only (the date comes from elsewhere), a local
 * date and time (read in the row's zone), or an exact instant (the cell had `Z` or a UTC offset).
 */
export type TimeCell =
  | { kind: 'time'; time: TimeOfDay }
  | { kind: 'local'; date: CalendarDate; time: TimeOfDay }
  | { kind: 'instant'; instant: Date };

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

export const DATE_HINT = 'use MM/DD/YYYY or YYYY-MM-DD';
export const TIME_HINT = 'use HH:MM (24-hour), h:MM AM/PM, or a date and time such as 2025-11-02 13:30';

/**
 * The years an imported date or instant may fall in: ISO 8601's four-digit years, which PostgreSQL's
 * `date` and the API's date-times hold (year 0000 does not exist; 10000 needs five digits). A row
 * outside them is rejected with its reason (decision 0036), never a failed job or a 500.
 */
export const FIRST_YEAR = 1;
export const LAST_YEAR = 9999;
const YEARS = `years run 0001–9999`;

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const SLASH_ISO_DATE = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const TIME_24 = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?$/;
const TIME_12 = /^(\d{1,2})(?::(\d{2})(?::(\d{2}))?)?\s*([ap])\.?\s*(?:m\.?)?$/i;
const OFFSET_SUFFIX = /^(.*\d)\s*(z|[+-]\d{2}(?::?\d{2})?)$/i;

/**
 * Reads a service-date cell. Accepted: US `MM/DD/YYYY` and `M/D/YYYY` (a 2-digit year means 20YY),
 * ISO `YYYY-MM-DD`, `YYYY/MM/DD`; a date followed by midnight (`11/02/2025 00:00`, `… 12:00 AM`, as
 * spreadsheets write dates) is accepted too. Impossible dates (02/30/2025, 13/01/2025) fail with a reason.
 * `text` must already be trimmed and non-empty.
 */
export function parseDateCell(text: string): Parsed<CalendarDate> {
  const own = parseDatePart(text);
  if (own) return own;
  const split = /^(\S+)(?:\s+|T)(.+)$/.exec(text);
  if (split?.[1] && split[2]) {
    const date = parseDatePart(split[1]);
    const time = parseTimeOfDay(split[2]);
    if (date?.ok && time?.ok && time.value.hour === 0 && time.value.minute === 0 && time.value.second === 0)
      return date;
    if (date && !date.ok) return date;
  }
  return { ok: false, reason: `is not a date: ${DATE_HINT}` };
}

/**
 * Reads a clock-in/clock-out cell: a time of day (24-hour `HH:mm[:ss]`; 12-hour `h[:mm[:ss]] AM/PM` in
 * any case, with or without a space, `a`/`p`, dots allowed; 12:00 AM is midnight, 12:00 PM noon), or a
 * date (any form `parseDateCell` takes) and a time separated by spaces or `T`, optionally followed by
 * `Z` or a UTC offset (`-07:00`, `-0700`, `-07`), which makes it an exact instant.
 */
export function parseTimeCell(text: string): Parsed<TimeCell> {
  const timeOnly = parseTimeOfDay(text);
  if (timeOnly) return timeOnly.ok ? { ok: true, value: { kind: 'time', time: timeOnly.value } } : timeOnly;
  const split = /^(\S+?)(?:\s+|T)(.+)$/i.exec(text);
  if (!split?.[1] || !split[2]) return { ok: false, reason: `is not a time: ${TIME_HINT}` };
  const date = parseDatePart(split[1]);
  if (!date) return { ok: false, reason: `is not a time: ${TIME_HINT}` };
  if (!date.ok) return date;
  let timeText = split[2].trim();
  let offsetMinutes: number | null = null;
  const withOffset = OFFSET_SUFFIX.exec(timeText);
  if (withOffset?.[1] && withOffset[2] && !TIME_12.test(timeText)) {
    timeText = withOffset[1];
    offsetMinutes = parseOffset(withOffset[2]);
    if (offsetMinutes === null)
      return { ok: false, reason: `has an impossible UTC offset "${withOffset[2]}": ${TIME_HINT}` };
  }
  const time = parseTimeOfDay(timeText);
  if (!time) return { ok: false, reason: `is not a time: ${TIME_HINT}` };
  if (!time.ok) return time;
  if (offsetMinutes === null)
    return { ok: true, value: { kind: 'local', date: date.value, time: time.value } };
  const instant = DateTime.fromObject(dateTimeObject(date.value, time.value), {
    zone: FixedOffsetZone.instance(offsetMinutes),
  });
  return { ok: true, value: { kind: 'instant', instant: instant.toJSDate() } };
}

function parseDatePart(text: string): Parsed<CalendarDate> | null {
  let year: number;
  let month: number;
  let day: number;
  const us = US_DATE.exec(text);
  const iso = ISO_DATE.exec(text) ?? SLASH_ISO_DATE.exec(text);
  if (us?.[1] && us[2] && us[3]) {
    month = Number(us[1]);
    day = Number(us[2]);
    year = us[3].length === 2 ? 2000 + Number(us[3]) : Number(us[3]);
  } else if (iso?.[1] && iso[2] && iso[3]) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else return null;
  if (year < FIRST_YEAR || year > LAST_YEAR) return { ok: false, reason: `is not a date: ${YEARS}` };
  if (month < 1 || month > 12)
    return { ok: false, reason: `is not a date: there is no month ${month} (${DATE_HINT})` };
  const daysInMonth = daysInMonthOf(year, month);
  if (day < 1 || day > daysInMonth) {
    const monthName = Info.months('long', { locale: 'en-US' })[month - 1] ?? String(month);
    return {
      ok: false,
      reason: `is not a date: ${monthName} ${year} has ${daysInMonth} days (${DATE_HINT})`,
    };
  }
  return { ok: true, value: { year, month, day } };
}

function parseTimeOfDay(text: string): Parsed<TimeOfDay> | null {
  const h24 = TIME_24.exec(text);
  if (h24?.[1] && h24[2]) {
    const hour = Number(h24[1]);
    const minute = Number(h24[2]);
    const second = h24[3] ? Number(h24[3]) : 0;
    const millisecond = h24[4] ? Math.floor(Number(`0.${h24[4]}`) * 1000) : 0;
    if (hour > 23 || minute > 59 || second > 59)
      return { ok: false, reason: `is not a time of day: hours run 0–23, minutes and seconds 0–59` };
    return { ok: true, value: { hour, minute, second, millisecond } };
  }
  const h12 = TIME_12.exec(text);
  if (h12?.[1] && h12[4]) {
    const clockHour = Number(h12[1]);
    const minute = h12[2] ? Number(h12[2]) : 0;
    const second = h12[3] ? Number(h12[3]) : 0;
    if (clockHour < 1 || clockHour > 12 || minute > 59 || second > 59)
      return {
        ok: false,
        reason: `is not a time of day: with AM/PM, hours run 1–12, minutes and seconds 0–59`,
      };
    const pm = h12[4].toLowerCase() === 'p';
    const hour = (clockHour % 12) + (pm ? 12 : 0);
    return { ok: true, value: { hour, minute, second, millisecond: 0 } };
  }
  return null;
}

function parseOffset(text: string): number | null {
  if (/^z$/i.test(text)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const hours = Number(m[2]);
  const minutes = m[3] ? Number(m[3]) : 0;
  if (hours > 14 || minutes > 59) return null;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/** Each IANA zone of the US and its territories with the normalised names people type for it. */
const TIME_ZONE_NAME_GROUPS: readonly [zone: string, names: readonly string[]][] = [
  [
    'America/Los_Angeles',
    [
      'pst',
      'pdt',
      'pt',
      'pacific',
      'pacifictime',
      'pacificstandardtime',
      'pacificdaylighttime',
      'us/pacific',
      'pst8pdt',
    ],
  ],
  [
    'America/Denver',
    [
      'mst',
      'mdt',
      'mt',
      'mountain',
      'mountaintime',
      'mountainstandardtime',
      'mountaindaylighttime',
      'us/mountain',
      'mst7mdt',
    ],
  ],
  ['America/Phoenix', ['arizona', 'us/arizona', 'usmountainstandardtime']],
  [
    'America/Chicago',
    [
      'cst',
      'cdt',
      'ct',
      'central',
      'centraltime',
      'centralstandardtime',
      'centraldaylighttime',
      'us/central',
      'cst6cdt',
    ],
  ],
  [
    'America/New_York',
    [
      'est',
      'edt',
      'et',
      'eastern',
      'easterntime',
      'easternstandardtime',
      'easterndaylighttime',
      'us/eastern',
      'est5edt',
    ],
  ],
  [
    'America/Anchorage',
    [
      'akst',
      'akdt',
      'akt',
      'alaska',
      'alaskatime',
      'alaskanstandardtime',
      'alaskandaylighttime',
      'us/alaska',
    ],
  ],
  [
    'Pacific/Honolulu',
    ['hst', 'hast', 'hawaii', 'hawaiitime', 'hawaiianstandardtime', 'hawaiistandardtime', 'us/hawaii'],
  ],
  ['America/Puerto_Rico', ['ast', 'atlantic', 'puertorico']],
  ['Pacific/Guam', ['chst', 'chamorro', 'chamorrostandardtime', 'guam']],
  ['Pacific/Pago_Pago', ['sst', 'samoa', 'us/samoa', 'americansamoa']],
  ['UTC', ['utc', 'gmt', 'z', 'zulu', 'coordinateduniversaltime']],
];

/**
 * US time-zone names people type instead of IANA ids, keyed by a normalised spelling (lower case,
 * no spaces, dots, underscores or hyphens). Abbreviations name the region, not the offset: `PST` and
 * `PDT` both mean America/Los_Angeles, so daylight saving follows the date. Checked before Intl,
 * which would read `EST`/`MST`/`HST` as fixed offsets without daylight saving.
 */
export const TIME_ZONE_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  TIME_ZONE_NAME_GROUPS.flatMap(([zone, names]) => names.map((name) => [name, zone])),
);

/**
 * The IANA zone a time-zone cell names, or null when it names none. `TIME_ZONE_ALIASES` first, then
 * any id Intl knows (case-insensitive; legacy links such as `US/East-Indiana` resolve to their
 * canonical zone). Offsets (`-08:00`) are not zones and give null.
 */
export function resolveTimeZoneName(text: string): string | null {
  const cached = resolvedZones.get(text);
  if (cached !== undefined) return cached;
  const resolved = resolveTimeZoneNameUncached(text);
  // Bounded: a file names a handful of zones; junk values must not grow the cache without end.
  if (resolvedZones.size < 1000) resolvedZones.set(text, resolved);
  return resolved;
}

/** Zone names already resolved (Intl formatters are costly to build: once per distinct text). */
const resolvedZones = new Map<string, string | null>();

function resolveTimeZoneNameUncached(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > 64) return null;
  const alias = TIME_ZONE_ALIASES[trimmed.toLowerCase().replace(/[\s._-]+/g, '')];
  if (alias) return alias;
  if (!/^[A-Za-z]/.test(trimmed)) return null;
  try {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
    return IANAZone.isValidZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/**
 * The UTC instant of a local date and time in `zone` (IANA). Daylight saving, by Luxon's zone data:
 * an ambiguous local time (fall-back night, e.g. 01:30 on 2025-11-02 in America/Los_Angeles) takes the
 * earlier instant, i.e. the daylight offset; a local time that does not exist (02:30 on the
 * spring-forward day) fails with a reason.
 */
export function localToInstant(date: CalendarDate, time: TimeOfDay, zone: string): Parsed<Date> {
  let days = dayOffsets.get(zone);
  if (!days) {
    if (dayOffsets.size >= 1000) dayOffsets.clear();
    days = new Map();
    dayOffsets.set(zone, days);
  }
  const key = date.year * 10_000 + date.month * 100 + date.day;
  let offsetMinutes = days.get(key);
  if (offsetMinutes === undefined) {
    offsetMinutes = steadyDayOffset(date, zone);
    if (days.size > 100_000) days.clear();
    days.set(key, offsetMinutes);
  }
  if (offsetMinutes !== null) return { ok: true, value: shiftedWallTime(date, time, offsetMinutes) };
  return exactLocalToInstant(date, time, zone);
}

/**
 * UTC offsets (minutes) of whole local days already computed, by zone then date (YYYYMMDD as a
 * number), or null for a day with a transition: Luxon's offset lookup costs tens of microseconds, and a
 * 100,000-row file repeats the same days many times. Only days whose first and last minute share one
 * offset are cached, so every daylight-saving day still goes through Luxon minute by minute.
 */
const dayOffsets = new Map<string, Map<number, number | null>>();

function steadyDayOffset(date: CalendarDate, zone: string): number | null {
  const at = (hour: number, minute: number) => {
    const exact = exactLocalToInstant(date, { hour, minute, second: 0, millisecond: 0 }, zone);
    return exact.ok
      ? (Date.UTC(date.year, date.month - 1, date.day, hour, minute) - exact.value.getTime()) / 60_000
      : null;
  };
  const first = at(0, 0);
  return first !== null && first === at(23, 59) ? first : null;
}

function shiftedWallTime(date: CalendarDate, time: TimeOfDay, offsetMinutes: number): Date {
  const wall = Date.UTC(
    date.year,
    date.month - 1,
    date.day,
    time.hour,
    time.minute,
    time.second,
    time.millisecond,
  );
  return new Date(wall - offsetMinutes * 60_000);
}

/**
 * Luxon's object form of a local date and time. A plain literal on purpose: V8 gives every object built
 * as `{ ...date, ...time }` a hidden class of its own, allocated in the old generation (0022, session 6).
 */
function dateTimeObject(date: CalendarDate, time: TimeOfDay) {
  return {
    year: date.year,
    month: date.month,
    day: date.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
    millisecond: time.millisecond,
  };
}

function exactLocalToInstant(date: CalendarDate, time: TimeOfDay, zone: string): Parsed<Date> {
  const local = DateTime.fromObject(dateTimeObject(date, time), { zone });
  if (!local.isValid) return { ok: false, reason: `cannot be read in time zone ${zone}` };
  if (local.hour !== time.hour || local.minute !== time.minute || local.day !== date.day) {
    const wall = DateTime.fromObject(dateTimeObject(date, time), { zone: 'utc' });
    return {
      ok: false,
      reason:
        `is ${wall.toFormat('yyyy-MM-dd HH:mm')}, a time that does not exist in ${zone} ` +
        `(the clocks skip that hour when daylight saving time starts)`,
    };
  }
  const earliest = local
    .getPossibleOffsets()
    .reduce((best, candidate) => (candidate.toMillis() < best.toMillis() ? candidate : best), local);
  return { ok: true, value: earliest.toJSDate() };
}

/** The calendar date of `instant` in `zone`, as YYYY-MM-DD. */
export function localDateOf(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() ?? instant.toISOString().slice(0, 10);
}

/** The calendar date and wall-clock time of `instant` in `zone`. */
export function localPartsOf(instant: Date, zone: string): { date: CalendarDate; time: TimeOfDay } {
  const dt = DateTime.fromJSDate(instant, { zone });
  return {
    date: { year: dt.year, month: dt.month, day: dt.day },
    time: { hour: dt.hour, minute: dt.minute, second: dt.second, millisecond: dt.millisecond },
  };
}

/**
 * Days in `month` (1–12) of `year` in the proleptic Gregorian calendar (what Luxon and ISO 8601 use):
 * plain arithmetic, because this runs for every date of every imported row (Luxon costs microseconds).
 */
function daysInMonthOf(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The day after `date` (a valid calendar date; proleptic Gregorian, as Luxon). */
export function nextDay(date: CalendarDate): CalendarDate {
  if (date.day < daysInMonthOf(date.year, date.month))
    return { year: date.year, month: date.month, day: date.day + 1 };
  if (date.month < 12) return { year: date.year, month: date.month + 1, day: 1 };
  return { year: date.year + 1, month: 1, day: 1 };
}

/**
 * Compares two local (date, time) pairs by wall clock: negative, 0 or positive. Field by field (year
 * first), so no Date or Luxon object is made: this runs for every imported row with a clock-out.
 */
export function compareWallClock(
  a: { date: CalendarDate; time: TimeOfDay },
  b: { date: CalendarDate; time: TimeOfDay },
): number {
  return (
    a.date.year - b.date.year ||
    a.date.month - b.date.month ||
    a.date.day - b.date.day ||
    a.time.hour - b.time.hour ||
    a.time.minute - b.time.minute ||
    a.time.second - b.time.second ||
    a.time.millisecond - b.time.millisecond
  );
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * YYYY-MM-DD of a calendar date (years 0–9999; others as Luxon writes them, e.g. +010000-01-01); ''
 * for an impossible date.
 */
export function formatCalendarDate(date: CalendarDate): string {
  const { year, month, day } = date;
  if (!Number.isInteger(year) || year < 0 || year > 9999)
    return DateTime.utc(year, month, day).toISODate() ?? '';
  // An impossible date gives '' (as Luxon's invalid DateTime did).
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= daysInMonthOf(year, month) && Number.isInteger(day)))
    return '';
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`;
}

/**
 * Why `instant` cannot be stored, or null: its year — in UTC or as the local date in `zone` — is outside
 * {@link FIRST_YEAR}–{@link LAST_YEAR} (e.g. a clock-out after midnight on 12/31/9999 is in year 10000).
 * Completes "<column> …". Cheap for every ordinary instant (no zone work unless near an edge).
 */
export function instantYearProblem(instant: Date, zone: string): string | null {
  const year = instant.getUTCFullYear();
  if (Number.isNaN(year) || (year > FIRST_YEAR && year < LAST_YEAR)) return null;
  const local = year >= FIRST_YEAR && year <= LAST_YEAR ? localPartsOf(instant, zone).date.year : year;
  const outside = [year, local].find((y) => y < FIRST_YEAR || y > LAST_YEAR);
  return outside === undefined
    ? null
    : `is in year ${outside}, outside the years 0001–9999 that Tend can store`;
}
