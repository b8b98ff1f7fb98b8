/**
 * The PDF frame shared by Tend's printed documents (the caregiver protocols export, `protocols-pdf.ts`, and the
 * quarterly summary, `../quarterly/quarterly-pdf.ts`; docs/isp-export.md): a US Letter page with ¾ in margins, the
 * text colours, DejaVu Sans and DejaVu Sans Bold subset-embedded from the `dejavu-fonts-ttf` package at run time
 * (never copied into the repository), laid-out lines drawn onto pages, a running footer, a bookmark outline and
 * the document's metadata. Everything here is reproducible: the same calls give the same bytes (counted resource
 * names, dates the caller fixes).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  rgb,
  type PDFContext,
  type PDFFont,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { drawingText, visualRuns } from './bidi-text.ts';
import type { FontFace, PageFrame, PlacedBookmark, PlacedLine, TextStyle } from './pdf-layout.ts';

/** US Letter, 8.5 × 11 in (612 × 792 pt), with ¾ in margins and room for the footer at the bottom. */
export const letterFrame: PageFrame = { width: 612, height: 792, top: 54, bottom: 72, left: 54, right: 54 };
/** The footer's baseline (pt from the page's bottom) and size (pt). */
const FOOTER_Y = 36;
const FOOTER_SIZE = 8;

/** Body text: black, RGB components 0–1. */
export const black = [0, 0, 0] as const;
/** Dark grey for secondary lines: 12.6:1 on white (WCAG 2.2 AA asks 4.5:1). */
export const grey = [0.2, 0.2, 0.2] as const;

/** A text style: `face`, `size` in pt, `color` (RGB 0–1, black by default), `indent` in pt (0 by default). */
export const textStyle = (
  face: FontFace,
  size: number,
  color: TextStyle['color'] = black,
  indent = 0,
): TextStyle => ({ face, size, color, indent });

/** The DejaVu fonts' bytes, read once from the installed package. */
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/** Where `dejavu-fonts-ttf` keeps its TTFs (resolved from node_modules, from src as from the API bundle). */
function dejaVuDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

function loadFontBytes(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  fontBytes ??= (async () => {
    const directory = dejaVuDirectory();
    const [regular, bold] = await Promise.all([
      readFile(path.join(directory, 'DejaVuSans.ttf')),
      readFile(path.join(directory, 'DejaVuSans-Bold.ttf')),
    ]);
    return { regular, bold };
  })();
  return fontBytes;
}

/** The embedded faces and the code points each can draw. */
export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  glyphs: ReadonlySet<number>;
}

/**
 * pdf-lib names font resources with `Math.random()`; a counter per document makes the bytes reproducible.
 * (`addRandomSuffix` is the context's public method that pdf-lib calls for every such name.)
 */
function useCountedNames(context: PDFContext): void {
  let counter = 0;
  context.addRandomSuffix = (prefix: string) => {
    counter += 1;
    return `${prefix}-${counter}`;
  };
}

/**
 * A new, empty PDF (no default page, pdf-lib's own metadata left out) with counted resource names and the DejaVu
 * faces subset-embedded; `fonts.glyphs` holds the code points BOTH faces draw, so a heading and its text read the
 * same. Reading the installed fonts may throw an I/O error.
 */
export async function createPdfWithFonts(): Promise<{ pdf: PDFDocument; fonts: Fonts }> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  useCountedNames(pdf.context);
  const bytes = await loadFontBytes();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(bytes.regular, { subset: true, customName: 'DejaVuSans' });
  const bold = await pdf.embedFont(bytes.bold, { subset: true, customName: 'DejaVuSans-Bold' });
  const boldSet = new Set(bold.getCharacterSet());
  const glyphs = new Set(regular.getCharacterSet().filter((code) => boldSet.has(code)));
  return { pdf, fonts: { regular, bold, glyphs } };
}

/**
 * Advance widths (pt) from the embedded faces, remembered per document: each call lays the text out with fontkit,
 * and a document measures the same words many times. Fits `layOut`'s `Measure`.
 */
