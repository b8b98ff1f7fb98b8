/**
 * An ISP's text with its layout (issue 19 "`processedHtml` (headings, paragraphs, tables kept)"): text items → lines
 * → blocks (headings, paragraphs, list items, tables), running headers and footers removed, tables of label | text
 * rows continued across page breaks. Every piece keeps its box on the page, so an extracted field can say where it
 * came from. Pure: no I/O, deterministic. Rules and limits: docs/isp-extraction.md.
 */
import type { SourceBox } from '@tend/contracts';

import type { PageText, TextItem } from './types.js';

/** A run of text in one line (one table cell's part of a line, or the whole line), with its box. */
export interface Fragment {
  text: string;
  box: SourceBox;
  bold: boolean;
}

/** One line of a page: its cells (runs separated by a gap wider than a column gutter), left to right. */
export interface LayoutLine {
  page: number;
  cells: Fragment[];
  /** The line's text, cells joined by a tab. */
  text: string;
  box: SourceBox;
  bold: boolean;
  /** The line's height in points (the tallest item): the font size, roughly. */
  size: number;
}

export type ListMarker = 'bullet' | 'number';

export type LayoutBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; lines: Fragment[] }
  | { kind: 'paragraph'; marker: ListMarker | null; lines: Fragment[] }
  | { kind: 'table'; rows: TableRow[] };

/** A table row: its cells, each a list of lines (a cell may go on over several lines and pages). */
export interface TableRow {
  cells: Fragment[][];
  header: boolean;
}

export interface Layout {
  blocks: LayoutBlock[];
  /** How many running header/footer lines were left out. */
  runningLinesRemoved: number;
}

/** A gap wider than this many line heights (and at least `columnGapMin` points) separates two cells of a line. */
const columnGapFactor = 1.2;
const columnGapMin = 10;
/** The top and bottom share of a page where running headers and footers are looked for. */
const runningZone = 0.1;
/** A column's cells start within this many points of one another. */
const columnTolerance = 8;

const bulletMarker = /^\s*(?:[•●○◦▪■□–—*·-])\s+/;
const numberMarker = /^\s*(?:\(?\d{1,2}[.)]|\(?[a-z][.)]|step\s+\d{1,2}[:.)]?)\s+/i;

/** The line's list marker, if it starts with one ("•", "-", "1.", "2)", "a.", "Step 3:"). */
export function listMarker(text: string): ListMarker | null {
  if (bulletMarker.test(text)) return 'bullet';
  if (numberMarker.test(text)) return 'number';
  return null;
}

/** Text of lines joined as a reader would: lines with a list marker start a new line, the others run on. */
export function joinLines(lines: readonly Fragment[]): string {
  let text = '';
  for (const line of lines) {
    const part = line.text.trim();
    if (!part) continue;
    if (!text) text = part;
    else if (listMarker(part)) text += `\n${part}`;
    else if (text.endsWith('-') && /^[a-z]/.test(part) && !/\s-$/.test(text)) text = text.slice(0, -1) + part;
    else text += ` ${part}`;
  }
  return text;
}

/** The union of boxes per page, in order (one box per page run). */
export function unionBoxes(boxes: readonly SourceBox[]): SourceBox[] {
  const out: SourceBox[] = [];
  for (const box of boxes) {
    const last = out.at(-1);
    if (last && last.page === box.page) {
      const x = Math.min(last.x, box.x);
      const y = Math.min(last.y, box.y);
      const right = Math.max(last.x + last.width, box.x + box.width);
      const bottom = Math.max(last.y + last.height, box.y + box.height);
      out[out.length - 1] = { page: box.page, x, y, width: round(right - x), height: round(bottom - y) };
    } else {
      out.push({ ...box });
    }
  }
  return out;
}

/** Pages' text items → lines in reading order (top to bottom, left to right), running headers/footers removed. */
export function pageLines(pages: readonly PageText[]): { lines: LayoutLine[]; runningLinesRemoved: number } {
  const perPage = pages.map((page) => linesOfPage(page));
  const running = runningLineKeys(pages, perPage);
  let runningLinesRemoved = 0;
  const lines: LayoutLine[] = [];
  perPage.forEach((pageLinesList, index) => {
    const page = pages[index]!;
    for (const line of pageLinesList) {
      if (inRunningZone(line, page) && running.has(runningKey(line))) runningLinesRemoved++;
      else lines.push(line);
    }
  });
  return { lines, runningLinesRemoved };
}

