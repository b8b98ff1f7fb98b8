/**
 * The phrase mapper: finds incident phrases in free text (shift notes), decides which are negated, and
 * redacts names and sensitive terms. Pure and synchronous; no I/O (issue 5; docs/incident-screening.md).
 *
 * - Tokens are runs of letters/digits (apostrophes inside a word kept: "couldn't"); each is lower-cased
 *   and reduced by the Porter stemmer (`stemmer` package), so "falls", "falling" and "fall" are one
 *   word, as are "seizure"/"seizures". Irregular forms ("fell") are listed as phrases of their own.
 * - Phrases are token sequences compiled once into a trie keyed by stem (`*` = any one word). At each
 *   token the longest phrase wins and its words are consumed (non-overlapping), so "fell asleep"
 *   (a non-incident phrase) hides "fell", and "hit her head" (injury) beats "hit her" (abuse).
 * - Negation follows NegEx (Chapman W.W. et al., "A simple algorithm for identifying negated findings
 *   and diseases in discharge summaries", J Biomed Inform 34(5), 2001): a phrase is negated when a
 *   pre-negation trigger ("no", "not", "did not", "denies", "without", "never", …) occurs within
 *   {@link NEGATION_WINDOW} words before it in the same sentence with no termination term ("but",
 *   "however", "although", …) between them, or a post-negation trigger ("ruled out") follows it closely.
 *   Pseudo-triggers ("not only", "not sure") are not negations.
 * - Redaction replaces client names, client-specific terms and `shouldRedact` terms by `[REDACTED]`,
 *   matched case-insensitively on whole words (not stemmed).
 */
import { stemmer } from 'stemmer';
import {
  HIGHLIGHT_CLOSE,
  HIGHLIGHT_OPEN,
  incidentCategories,
  incidentCategory,
  maxSeverity,
  nonIncidentPhrases,
  REDACTED,
  severityRank,
  type IncidentSeverity,
  type PhraseMatch,
} from '@tend/contracts';

/** A word of the input: its UTF-16 span, lower-cased form, stem and whether a sentence boundary precedes it. */
export interface Token {
  start: number;
  end: number;
  raw: string;
  lower: string;
  stem: string;
  /** A sentence or clause boundary (. ! ? ; : or a line break) lies between this token and the previous one. */
  boundaryBefore: boolean;
}

const wordPattern = /[\p{L}\p{N}]+(?:['\u2019][\p{L}\p{N}]+)*/gu;
/** Sentence or clause boundaries: . ! ? ; : line breaks and the ellipsis character. */
const boundaryCodes = new Set(['.', '!', '?', ';', ':', '\n', '\r', '\u2026'].map((c) => c.charCodeAt(0)));

/** Whether text[from, to) holds a boundary character (a loop: cheaper than slicing and a regex per word). */
function hasBoundary(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k += 1) if (boundaryCodes.has(text.charCodeAt(k))) return true;
  return false;
}

const stemCache = new Map<string, string>();
/** The Porter stem of a lower-cased word (memoised; the cache is bounded). */
function stemOf(lower: string): string {
  let stem = stemCache.get(lower);
  if (stem === undefined) {
    stem = stemmer(lower);
    if (stemCache.size > 200_000) stemCache.clear();
    stemCache.set(lower, stem);
  }
  return stem;
}

/** Splits `text` into tokens (see {@link Token}). Never throws; empty text gives no tokens. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(wordPattern)) {
    const start = match.index;
    const raw = match[0];
    const lower = raw.toLowerCase().replaceAll('\u2019', "'");
    tokens.push({
      start,
      end: start + raw.length,
      raw,
      lower,
      stem: stemOf(lower),
      boundaryBefore: tokens.length > 0 && hasBoundary(text, previousEnd, start),
    });
    previousEnd = start + raw.length;
  }
  return tokens;
}

/** Words of a phrase as the matcher compares them: stems, `*` kept as the wildcard. */
function phraseStems(phrase: string): string[] {
  return phrase
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((part) => (part === '*' ? ['*'] : tokenize(part).map((t) => t.stem)));
}

/** Words of a phrase lower-cased (for redaction and negation triggers). */
function phraseWords(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.lower);
}