export function cachedMeasure(fonts: Fonts): (text: string, face: FontFace, size: number) => number {
  const widths = new Map<string, number>();
  return (text, face, size) => {
    const key = `${face}\u0000${size}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = fonts[face].widthOfTextAtSize(text, size);
      widths.set(key, width);
    }
    return width;
  };
}

/** `text` cut at a grapheme boundary (with "…") to fit `width` pt in `font` at `size` pt; unchanged if it fits. */
export function fitted(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
    (part) => part.segment,
  );
  while (graphemes.length > 0 && font.widthOfTextAtSize(`${graphemes.join('')}…`, size) > width)
    graphemes.pop();
  return `${graphemes.join('')}…`;
}

/**
 * One line's pieces drawn left to right from `x`, each after the previous one's width. A caller with directional
 * runs passes each run's glyphs in drawing order (`drawingText` in `bidi-text.ts`); a caller without, one piece.
 */
function drawPieces(
  page: PDFPage,
  pieces: string[],
  at: { x: number; y: number; size: number; font: PDFFont; color: readonly [number, number, number] },
): void {
  let x = at.x;
  for (const text of pieces) {
    page.drawText(text, { x, y: at.y, size: at.size, font: at.font, color: rgb(...at.color) });
    x += at.font.widthOfTextAtSize(text, at.size);
  }
}

/**
 * One US Letter page per laid-out page (`layOut(…, letterFrame, …)`), each line drawn in its style in visual order
 * (its bidirectional runs, UAX #9: bidi-text.ts; see `drawPieces`). Returns the pages in order.
 */
export function drawPages(pdf: PDFDocument, laidOut: PlacedLine[][], fonts: Fonts): PDFPage[] {
  return laidOut.map((lines) => {
    const page = pdf.addPage([letterFrame.width, letterFrame.height]);
    for (const line of lines) {
      drawPieces(page, line.runs.map(drawingText), {
        x: line.x,
        y: line.y,
        size: line.style.size,
        font: fonts[line.style.face],
        color: line.style.color,
      });
    }
    return page;
  });
}

/**
 * The running footer on every page, in grey at 8 pt under the frame: `textOf(pageNumber, pageCount)` (1-based),
 * shortened with "…" to the column's width, then drawn in visual order like the lines.
 */
export function drawFooters(
  pages: PDFPage[],
  fonts: Fonts,
  textOf: (pageNumber: number, pageCount: number) => string,
): void {
  const width = letterFrame.width - letterFrame.left - letterFrame.right;
  pages.forEach((page, index) => {
    const text = fitted(textOf(index + 1, pages.length), fonts.regular, FOOTER_SIZE, width);
    drawPieces(page, visualRuns(text).map(drawingText), {
      x: letterFrame.left,
      y: FOOTER_Y,
      size: FOOTER_SIZE,
      font: fonts.regular,
      color: grey,
    });
  });
}

/**
 * The document outline: one bookmark per placed bookmark (in order), opening at its line's top; nothing when there
 * are none. With `showOnOpen` the viewer opens with the outline showing (`/PageMode /UseOutlines`).
 */
export function addOutline(
  pdf: PDFDocument,
  pages: PDFPage[],
  bookmarks: PlacedBookmark[],
  { showOnOpen }: { showOnOpen: boolean },
): void {
  if (bookmarks.length === 0) return;
  const context = pdf.context;
  const outlineRef = context.nextRef();
  const refs: PDFRef[] = bookmarks.map(() => context.nextRef());
  bookmarks.forEach((bookmark, index) => {
    const page = pages[bookmark.page];
    if (!page) return;
    const item = context.obj({
      Title: PDFHexString.fromText(bookmark.title),
      Parent: outlineRef,
      Dest: [page.ref, PDFName.of('XYZ'), PDFNull, PDFNumber.of(Math.round(bookmark.top)), PDFNull],
    });
    const previous = refs[index - 1];
    const next = refs[index + 1];
    if (previous) item.set(PDFName.of('Prev'), previous);
    if (next) item.set(PDFName.of('Next'), next);
    context.assign(refs[index] as PDFRef, item);
  });
  const outline = context.obj({ Type: 'Outlines', Count: PDFNumber.of(refs.length) });
  outline.set(PDFName.of('First'), refs[0] as PDFRef);
  outline.set(PDFName.of('Last'), refs[refs.length - 1] as PDFRef);
  context.assign(outlineRef, outline);
  pdf.catalog.set(PDFName.of('Outlines'), outlineRef);
  if (showOnOpen) pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/**
 * The document's metadata: `title` (shown in the viewer's title bar), `author`, `subject`, `language` (BCP 47,
 * e.g. "en-US"), creator "Tend", producer "Tend (pdf-lib)", and `at` as both creation and modification date (the
 * caller fixes it, so the bytes are reproducible).
 */
export function setMetadata(
  pdf: PDFDocument,
  meta: { title: string; author: string; subject: string; language: string; at: Date },
): void {
  pdf.setTitle(meta.title, { showInWindowTitleBar: true });
  pdf.setAuthor(meta.author);
  pdf.setSubject(meta.subject);
  pdf.setCreator('Tend');
  pdf.setProducer('Tend (pdf-lib)');
  pdf.setCreationDate(meta.at);
  pdf.setModificationDate(meta.at);
  pdf.setLanguage(meta.language);
}