function linesOfPage(page: PageText): LayoutLine[] {
  const items = page.items
    .filter((item) => item.text.trim() !== '' && item.height > 0)
    .sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2) || a.x - b.x);
  const groups: TextItem[][] = [];
  for (const item of items) {
    const center = item.y + item.height / 2;
    const group = groups.find((candidate) => {
      const first = candidate[0]!;
      const firstCenter = first.y + first.height / 2;
      return Math.abs(center - firstCenter) < Math.min(first.height, item.height) * 0.5;
    });
    if (group) group.push(item);
    else groups.push([item]);
  }
  return groups
    .map((group) =>
      lineOf(
        page.page,
        group.sort((a, b) => a.x - b.x),
      ),
    )
    .sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

function lineOf(page: number, items: TextItem[]): LayoutLine {
  const size = Math.max(...items.map((item) => item.height));
  const cells: TextItem[][] = [];
  let previous: TextItem | undefined;
  for (const item of items) {
    const gap = previous ? item.x - (previous.x + previous.width) : 0;
    if (!previous || gap > Math.max(columnGapMin, size * columnGapFactor)) cells.push([item]);
    else cells.at(-1)!.push(item);
    previous = item;
  }
  const fragments = cells.map((cell) => fragmentOf(page, cell));
  const box = unionBoxes(fragments.map((fragment) => fragment.box))[0]!;
  return {
    page,
    cells: fragments,
    text: fragments.map((fragment) => fragment.text).join('\t'),
    box,
    bold: fragments.every((fragment) => fragment.bold),
    size: round(size),
  };
}

function fragmentOf(page: number, items: TextItem[]): Fragment {
  let text = '';
  let previous: TextItem | undefined;
  for (const item of items) {
    const gap = previous ? item.x - (previous.x + previous.width) : 0;
    const needsSpace = previous && gap > item.height * 0.15 && !/\s$/.test(text) && !/^\s/.test(item.text);
    text += (needsSpace ? ' ' : '') + item.text;
    previous = item;
  }
  const x = Math.min(...items.map((item) => item.x));
  const y = Math.min(...items.map((item) => item.y));
  const right = Math.max(...items.map((item) => item.x + item.width));
  const bottom = Math.max(...items.map((item) => item.y + item.height));
  const letters = items.filter((item) => /\p{L}/u.test(item.text));
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    box: { page, x: round(x), y: round(y), width: round(right - x), height: round(bottom - y) },
    bold: (letters.length ? letters : items).every((item) => item.bold),
  };
}

/** A line's text with digits blurred ("Page 3 of 12" = "Page 4 of 12") and its place, to find repeats. */
function runningKey(line: LayoutLine): string {
  const text = line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
  return `${Math.round(line.box.y / 3)}|${text}`;
}

function inRunningZone(line: LayoutLine, page: PageText): boolean {
  return (
    line.box.y + line.box.height <= page.height * runningZone || line.box.y >= page.height * (1 - runningZone)
  );
}

