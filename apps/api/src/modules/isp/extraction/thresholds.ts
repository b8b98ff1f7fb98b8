/**
 * Thresholds read from a protocol's text as data (issue 19 "thresholds as data (metric, comparison, value, unit, time
 * window)"): "more than 2 seizures in 24 hours", "no bowel movement in 3 days", "fluids below 64 oz by 2 pm",
 * "temperature above 100.4°F", "blood sugar below 70 mg/dL", "seizure lasting longer than 5 minutes", "weight loss of
 * more than 5 lb in a month". Deterministic and cautious: a range ("between 60 and 100", "2-3 seizures") is left
 * alone rather than guessed, and every threshold starts unconfirmed (a person confirms each before the protocol can be
 * FINALIZED). Never throws, whatever the text (property-tested).
 */
import type { Threshold } from '@tend/contracts';

const numberWords: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  'twenty-four': 24,
  thirty: 30,
  'forty-eight': 48,
  sixty: 60,
  seventy: 70,
};
const numberWord = Object.keys(numberWords)
  .sort((a, b) => b.length - a.length)
  .join('|');
const number = `(?:\\d{1,6}(?:\\.\\d{1,3})?|${numberWord})`;

/** Comparison phrases, longest first, and what they mean. */
const comparisons: [RegExp, Threshold['comparison']][] = [
  [/^(?:no more than|not more than|at most|up to|≤|<=)$/i, 'lte'],
  [/^(?:no less than|not less than|at least|≥|>=)$/i, 'gte'],
  [
    /^(?:more than|greater than|higher than|longer than|over|above|exceeds?|exceeding|in excess of|rises above|goes above|>)$/i,
    'gt',
  ],
  [/^(?:less than|fewer than|lower than|shorter than|below|under|drops below|falls below|<)$/i, 'lt'],
];
const comparisonPattern =
  'no more than|not more than|at most|up to|no less than|not less than|at least|more than|greater than|higher than|' +
  'longer than|in excess of|rises above|goes above|exceeding|exceeds?|over|above|less than|fewer than|lower than|' +
  'shorter than|drops below|falls below|below|under|≤|<=|≥|>=|>|<';

/** Units as written → the unit kept (lower case, as the contracts' `Threshold.unit` says). */
const units: [RegExp, string][] = [
  [/^(?:°\s?f|degrees?\s?f(?:ahrenheit)?|f)\b/i, '°f'],
  [/^(?:°\s?c|degrees?\s?c(?:elsius)?)\b/i, '°c'],
  [/^(?:°|degrees?)(?![a-z])/i, '°f'],
  [/^mg\s?\/\s?dl\b/i, 'mg/dl'],
  [/^mmol\s?\/\s?l\b/i, 'mmol/l'],
  [/^(?:fl\.?\s?)?(?:oz|ounces?)\b/i, 'oz'],
  [/^(?:ml|milliliters?|millilitres?|cc)\b/i, 'ml'],
  [/^(?:lbs?|pounds?)\b/i, 'lb'],
  [/^(?:kg|kilograms?)\b/i, 'kg'],
  [/^(?:minutes?|mins?)\b/i, 'min'],
  [/^(?:seconds?|secs?)\b/i, 's'],
  [/^(?:hours?|hrs?)\b/i, 'h'],
  [/^(?:days?)\b/i, 'day'],
  [/^(?:bpm|beats per minute|beats\/min)\b/i, 'bpm'],
  [/^(?:breaths per minute|breaths\/min)\b/i, 'breaths/min'],
  [/^%/, '%'],
  [/^(?:percent)\b/i, '%'],
  [/^(?:mmhg)\b/i, 'mmhg'],
  [/^(?:cups?)\b/i, 'cups'],
];

const windowUnits: [RegExp, NonNullable<Threshold['window']>['unit']][] = [
  [/^(?:minutes?|mins?)$/i, 'minute'],
  [/^(?:hours?|hrs?|hour period|-hour period)$/i, 'hour'],
  [/^days?$/i, 'day'],
  [/^weeks?$/i, 'week'],
  [/^months?$/i, 'month'],
];

