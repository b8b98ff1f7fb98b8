/**
 * Lines of mixed right-to-left and left-to-right text put into visual order for the caregiver PDF (issue 19
 * "Export and reports"; docs/isp-export.md "Languages and scripts"). A PDF draws glyphs left to right where it is
 * told; a Hebrew or Arabic run inside an English line (or the reverse) must be placed by the Unicode Bidirectional
 * Algorithm (UAX #9), here `bidi-js`: embedding levels are resolved once per paragraph (its direction from its first
 * strong character, rules P2–P3, as `dir="auto"` in the email), then each wrapped line is reordered on its own
 * (rules L1–L2: wrap logically, then reorder each line), and brackets and other mirrored characters in
 * right-to-left runs are mirrored (rule L4). Pure.
 */
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * One directional run of a line, in its place from left to right. `logical` is the run's text in reading order
 * (mirrored characters already swapped in a right-to-left run); `visual` the same characters as they stand on the
 * page from left to right (a right-to-left run's grapheme clusters reversed, so marks stay on their letters).
 */
export interface DirectionalRun {
  logical: string;
  visual: string;
  rtl: boolean;
}

/** A paragraph's resolved embedding levels (one per UTF-16 code unit), computed once for all of its lines. */
export type ParagraphLevels = ReturnType<typeof bidi.getEmbeddingLevels>;

/** The embedding levels of `paragraph`; its base direction is that of its first strong character (P2–P3). */
export function paragraphLevels(paragraph: string): ParagraphLevels {
  return bidi.getEmbeddingLevels(paragraph, 'auto');
}

/** `text`'s grapheme clusters in reverse order. */
function reverseGraphemes(text: string): string {
  return [...graphemes.segment(text)]
    .map((part) => part.segment)
    .reverse()
    .join('');
}

/**
 * The runs of `paragraph[start, end)` (one wrapped line) from left to right. `levels` are the whole paragraph's
 * ({@link paragraphLevels}; computed here when not given). A line with no right-to-left character is one
 * left-to-right run, unchanged.
 */
export function visualRuns(
  paragraph: string,
  start = 0,
  end = paragraph.length,
  levels: ParagraphLevels = paragraphLevels(paragraph),
): DirectionalRun[] {
  if (end <= start) return [];
  // The whole string's indices come back, with only the line's range reordered.
  const order = bidi.getReorderedIndices(paragraph, levels, start, end - 1).slice(start, end);
  const mirrored = bidi.getMirroredCharactersMap(paragraph, levels.levels, start, end - 1);
  const runs: DirectionalRun[] = [];
  let from = 0;
  while (from < order.length) {
    const first = order[from] as number;
    const rtl = ((levels.levels[first] ?? 0) & 1) === 1;
    // A run goes on while its indices follow each other in its direction, at the same parity.
    let to = from + 1;
    while (to < order.length) {
      const index = order[to] as number;
      const previous = order[to - 1] as number;
      const sameParity = (((levels.levels[index] ?? 0) & 1) === 1) === rtl;
      if (!sameParity || index !== previous + (rtl ? -1 : 1)) break;
      to += 1;
    }
    const indices = order.slice(from, to);
    const low = Math.min(...indices);
    const high = Math.max(...indices);
    let logical = '';
    for (let index = low; index <= high; index += 1) logical += mirrored.get(index) ?? paragraph[index];
    runs.push({ logical, visual: rtl ? reverseGraphemes(logical) : logical, rtl });
    from = to;
  }
  return runs;
}

/** `line` (a whole paragraph, or one line of it without `levels`) as it stands on the page, left to right. */
export function visualLine(line: string): string {
  return visualRuns(line)
    .map((run) => run.visual)
    .join('');
}

/** Right-to-left scripts (fontkit's list, as far as DejaVu Sans draws them: Hebrew, Arabic, N'Ko; and neighbours). */
const rightToLeftScript =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Nko}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Samaritan}\p{Script=Mandaic}]/u;
/** A character of a real script (not punctuation, digits, spaces or marks shared by all scripts). */
const scriptCharacter = /[^\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * The string to hand to the font for `run` so that its glyphs land in visual order. fontkit (pdf-lib's layout
 * engine) lays out a string whose first script character is right-to-left (Hebrew, Arabic…) right to left: it
 * shapes it (Arabic joining) and reverses it. Such a run is given in reverse visual order (for a right-to-left
 * run, its logical order, so Arabic letters join as written); any other run as it stands.
 */
export function drawingText(run: DirectionalRun): string {
  const firstScript = scriptCharacter.exec(run.logical)?.[0];
  const fontReverses = firstScript !== undefined && rightToLeftScript.test(firstScript);
  if (!fontReverses) return run.visual;
  return run.rtl ? run.logical : reverseGraphemes(run.visual);
}