/** Lines repeated at the same place, in the top or bottom band, on at least half of the pages (and on two or more). */
function runningLineKeys(pages: readonly PageText[], perPage: LayoutLine[][]): Set<string> {
  const counts = new Map<string, number>();
  perPage.forEach((lines, index) => {
    const keys = new Set(lines.filter((line) => inRunningZone(line, pages[index]!)).map(runningKey));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const textPages = pages.filter((page) => page.hasText).length;
  const needed = Math.max(2, Math.ceil(textPages * 0.5));
  return new Set([...counts].filter(([, count]) => count >= needed).map(([key]) => key));
}

/**
 * Adds `line` to `table` when its cells start under the table's columns: one cell goes on in its column's cell of the
 * last row (the first column only when it continues the row's label), several cells go on in the last row when its
 * label goes on, else make a new row. False when the line does not belong to the table.
 */
function addToTable(table: { columns: number[]; rows: TableRow[] }, line: LayoutLine): boolean {
  const columns = cellColumns(line, table.columns);
  if (!columns) return false;
  const onlyFirst = columns.length === 1 && columns[0] === 0;
  const lastRow = table.rows.at(-1)!;
  if (line.cells.length === 1 && (columns[0]! > 0 || (onlyFirst && continuesLabel(lastRow, line)))) {
    lastRow.cells[columns[0]!]!.push(line.cells[0]!);
    return true;
  }
  if (line.cells.length > 1 && labelGoesOn(lastRow, line, columns)) {
    line.cells.forEach((cell, cellIndex) => lastRow.cells[columns[cellIndex]!]!.push(cell));
    return true;
  }
  if (line.cells.length > 1) {
    const cells: Fragment[][] = table.columns.map(() => []);
    line.cells.forEach((cell, cellIndex) => cells[columns[cellIndex]!]!.push(cell));
    table.rows.push({ cells, header: false });
    return true;
  }
  return false;
}

/**
 * Lines → blocks. A table is a run of lines that have two or more cells whose columns line up; a line with one cell
 * under a column goes on in that column's cell of the last row (also at the top of the next page). A heading is a
 * short line set in bold, or larger than the body text; its level follows its size.
 */
export function layoutBlocks(lines: readonly LayoutLine[]): LayoutBlock[] {
  const body = bodySize(lines);
  const headingSizes = [
    ...new Set(lines.filter((line) => line.size > body * 1.15).map((line) => line.size)),
  ].sort((a, b) => b - a);
  const blocks: LayoutBlock[] = [];
  let table: { columns: number[]; rows: TableRow[] } | null = null;
  let paragraph: { marker: ListMarker | null; lines: Fragment[]; last: LayoutLine } | null = null;
  let lastHeading: LayoutLine | null = null;

  const closeParagraph = () => {
    if (paragraph) blocks.push({ kind: 'paragraph', marker: paragraph.marker, lines: paragraph.lines });
    paragraph = null;
  };
  const closeTable = () => {
    if (table) blocks.push({ kind: 'table', rows: table.rows });
    table = null;
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    // A table goes on with this line when its cells start under the table's columns.
    if (table) {
      if (addToTable(table, line)) continue;
      closeTable();
    }
    if (line.cells.length > 1 && startsTable(lines, index)) {
      closeParagraph();
      const columns = line.cells.map((cell) => cell.box.x);
      table = {
        columns,
        rows: [{ cells: line.cells.map((cell) => [cell]), header: line.bold && line.cells.length > 1 }],
      };
      continue;
    }
    const fragment = wholeLine(line);
    const level = headingLevel(line, body, headingSizes);
    if (level) {
      closeParagraph();
      const previous = blocks.at(-1);
      // A heading set over two lines stays one heading.
      const goesOn =
        previous?.kind === 'heading' &&
        lastHeading?.size === line.size &&
        !listMarker(line.text) &&
        isNextLine(previous.lines.at(-1)!, line);
      if (goesOn) previous.lines.push(fragment);
      else blocks.push({ kind: 'heading', level, lines: [fragment] });
      lastHeading = line;
      continue;
    }
    const marker = listMarker(line.text);
    if (
      paragraph &&
      !marker &&
      !startsWithLabel(line.text) &&
      isNextLine(paragraph.last, line) &&
      line.box.x >= paragraph.lines[0]!.box.x - columnTolerance
    ) {
      paragraph.lines.push(fragment);
      paragraph.last = line;
      continue;
    }
    closeParagraph();
    paragraph = { marker, lines: [fragment], last: line };
  }
  closeParagraph();
  closeTable();
  return blocks;
}

/** Reads the pages into blocks (lines, running lines removed, blocks). */
export function layoutPages(pages: readonly PageText[]): Layout {
  const { lines, runningLinesRemoved } = pageLines(pages);
  return { blocks: layoutBlocks(lines), runningLinesRemoved };
}

function wholeLine(line: LayoutLine): Fragment {
  return { text: line.cells.map((cell) => cell.text).join(' '), box: line.box, bold: line.bold };
}

/** The body text's size: the size most characters are set in. */
function bodySize(lines: readonly LayoutLine[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) weight.set(line.size, (weight.get(line.size) ?? 0) + line.text.length);
  let best = 0;
  let bestWeight = -1;
  for (const [size, count] of weight) {
    if (count > bestWeight) [best, bestWeight] = [size, count];
  }
  return best || 10;
}

function headingLevel(line: LayoutLine, body: number, headingSizes: number[]): 2 | 3 | 4 | null {
  const text = line.text.trim();
  if (line.cells.length > 1 || text.length > 120 || !/\p{L}/u.test(text)) return null;
  if (line.size > body * 1.15) {
    const rank = headingSizes.indexOf(line.size);
    return rank === 0 ? 2 : rank === 1 ? 3 : 4;
  }
  if (line.bold && !/[.;,]$/.test(text)) return 4;
  return null;
}

/** The next line of the same paragraph: on the same page just below, or at the top of the next page. */
function isNextLine(previous: Fragment | LayoutLine, line: LayoutLine): boolean {
  const box = 'box' in previous ? previous.box : previous;
  if (line.page === box.page + 1) return true;
  if (line.page !== box.page) return false;
  const gap = line.box.y - (box.y + box.height);
  return gap >= -box.height * 0.3 && gap < Math.max(box.height, line.box.height) * 0.5;
}

/** "Label: text" ("Risk:", "Prevention / supports:", "Serious risk? Yes" is not one). */
function startsWithLabel(text: string): boolean {
  return /^[\p{Lu}][\p{L} /&()-]{1,40}:(\s|$)/u.test(text.trim());
}

/** Two or more lines in a row (on any page) whose cells line up make a table. */
function startsTable(lines: readonly LayoutLine[], index: number): boolean {
  const columns = lines[index]!.cells.map((cell) => cell.box.x);
  for (let next = index + 1; next < Math.min(lines.length, index + 4); next++) {
    const line = lines[next]!;
    const matched = cellColumns(line, columns);
    if (!matched) return false;
    if (line.cells.length > 1 || matched[0]! > 0) return true;
  }
  return false;
}

/** The column index of each cell of the line, or null when a cell starts under no column. */
function cellColumns(line: LayoutLine, columns: readonly number[]): number[] | null {
  const out: number[] = [];
  for (const cell of line.cells) {
    const column = columns.findIndex((x) => Math.abs(cell.box.x - x) <= columnTolerance);
    if (column < 0 || (out.length && column <= out.at(-1)!)) return null;
    out.push(column);
  }
  return out;
}

/** A lone first-column line right under a row whose first cell ends without text beside it goes on in that cell. */
function continuesLabel(row: TableRow, line: LayoutLine): boolean {
  const label = row.cells[0]!;
  const last = label.at(-1);
  if (!last || last.box.page !== line.page) return false;
  const gap = line.box.y - (last.box.y + last.box.height);
  const textBelowLabel = row.cells.slice(1).some((cell) => cell.some((part) => part.box.y >= line.box.y - 1));
  return gap < last.box.height * 0.6 && textBelowLabel;
}

/**
 * A line whose first cell finishes the last row's label ("Supports/" then "Prevention") goes on in that row: the
 * label ended with `/`, `-`, `&`, "and" or "or", or the new first cell starts in lower case.
 */
function labelGoesOn(row: TableRow, line: LayoutLine, columns: readonly number[]): boolean {
  if (columns[0] !== 0) return false;
  const label = row.cells[0]!;
  const last = label.at(-1);
  if (!last || last.box.page !== line.page) return false;
  const gap = line.box.y - (last.box.y + last.box.height);
  if (gap > last.box.height * 0.8) return false;
  return /(?:[/&-]|\b(?:and|or))$/i.test(last.text.trim()) || /^\p{Ll}/u.test(line.cells[0]!.text);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML: every `& < > " '` escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character]!);
}