/** An all-capitals phrase of up to 3 letters ("ER", "ED") matches only when written in capitals. */
function isCaseSensitive(phrase: string): boolean {
  return /^[A-Z]{2,3}$/.test(phrase.trim());
}

interface PhraseEntry {
  phrase: string;
  /** null: a non-incident phrase (it consumes words, reports nothing). */
  categoryId: string | null;
  caseSensitive: boolean;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  any: TrieNode | null;
  entries: PhraseEntry[];
}

const newNode = (): TrieNode => ({ next: new Map(), any: null, entries: [] });

function insert(root: TrieNode, keys: string[], entry: PhraseEntry): void {
  if (!keys.length) return;
  let node = root;
  for (const key of keys) {
    if (key === '*') {
      node.any ??= newNode();
      node = node.any;
    } else {
      let child = node.next.get(key);
      if (!child) {
        child = newNode();
        node.next.set(key, child);
      }
      node = child;
    }
  }
  if (!node.entries.some((e) => e.phrase === entry.phrase && e.categoryId === entry.categoryId))
    node.entries.push(entry);
}

/** Longest match in `root` starting at token `i`: its end (exclusive token index) and entries. */
function longestAt(
  root: TrieNode,
  tokens: Token[],
  i: number,
  key: (t: Token) => string,
  crossBoundaries = false,
): { end: number; entries: PhraseEntry[] } | null {
  // Fast path (most words start no phrase): no closure, no allocation.
  const first = tokens[i];
  if (!first || (!root.any && !root.next.has(key(first)))) return null;
  let best: { end: number; entries: PhraseEntry[] } | null = null;
  const walk = (node: TrieNode, j: number) => {
    if (node.entries.length && j > i) {
      const entries = node.entries.filter(
        (e) =>
          !e.caseSensitive ||
          tokens
            .slice(i, j)
            .map((t) => t.raw)
            .join(' ') === e.phrase.trim(),
      );
      if (entries.length && (!best || j > best.end)) best = { end: j, entries };
    }
    const token = tokens[j];
    if (!token || (j > i && token.boundaryBefore && !crossBoundaries)) return;
    const child = node.next.get(key(token));
    if (child) walk(child, j + 1);
    if (node.any) walk(node.any, j + 1);
  };
  walk(root, i);
  return best;
}

/**
 * NegEx pre-negation triggers (Chapman et al. 2001, adapted to care notes). Multi-word forms are
 * listed so the trigger shown to the user is the whole phrase.
 */
export const preNegationTriggers: readonly string[] = [
  'no',
  'not',
  'never',
  'without',
  'denies',
  'denied',
  'deny',
  'nor',
  'neither',
  'none',
  'cannot',
  "can't",
  'did not',
  "didn't",
  'does not',
  "doesn't",
  'do not',
  "don't",
  'was not',
  "wasn't",
  'were not',
  "weren't",
  'is not',
  "isn't",
  'has not',
  "hasn't",
  'have not',
  "haven't",
  'had not',
  "hadn't",
  'will not',
  "won't",
  'would not',
  "wouldn't",
  'could not',
  "couldn't",
  'no sign of',
  'no signs of',
  'no evidence of',
  'free of',
  'negative for',
  'absence of',
  'rather than',
];
/** NegEx post-negation triggers: a phrase followed closely by one of these is negated ("fall ruled out"). */
export const postNegationTriggers: readonly string[] = ['ruled out', 'was ruled out', 'denied'];
/** NegEx pseudo-triggers: look like negations but are not ("not only", "not sure if she fell"). */
export const pseudoNegationTriggers: readonly string[] = [
  'not only',
  'not just',
  'not necessarily',
  'not sure',
  'not certain',
  'no doubt',
  'without doubt',
  'no longer',
];
/** NegEx termination terms: a negation's scope ends at them ("did not fall but hit her head"). */
export const negationTerminators: readonly string[] = [
  'but',
  'however',
  'nevertheless',
  'yet',
  'though',
  'although',
  'still',
  'except',
  'aside',
  'apart',
  'because',
  'then',
  'later',
  'after',
  'when',
  'while',
  'whereas',
];
/** Words a pre-negation trigger may reach forward (NegEx uses a five-term window; we allow six words). */
export const NEGATION_WINDOW = 6;
const POST_NEGATION_WINDOW = 3;

