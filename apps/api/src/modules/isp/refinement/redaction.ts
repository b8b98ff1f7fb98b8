/**
 * Redaction of ISP text before it leaves Tend for the optional AI refinement (issue 19 "an optional
 * OpenAI-compatible endpoint may refine it on redacted text"; docs/isp-extraction.md "Optional AI refinement";
 * decision 0047). Identifiers become numbered placeholders (`[PERSON_1]`, `[PHONE_1]`, `[EMAIL_1]`, `[DATE_1]`,
 * `[ADDRESS_1]`, `[ID_1]`, `[NUMBER_1]`); the same value always gets the same placeholder, and {@link
 * Redactor.restore} puts the values back into the model's answer. What is redacted (HIPAA Safe Harbor's identifiers
 * that ISP text holds, 45 CFR 164.514(b)(2)):
 *
 * - people's names: the names given (the client's, from Tend), names after labels in the text ("Guardian:",
 *   "Caregiver:", "Written by", "Author:", "Case manager:", "Parent:", "Emergency contact:", …), names before a
 *   credential ("Dana Reyes, RN") and after a title ("Dr. Ortiz"); then every whole-word occurrence of each name and
 *   of each of its parts (a first name alone, a surname alone), whatever the case;
 * - email addresses; phone numbers (NANP, with or without a country code or extension); street addresses (a house
 *   number and a street word, with the unit, city, state and ZIP that follow: "1420 Maple Street, Apt 3, Salem OR
 *   97301"); dates (every date: a date of birth is one; numeric,
 *   written out, ISO); Medicaid / prime ids (two letters, five digits, a letter: "AB12345C") and any token that
 *   mixes letters and 4 or more digits; any run of 5 or more digits (ZIP codes, record numbers).
 *
 * Measurements ("2 seizures", "64 oz", "100.4°F") stay: they are what refinement is about. Pure.
 */

/** The kinds of placeholder, as they appear in the text sent. */
export type PlaceholderKind = 'PERSON' | 'EMAIL' | 'PHONE' | 'ADDRESS' | 'DATE' | 'ID' | 'NUMBER';

/** A redactor for one ISP: `redact` texts, then `restore` the model's answer. */
export interface Redactor {
  /** `text` with every identifier replaced by its placeholder. */
  redact(text: string): string;
  /** `text` with every known placeholder replaced by its value (unknown placeholders are left as they are). */
  restore(text: string): string;
  /** Placeholders in `text` that this redactor never gave out (an answer that invents one). */
  unknownPlaceholders(text: string): string[];
  /** How many distinct values of each kind were redacted so far (counts only: for audit and processing notes). */
  counts(): Record<PlaceholderKind, number>;
}

/** Labels after which the ISP names a person (matched case-insensitively, followed by ":" or "-"). */
const personLabels = [
  'name',
  'individual',
  'client',
  'person',
  'guardian',
  'legal guardian',
  'parent',
  'mother',
  'father',
  'caregiver',
  'caregivers',
  'staff',
  'provider',
  'case manager',
  'services coordinator',
  'personal agent',
  'author',
  'nurse',
  'physician',
  'doctor',
  'emergency contact',
  'contact',
  'representative',
  'team member',
  'team members',
];

/** Phrases followed by a name without a colon ("Written by Dana Reyes"). */
const byLabels = ['written by', 'prepared by', 'completed by', 'reviewed by', 'signed by'];

/** Credentials after a name ("Dana Reyes, RN"), as the extraction knows them. */
const credentials =
  'RN|LPN|LVN|APRN|NP|BCBA|BCaBA|MD|DO|PA|PA-C|PT|OT|SLP|RD|QMHP|QIDP|LCSW|LPC|LMFT|PhD|PsyD|CNA|DDS|MSW';