/** The text of a list-item paragraph, its marker dropped. */
function withoutMarker(text: string): string {
  return text.replace(bulletMarker, '').replace(numberMarker, '');
}

/**
 * The blocks as sanitized HTML: every piece of text escaped, and only `h2`–`h4`, `p`, `ul`/`ol`/`li` and
 * `table`/`tr`/`th`/`td` (no attributes, no links, no styles), so the web can show it as it is.
 */
export function layoutHtml(blocks: readonly LayoutBlock[]): string {
  const out: string[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    if (block.kind === 'heading') {
      out.push(`<h${block.level}>${escapeHtml(joinLines(block.lines))}</h${block.level}>`);
    } else if (block.kind === 'table') {
      const rows = block.rows.map((row) => {
        const tag = row.header ? 'th' : 'td';
        return `<tr>${row.cells.map((cell) => `<${tag}>${cellHtml(cell)}</${tag}>`).join('')}</tr>`;
      });
      out.push(`<table>${rows.join('')}</table>`);
    } else if (block.marker) {
      const tag = block.marker === 'number' ? 'ol' : 'ul';
      const items: string[] = [];
      let next = index;
      while (next < blocks.length) {
        const item = blocks[next]!;
        if (item.kind !== 'paragraph' || item.marker !== block.marker) break;
        items.push(`<li>${escapeHtml(withoutMarker(joinLines(item.lines)))}</li>`);
        next++;
      }
      out.push(`<${tag}>${items.join('')}</${tag}>`);
      index = next - 1;
    } else {
      out.push(`<p>${escapeHtml(joinLines(block.lines))}</p>`);
    }
  }
  return out.join('\n');
}

/** A table cell's lines: list items each on their own line (`<br>` is not allowed, so lines are kept as `<p>`). */
function cellHtml(lines: readonly Fragment[]): string {
  const text = joinLines(lines);
  const parts = text.split('\n');
  return parts.length === 1 ? escapeHtml(text) : parts.map((part) => `<p>${escapeHtml(part)}</p>`).join('');
}