const wordTrie = (phrases: readonly string[]) => {
  const root = newNode();
  for (const phrase of phrases)
    insert(root, phraseWords(phrase), { phrase, categoryId: null, caseSensitive: false });
  return root;
};
const preTrie = wordTrie(preNegationTriggers);
const postTrie = wordTrie(postNegationTriggers);
const pseudoTrie = wordTrie(pseudoNegationTriggers);
const terminators = new Set(negationTerminators);
const byLower = (t: Token) => t.lower;

/**
 * The pre-negation trigger scoping the phrase at tokens [start, end), or null. Looks back up to
 * NEGATION_WINDOW words, stopping at a sentence boundary or a termination term.
 */
function negationOf(tokens: Token[], start: number, end: number): string | null {
  const first = tokens[start];
  if (first && !first.boundaryBefore) {
    for (let k = start - 1; k >= 0 && k >= start - NEGATION_WINDOW; k -= 1) {
      const token = tokens[k] as Token;
      if (terminators.has(token.lower)) break;
      if (!longestAt(pseudoTrie, tokens, k, byLower)) {
        const trigger = longestAt(preTrie, tokens, k, byLower);
        // The trigger must end before the phrase ("couldn't find" is not negated by its own "couldn't").
        if (trigger && trigger.end <= start) {
          // Report the whole trigger: "did not" rather than its last word "not".
          let phrase = trigger.entries[0]?.phrase ?? null;
          for (let w = k - 1; w >= 0 && w >= k - 3; w -= 1) {
            const wider = longestAt(preTrie, tokens, w, byLower);
            if (wider && wider.end > k && wider.end <= start) phrase = wider.entries[0]?.phrase ?? phrase;
          }
          return phrase;
        }
      }
      if (token.boundaryBefore) break;
    }
  }
  for (let k = end; k < tokens.length && k < end + POST_NEGATION_WINDOW; k += 1) {
    const token = tokens[k] as Token;
    if (token.boundaryBefore || terminators.has(token.lower)) break;
    const trigger = longestAt(postTrie, tokens, k, byLower);
    if (trigger) return trigger.entries[0]?.phrase ?? null;
  }
  return null;
}

/** A term the mapper learns from the database (spec s.3 Term). */
export interface MapperTerm {
  term: string;
  /** An incident category id (contracts catalogue) or null. */
  label: string | null;
  shouldRedact: boolean;
}

/** A redaction dictionary compiled from terms and names (lower-cased whole words). */
export interface Redactor {
  readonly root: TrieNode;
  readonly size: number;
}

/**
 * Compiles terms (client-specific terms, names, `shouldRedact` terms) into a redaction dictionary.
 * A person's name is redacted whole and word by word (two or more letters), so "Jane" alone is
 * redacted too. Empty or wordless terms are ignored.
 */
export function compileRedactor(terms: Iterable<string>, names: Iterable<string> = []): Redactor {
  const root = newNode();
  let size = 0;
  const add = (words: string[], phrase: string) => {
    if (!words.length) return;
    insert(root, words, { phrase, categoryId: null, caseSensitive: false });
    size += 1;
  };
  for (const term of terms) add(phraseWords(term), term);
  for (const name of names) {
    const words = phraseWords(name);
    add(words, name);
    for (const word of words) if (word.length >= 2 && !/^\d+$/.test(word)) add([word], word);
  }
  return { root, size };
}