/** Words dropped from the metric's phrase ("If his temperature is above" → "temperature"). */
const fillerWords = new Set(
  (
    'a an the his her their my your its he she they i you it if when whenever is are was were be been being has have ' +
    'had does do did gets get goes go has reads read stays stay remains remain of to for with and or then shows ' +
    'show lasting lasts last that which who any total reaches reach rises falls drops person client individual staff ' +
    'about around in on at from there'
  ).split(' '),
);
/** Words that start a new thought: the metric is only looked for after the last of them. */
const boundaryWords =
  /\b(?:if|when|whenever|call|notify|contact|and|or|then|unless|after|before|while)\b|[,:;(]/gi;
/** After the number, words that end a counted noun ("2 seizures in 24 hours"). */
const nounStop =
  /^(?:in|within|over|during|per|by|for|or|and|a|an|the|of|on|at|to|from|since|each|every|then|call)$/i;

function toNumber(text: string): number | null {
  const lower = text.toLowerCase();
  if (lower in numberWords) return numberWords[lower]!;
  const value = Number(lower);
  return Number.isFinite(value) ? value : null;
}

function comparisonOf(text: string): Threshold['comparison'] | null {
  const normal = text.replace(/\s+/g, ' ').trim();
  for (const [pattern, comparison] of comparisons) if (pattern.test(normal)) return comparison;
  return null;
}

/** The clauses of the text: sentences and semicolon/line parts (a decimal point does not end one). */
function clauses(text: string): string[] {
  return text
    .split(/(?<!\d)\.(?!\d)|\.(?=\s)|[;\n•]/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part.length > 0);
}

function windowOf(rest: string): Threshold['window'] {
  const match = new RegExp(
    `\\b(?:in|within|over|during|for|per|each|every|in a|in one|over a|over the|within a)\\s+(?:(?:a|an|one|the)\\s+)?` +
      `(?:(${number})[\\s-]*)?(minutes?|mins?|hours?|hrs?|-hour period|hour period|days?|weeks?|months?)\\b`,
    'i',
  ).exec(rest);
  if (!match) return null;
  const amount = match[1] ? toNumber(match[1]) : 1;
  const unit = windowUnits.find(([pattern]) => pattern.test(match[2]!))?.[1];
  if (amount === null || amount <= 0 || !unit) return null;
  return { amount, unit };
}

function byTimeOf(rest: string): string | null {
  if (/\bby (?:12 ?pm|noon|midday)\b/i.test(rest)) return '12:00';
  const match = /\bby\s+(\d{1,2})(?::([0-5]\d))?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?(?![\d:])/i.exec(rest);
  if (!match) return null;
  let hour = Number(match[1]);
  const minutes = match[2] ?? '00';
  const meridiem = match[3]?.toLowerCase().replace(/[.\s]/g, '');
  if (!meridiem && !match[2]) return null; // "by 3" is not a time.
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  if (hour > 23) return null;
  return `${String(hour).padStart(2, '0')}:${minutes}`;
}

function metricBefore(before: string): string {
  let start = 0;
  for (const match of before.matchAll(boundaryWords)) start = match.index + match[0].length;
  const words = before
    .slice(start)
    .toLowerCase()
    .split(/[^\p{L}\p{N}'/-]+/u)
    .filter((word) => word && !/^\d/.test(word));
  // The phrase right before the comparison: filler words at its end skipped, the next filler word ends it.
  let end = words.length;
  while (end > 0 && fillerWords.has(words[end - 1]!)) end--;
  let begin = end;
  while (begin > 0 && end - begin < 3 && !fillerWords.has(words[begin - 1]!)) begin--;
  return words.slice(begin, end).join(' ');
}

function countedNoun(after: string): string {
  const words: string[] = [];
  for (const word of after.trim().split(/\s+/)) {
    const clean = word.replace(/[^\p{L}'-]/gu, '');
    if (!clean || nounStop.test(clean) || words.length === 3) break;
    words.push(clean.toLowerCase());
    if (word !== clean) break; // Punctuation after the word ends the noun.
  }
  return words.join(' ');
}

function unitOf(after: string): { unit: string; length: number } | null {
  const text = after.replace(/^\s+/, '');
  for (const [pattern, unit] of units) {
    const match = pattern.exec(text);
    if (match) return { unit, length: after.length - text.length + match[0].length };
  }
  return null;
}

/** "no bowel movement in 3 days", "has not had a bowel movement in 3 days", "without urinating for 8 hours". */
function absenceThreshold(clause: string): Threshold | null {
  const match = new RegExp(
    `\\b(?:no|has not had(?: a| any)?|hasn't had(?: a| any)?|has had no|without(?: a| any)?|does not have(?: a| any)?)\\s+` +
      `([\\p{L}][\\p{L} -]{1,40}?)\\s+(?:in|within|for|over|after)\\s+(?:(?:a|an|the|one)\\s+)?(?:(${number})[\\s-]*)?` +
      `(minutes?|hours?|hrs?|days?|weeks?|months?)\\b`,
    'iu',
  ).exec(clause);
  if (!match) return null;
  const amount = match[2] ? toNumber(match[2]) : 1;
  const unit = windowUnits.find(([pattern]) => pattern.test(match[3]!))?.[1];
  if (amount === null || amount <= 0 || !unit) return null;
  const metric = match[1]!.toLowerCase().replace(/\s+/g, ' ').trim();
  if (isRange(clause.slice(match.index + match[0].length - match[3]!.length - 1 - (match[2]?.length ?? 0)))) {
    return null;
  }
  return threshold({ metric, comparison: 'none', value: 0, unit: 'count', window: { amount, unit }, clause });
}

/** "2-3", "2 to 3", "between 60 and 100": a range, left alone. */
function isRange(after: string): boolean {
  return new RegExp(`^\\s*(?:-|–|—|to|or)\\s*${number}\\b`, 'i').test(after);
}

function threshold(parts: {
  metric: string;
  comparison: Threshold['comparison'];
  value: number;
  unit: string;
  window?: Threshold['window'];
  byTime?: string | null;
  clause: string;
}): Threshold | null {
  const metric = parts.metric.slice(0, 200).trim();
  if (!metric || !Number.isFinite(parts.value)) return null;
  return {
    metric,
    comparison: parts.comparison,
    value: parts.value,
    unit: parts.unit.slice(0, 40),
    window: parts.window ?? null,
    byTime: parts.byTime ?? null,
    text: parts.clause.slice(0, 2000),
    confirmed: false,
  };
}

/** The thresholds one clause states (usually one; "above 100.4°F or below 95°F" gives two). */
function clauseThresholds(clause: string): Threshold[] {
  if (new RegExp(`\\bbetween\\s+${number}\\b.{0,20}\\band\\s+${number}`, 'i').test(clause)) return [];
  const absence = absenceThreshold(clause);
  if (absence) return [absence];
  const found: Threshold[] = [];
  // "3 or more falls in a week", "2 or fewer meals".
  const orMorePattern = new RegExp(
    `(?<![\\p{L}\\d.])(${number})\\s+or\\s+(more|higher|greater|fewer|less|lower)\\s+(?!than\\b)`,
    'giu',
  );
  for (const match of clause.matchAll(orMorePattern)) {
    const value = toNumber(match[1]!);
    const rest = clause.slice(match.index + match[0].length);
    const noun = countedNoun(rest);
    if (value === null || !noun) continue;
    const comparison = /more|higher|greater/i.test(match[2]!) ? 'gte' : 'lte';
    const made = threshold({
      metric: noun,
      comparison,
      value,
      unit: 'count',
      window: windowOf(rest),
      clause,
    });
    if (made) found.push(made);
  }
  if (found.length) return found;
  const pattern = new RegExp(`(?<![\\p{L}])(${comparisonPattern})\\s*(${number})(?![\\d.]*\\d)`, 'giu');
  let previousMetric = '';
  for (const match of clause.matchAll(pattern)) {
    const comparisonText = match[1]!;
    let comparison = comparisonOf(comparisonText);
    const value = toNumber(match[2]!);
    if (!comparison || value === null) continue;
    const afterNumber = clause.slice(match.index + match[0].length);
    if (isRange(afterNumber)) continue;
    const unit = unitOf(afterNumber);
    let rest = unit ? afterNumber.slice(unit.length) : afterNumber;
    const orMore = /^\s*or\s+(more|higher|greater|above|over|less|lower|fewer|below|under)\b/i.exec(rest);
    if (orMore) {
      comparison = /more|higher|greater|above|over/i.test(orMore[1]!) ? 'gte' : 'lte';
      rest = rest.slice(orMore[0].length);
    }
    const before = clause.slice(0, match.index);
    let metric = metricBefore(before);
    let unitText = unit?.unit ?? 'count';
    if (!unit) {
      const noun = countedNoun(rest);
      if (noun && noun !== 'times') metric = noun;
      else if (!noun) continue; // A bare number with nothing counted ("over 3") says too little.
    }
    if (!metric) metric = previousMetric;
    previousMetric = metric;
    // A duration of the event itself ("a seizure lasting longer than 5 minutes") has no window of its own.
    const window = unitText === 'min' || unitText === 'h' || unitText === 's' ? null : windowOf(rest);
    if (unitText === 'day' && !window) unitText = 'day';
    const made = threshold({
      metric,
      comparison,
      value,
      unit: unitText,
      window,
      byTime: byTimeOf(rest),
      clause,
    });
    if (made) found.push(made);
  }
  return found;
}

/**
 * Every threshold stated in `text`, in the order written, each with the clause it was read from and
 * `confirmed: false`. Returns `[]` for text with none. Never throws.
 */
export function parseThresholds(text: string): Threshold[] {
  try {
    if (typeof text !== 'string' || !text.trim()) return [];
    return clauses(text.slice(0, 20_000)).flatMap((clause) => clauseThresholds(clause));
  } catch {
    return []; // Defensive: a pattern that failed on unusual text must not stop processing the ISP.
  }
}
