/**
 * Reads an ISP PDF's text layer with positions (issue 19 "Processing extracts the text with layout (pdfjs-dist on the
 * server)"). pdf.js runs in this process (its legacy build's in-thread worker), offline: standard fonts, CMaps and
 * wasm decoders come from the installed pdfjs-dist package, never from the network. Files that cannot be read end in
 * an {@link IspFileError} whose message a person understands. Nothing here logs the file's text.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

import { loadPdfjs, offlineDocumentOptions } from '../../../platform/pdf/pdfjs.ts';
import { IspFileError } from './isp-file-error.js';
import type { PageText, TextItem } from './types.js';

/** How far from the end a PDF's `%%EOF` marker may be (Acrobat's tolerance: 1024 bytes after trailing blanks). */
const eofWindow = 1024;
/** How far into the file the `%PDF-` header may start (Acrobat's tolerance). */
const headerWindow = 1024;

/** A font name that says the face is bold ("Helvetica-Bold", "ABCDEF+Arial,BoldItalic", "OpenSans-Semibold"). */
const boldName = /bold|black|heavy|semibold|demibold|extrabold|ultrabold|,?demi\b/i;

export interface ReadPdfTextOptions {
  /** Called after each page is read: `done` pages of `total`, for a job's progress. */
  onPage?: (done: number, total: number) => void;
}

/**
 * Every page's text items of the PDF in `bytes`, in content order. Positions are PDF points from the page's top-left
 * corner as the page is shown (its crop box and `/Rotate` applied): `x`, `y` (top), `width`, `height` of the item's
 * box. `bold` comes from the font (its name or its bold flag). A page without any text (a scan) has `hasText: false`
 * and no items. `bytes` is copied, never detached or changed.
 *
 * @throws IspFileError `empty` (no bytes, or no pages), `not-a-pdf` (no `%PDF-` header), `damaged` (cut off: no
 *   `%%EOF` at the end; or pdf.js cannot parse it), `password-protected` (a user password is needed to open it).
 */
export async function readPdfText(bytes: Uint8Array, options: ReadPdfTextOptions = {}): Promise<PageText[]> {
  checkFileShape(bytes);
  const { getDocument, Util } = await loadPdfjs();
  const loadingTask = getDocument({
    ...offlineDocumentOptions,
    // pdf.js transfers the buffer it is given to its worker: give it a copy so the caller's bytes stay usable.
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useWorkerFetch: false,
    stopAtErrors: false,
  });
  let doc: PDFDocumentProxy | undefined;
  try {
    try {
      doc = await loadingTask.promise;
    } catch (error) {
      throw asIspFileError(error);
    }
    const total = doc.numPages;
    if (total === 0) throw new IspFileError('empty');
    const pages: PageText[] = [];
    for (let number = 1; number <= total; number++) {
      let page: PDFPageProxy | undefined;
      try {
        page = await doc.getPage(number);
        pages.push(await readPage(page, (m1, m2) => Util.transform(m1, m2) as number[]));
      } catch (error) {
        throw asIspFileError(error);
      } finally {
        page?.cleanup();
      }
      options.onPage?.(number, total);
    }
    return pages;
  } finally {
    // Frees the worker's copy of the document, its fonts and decoded images (memory), whatever happened above.
    await loadingTask.destroy().catch(() => undefined);
  }
}

/** Empty, not a PDF, or cut off: told from the bytes before pdf.js (which would otherwise repair a truncated file). */
function checkFileShape(bytes: Uint8Array): void {
  if (bytes.length === 0 || bytes.every((byte) => isBlank(byte))) throw new IspFileError('empty');
  if (indexOfAscii(bytes, '%PDF-', 0, Math.min(bytes.length, headerWindow + 5)) < 0) {
    throw new IspFileError('not-a-pdf');
  }
  let end = bytes.length;
  while (end > 0 && isBlank(bytes[end - 1]!)) end--;
  if (indexOfAscii(bytes, '%%EOF', Math.max(0, end - eofWindow - 5), end) < 0)
    throw new IspFileError('damaged');
}

/** Whitespace or NUL padding after the end of a PDF. */
function isBlank(byte: number): boolean {
  return byte === 0 || byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c;
}

