/**
 * Flowing text onto pages for the caregiver PDF: blocks of paragraphs are wrapped to the column width (a word
 * wider than the column is broken between graphemes), then placed top to bottom, a new page when the next line
 * does not fit. A block marked `keepWithNext` (a heading) moves to the next page unless it fits together with the
 * blocks it heads and the first lines of the text under them, so no heading is left alone at a page bottom.
 * Each wrapped line is then put into visual order (`bidi-text.ts`: the Unicode Bidirectional Algorithm on the whole
 * paragraph, each line reordered on its own), so right-to-left runs inside a line are placed where they read.
 * Pure: widths come from a `measure` function (the embedded font's advance widths). Units are PDF points.
 */
import { paragraphLevels, visualRuns, type DirectionalRun } from './bidi-text.ts';

/** The two faces of the document's font. */
export type FontFace = 'regular' | 'bold';

/** How a run of text looks: face, size (pt), colour (0..1 RGB) and left indent (pt from the column's left). */
export interface TextStyle {
  face: FontFace;
  size: number;
  color: readonly [number, number, number];
  indent: number;
}

/** One paragraph: text (no line breaks), style, and an optional marker ("1.", "•") hung left of the text. */
export interface Paragraph {
  text: string;
  style: TextStyle;
  marker?: string;
}

/** Paragraphs that belong together, with the space above them (pt). */
export interface Block {
  paragraphs: Paragraph[];
  spaceBefore: number;
  /** A heading: keep it on the page of the first lines that follow it. */
  keepWithNext?: boolean;
  /** A document-outline entry (bookmark) pointing at this block's first line. */
  bookmark?: string;
  /** A line written at the top of a page this block starts or continues on ("Choking (continued)"). */
  continuation?: Paragraph;
}

/**
 * One wrapped line, ready to draw at `x` (pt from the page's left) on a baseline `y` (pt from its bottom): `text` in
 * logical (reading) order, `runs` its directional runs from left to right (draw them one after the other).
 */
export interface PlacedLine {
  text: string;
  runs: DirectionalRun[];
  style: TextStyle;
  x: number;
  y: number;
}

/** A bookmark's target: page index (0-based) and the top of its line (pt from the page's bottom). */
export interface PlacedBookmark {
  title: string;
  page: number;
  top: number;
}