/** A capitalised name word (letters of any script, apostrophes and hyphens inside: "O'Neil", "Ana-María"). */
const nameWord = "\\p{Lu}[\\p{L}\\p{M}]*(?:['’\\-][\\p{L}\\p{M}]+)*";
/** One to four name words, with optional middle initials ("Dana R. Reyes"). */
const fullName = `${nameWord}(?:[ \\t]+(?:\\p{Lu}\\.|${nameWord})){0,3}`;

/** Words that follow a label but are no name ("Guardian: None", "Caregiver: All staff"). */
const notNames = new Set(
  [
    'none',
    'n/a',
    'na',
    'self',
    'all',
    'staff',
    'the',
    'his',
    'her',
    'their',
    'yes',
    'no',
    'unknown',
    'see',
    'mar',
    'give',
    'ask',
    'tell',
    'notify',
    'contact',
    'prn',
    'pbsp',
    'isp',
    'risk',
    'serious',
    'call',
    'if',
    'when',
    'description',
    'prevention',
    'response',
    'emergency',
    'supports',
    'date',
    'effective',
    'review',
    'plan',
    'protocol',
    'nurse',
    'staff',
    'residential',
    'home',
    'day',
    'program',
  ].map((word) => word.toLowerCase()),
);

const emailPattern = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
const phonePattern =
  /(?<![\p{N}\p{L}])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-])\d{3}[\s.-]\d{4}(?:\s*(?:x|ext\.?)\s*\d{1,5})?(?![\p{N}])/giu;
const streetWords =
  'Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace|Ter|Circle|Cir|Highway|Hwy|Parkway|Pkwy|Loop|Trail|Square|Sq';