/** Index of the ASCII `needle` in `bytes[from, to)`, or -1. */
function indexOfAscii(bytes: Uint8Array, needle: string, from: number, to: number): number {
  const codes = Array.from(needle, (character) => character.charCodeAt(0));
  outer: for (let index = from; index + codes.length <= to; index++) {
    for (let offset = 0; offset < codes.length; offset++) {
      if (bytes[index + offset] !== codes[offset]) continue outer;
    }
    return index;
  }
  return -1;
}

/** pdf.js's failures, as what a person is told. */
function asIspFileError(error: unknown): IspFileError {
  if (error instanceof IspFileError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return new IspFileError('password-protected', { cause: error });
  return new IspFileError('damaged', { cause: error });
}

interface PdfjsTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
}

interface PdfjsTextStyle {
  ascent?: number;
  descent?: number;
}

/** pdf.js's product of two transform matrices (`Util.transform`). */
type Transform = (m1: number[], m2: number[]) => number[];

/** One page's text items, in the page's top-left frame. */
async function readPage(page: PDFPageProxy, transform: Transform): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const raw = content.items.filter(
    (item): item is PdfjsTextItem & (typeof content.items)[number] => 'str' in item && item.str.trim() !== '',
  );
  const base = { page: page.pageNumber, width: round(viewport.width), height: round(viewport.height) };
  if (raw.length === 0) return { ...base, items: [], hasText: false };

  const fonts = await fontFaces(page, new Set(raw.map((item) => item.fontName)));
  const styles = content.styles as Record<string, PdfjsTextStyle | undefined>;
  const items: TextItem[] = raw.map((item) => {
    const font = fonts.get(item.fontName);
    const style = styles[item.fontName];
    return {
      text: item.str,
      ...itemBox(item, viewport.transform, style, transform),
      fontName: font?.name ?? item.fontName,
      bold: font?.bold ?? false,
    };
  });
  return { ...base, items, hasText: true };
}

/**
 * The item's box: the rectangle from its baseline origin along its direction for its width, and from its descent to
 * its ascent across it, mapped to the page as shown and bounded (so rotated pages and text still give a box).
 */
function itemBox(
  item: PdfjsTextItem,
  viewportTransform: number[],
  style: PdfjsTextStyle | undefined,
  transform: Transform,
): Pick<TextItem, 'x' | 'y' | 'width' | 'height'> {
  const [a, b, c, d, e, f] = transform(viewportTransform, item.transform) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fontHeight = Math.hypot(c, d) || item.height || 1;
  const along = Math.hypot(a, b) || 1;
  const direction = [a / along, b / along] as const;
  const up = [c / fontHeight, d / fontHeight] as const;
  const ascent = style?.ascent && style.ascent > 0 ? style.ascent : 0.8;
  const descent = style?.descent && style.descent < 0 ? style.descent : -0.2;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const length of [0, item.width]) {
    for (const rise of [descent * fontHeight, ascent * fontHeight]) {
      xs.push(e + direction[0] * length + up[0] * rise);
      ys.push(f + direction[1] * length + up[1] * rise);
    }
  }
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x: round(x), y: round(y), width: round(Math.max(...xs) - x), height: round(Math.max(...ys) - y) };
}

interface FontFace {
  name: string;
  bold: boolean;
}

/**
 * The real names and bold flags of the page's fonts. pdf.js's text content only names its own font ids; the fonts
 * themselves reach the document's shared objects when a page's operator list is built. Fonts are shared by the whole
 * document, so the (costly: it decodes images) operator list is built only for a page that uses a font not seen yet.
 */
async function fontFaces(page: PDFPageProxy, ids: Set<string>): Promise<Map<string, FontFace>> {
  const faces = new Map<string, FontFace>();
  if ([...ids].some((id) => !page.commonObjs.has(id))) {
    try {
      await page.getOperatorList();
    } catch {
      return faces; // The text was readable; without font names every item counts as regular weight.
    }
  }
  for (const id of ids) {
    if (!page.commonObjs.has(id)) continue;
    const font = page.commonObjs.get(id) as { name?: unknown; bold?: unknown; black?: unknown } | null;
    if (!font) continue;
    const name = typeof font.name === 'string' ? font.name.replace(/^[A-Z]{6}\+/, '') : id;
    faces.set(id, { name, bold: font.bold === true || font.black === true || boldName.test(name) });
  }
  return faces;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
