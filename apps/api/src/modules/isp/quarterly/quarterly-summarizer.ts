/**
 * The deterministic extractive summary of a client's quarter of shift notes (issue 19 "Export and reports"; spec
 * s.3 QuarterlySummary; the rule is decision 0045, docs/quarterly-summaries.md). Pure: no I/O, no clock, no
 * randomness — the same notes give the same sections, byte for byte.
 *
 * Per section (the note's section type, trimmed and with runs of spaces made one; notes without one are
 * `General`; section types differing only in case are one section, named as first written):
 * 1. Sentences: each note's documentation is split at line breaks, then into sentences by `Intl.Segmenter`
 *    (ICU's sentence rules, English). A sentence with fewer than `MIN_SENTENCE_WORDS` words ("N/A", "Yes.") is
 *    not a candidate.
 * 2. Near-duplicates: sentences whose word sets (lower case, NFKC, every number counted as the same word) overlap
 *    by Jaccard ≥ `NEAR_DUPLICATE_JACCARD` are one sentence (the routine one written every shift, "Ate 50% of
 *    dinner" / "Ate 75% of dinner"), kept as first written, with how many notes wrote it.
 * 3. Term centrality: a sentence's terms are its words that are not English or Spanish stop words (package
 *    `stopword`) nor numbers, stemmed (Porter, package `stemmer`). Its score is the sum, over its distinct terms,
 *    of how many *other* distinct sentences of the section share that term, divided by the square root of its
 *    term count (long sentences do not win by length). Ties: earlier, then first written.
 * 4. The top `SUMMARY_MAX_SENTENCES` sentences, best first, skipping one that shares `REDUNDANT_TERM_SHARE` or more
 *    of its terms with a sentence already kept (no two lines say the same), each cut at
 *    `SUMMARY_MAX_SENTENCE_CHARS` characters (at a grapheme boundary, with "…"), while the kept text stays under
 *    `SUMMARY_MAX_CHARS`; printed in date order:
 *    `YYYY-MM-DD — sentence` and `(on n notes)` when repeated, under a first line `n notes from m shifts,
 *    first to last.`
 *
 * A quarter without notes gives no section.
 */
import { stemmer } from 'stemmer';
import stopword from 'stopword';

/** The section of notes without a section type. */
export const GENERAL_SECTION = 'General';
/** Most sentences kept per section. */
export const SUMMARY_MAX_SENTENCES = 5;
/** Longest kept sentence, characters (longer ones are cut with "…"). */
export const SUMMARY_MAX_SENTENCE_CHARS = 280;
/** Most characters of kept sentences per section (the first sentence is always kept). */
export const SUMMARY_MAX_CHARS = 1_200;
/** Fewest words a candidate sentence has. */
export const MIN_SENTENCE_WORDS = 3;
/** Word-set overlap (Jaccard) at or above which two sentences are the same sentence. */
export const NEAR_DUPLICATE_JACCARD = 0.8;
/** Share of a sentence's terms already in a kept sentence at which it is skipped as saying the same. */
export const REDUNDANT_TERM_SHARE = 0.6;
/** Longest section name, characters (contracts: a note's section type is at most 200). */
const SECTION_NAME_MAX = 200;

/** One shift note as the summary reads it. */
export interface QuarterNote {
  id: string;
  /** The shift the note was matched to. */
  shiftId: string;
  /** The note's calendar date in the agency's time zone (submitted at, else the shift's date), `YYYY-MM-DD`. */
  localDate: string;
  /** Submitted instant, ISO 8601; null when the note has none (then ordered by its shift's date). */
  submittedAt: string | null;
  sectionType: string | null;
  documentation: string | null;
}

/** One summarized section. */
export interface SummarizedSection {
  sectionName: string;
  /** The summary text: a first line with the counts and dates, then one line per kept sentence. */
  sectionSummary: string;
  noteCount: number;
  shiftCount: number;
  /** Distinct sentences read (after near-duplicates were merged). */
  sentenceCount: number;
  firstDate: string;
  lastDate: string;
}

