/**
 * Pasted text as the pages extraction reads (`/test-protocol-creation`, issue 19): text items placed as a PDF's text
 * layer would give them, so the same layout rules read it (docs/isp-extraction.md "Pasted text").
 */
import { startsWithRiskLabel } from './extraction/protocol-extraction.ts';
import type { PageText, TextItem } from './extraction/types.ts';

/** Points per line and lines per page of pasted text laid out as pages (US Letter, 12 pt lines). */
const LINE_HEIGHT = 14;
const LINES_PER_PAGE = 50;
/** Left margin, width of a character and the gutter between table columns, in points. */
const MARGIN = 72;
const CHAR_WIDTH = 6;
const GUTTER = 24;
/** Tab stops every 8 characters, to compare where an indented line starts with where a row's cells start. */
const TAB_SIZE = 8;

/** Spaces a PDF viewer or word processor may put in copied text (no-break, thin, ideographic …), read as a space. */
const otherSpaces = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
/** Characters with no width that copied text may carry (zero-width space, word joiner, byte-order mark). */
const invisible = /[\u200b\u2060\ufeff]/g;

/** One cell of a pasted line: its text and the character column it starts at (tabs expanded). */
interface Cell {
  text: string;
  column: number;
}

/** A pasted line read as a table row (2+ cells), a cell going on from the row above, or a plain line. */
type Line =
  | { kind: 'blank' }
  | { kind: 'plain'; text: string; indent: number; bold: boolean }
  | { kind: 'row'; cells: Cell[] }
  | { kind: 'continued'; text: string; cell: number };

/**
 * The line's cells: runs separated by tabs, or by 2+ spaces unless the run before them ends a sentence (". ", "; ",
 * "! ", ", " typed twice is spacing, not a column gutter; "Serious risk?  Yes" and "Risk:  Choking" are cells).
 */
function cellsOf(line: string): Cell[] {
  const cells: Cell[] = [];
  let column = 0;
  let current: Cell | null = null;
  let index = 0;
  while (index < line.length) {
    const char = line[index]!;
    if (char === '\t' || char === ' ') {
      let end = index;
      let width = column;
      while (end < line.length && (line[end] === '\t' || line[end] === ' ')) {
        width = line[end] === '\t' ? (Math.floor(width / TAB_SIZE) + 1) * TAB_SIZE : width + 1;
        end++;
      }
      const run = line.slice(index, end);
      const separates = run.includes('\t') || (run.length >= 2 && !/[.;!,]$/.test(current?.text ?? ''));
      if (current && !separates && end < line.length) current.text += ' ';
      else if (separates) current = null;
      column = width;
      index = end;
      continue;
    }
    if (!current) {
      current = { text: '', column };
      cells.push(current);
    }
    current.text += char;
    column++;
    index++;
  }
  return cells;
}

/** "3. Choking", "Risk 2: Falls", "Choking (SERIOUS RISK)": the shapes `extractIsp` reads as a risk heading. */
const numberedHeading = /^(?:risk\s*)?(?:#\s*)?\d{1,2}\s*[.):-]\s*\p{L}/iu;
const seriousMarker = /\(\s*serious risk\s*\)|[-–—]\s*serious risk\s*$/i;

/**
 * Lines of pasted text read as rows, continued cells and plain lines. A line of 2+ cells is a row. Until a blank line,
 * a line of one cell under a row goes on in that row (a cell wrapped by the viewer, or a Word cell's next paragraph or
 * bullet): in the cell it starts under when indented (the text cell at least), else in the row's last cell; a line
 * that starts with a risk label ("Response:") or is a heading ends the table. Pasted text has no bold or sizes, so a
 * short numbered line before a risk label ("2. Falls" then "Serious risk? No"), at the start or after a blank line,
 * or a line marked "(SERIOUS RISK)", is set as a heading.
 */
function readLines(lines: readonly string[]): Line[] {
  const out: Line[] = [];
  let row: Cell[] | null = null;
  for (const [index, raw] of lines.entries()) {
    const cells = cellsOf(raw);
    if (!cells.length) {
      out.push({ kind: 'blank' });
      row = null;
      continue;
    }
    if (cells.length > 1) {
      out.push({ kind: 'row', cells });
      row = cells;
      continue;
    }
    const [cell] = cells as [Cell];
    const text = cell.text;
    const before = index === 0 || !lines[index - 1]!.trim();
    const next = lines[index + 1] ?? '';
    const heading =
      text.length <= 80 &&
      !/[.;,:]$/.test(text) &&
      !startsWithRiskLabel(text) &&
      (seriousMarker.test(text) ||
        (numberedHeading.test(text) && before && startsWithRiskLabel(cellsOf(next)[0]?.text ?? '')));
    if (row && !heading && !startsWithRiskLabel(text)) {
      const under = row.findLastIndex((rowCell) => rowCell.column <= cell.column + 2);
      const column = cell.column > 0 ? Math.max(1, under) : row.length - 1;
      out.push({ kind: 'continued', text, cell: column });
      continue;
    }
    row = null;
    out.push({ kind: 'plain', text: raw.trimEnd(), indent: cell.column, bold: heading });
  }
  return out;
}

/** Where each table column starts: after the widest cell that has another cell to its right, and a gutter. */
function columnStarts(lines: readonly Line[]): number[] {
  const widths: number[] = [];
  for (const line of lines) {
    if (line.kind !== 'row') continue;
    line.cells.slice(0, -1).forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.text.length * CHAR_WIDTH);
    });
  }
  const starts = [MARGIN];
  widths.forEach((width, index) => starts.push(starts[index]! + width + GUTTER));
  return starts;
}

function item(text: string, x: number, y: number, bold: boolean): TextItem {
  return {
    text,
    x,
    y,
    width: text.trim().length * CHAR_WIDTH,
    height: 12,
    fontName: 'pasted',
    bold,
  };
}

/**
 * Pasted text as pages of text items (12 pt lines, left margin 72 pt), so extraction reads it as it reads a PDF's text
 * layer: a table row's cells (tab- or 2+-space-separated, as copied from a PDF viewer or a Word table) become items
 * under the table's columns, as the PDF's two-column table would give them; a continued cell's line goes under its
 * column. CRLF and CR end lines; no-break and other wide spaces are spaces; page breaks every 50 lines (a form feed
 * also breaks).
 */
export function pagesOfText(text: string): PageText[] {
  const normal = text.replace(/\r\n?/g, '\n').replace(otherSpaces, ' ').replace(invisible, '');
  const pages: PageText[] = [];
  const chunks = normal.split('\f').map((chunk) => readLines(chunk.split('\n')));
  const starts = columnStarts(chunks.flat());
  const at = (cell: number) => starts[Math.min(cell, starts.length - 1)]!;
  for (const lines of chunks) {
    for (let start = 0; start < Math.max(lines.length, 1); start += LINES_PER_PAGE) {
      const slice = lines.slice(start, start + LINES_PER_PAGE);
      const items = slice.flatMap((line, index): TextItem[] => {
        const y = MARGIN + index * LINE_HEIGHT;
        switch (line.kind) {
          case 'blank':
            return [];
          case 'row':
            return line.cells.map((cell, cellIndex) => item(cell.text, at(cellIndex), y, false));
          case 'continued':
            return [item(line.text, at(line.cell), y, false)];
          case 'plain':
            return [item(line.text, MARGIN + line.indent * CHAR_WIDTH, y, line.bold)];
        }
      });
      pages.push({ page: pages.length + 1, width: 612, height: 792, items, hasText: items.length > 0 });
    }
  }
  return pages;
}
