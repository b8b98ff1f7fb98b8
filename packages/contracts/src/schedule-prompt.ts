/**
 * Weekly schedules and the deterministic schedule-prompt parser (issue 21 "Schedules"; spec s.3 CaregiverSchedule,
 * ClientSchedule `schedule`, `schedulePrompt`; decision 0056). Pure functions (no I/O, no clock), shared by the
 * schedule maker's live preview and the API.
 *
 * A weekly schedule is day (`monday`..`sunday`) → time ranges in local `HH:mm` on 15-minute marks (part 2 compares
 * schedules in 15-minute slots); `end` may be `24:00` (the end of the day). Ranges of a day are sorted and never
 * overlap.
 *
 * The parser reads English and Spanish sentences ("weekdays after 3, every other Saturday morning", "lunes a viernes
 * después de las 3"). Its rules, the ones the page states:
 * - parts of the day: morning 06:00–12:00, afternoon 12:00–17:00, evening 17:00–21:00, night 21:00–24:00,
 *   overnight 22:00–06:00 (into the next day), all day 06:00–22:00 (`dayParts`);
 * - "after 3" runs to 22:00 (the end of the day window; from 20:00 on, to midnight), "before noon" starts at 06:00
 *   (`DAY_WINDOW`);
 * - an hour without am/pm: 7–11 is morning, 12 is noon, 1–6 is afternoon, 13–23 is read as a 24-hour clock; the end
 *   of a range ("9-5") is the first reading after its start;
 * - times off a 15-minute mark are widened to one (start down, end up) and said in a note;
 * - days without a time take the times said next ("Monday and Tuesday mornings"), or are all day when none follow
 *   or their time was not understood; a time without days takes the days of the clause before it (or every day);
 * - "except Wednesday" takes the day off the clause and the clauses continuing its days;
 * - "every other Saturday" cannot be said by a weekly grid: the grid keeps Saturday and a note says alternate weeks;
 * - every word it did not use is returned word for word (`notUnderstood`), never silently dropped.
 */
import { workweekStarts } from './caregiver-hours.ts';

/** Days of a weekly schedule, Monday first (the same seven names as a workweek's start). */
export const weekDays = workweekStarts;
export type WeekDay = (typeof weekDays)[number];

/** One range of a day, `HH:mm` local time; `start` < `end`; `end` may be `24:00`. */
export interface TimeRange {
  start: string;
  end: string;
}

/** A weekly schedule: each day's ranges, sorted and not overlapping (a day without ranges may be absent). */
export type WeeklyGrid = Partial<Record<WeekDay, TimeRange[]>>;

/** The slot size schedules are compared in (minutes; issue 21 part 2). */
export const SCHEDULE_SLOT_MINUTES = 15;
/** Longest schedule prompt, in characters. */
export const SCHEDULE_PROMPT_MAX_CHARS = 500;
/** Most ranges one day may hold. */
export const SCHEDULE_RANGES_PER_DAY_MAX = 48;

/** The hours an open range stops at: "after 3" ends at 22:00, "before noon" starts at 06:00 (minutes of the day). */
export const DAY_WINDOW = { start: 6 * 60, end: 22 * 60 } as const;

/** Parts of the day the parser knows (minutes of the day; `overnight` continues into the next day). */
export const dayParts = {
  morning: { start: 6 * 60, end: 12 * 60 },
  afternoon: { start: 12 * 60, end: 17 * 60 },
  evening: { start: 17 * 60, end: 21 * 60 },
  night: { start: 21 * 60, end: 24 * 60 },
  overnight: { start: 22 * 60, end: 6 * 60 },
  allDay: { start: DAY_WINDOW.start, end: DAY_WINDOW.end },
} as const;
export type DayPart = keyof typeof dayParts;

/** What the parser tells the person beside the grid. */
export type ScheduleNote =
  /** "every other Saturday": the grid shows every week; `days` are the days said to alternate. */
  | { kind: 'alternateWeeks'; days: WeekDay[]; words: string }
  /** A time off a 15-minute mark was widened to one. */
  | { kind: 'rounded'; words: string }
  /** A time without days was put on every day. */
  | { kind: 'everyDay'; words: string };