interface Sentence {
  text: string;
  words: Set<string>;
  terms: Set<string>;
  date: string;
  order: number;
  notes: Set<string>;
}

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });
const words = new Intl.Segmenter('en', { granularity: 'word' });
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const stopWords = new Set([...stopword.eng, ...stopword.spa].map((w) => w.toLowerCase()));

/** Section name of a note: its section type trimmed, spaces collapsed, at most 200 characters; else General. */
export function sectionNameOf(sectionType: string | null): string {
  const name = (sectionType ?? '').replace(/\s+/g, ' ').trim();
  return name ? [...name].slice(0, SECTION_NAME_MAX).join('') : GENERAL_SECTION;
}

/** The word-like tokens of `text`, lower case (NFKC). */
function wordsOf(text: string): string[] {
  const found: string[] = [];
  for (const part of words.segment(text.normalize('NFKC').toLowerCase()))
    if (part.isWordLike) found.push(part.segment);
  return found;
}

/** The sentences of a note's documentation: per line, by ICU's sentence rules, spaces collapsed. */
export function sentencesOf(documentation: string): string[] {
  const found: string[] = [];
  for (const line of documentation.split(/[\r\n\u2028\u2029]+/)) {
    for (const part of sentences.segment(line)) {
      const sentence = part.segment.replace(/\s+/g, ' ').trim();
      if (sentence) found.push(sentence);
    }
  }
  return found;
}

/** A number as a word: digits with an optional decimal part. */
const NUMBER = /^\d+(?:[.,]\d+)*$/;

function termsOf(tokens: readonly string[]): Set<string> {
  const terms = new Set<string>();
  for (const token of tokens) {
    if (token.length < 2 || NUMBER.test(token) || stopWords.has(token)) continue;
    terms.add(stemmer(token));
  }
  return terms;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** `text` cut at `max` characters on a grapheme boundary, with "…" when cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > max - 1) break;
    kept += segment;
  }
  return `${kept.trimEnd()}…`;
}

const byDateThenOrder = (a: Sentence, b: Sentence) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order;

/** The distinct sentences of a section's notes (in date order), near-duplicates merged into the first. */
function distinctSentences(notes: readonly QuarterNote[]): Sentence[] {
  const distinct: Sentence[] = [];
  const byKey = new Map<string, Sentence>();
  let order = 0;
  for (const note of notes) {
    for (const text of sentencesOf(note.documentation ?? '')) {
      const tokens = wordsOf(text);
      if (tokens.length < MIN_SENTENCE_WORDS) continue;
      order += 1;
      const shape = tokens.map((token) => (NUMBER.test(token) ? '#' : token));
      const key = shape.join(' ');
      const wordSet = new Set(shape);
      let same = byKey.get(key);
      if (!same) {
        for (const candidate of distinct) {
          const small = Math.min(candidate.words.size, wordSet.size);
          const large = Math.max(candidate.words.size, wordSet.size);
          if (small / large < NEAR_DUPLICATE_JACCARD) continue;
          if (jaccard(candidate.words, wordSet) >= NEAR_DUPLICATE_JACCARD) {
            same = candidate;
            break;
          }
        }
      }
      if (same) {
        same.notes.add(note.id);
        byKey.set(key, same);
        continue;
      }
      const sentence: Sentence = {
        text,
        words: wordSet,
        terms: termsOf(tokens),
        date: note.localDate,
        order,
        notes: new Set([note.id]),
      };
      distinct.push(sentence);
      byKey.set(key, sentence);
    }
  }
  return distinct;
}