/** Merges several redaction dictionaries' spans (see {@link redactionSpans}). */
function redactionSpans(
  text: string,
  tokens: Token[],
  redactors: Redactor[],
): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (let i = 0; i < tokens.length;) {
    let end = i;
    let phrase = '';
    for (const redactor of redactors) {
      if (!redactor.size) continue;
      // Names may hold punctuation ("Doe, J.", "…4321"): redaction matches across it.
      const found = longestAt(redactor.root, tokens, i, byLower, true);
      if (found && found.end > end) {
        end = found.end;
        phrase = found.entries[0]?.phrase ?? '';
      }
    }
    if (end > i) {
      let start = (tokens[i] as Token).start;
      let stop = (tokens[end - 1] as Token).end;
      // Punctuation that opens or closes the term itself ("(pid 4321)") goes with it.
      const lead = /^[^\p{L}\p{N}\s]+/u.exec(phrase)?.[0] ?? '';
      const trail = /[^\p{L}\p{N}\s]+$/u.exec(phrase)?.[0] ?? '';
      if (lead && text.slice(start - lead.length, start) === lead) start -= lead.length;
      if (trail && text.slice(stop, stop + trail.length) === trail) stop += trail.length;
      const last = spans.at(-1);
      if (last && last.end >= start) last.end = stop;
      else spans.push({ start, end: stop });
      i = end;
    } else i += 1;
  }
  return spans;
}

/** The compiled phrase mapper: catalogue phrases, Term phrases and non-incident phrases, plus the global redactor. */
export interface PhraseMapper {
  readonly root: TrieNode;
  /** `shouldRedact` terms. */
  readonly redactor: Redactor;
  readonly phraseCount: number;
}

/**
 * Compiles the built-in catalogue (contracts `incidentCategories`, `nonIncidentPhrases`) and the
 * admin's Terms: a Term whose `label` is a category id adds its `term` as a phrase of that category;
 * a Term with `shouldRedact` is redacted (both may hold). Terms with an unknown label are ignored
 * here (the API refuses them). Cost: linear in the number of phrases; compile once per screening run.
 */
export function compilePhraseMapper(terms: readonly MapperTerm[] = []): PhraseMapper {
  const root = newNode();
  let phraseCount = 0;
  const add = (phrase: string, categoryId: string | null) => {
    const keys = phraseStems(phrase);
    if (!keys.length || keys.every((k) => k === '*')) return;
    insert(root, keys, { phrase, categoryId, caseSensitive: isCaseSensitive(phrase) });
    phraseCount += 1;
  };
  for (const category of incidentCategories) for (const phrase of category.phrases) add(phrase, category.id);
  for (const phrase of nonIncidentPhrases) add(phrase, null);
  for (const term of terms) if (term.label && incidentCategory(term.label)) add(term.term, term.label);
  const redactor = compileRedactor(terms.filter((t) => t.shouldRedact).map((t) => t.term));
  return { root, redactor, phraseCount };
}

/** Incident phrases found in `text` (negated ones included, flagged), in text order. */
export function findPhrases(mapper: PhraseMapper, text: string, tokens = tokenize(text)): PhraseMatch[] {
  const matches: PhraseMatch[] = [];
  for (let i = 0; i < tokens.length;) {
    const found = longestAt(mapper.root, tokens, i, (t) => t.stem);
    if (!found) {
      i += 1;
      continue;
    }
    const start = (tokens[i] as Token).start;
    const end = (tokens[found.end - 1] as Token).end;
    const categories = new Map<string, string>();
    for (const entry of found.entries)
      if (entry.categoryId && !categories.has(entry.categoryId))
        categories.set(entry.categoryId, entry.phrase);
    if (categories.size) {
      const trigger = negationOf(tokens, i, found.end);
      for (const [categoryId, phrase] of categories)
        matches.push({
          text: text.slice(start, end),
          start,
          end,
          categoryId,
          phrase,
          negated: trigger !== null,
          negationTrigger: trigger,
        });
    }
    i = found.end;
  }
  return matches;
}