const addressPattern = new RegExp(
  `\\b\\d{1,6}\\s+(?:[NSEW]\\.?\\s+)?(?:${nameWord}\\s+){1,4}(?:${streetWords})\\b\\.?(?:\\s+(?:[NSEW]{1,2}|NE|NW|SE|SW)\\b)?(?:,?\\s*(?:#|Apt\\.?|Apartment|Suite|Ste\\.?|Unit)\\s*[\\p{L}\\p{N}-]+)?(?:,[ \\t]*${nameWord}(?:[ \\t]+${nameWord})?)?(?:,?[ \\t]+[A-Z]{2}(?:[ \\t]+\\d{5}(?:-\\d{4})?)?)?`,
  'gu',
);
const months =
  'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const datePattern = new RegExp(
  [
    '\\b\\d{4}-\\d{2}-\\d{2}\\b',
    '\\b\\d{1,2}[/.-]\\d{1,2}[/.-](?:\\d{4}|\\d{2})\\b',
    `\\b(?:${months})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`,
    `\\b\\d{1,2}\\s+(?:${months})\\.?,?\\s+\\d{4}\\b`,
  ].join('|'),
  'gu',
);
/** Oregon prime / Medicaid ids ("AB12345C") and any token mixing letters and 4+ digits ("MRN A1234567"). */
const idPattern = /\b(?=[\p{L}\p{N}-]*\p{L})(?=(?:[\p{L}-]*\p{N}){4})[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*\b/gu;
/** Five or more digits, single spaces or hyphens between them allowed ("97301", "1234-5678"). */
const longNumberPattern = /(?<![\p{N}.,])\d(?:[ -]?\d){4,}(?![\p{N}])/gu;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `label` as a pattern matching any case of its letters (the name after it must still start with a capital). */
function anyCase(label: string): string {
  return [...escapeRegExp(label)]
    .map((char) => (/\p{L}/u.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char))
    .join('')
    .replace(/ /g, '\\s+');
}

/** A label pattern: "Guardian: Maria Lopez", "Written by Dana Reyes, RN", "Author - Sam Lee". */
const labelledName = new RegExp(
  `(?:^|[\\n.;|(]|\\s)(?:(?:${personLabels.map(anyCase).join('|')})\\s*[:–-]|${byLabels.map(anyCase).join('|')})\\s*(${fullName})`,
  'gu',
);
const credentialName = new RegExp(`(${fullName}),?\\s+(?:${credentials})\\b`, 'gu');
const titledName = new RegExp(`\\b(?:Dr|Mr|Mrs|Ms|Mx|Miss)\\.?\\s+(${fullName})`, 'gu');
/** A name before a date of birth: "Jamie Rivera (DOB 02/03/1990)", "Jamie Rivera, born 1990". */
const dobName = new RegExp(
  `(${fullName})[ \\t]*[,(]?[ \\t]*(?:DOB|D\\.O\\.B\\.|[Dd]ate of [Bb]irth|[Bb]orn)\\b`,
  'gu',
);

/** Names a text gives: after person labels, before credentials, after titles. */
export function namesInText(text: string): string[] {
  const found: string[] = [];
  for (const pattern of [labelledName, credentialName, titledName, dobName]) {
    for (const match of text.matchAll(pattern)) {
      // Before a credential or a date of birth the name is the last words ("Call Dana Reyes, RN"); else the first.
      const name = cleanName(match[1] ?? '', pattern === credentialName || pattern === dobName);
      if (name) found.push(name);
    }
  }
  return found;
}

/** A found name without words that are no name ("Dana Reyes Call" → "Dana Reyes"); null when none is left. */
function cleanName(candidate: string, fromEnd = false): string | null {
  const words = candidate.split(/\s+/).filter((word) => word.length > 0);
  if (fromEnd) words.reverse();
  const kept: string[] = [];
  for (const word of words) {
    if (notNames.has(word.toLowerCase().replace(/[.:,]$/, ''))) break;
    kept.push(word);
  }
  if (fromEnd) kept.reverse();
  const name = kept.join(' ').trim();
  return name.replace(/\p{Lu}\.$/u, '').trim().length >= 2 ? name : null;
}

/** What one redactor knows: the values it replaced, their placeholders, and the names it learned. */
interface RedactionState {
  /** Kind and normalized value (`PHONE:5035550100`) → placeholder. */
  values: Map<string, string>;
  /** Placeholder → value as first seen. */
  originals: Map<string, string>;
  /** Placeholders given out so far, per kind. */
  counters: Record<PlaceholderKind, number>;
  /** Name words and whole names (lower case), each with its person's placeholder. */
  nameTerms: Map<string, string>;
  /** Identifiers known to Tend, replaced whatever their case. */
  ids: readonly string[];
}

/** Any placeholder this module gives out. */
const placeholderPattern = /\[(?:PERSON|EMAIL|PHONE|ADDRESS|DATE|ID|NUMBER)_\d+\]/g;

/** The placeholder of `value` (`key` is its normalized form): the same value always gets the same one. */
function placeholder(
  state: RedactionState,
  kind: PlaceholderKind,
  value: string,
  key = value.toLowerCase(),
): string {
  const known = state.values.get(`${kind}:${key}`);
  if (known) return known;
  state.counters[kind] += 1;
  const token = `[${kind}_${state.counters[kind]}]`;
  state.values.set(`${kind}:${key}`, token);
  state.originals.set(token, value);
  return token;
}

/** Learns one name term (a whole name or one of its words) with a PERSON placeholder of its own. */
function learnTerm(state: RedactionState, term: string): void {
  const key = term.toLowerCase();
  if (!state.nameTerms.has(key)) state.nameTerms.set(key, placeholder(state, 'PERSON', term));
}

/** Learns a person's name: the whole name and each of its parts (module comment, "people's names"). */
function learnName(state: RedactionState, name: string): void {
  const clean = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (clean.length < 2) return;
  learnTerm(state, clean);
  // Each part of the name alone ("Casey", "Client"), unless it is an initial or a word that is no name. Each
  // form has its own placeholder, so the answer is restored to exactly what the ISP says.
  for (const part of clean.split(' ')) {
    const word = part.replace(/[.,]$/, '');
    if (word.length >= 2 && !notNames.has(word.toLowerCase())) learnTerm(state, word);
  }
}

/**
 * `term` replaced as a whole word, whatever its case, but only where it starts with a capital letter as names do
 * ("Client" in "Casey Client" and "CLIENT", not "the client"); everywhere with `ignoreCase` (ids).
 */
function replaceWord(term: string, replacement: string, text: string, ignoreCase = false): string {
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{M}\\p{N}])`, 'giu');
  return text.replace(pattern, (match) => (ignoreCase || /^\p{Lu}/u.test(match) ? replacement : match));
}

/**
 * A capitalised word right beside a known name word is part of that person's name ("Jamie Rivera" once "Rivera"
 * is known from "Guardian: Pat Rivera"): learned as a name, twice over (a middle name).
 */
function learnNeighbours(state: RedactionState, text: string): void {
  for (let round = 0; round < 2; round += 1) {
    const parts = [...state.nameTerms.keys()].filter((term) => !term.includes(' '));
    for (const part of parts) {
      const word = escapeRegExp(part);
      const around = new RegExp(
        `(?<![\\p{L}\\p{M}])(?:(${nameWord})[ \\t]+(${word})|(${word})[ \\t]+(${nameWord}))(?![\\p{L}\\p{M}])`,
        'giu',
      );
      for (const match of text.matchAll(around)) {
        const [neighbour, known] = match[1] ? [match[1], match[2]] : [match[4], match[3]];
        if (!neighbour || !known || !/^\p{Lu}/u.test(neighbour) || !/^\p{Lu}/u.test(known)) continue;
        if (notNames.has(neighbour.toLowerCase()) || personLabels.includes(neighbour.toLowerCase())) continue;
        learnName(state, match[0]);
      }
    }
  }
}

/**
 * `input` with every identifier replaced (module comment): first learns the names it gives, then replaces the
 * structured identifiers (an address or email holds names and digits), then names, longest first.
 */
function redactText(state: RedactionState, input: string): string {
  let text = input.normalize('NFC');
  for (const name of namesInText(text)) learnName(state, name);
  learnNeighbours(state, text);
  text = text.replace(emailPattern, (value) => placeholder(state, 'EMAIL', value));
  for (const id of state.ids)
    if (id.trim().length >= 3) text = replaceWord(id.trim(), placeholder(state, 'ID', id.trim()), text, true);
  text = text.replace(addressPattern, (value) => placeholder(state, 'ADDRESS', value));
  text = text.replace(phonePattern, (value) => placeholder(state, 'PHONE', value, value.replace(/\D/g, '')));
  text = text.replace(datePattern, (value) => placeholder(state, 'DATE', value));
  text = text.replace(idPattern, (value) =>
    /^\[?[A-Z]+_\d+\]?$/.test(value) ? value : placeholder(state, 'ID', value),
  );
  text = text.replace(longNumberPattern, (value) =>
    placeholder(state, 'NUMBER', value, value.replace(/\D/g, '')),
  );
  const terms = [...state.nameTerms.entries()].sort((a, b) => b[0].length - a[0].length);
  for (const [term, token] of terms) text = replaceWord(term, token, text);
  return text;
}

/**
 * A redactor for one ISP. `names` are people's names known before reading (the client's name, preferred name);
 * {@link Redactor.redact} also learns the names each text gives before it replaces them.
 */
export function createRedactor(names: readonly string[] = [], ids: readonly string[] = []): Redactor {
  const state: RedactionState = {
    values: new Map(),
    originals: new Map(),
    counters: { PERSON: 0, EMAIL: 0, PHONE: 0, ADDRESS: 0, DATE: 0, ID: 0, NUMBER: 0 },
    nameTerms: new Map(),
    ids,
  };
  for (const name of names) learnName(state, name);
  return {
    redact: (text) => redactText(state, text),
    restore: (text) => text.replace(placeholderPattern, (token) => state.originals.get(token) ?? token),
    unknownPlaceholders: (text) =>
      [...text.matchAll(placeholderPattern)].map((m) => m[0]).filter((t) => !state.originals.has(t)),
    counts: () => ({ ...state.counters }),
  };
}