/** The parser's answer: the grid, what it noted, and the words it did not understand (word for word, in order). */
export interface ParsedSchedule {
  schedule: WeeklyGrid;
  notes: ScheduleNote[];
  notUnderstood: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Minutes and ranges

/** `HH:mm` (00:00–24:00) → minutes of the day, or null when it is not one. */
export function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

/** Minutes of the day (0–1440) → `HH:mm`. */
export function timeOf(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${String(hours).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/** Whether `time` is `HH:mm` on a 15-minute mark (`24:00` only when `allowEndOfDay`). */
export function isSlotTime(time: string, allowEndOfDay = false): boolean {
  const minutes = minutesOf(time);
  if (minutes === null || minutes % SCHEDULE_SLOT_MINUTES !== 0) return false;
  return minutes < 24 * 60 || allowEndOfDay;
}

/** Every `HH:mm` on a 15-minute mark from 00:00 to 24:00 (the choices of the hand editor). */
export const slotTimes: readonly string[] = Array.from(
  { length: (24 * 60) / SCHEDULE_SLOT_MINUTES + 1 },
  (_, i) => timeOf(i * SCHEDULE_SLOT_MINUTES),
);

/** The first pair of ranges of one day that overlap (touching ends do not), or null. */
export function firstOverlap(ranges: readonly TimeRange[]): [TimeRange, TimeRange] | null {
  const sorted = [...ranges].sort((a, b) => (minutesOf(a.start) ?? 0) - (minutesOf(b.start) ?? 0));
  for (let i = 1; i < sorted.length; i += 1) {
    const before = sorted[i - 1] as TimeRange;
    const after = sorted[i] as TimeRange;
    if ((minutesOf(after.start) ?? 0) < (minutesOf(before.end) ?? 0)) return [before, after];
  }
  return null;
}

/** One day's ranges sorted, overlapping and touching ones joined; empty or reversed ranges dropped. */
export function mergeRanges(ranges: readonly TimeRange[]): TimeRange[] {
  const spans = ranges
    .map((range) => ({ start: minutesOf(range.start), end: minutesOf(range.end) }))
    .filter((span): span is { start: number; end: number } => span.start !== null && span.end !== null)
    .filter((span) => span.start < span.end)
    .sort((a, b) => a.start - b.start);
  const merged: Array<{ start: number; end: number }> = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged.map((span) => ({ start: timeOf(span.start), end: timeOf(span.end) }));
}

/** The grid with every day merged (`mergeRanges`), days in week order, empty days left out. */
export function normalizeSchedule(grid: WeeklyGrid): WeeklyGrid {
  const out: WeeklyGrid = {};
  for (const day of weekDays) {
    const ranges = mergeRanges(grid[day] ?? []);
    if (ranges.length > 0) out[day] = ranges;
  }
  return out;
}

/** Minutes per week a grid covers. */
export function scheduleMinutes(grid: WeeklyGrid): number {
  let total = 0;
  for (const day of weekDays)
    for (const range of grid[day] ?? []) total += (minutesOf(range.end) ?? 0) - (minutesOf(range.start) ?? 0);
  return total;
}

/** Whether a grid has no range at all. */
export const isEmptySchedule = (grid: WeeklyGrid | null | undefined): boolean =>
  !grid || weekDays.every((day) => (grid[day]?.length ?? 0) === 0);

// ---------------------------------------------------------------------------------------------------------------
// Words

interface Token {
  /** As written. */
  text: string;
  /** Lower case, accents and dots removed. */
  norm: string;
  start: number;
  end: number;
  kind: 'number' | 'clock' | 'word' | 'dash' | 'stop';
  used: boolean;
}

const stripAccents = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /(\d{1,2}[:.h]\d{2})|(\d+)|(\p{L}+(?:\.\p{L}+)+\.?|\p{L}+)|([-–—])|([,;.!?\n&/+])|(\S)/gu;
  for (const match of input.matchAll(pattern)) {
    const text = match[0];
    const kind: Token['kind'] = match[1]
      ? 'clock'
      : match[2]
        ? 'number'
        : match[3]
          ? 'word'
          : match[4]
            ? 'dash'
            : match[5]
              ? 'stop'
              : 'word';
    const norm = stripAccents(text.toLowerCase()).replaceAll('.', '');
    tokens.push({ text, norm, start: match.index, end: match.index + text.length, kind, used: false });
  }
  return tokens;
}

const dayWords: Record<WeekDay, string[]> = {
  monday: ['monday', 'mondays', 'mon', 'lunes'],
  tuesday: ['tuesday', 'tuesdays', 'tue', 'tues', 'martes'],
  wednesday: ['wednesday', 'wednesdays', 'wed', 'miercoles'],
  thursday: ['thursday', 'thursdays', 'thu', 'thur', 'thurs', 'jueves'],
  friday: ['friday', 'fridays', 'fri', 'viernes'],
  saturday: ['saturday', 'saturdays', 'sat', 'sabado', 'sabados'],
  sunday: ['sunday', 'sundays', 'sun', 'domingo', 'domingos'],
};
const weekdaysOnly: WeekDay[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const weekendOnly: WeekDay[] = ['saturday', 'sunday'];

/** Phrases (normalized words) naming groups of days. */
const dayGroups: Array<[string[], WeekDay[]]> = [
  [['weekdays'], weekdaysOnly],
  [['weekday'], weekdaysOnly],
  [['week', 'days'], weekdaysOnly],
  [['workdays'], weekdaysOnly],
  [['entre', 'semana'], weekdaysOnly],
  [['dias', 'de', 'semana'], weekdaysOnly],
  [['dias', 'entre', 'semana'], weekdaysOnly],
  [['dias', 'laborables'], weekdaysOnly],
  [['weekends'], weekendOnly],
  [['weekend'], weekendOnly],
  [['fines', 'de', 'semana'], weekendOnly],
  [['fin', 'de', 'semana'], weekendOnly],
  [['every', 'day'], [...weekDays]],
  [['everyday'], [...weekDays]],
  [['daily'], [...weekDays]],
  [['all', 'week'], [...weekDays]],
  [['todos', 'los', 'dias'], [...weekDays]],
  [['cada', 'dia'], [...weekDays]],
  [['diario'], [...weekDays]],
  [['diariamente'], [...weekDays]],
  [['toda', 'la', 'semana'], [...weekDays]],
];

const dayPartWords: Array<[string[], DayPart]> = [
  [['all', 'day'], 'allDay'],
  [['any', 'time'], 'allDay'],
  [['anytime'], 'allDay'],
  [['full', 'day'], 'allDay'],
  [['todo', 'el', 'dia'], 'allDay'],
  [['dia', 'completo'], 'allDay'],
  [['cualquier', 'hora'], 'allDay'],
  [['overnight'], 'overnight'],
  [['overnights'], 'overnight'],
  [['toda', 'la', 'noche'], 'overnight'],
  [['morning'], 'morning'],
  [['mornings'], 'morning'],
  [['manana'], 'morning'],
  [['mananas'], 'morning'],
  [['afternoon'], 'afternoon'],
  [['afternoons'], 'afternoon'],
  [['tarde'], 'afternoon'],
  [['tardes'], 'afternoon'],
  [['evening'], 'evening'],
  [['evenings'], 'evening'],
  [['anochecer'], 'evening'],
  [['atardecer'], 'evening'],
  [['night'], 'night'],
  [['nights'], 'night'],
  [['noche'], 'night'],
  [['noches'], 'night'],
];

const alternateWords = [
  ['every', 'other'],
  ['every', 'second'],
  ['alternate'],
  ['alternating'],
  ['biweekly'],
  ['cada', 'dos'],
  ['cada', 'otro'],
  ['cada', 'otra'],
  ['cada', 'quince', 'dias'],
  ['semana', 'por', 'medio'],
  ['por', 'medio'],
];
const exceptWords = [
  ['except'],
  ['but', 'not'],
  ['not', 'on'],
  ['excepto'],
  ['menos'],
  ['salvo'],
  ['pero', 'no'],
];
const afterWords = [
  ['after'],
  ['from'],
  ['since'],
  ['despues', 'de'],
  ['despues', 'del'],
  ['desde'],
  ['a', 'partir', 'de'],
  ['starting'],
];
const beforeWords = [
  ['before'],
  ['until'],
  ['till'],
  ['til'],
  ['by'],
  ['antes', 'de'],
  ['antes', 'del'],
  ['hasta'],
];
const rangeJoin = ['to', 'through', 'thru', 'till', 'until', 'til', 'a', 'hasta'];
const stopWords = ['and', 'y', 'e', 'plus', 'also', 'but', 'pero', 'tambien', 'mas'];
/** Words carrying no schedule meaning, used silently. */
// prettier-ignore
const fillerWords = new Set([
  'on', 'at', 'the', 'in', 'every', 'each', 'only', 'around', 'about', 'of', 'o', 'or',
  'de', 'del', 'el', 'la', 'los', 'las', 'en', 'a', 'al', 'por', 'cada', 'todos', 'todas', 'solo', 'alrededor',
  'i', 'can', 'work', 'need', 'needs', 'care', 'available', 'availability', 'hours', 'my', 'we', 'she', 'he',
  'puedo', 'trabajar', 'necesito', 'necesita', 'necesitamos', 'cuidado', 'disponible', 'horas', 'mi', 'mis',
  'clock', 'oclock', 'hrs', 'h', 'punto', 'from', 'desde', 'between', 'starting',
]);

/** Whether the words of `phrase` start at token `i` (and how many tokens they take), else 0. */
function phraseAt(tokens: Token[], i: number, phrase: readonly string[]): number {
  for (let k = 0; k < phrase.length; k += 1) if (tokens[i + k]?.norm !== phrase[k]) return 0;
  return phrase.length;
}
function longestAt(tokens: Token[], i: number, phrases: readonly (readonly string[])[]): number {
  let best = 0;
  for (const phrase of phrases) best = Math.max(best, phraseAt(tokens, i, phrase));
  return best;
}

/** Skips fillers such as "las", "the" before a time; the index of the next token. */
function skipFillers(tokens: Token[], i: number, fillers: readonly string[]): number {
  let j = i;
  while (tokens[j] && fillers.includes(tokens[j]?.norm ?? '')) j += 1;
  return j;
}

// ---------------------------------------------------------------------------------------------------------------
// Times

/** A time as written: minutes of the day when certain, or an hour still to be read (`bare`). */
interface WrittenTime {
  hour: number;
  minute: number;
  /** `am`, `pm` or a 24-hour clock (`h24`); null: an hour without am/pm. */
  meridiem: 'am' | 'pm' | 'h24' | null;
  /** Tokens it took. */
  length: number;
}

const amWords = [['am'], ['de', 'la', 'manana'], ['en', 'la', 'manana'], ['de', 'la', 'madrugada']];
const pmWords = [
  ['pm'],
  ['de', 'la', 'tarde'],
  ['de', 'la', 'noche'],
  ['en', 'la', 'tarde'],
  ['del', 'mediodia'],
];

function timeAt(tokens: Token[], i: number): WrittenTime | null {
  const token = tokens[i];
  if (!token) return null;
  const named: Array<[string[], number]> = [
    [['noon'], 12 * 60],
    [['midday'], 12 * 60],
    [['mediodia'], 12 * 60],
    [['midnight'], 24 * 60],
    [['medianoche'], 24 * 60],
  ];
  for (const [phrase, minutes] of named) {
    const length = phraseAt(tokens, i, phrase);
    if (length) return { hour: Math.floor(minutes / 60), minute: minutes % 60, meridiem: 'h24', length };
  }
  let hour: number;
  let minute = 0;
  if (token.kind === 'number') {
    if (token.norm.length > 2) return null;
    hour = Number(token.norm);
  } else if (token.kind === 'clock') {
    const [h, m] = token.text.split(/[:.h]/);
    hour = Number(h);
    minute = Number(m);
  } else return null;
  if (hour > 24 || minute > 59 || (hour === 24 && minute > 0)) return null;
  let length = 1;
  let meridiem: WrittenTime['meridiem'] = null;
  const am = longestAt(tokens, i + 1, amWords);
  const pm = longestAt(tokens, i + 1, pmWords);
  if ((am || pm) && hour >= 1 && hour <= 12) {
    meridiem = am >= pm ? 'am' : 'pm';
    length += Math.max(am, pm);
  } else if (hour >= 13 || hour === 0 || (token.kind === 'clock' && /^0\d/.test(token.text)))
    meridiem = 'h24';
  return { hour, minute, meridiem, length };
}

/** Minutes of a time with am/pm or a 24-hour clock (null: an hour without either). */
function certainMinutes(time: WrittenTime): number | null {
  if (time.meridiem === 'h24') return time.hour * 60 + time.minute;
  if (time.meridiem === 'am') return (time.hour % 12) * 60 + time.minute;
  if (time.meridiem === 'pm') return ((time.hour % 12) + 12) * 60 + time.minute;
  return null;
}

/** A lone hour without am/pm: 7–11 morning, 12 noon, 1–6 afternoon (see the module comment). */
function guessMinutes(time: WrittenTime): number {
  const certain = certainMinutes(time);
  if (certain !== null) return certain;
  const hour = time.hour >= 1 && time.hour <= 6 ? time.hour + 12 : time.hour;
  return hour * 60 + time.minute;
}

/** The two readings of an hour without am/pm (morning first). */
function readings(time: WrittenTime): number[] {
  const certain = certainMinutes(time);
  if (certain !== null) return [certain];
  return [(time.hour % 12) * 60 + time.minute, ((time.hour % 12) + 12) * 60 + time.minute];
}

/** Start and end minutes of a written range; end ≤ start means it runs past midnight. */
function rangeMinutes(from: WrittenTime, to: WrittenTime): { start: number; end: number } {
  let start: number;
  if (certainMinutes(from) !== null) start = certainMinutes(from) as number;
  else if (to.meridiem === 'am' || to.meridiem === 'pm') {
    // "9 to 1:30pm": the start takes the end's half of the day when that keeps it before the end.
    const end = certainMinutes(to) as number;
    const [morning, afternoon] = readings(from) as [number, number];
    start = to.meridiem === 'pm' && afternoon < end ? afternoon : morning < end ? morning : afternoon;
  } else start = guessMinutes(from);
  const endCertain = certainMinutes(to);
  if (endCertain !== null) return { start, end: endCertain === 0 ? 24 * 60 : endCertain };
  const later = readings(to).find((minutes) => minutes > start);
  return { start, end: later ?? guessMinutes(to) };
}

// ---------------------------------------------------------------------------------------------------------------
// Clauses

interface Clause {
  days: Set<WeekDay>;
  except: Set<WeekDay>;
  alternate: boolean;
  /** Closed ranges (minutes; end ≤ start: past midnight). */
  ranges: Array<{ start: number; end: number }>;
  parts: Array<{ start: number; end: number }>;
  after: number | null;
  before: number | null;
  tokens: Token[];
  timeWords: Token[];
  /** It holds words not understood. */
  unknown: boolean;
}

const newClause = (): Clause => ({
  days: new Set(),
  except: new Set(),
  alternate: false,
  ranges: [],
  parts: [],
  after: null,
  before: null,
  tokens: [],
  timeWords: [],
  unknown: false,
});
const hasTimes = (clause: Clause) =>
  clause.ranges.length > 0 || clause.parts.length > 0 || clause.after !== null || clause.before !== null;
const hasDays = (clause: Clause) => clause.days.size > 0;

function dayAt(tokens: Token[], i: number): WeekDay | null {
  const norm = tokens[i]?.norm;
  if (!norm) return null;
  for (const day of weekDays) if (dayWords[day].includes(norm)) return day;
  return null;
}

/** Minutes spans a clause's times cover, each within one day or past midnight (end ≤ start). */
function clauseSpans(clause: Clause): Array<{ start: number; end: number }> {
  const spans = [...clause.ranges];
  const open = clause.after !== null || clause.before !== null;
  if (clause.parts.length > 0) {
    for (const part of clause.parts) {
      // "afternoons after 3": an open bound narrows the parts of the day.
      const start = clause.after !== null ? Math.max(part.start, clause.after) : part.start;
      const partEnd = part.end <= part.start ? part.end + 24 * 60 : part.end;
      const end = clause.before !== null ? Math.min(partEnd, clause.before) : partEnd;
      if (start < end) spans.push({ start, end: end > 24 * 60 ? end - 24 * 60 : end });
    }
  } else if (open) {
    const start =
      clause.after ?? (clause.before !== null && clause.before <= DAY_WINDOW.start ? 0 : DAY_WINDOW.start);
    const end = clause.before ?? (start >= DAY_WINDOW.end - 2 * 60 ? 24 * 60 : DAY_WINDOW.end);
    if (start < end) spans.push({ start, end });
  }
  return spans;
}

const wordsOf = (input: string, tokens: Token[]) => {
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  return first && last ? input.slice(first.start, last.end) : '';
};

/** The state of reading: the tokens, the clauses so far, and whether days read now are exceptions. */
interface Reader {
  tokens: Token[];
  clauses: Clause[];
  excepting: boolean;
}
/** A step of reading at token `i`: the index after what it took, or null when it does not apply there. */
type Step = (reader: Reader, i: number) => number | null;

const current = (reader: Reader) => reader.clauses[reader.clauses.length - 1] as Clause;
const timeFillers = ['las', 'la', 'the'];

/** Marks tokens `i`..`end - 1` used by the current clause (`time`: they said its times); resolves `end`. */
function take(reader: Reader, i: number, end: number, time = false): number {
  for (let k = i; k < end; k += 1) {
    const token = reader.tokens[k] as Token;
    token.used = true;
    current(reader).tokens.push(token);
    if (time) current(reader).timeWords.push(token);
  }
  return end;
}

/** A range of times: "9-5", "9am to 1:30pm", "from 9 to 5", "de 9 a 5", "entre las 9 y las 5". */
const readTimeRange: Step = (reader, i) => {
  const { tokens } = reader;
  const lead = longestAt(tokens, i, [['from'], ['de'], ['desde'], ['between'], ['entre']]);
  const at = skipFillers(tokens, i + lead, timeFillers);
  const from = timeAt(tokens, at);
  if (!from) return null;
  const join = tokens[at + from.length];
  const between = lead > 0 && ['between', 'entre'].includes(tokens[i]?.norm ?? '');
  const joins =
    join &&
    (join.kind === 'dash' || rangeJoin.includes(join.norm) || (between && ['and', 'y'].includes(join.norm)));
  if (!joins) return null;
  const toAt = skipFillers(tokens, at + from.length + 1, timeFillers);
  const to = timeAt(tokens, toAt);
  if (!to) return null;
  current(reader).ranges.push(rangeMinutes(from, to));
  reader.excepting = false;
  return take(reader, i, toAt + to.length, true);
};

/** "after 3", "después de las 3", "a partir de las 9"; "before noon", "antes del mediodía", "hasta las 5". */
const readOpenBound: Step = (reader, i) => {
  const { tokens } = reader;
  for (const [words, bound] of [
    [afterWords, 'after'],
    [beforeWords, 'before'],
  ] as const) {
    const length = longestAt(tokens, i, words);
    if (!length) continue;
    const at = skipFillers(tokens, i + length, timeFillers);
    const time = timeAt(tokens, at);
    if (!time) continue;
    const minutes = guessMinutes(time);
    if (bound === 'after') current(reader).after = minutes % (24 * 60);
    else current(reader).before = minutes === 0 ? 24 * 60 : minutes;
    return take(reader, i, at + time.length, true);
  }
  return null;
};

/** "every other", "cada dos" (alternate weeks); "except", "menos" (the days after are taken off). */
const readMarker: Step = (reader, i) => {
  const alternate = longestAt(reader.tokens, i, alternateWords);
  if (alternate) {
    current(reader).alternate = true;
    return take(reader, i, i + alternate);
  }
  const except = longestAt(reader.tokens, i, exceptWords);
  if (!except) return null;
  reader.excepting = true;
  return take(reader, i, i + except);
};

/** A day, a range of days ("monday to friday", "mon-fri", "de lunes a viernes") or a group ("weekends"). */
const readDays: Step = (reader, i) => {
  const { tokens } = reader;
  const into = reader.excepting ? current(reader).except : current(reader).days;
  const day = dayAt(tokens, i);
  if (day) {
    const join = tokens[i + 1];
    const last =
      join && (join.kind === 'dash' || rangeJoin.includes(join.norm)) ? dayAt(tokens, i + 2) : null;
    const from = weekDays.indexOf(day);
    const to = last ? weekDays.indexOf(last) : from;
    for (let k = from; ; k = (k + 1) % 7) {
      into.add(weekDays[k] as WeekDay);
      if (k === to) break;
    }
    return take(reader, i, i + (last ? 3 : 1));
  }
  const group = dayGroups.find(([phrase]) => phraseAt(tokens, i, phrase));
  if (!group) return null;
  for (const d of group[1]) into.add(d);
  return take(reader, i, i + group[0].length);
};

/** A part of the day ("mornings", "por la tarde", "all day"), the longest phrase that matches. */
const readDayPart: Step = (reader, i) => {
  let best: [string[], DayPart] | null = null;
  for (const entry of dayPartWords)
    if (phraseAt(reader.tokens, i, entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  if (!best) return null;
  current(reader).parts.push({ ...dayParts[best[1]] });
  return take(reader, i, i + best[0].length, true);
};

/** A new clause at punctuation and "and"/"y" (a clause that has said nothing yet, or before "except", goes on). */
const readStop: Step = (reader, i) => {
  const token = reader.tokens[i] as Token;
  if (token.kind !== 'stop' && !(token.kind === 'word' && stopWords.includes(token.norm))) return null;
  token.used = true;
  reader.excepting = false;
  const clause = current(reader);
  const exceptNext = longestAt(reader.tokens, i + 1, exceptWords) > 0;
  if (!exceptNext && (hasDays(clause) || hasTimes(clause) || clause.alternate))
    reader.clauses.push(newClause());
  return i + 1;
};

/** Words with no schedule meaning ("on", "the", "los"): used silently. */
const readFiller: Step = (reader, i) => {
  const token = reader.tokens[i] as Token;
  if (token.kind !== 'word' || !fillerWords.has(token.norm)) return null;
  return take(reader, i, i + 1);
};

const steps: Step[] = [readTimeRange, readOpenBound, readMarker, readDays, readDayPart, readStop, readFiller];

/** The clauses of `tokens` (marking the tokens used). */
function readClauses(tokens: Token[]): Clause[] {
  const reader: Reader = { tokens, clauses: [newClause()], excepting: false };
  let i = 0;
  while (i < tokens.length) {
    let next: number | null = null;
    for (const step of steps) {
      next = step(reader, i);
      if (next !== null) break;
    }
    if (next === null) {
      current(reader).unknown = true;
      next = i + 1;
    }
    i = next;
  }
  return reader.clauses;
}

type Span = { start: number; end: number };
/** What one clause puts on which days; `chain` groups a clause with the clauses continuing its days. */
interface Entry {
  chain: number;
  days: WeekDay[];
  spans: Span[];
}

/**
 * Gives each clause its days: days without times wait for the next clause's times; times without days take the days
 * before (or every day, noted); "except" takes its days off the whole chain ("weekdays 9-12 and 2-5, except
 * Wednesday"); alternate weeks are noted.
 */
function placeClauses(clauses: Clause[], text: string, notes: ScheduleNote[]) {
  const entries: Entry[] = [];
  const chainExcept = new Map<number, Set<WeekDay>>();
  let pending: Clause[] = [];
  let previousDays: WeekDay[] | null = null;
  let chain = 0;
  const apply = (clause: Clause, spans: Span[]) => {
    const sources = [...pending, clause];
    const named = new Set<WeekDay>(sources.flatMap((source) => [...source.days]));
    const except = new Set<WeekDay>(sources.flatMap((source) => [...source.except]));
    let days: WeekDay[] = previousDays ?? [...weekDays];
    if (named.size > 0 || !previousDays) chain += 1;
    if (named.size > 0) days = weekDays.filter((d) => named.has(d));
    else if (!previousDays) notes.push({ kind: 'everyDay', words: wordsOf(text, clause.timeWords) });
    const excluded = chainExcept.get(chain) ?? new Set<WeekDay>();
    for (const day of except) excluded.add(day);
    chainExcept.set(chain, excluded);
    entries.push({ chain, days, spans });
    const alternateDays = sources.some((source) => source.alternate)
      ? days.filter((d) => !except.has(d))
      : [];
    if (alternateDays.length > 0)
      notes.push({
        kind: 'alternateWeeks',
        days: alternateDays,
        words: wordsOf(
          text,
          sources.flatMap((source) => source.tokens),
        ),
      });
    previousDays = days;
    pending = [];
  };
  for (const clause of clauses) {
    if (hasTimes(clause)) apply(clause, clauseSpans(clause));
    // "Tuesdays around lunch time": the time was not understood, so the day is all day (and the words are shown).
    else if (hasDays(clause) && clause.unknown) apply(clause, [{ ...dayParts.allDay }]);
    else if (hasDays(clause) || clause.except.size > 0 || clause.alternate) pending.push(clause);
  }
  const last = pending[pending.length - 1];
  if (last && pending.some((clause) => hasDays(clause))) {
    pending.pop();
    apply(last, [{ ...dayParts.allDay }]);
  }
  return entries.map((entry) => ({
    ...entry,
    days: entry.days.filter((day) => !chainExcept.get(entry.chain)?.has(day)),
  }));
}

/** The grid of `entries`, past-midnight spans carried into the next day, on 15-minute marks (start down, end up). */
function gridOf(entries: Entry[]): WeeklyGrid {
  const spans = Object.fromEntries(weekDays.map((day) => [day, [] as Span[]])) as Record<WeekDay, Span[]>;
  for (const entry of entries)
    for (const day of entry.days)
      for (const span of entry.spans) {
        if (span.end > span.start) spans[day].push(span);
        else {
          spans[day].push({ start: span.start, end: 24 * 60 });
          const next = weekDays[(weekDays.indexOf(day) + 1) % 7] as WeekDay;
          if (span.end > 0) spans[next].push({ start: 0, end: span.end });
        }
      }
  const slot = SCHEDULE_SLOT_MINUTES;
  const schedule: WeeklyGrid = {};
  for (const day of weekDays) {
    const ranges = mergeRanges(
      spans[day].map((span) => ({
        start: timeOf(Math.floor(span.start / slot) * slot),
        end: timeOf(Math.min(24 * 60, Math.ceil(span.end / slot) * slot)),
      })),
    );
    if (ranges.length > 0) schedule[day] = ranges;
  }
  return schedule;
}

/** Word for word, the runs of tokens not used. */
function unusedRuns(tokens: Token[], text: string): string[] {
  const runs: string[] = [];
  let run: Token[] = [];
  for (const token of [...tokens, null]) {
    if (token && !token.used) run.push(token);
    else if (run.length > 0) {
      runs.push(wordsOf(text, run));
      run = [];
    }
  }
  return runs;
}

/**
 * Reads a free-text schedule (English or Spanish) into a weekly grid (see the module comment for the rules). Pure and
 * deterministic: the same text always gives the same answer.
 */
export function parseSchedulePrompt(input: string): ParsedSchedule {
  const text = input.slice(0, SCHEDULE_PROMPT_MAX_CHARS);
  const tokens = tokenize(text);
  const clauses = readClauses(tokens);
  const notes: ScheduleNote[] = [];
  const schedule = gridOf(placeClauses(clauses, text, notes));
  const rounded = new Set<string>();
  for (const clause of clauses)
    for (const span of clauseSpans(clause))
      if (span.start % SCHEDULE_SLOT_MINUTES !== 0 || span.end % SCHEDULE_SLOT_MINUTES !== 0)
        rounded.add(wordsOf(text, clause.timeWords));
  for (const words of rounded) notes.push({ kind: 'rounded', words });
  return { schedule, notes, notUnderstood: unusedRuns(tokens, text) };
}