/** The kept sentences: the most central, within the limits, in date order. */
function pickSentences(distinct: readonly Sentence[]): Sentence[] {
  const sharing = new Map<string, number>();
  for (const sentence of distinct)
    for (const term of sentence.terms) sharing.set(term, (sharing.get(term) ?? 0) + 1);
  const score = (sentence: Sentence) => {
    if (!sentence.terms.size) return 0;
    let sum = 0;
    for (const term of sentence.terms) sum += (sharing.get(term) ?? 1) - 1;
    return sum / Math.sqrt(sentence.terms.size);
  };
  const scored = distinct.map((sentence) => ({ sentence, score: score(sentence) }));
  scored.sort((a, b) => b.score - a.score || byDateThenOrder(a.sentence, b.sentence));
  const kept: Sentence[] = [];
  let chars = 0;
  const redundant = (sentence: Sentence) =>
    sentence.terms.size > 0 &&
    kept.some((other) => {
      let shared = 0;
      for (const term of sentence.terms) if (other.terms.has(term)) shared += 1;
      return shared / sentence.terms.size >= REDUNDANT_TERM_SHARE;
    });
  for (const { sentence } of scored) {
    if (kept.length >= SUMMARY_MAX_SENTENCES) break;
    const length = Math.min(sentence.text.length, SUMMARY_MAX_SENTENCE_CHARS);
    if (kept.length && chars + length > SUMMARY_MAX_CHARS) continue;
    if (redundant(sentence)) continue;
    kept.push(sentence);
    chars += length;
  }
  return kept.sort(byDateThenOrder);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Orders notes by date, submitted instant, then id (so the input order never matters). */
function compareNotes(a: QuarterNote, b: QuarterNote): number {
  if (a.localDate !== b.localDate) return a.localDate < b.localDate ? -1 : 1;
  const at = a.submittedAt ?? '';
  const bt = b.submittedAt ?? '';
  if (at !== bt) return at < bt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The summary of one section's notes (at least one note). */
function summarizeSection(sectionName: string, notes: readonly QuarterNote[]): SummarizedSection {
  const distinct = distinctSentences(notes);
  const kept = pickSentences(distinct);
  const shiftCount = new Set(notes.map((n) => n.shiftId)).size;
  const firstDate = notes[0]?.localDate ?? '';
  const lastDate = notes[notes.length - 1]?.localDate ?? firstDate;
  const span = firstDate === lastDate ? `on ${firstDate}` : `${firstDate} to ${lastDate}`;
  const lines = [
    `${plural(notes.length, 'note', 'notes')} from ${plural(shiftCount, 'shift', 'shifts')}, ${span}.`,
  ];
  if (!kept.length) lines.push('No sentence of three words or more to summarize.');
  for (const sentence of kept) {
    const repeated = sentence.notes.size > 1 ? ` (on ${sentence.notes.size} notes)` : '';
    lines.push(`${sentence.date} — ${cut(sentence.text, SUMMARY_MAX_SENTENCE_CHARS)}${repeated}`);
  }
  return {
    sectionName,
    sectionSummary: lines.join('\n'),
    noteCount: notes.length,
    shiftCount,
    sentenceCount: distinct.length,
    firstDate,
    lastDate,
  };
}

/**
 * The sections of a quarter's notes, by section name (General last). No notes → no section. See the file's
 * docstring for the rule (decision 0045).
 */
export function summarizeQuarter(notes: readonly QuarterNote[]): SummarizedSection[] {
  const sections = new Map<string, { name: string; notes: QuarterNote[] }>();
  for (const note of [...notes].sort(compareNotes)) {
    const name = sectionNameOf(note.sectionType);
    const key = name.toLowerCase();
    const section = sections.get(key) ?? { name, notes: [] };
    section.notes.push(note);
    sections.set(key, section);
  }
  const ordered = [...sections.values()].sort((a, b) => {
    const ag = a.name === GENERAL_SECTION ? 1 : 0;
    const bg = b.name === GENERAL_SECTION ? 1 : 0;
    if (ag !== bg) return ag - bg;
    const al = a.name.toLowerCase();
    const bl = b.name.toLowerCase();
    return al < bl ? -1 : al > bl ? 1 : 0;
  });
  return ordered.map((section) => summarizeSection(section.name, section.notes));
}