/**
 * Writes `text` with redaction spans replaced by `[REDACTED]` and highlight spans wrapped in ⟦…⟧
 * (contracts HIGHLIGHT_OPEN/CLOSE). Marker characters already in the text become `[`/`]` so the
 * output is unambiguous. Spans are UTF-16 offsets, each list sorted and non-overlapping.
 */
export function renderMarked(
  text: string,
  redactions: readonly { start: number; end: number }[],
  highlights: readonly { start: number; end: number }[],
): string {
  const clean = (s: string) => s.replaceAll(HIGHLIGHT_OPEN, '[').replaceAll(HIGHLIGHT_CLOSE, ']');
  const cuts = new Set<number>([0, text.length]);
  for (const s of [...redactions, ...highlights]) {
    cuts.add(Math.max(0, Math.min(text.length, s.start)));
    cuts.add(Math.max(0, Math.min(text.length, s.end)));
  }
  const points = [...cuts].sort((a, b) => a - b);
  let out = '';
  let r = 0;
  let h = 0;
  let open = false;
  let lastRedaction = -1;
  for (let p = 0; p < points.length - 1; p += 1) {
    const a = points[p] as number;
    const b = points[p + 1] as number;
    while (r < redactions.length && (redactions[r] as { end: number }).end <= a) r += 1;
    while (h < highlights.length && (highlights[h] as { end: number }).end <= a) h += 1;
    const red = redactions[r];
    const hi = highlights[h];
    const inHighlight = !!hi && hi.start <= a && a < hi.end;
    if (inHighlight !== open) {
      out += inHighlight ? HIGHLIGHT_OPEN : HIGHLIGHT_CLOSE;
      open = inHighlight;
    }
    if (red && red.start <= a && a < red.end) {
      if (lastRedaction !== r) out += REDACTED;
      lastRedaction = r;
    } else out += clean(text.slice(a, b));
  }
  if (open) out += HIGHLIGHT_CLOSE;
  return out;
}

/** Everything the mapper says about one text (the phrase tester's answer; contracts `phraseTestResult`). */
export interface TextAnalysis {
  matches: PhraseMatch[];
  categories: string[];
  severity: IncidentSeverity | null;
  reason: string | null;
  redactedText: string;
  highlightedText: string;
  redactionCount: number;
  /** Redaction spans in the input (UTF-16 offsets). */
  redactions: { start: number; end: number }[];
}

/** Categories of the non-negated matches, most severe first (catalogue order within a severity). */
export function categoriesOf(matches: readonly PhraseMatch[]): string[] {
  const ids = new Set(matches.filter((m) => !m.negated).map((m) => m.categoryId));
  return incidentCategories
    .filter((c) => ids.has(c.id))
    .sort((a, b) => severityRank(a.severity) - severityRank(b.severity))
    .map((c) => c.id);
}

/** Highest severity among `categoryIds` (null when none). */
export function severityOf(categoryIds: readonly string[]): IncidentSeverity | null {
  let severity: IncidentSeverity | null = null;
  for (const id of categoryIds) severity = maxSeverity(severity, incidentCategory(id)?.severity ?? null);
  return severity;
}

/**
 * A short reason naming each category and the words that triggered it, e.g.
 * `Fall: "fell"; Hospital or ER: "ER"`. Matched words inside a redaction are shown as the catalogue
 * phrase instead (no PHI). Null when nothing was found.
 */
