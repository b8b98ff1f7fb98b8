/**
 * Pasted text as the pages extraction reads (`/test-protocol-creation`, issue 19): one text item per line, as a PDF's
 * text layer would give them.
 */
import type { PageText } from './extraction/types.ts';

/** Points per line and lines per page of pasted text laid out as pages (US Letter, 12 pt lines). */
const LINE_HEIGHT = 14;
const LINES_PER_PAGE = 50;

/**
 * Pasted text as pages of text items (one item per non-empty line, 12 pt, left margin 72 pt), so extraction reads it
 * as it reads a PDF's text layer. Lines are kept as written; page breaks every 50 lines (a form feed also breaks).
 */
export function pagesOfText(text: string): PageText[] {
  const pages: PageText[] = [];
  const chunks = text.replace(/\r\n?/g, '\n').split('\f');
  for (const chunk of chunks) {
    const lines = chunk.split('\n');
    for (let start = 0; start < Math.max(lines.length, 1); start += LINES_PER_PAGE) {
      const slice = lines.slice(start, start + LINES_PER_PAGE);
      const items = slice.flatMap((line, index) =>
        line.trim()
          ? [
              {
                text: line.trimEnd(),
                x: 72 + (line.length - line.trimStart().length) * 6,
                y: 72 + index * LINE_HEIGHT,
                width: line.trim().length * 6,
                height: 12,
                fontName: 'pasted',
                bold: false,
              },
            ]
          : [],
      );
      pages.push({ page: pages.length + 1, width: 612, height: 792, items, hasText: items.length > 0 });
    }
  }
  return pages;
}