/** The page and its margins (pt). */
export interface PageFrame {
  width: number;
  height: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Width in points of `text` in `face` at `size`. */
export type Measure = (text: string, face: FontFace, size: number) => number;

/** Line height as a multiple of the font size. */
const LEADING = 1.35;
/** Space between paragraphs of one block, as a multiple of the font size. */
const PARAGRAPH_GAP = 0.35;
/** Lines of text a heading must keep with it on its page. */
const LINES_KEPT_WITH_HEADING = 2;
/** Width (pt) kept free at the right of the column for kerning across spaces, which wrapping does not count. */
const WRAP_SPARE = 1;
/** Space under a page's "(continued)" line (pt). */
const CONTINUATION_GAP = 6;
/** Space between a hung marker and its text (pt). */
const MARKER_GAP = 4;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A wrapped line before placement: text, style, x offset in the column, and the gap above it. */
interface Line {
  text: string;
  runs: DirectionalRun[];
  style: TextStyle;
  offset: number;
  gapBefore: number;
}

/**
 * `text` broken into lines no wider than `width`: greedy on spaces; a word wider than the column is broken
 * between graphemes (never inside a surrogate pair or before a combining mark). A line's width is the sum of its
 * words' and spaces' widths, so each word is measured once (kerning across a space, a fraction of a point at
 * most, is ignored; the caller leaves that much to spare).
 */
export function wrapText(
  text: string,
  width: number,
  face: FontFace,
  size: number,
  measure: Measure,
): string[] {
  const lines: string[] = [];
  const space = measure(' ', face, size);
  let current = '';
  let currentWidth = 0;
  const add = (piece: string, pieceWidth: number, separator: string, separatorWidth: number) => {
    if (current && currentWidth + separatorWidth + pieceWidth > width) {
      lines.push(current);
      current = '';
      currentWidth = 0;
    }
    current = current ? current + separator + piece : piece;
    currentWidth += (currentWidth > 0 ? separatorWidth : 0) + pieceWidth;
  };
  for (const word of text.split(' ').filter((part) => part.length > 0)) {
    const wordWidth = measure(word, face, size);
    if (wordWidth <= width) {
      add(word, wordWidth, ' ', space);
      continue;
    }
    if (current) {
      // The long word starts a line of its own.
      lines.push(current);
      current = '';
      currentWidth = 0;
    }
    for (const { segment } of graphemes.segment(word)) add(segment, measure(segment, face, size), '', 0);
  }
  if (current) lines.push(current);
  return lines;
}

/** A block's paragraphs as wrapped lines (markers hung left of the first line, later lines aligned with the text). */
function wrapBlock(block: Block, columnWidth: number, measure: Measure): Line[] {
  const lines: Line[] = [];
  block.paragraphs.forEach((paragraph, index) => {
    const { style, marker } = paragraph;
    const markerWidth = marker ? measure(marker, style.face, style.size) + MARKER_GAP : 0;
    const textOffset = style.indent + markerWidth;
    const wrapped = wrapText(paragraph.text, columnWidth - textOffset, style.face, style.size, measure);
    const runs = lineRuns(paragraph.text, wrapped);
    wrapped.forEach((text, lineIndex) => {
      const gapBefore = lineIndex > 0 ? 0 : index === 0 ? block.spaceBefore : PARAGRAPH_GAP * style.size;
      const line = { text, runs: runs[lineIndex] ?? visualRuns(text), style, offset: textOffset };
      if (marker && lineIndex === 0) {
        lines.push({ text: marker, runs: visualRuns(marker), style, offset: style.indent, gapBefore });
        lines.push({ ...line, gapBefore: Number.NaN });
      } else lines.push({ ...line, gapBefore });
    });
  });
  return lines;
}

/**
 * Each wrapped line's directional runs, reordered within the paragraph's embedding levels (so a line that starts
 * with an English word inside a Hebrew paragraph keeps the paragraph's direction). `lines` are `wrapText`'s: the
 * paragraph's words in order, split at single spaces or inside a word; a line not found where expected (never
 * for `wrapText`'s output) is reordered alone.
 */
function lineRuns(paragraph: string, lines: string[]): (DirectionalRun[] | undefined)[] {
  const levels = paragraphLevels(paragraph);
  let at = 0;
  return lines.map((line) => {
    while (paragraph[at] === ' ') at += 1;
    if (!paragraph.startsWith(line, at)) return undefined;
    const runs = visualRuns(paragraph, at, at + line.length, levels);
    at += line.length;
    return runs;
  });
}

/** Height a line takes, gap above included; a marker's text (gap NaN) shares its marker's line. */
function lineHeight(line: Line): number {
  return Number.isNaN(line.gapBefore) ? 0 : line.gapBefore + line.style.size * LEADING;
}

/** Height of `lines` (the first line's gap not counted when it opens a page). */
function heightOf(lines: Line[]): number {
  return lines.reduce((sum, line) => sum + lineHeight(line), 0);
}

/**
 * Blocks laid out on pages of `frame`: returns each page's lines and the bookmarks. Always at least one page.
 */
export function layOut(
  blocks: Block[],
  frame: PageFrame,
  measure: Measure,
): { pages: PlacedLine[][]; bookmarks: PlacedBookmark[] } {
  // One point to spare for the kerning `wrapText` does not count.
  const columnWidth = frame.width - frame.left - frame.right - WRAP_SPARE;
  const wrapped = blocks.map((block) => wrapBlock(block, columnWidth, measure));
  const pages: PlacedLine[][] = [[]];
  const bookmarks: PlacedBookmark[] = [];
  let y = frame.height - frame.top;
  const newPage = (block: Block | undefined) => {
    pages.push([]);
    y = frame.height - frame.top;
    if (block?.continuation) {
      const { text, style } = block.continuation;
      y -= style.size * LEADING + CONTINUATION_GAP;
      pages[pages.length - 1]?.push({
        text,
        runs: visualRuns(text),
        style,
        x: frame.left + style.indent,
        y: y + CONTINUATION_GAP + style.size * (LEADING - 1),
      });
    }
  };
  let placedOnPage = 0;
  const pageIsEmpty = () => placedOnPage === 0;
  const startPage = (block: Block | undefined) => {
    newPage(block);
    placedOnPage = 0;
  };
  wrapped.forEach((lines, index) => {
    if (blocks[index]?.keepWithNext && !pageIsEmpty()) {
      if (y - keptHeight(blocks, wrapped, index) < frame.bottom) startPage(blocks[index]);
    }
    lines.forEach((line, lineIndex) => {
      const height = lineHeight(line);
      if (height > 0 && y - height < frame.bottom && !pageIsEmpty()) startPage(blocks[index]);
      const gap = pageIsEmpty() && height > 0 ? 0 : line.gapBefore;
      if (height > 0) y -= (Number.isNaN(gap) ? 0 : gap) + line.style.size * LEADING;
      const bookmark = blocks[index]?.bookmark;
      if (bookmark && lineIndex === 0) {
        bookmarks.push({ title: bookmark, page: pages.length - 1, top: y + line.style.size * LEADING });
      }
      const baseline = y + line.style.size * (LEADING - 1);
      pages[pages.length - 1]?.push({
        text: line.text,
        runs: line.runs,
        style: line.style,
        x: frame.left + line.offset,
        y: baseline,
      });
      placedOnPage += 1;
    });
  });
  return { pages, bookmarks };
}

/**
 * The height a heading at `index` needs on its page: itself, the headings right after it, and the first
 * {@link LINES_KEPT_WITH_HEADING} lines of the block they head.
 */
function keptHeight(blocks: Block[], wrapped: Line[][], index: number): number {
  let height = 0;
  let at = index;
  while (blocks[at]?.keepWithNext && at < wrapped.length) {
    height += heightOf(wrapped[at] ?? []);
    at += 1;
  }
  const next = wrapped[at] ?? [];
  let kept = 0;
  let taken = 0;
  for (const line of next) {
    if (taken >= LINES_KEPT_WITH_HEADING && lineHeight(line) > 0) break;
    kept += lineHeight(line);
    if (lineHeight(line) > 0) taken += 1;
  }
  return height + kept;
}