export function reasonOf(
  matches: readonly PhraseMatch[],
  redactions: readonly { start: number; end: number }[] = [],
): string | null {
  const words = new Map<string, Set<string>>();
  for (const m of matches) {
    if (m.negated) continue;
    const redacted = redactions.some((r) => r.start < m.end && m.start < r.end);
    const shown = redacted ? m.phrase : m.text.toLowerCase();
    const set = words.get(m.categoryId) ?? new Set<string>();
    set.add(shown.replaceAll(HIGHLIGHT_OPEN, '[').replaceAll(HIGHLIGHT_CLOSE, ']').slice(0, 60));
    words.set(m.categoryId, set);
  }
  const ordered = categoriesOf(matches);
  if (!ordered.length) return null;
  return ordered
    .map((id) => {
      const shown = [...(words.get(id) ?? [])].slice(0, 3).map((w) => `"${w}"`);
      return `${incidentCategory(id)?.label ?? id}: ${shown.join(', ')}`;
    })
    .join('; ');
}

/**
 * Analyses one text: matches (with negation), categories, severity, reason, the redacted text and the
 * redacted text with the non-negated matches highlighted. `extraRedactors` add per-client dictionaries
 * (names, client-specific terms) to the mapper's global `shouldRedact` terms. Never throws.
 */
export function analyzeText(
  mapper: PhraseMapper,
  text: string,
  extraRedactors: readonly Redactor[] = [],
): TextAnalysis {
  const tokens = tokenize(text);
  const matches = findPhrases(mapper, text, tokens);
  const redactions = redactionSpans(text, tokens, [mapper.redactor, ...extraRedactors]);
  const categories = categoriesOf(matches);
  const highlights = matches.filter((m) => !m.negated);
  return {
    matches,
    categories,
    severity: severityOf(categories),
    reason: reasonOf(matches, redactions),
    redactedText: renderMarked(text, redactions, []),
    highlightedText: renderMarked(text, redactions, uniqueSpans(highlights)),
    redactionCount: redactions.length,
    redactions,
  };
}

/** Distinct, sorted spans (several categories may share one matched span). */
function uniqueSpans(spans: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const seen = new Set<string>();
  const out: { start: number; end: number }[] = [];
  for (const s of spans) {
    const key = `${s.start}:${s.end}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ start: s.start, end: s.end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Characters of context kept on each side of the findings in an excerpt. */
export const EXCERPT_CONTEXT = 80;

/**
 * A redacted, highlighted excerpt of one note around its non-negated findings (EXCERPT_CONTEXT
 * characters each side, cut at word edges, `…` where text was left out), or null when the note has
 * no finding. Redactions never leak through a cut: the excerpt is rendered from the whole text's spans.
 */
export function excerptOf(
  text: string,
  analysis: Pick<TextAnalysis, 'matches' | 'redactions'>,
): string | null {
  const found = analysis.matches.filter((m) => !m.negated);
  if (!found.length) return null;
  let from = Math.max(0, Math.min(...found.map((m) => m.start)) - EXCERPT_CONTEXT);
  let to = Math.min(text.length, Math.max(...found.map((m) => m.end)) + EXCERPT_CONTEXT);
  // Widen to whole words and whole redactions so no partial name is shown.
  while (from > 0 && /[\p{L}\p{N}]/u.test(text[from - 1] as string)) from -= 1;
  while (to < text.length && /[\p{L}\p{N}]/u.test(text[to] as string)) to += 1;
  for (const r of analysis.redactions) {
    if (r.start < from && r.end > from) from = r.start;
    if (r.start < to && r.end > to) to = r.end;
  }
  const shift = (s: { start: number; end: number }) => ({ start: s.start - from, end: s.end - from });
  const inside = (s: { start: number; end: number }) => s.start >= from && s.end <= to;
  const body = renderMarked(
    text.slice(from, to),
    analysis.redactions.filter(inside).map(shift),
    uniqueSpans(found.filter(inside)).map(shift),
  ).trim();
  return `${from > 0 ? '…' : ''}${body}${to < text.length ? '…' : ''}`;
}

/** Highest severity first, then catalogue order: the categories sorted for display. */
export function sortCategories(ids: Iterable<string>): string[] {
  const set = new Set(ids);
  return categoriesOf([...set].map((categoryId) => ({ categoryId, negated: false }) as PhraseMatch));
}
