/**
 * Reading a scanned ISP (issue 19 "Scanned PDFs go through OCR (tesseract.js, offline)"; "scanned copies with no text
 * layer, slightly rotated and speckled"): each page is rendered with pdf.js (legacy build, on @napi-rs/canvas) at the
 * scan's own resolution (200–300 dpi; fewer when the page would exceed {@link MAX_PAGE_PIXELS}), turned grey, cleaned
 * of dust and table rules, and read by the {@link OcrEngine}; tesseract deskews small rotations itself (`rotateAuto`) and its boxes are turned back into the
 * page's frame. The result has the same shape as the text layer's (`PageText`, PDF points from the page's top-left
 * corner), so extraction reads a scan like any other ISP. Everything runs locally; nothing is downloaded.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfjs, offlineDocumentOptions } from '../../../platform/pdf/pdfjs.ts';
import { IspFileError } from '../extraction/isp-file-error.ts';
import type { PageText, TextItem } from '../extraction/types.ts';
import { OcrEngine, type OcrLine, type OcrRecognition, type OcrWord } from './ocr-engine.ts';

/**
 * Highest resolution pages are rendered at for OCR (tesseract reads best at 200–300 dpi). A page that is one scanned
 * image is rendered at the scan's own resolution, between {@link MIN_OCR_DPI} and this: rendering a 200 dpi scan at
 * 300 dpi adds pixels but no detail, and costs half as much again (bench:isp: 4.2 vs 2.7 CPU s/page, 98.4 % vs
 * 99.9 % of words read).
 */
export const OCR_DPI = 300;
/** Lowest resolution pages are rendered at for OCR (a 150 dpi fax is read at 200 dpi). */
export const MIN_OCR_DPI = 200;
/** Most pixels one rendered page may have (memory: 12 MP is 12 MB grey, 48 MB RGBA); larger pages get fewer dpi. */
export const MAX_PAGE_PIXELS = 12_000_000;
/**
 * Least confidence (0..100) of a word kept. Speckle that tesseract reads as stray marks scores below it; real words
 * of a fair scan score 80–96.
 */
export const MIN_WORD_CONFIDENCE = 10;
/** Shortest dark run (inches) taken for a table's ruling line and whitened before OCR (see `removeRules`). */
export const RULE_MIN_INCHES = 0.4;
/** Least height (PDF points) of a word kept: 5 pt type is 3.5 pt high, dust a fraction of a point. */
export const MIN_WORD_POINTS = 2;
/** An item is bold when its ink share is this many times the page's median (Helvetica Bold vs Regular: about 1.5). */
export const BOLD_INK_RATIO = 1.3;
/** Share of dark pixels below which a rendered page counts as blank (not as unreadable). */
export const BLANK_PAGE_INK = 0.002;

/** Options of {@link ocrPdf}. */
export interface OcrPdfOptions {
  /** 1-based page numbers to read (default: all), in any order; the result follows this order. */
  pages?: number[];
  /** Called after each page is read, with the pages done and the total to do. */
  onPage?: (done: number, total: number) => void;
  /** The engine to use (default: a new one, closed before returning). */
  engine?: OcrEngine;
}

/**
 * Opens a PDF with pdf.js for rendering, offline: standard fonts, CMaps and the image decoders' WebAssembly come from
 * the pdfjs-dist package; no eval, no system fonts. Errors: `IspFileError` `password-protected`, `damaged`.
 */
async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await loadPdfjs();
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: give it a copy.
    return await getDocument({ ...offlineDocumentOptions, data: new Uint8Array(bytes) }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new IspFileError(name === 'PasswordException' ? 'password-protected' : 'damaged', { cause: error });
  }
}

/** A rendered page: grey pixels as a binary PGM (P5) image, and the pixels per PDF point. */
interface RenderedPage {
  pgm: Uint8Array;
  /** The pixels of `pgm` (a view, not a copy), for measuring ink. */
  grey: Uint8Array;
  scale: number;
  width: number;
  height: number;
  /** Share of dark pixels (< 128), for telling a blank page from an unreadable one. */
  ink: number;
}

/**
 * The resolution (dpi) of the scan a page is made of: the widest image drawn on it whose shape is the page's (within
 * 5 %, either way round), its pixels across the page's width; null when the page has no such image (text drawn as
 * text, or a photo on a page).
 */
async function scanResolution(page: PDFPageProxy, width: number, height: number): Promise<number | null> {
  const [{ OPS }, { fnArray, argsArray }] = await Promise.all([loadPdfjs(), page.getOperatorList()]);
  const pageShape = width / height;
  let widest = 0;
  for (const [index, fn] of fnArray.entries()) {
    const args = (argsArray[index] ?? []) as unknown[];
    let size: { width: number; height: number } | null = null;
    if (fn === OPS.paintImageXObject) size = { width: Number(args[1]), height: Number(args[2]) };
    else if (fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject)
      size = args[0] as { width: number; height: number };
    if (!size?.width || !size.height) continue;
    const shape = size.width / size.height;
    const across =
      Math.abs(shape - pageShape) <= 0.05 * pageShape
        ? size.width
        : Math.abs(1 / shape - pageShape) <= 0.05 * pageShape
          ? size.height
          : 0;
    widest = Math.max(widest, across);
  }
  return widest ? (widest / width) * 72 : null;
}

/**
 * Renders one page at its scan's resolution, or {@link OCR_DPI} (capped by {@link MAX_PAGE_PIXELS}), on a white
 * background, and converts it to 8-bit grey, median-filtered (dust), rules removed, as PGM (which tesseract's Leptonica
 * reads without decoding work).
 */
async function renderPage(document: PDFDocumentProxy, pageNumber: number): Promise<RenderedPage & PageSize> {
  const page = await document.getPage(pageNumber);
  try {
    const unit = page.getViewport({ scale: 1 });
    const dpi = (await scanResolution(page, unit.width, unit.height)) ?? OCR_DPI;
    const scale = Math.min(
      Math.min(OCR_DPI, Math.max(MIN_OCR_DPI, dpi)) / 72,
      Math.sqrt(MAX_PAGE_PIXELS / (unit.width * unit.height)),
    );
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // @napi-rs/canvas implements the DOM canvas API pdf.js draws with (pdf.js's own Node canvas factory uses it).
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    const rgba = context.getImageData(0, 0, width, height).data;
    // Grey, then a 3 × 3 median: removes the scanner's dust specks (1–2 px at 300 dpi) and keeps the strokes.
    const grey = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
      raw: { width, height, channels: 4 },
    })
      .greyscale()
      .median(3)
      .raw()
      .toBuffer();
    // Ink is measured before the rules go: a page of nothing but lines or a picture is not blank.
    let dark = 0;
    for (const value of grey) if (value < 128) dark += 1;
    removeRules(grey, width, height, scale * 72);
    const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
    const pgm = new Uint8Array(header.length + grey.length);
    pgm.set(header, 0);
    pgm.set(grey, header.length);
    return {
      pgm,
      grey: pgm.subarray(header.length),
      scale,
      width,
      height,
      ink: dark / (width * height),
      pageWidth: unit.width,
      pageHeight: unit.height,
    };
  } finally {
    page.cleanup();
  }
}

/**
 * Whitens a table's ruling lines in a grey raster, in place: runs of dark pixels (< 128) longer than
 * {@link RULE_MIN_INCHES} along a row (horizontal rules) or a column (vertical rules), a pixel counting as dark when
 * it or its neighbour across the run is (so a rule turned 1–3° by the scanner still makes one long run). Tesseract
 * reads the text of bordered table cells (the Oregon risk tables) poorly while the borders are there: the first row
 * of a bordered table, "Risk | Choking", was lost without this. Letters have no stroke that long at body sizes.
 */
export function removeRules(grey: Uint8Array, width: number, height: number, dpi: number): void {
  const minimum = Math.round(RULE_MIN_INCHES * dpi);
  const dark = (x: number, y: number) => (grey[y * width + x] ?? 255) < 128;
  const rules: [number, number, number, number][] = [];
  for (let y = 0; y < height; y += 1) {
    let start = -1;
    for (let x = 0; x <= width; x += 1) {
      const on = x < width && (dark(x, y) || (y > 0 && dark(x, y - 1)) || (y + 1 < height && dark(x, y + 1)));
      if (on && start < 0) start = x;
      else if (!on && start >= 0) {
        if (x - start >= minimum)
          rules.push([start, Math.max(0, y - 1), x - start, Math.min(height, y + 2) - Math.max(0, y - 1)]);
        start = -1;
      }
    }
  }
  for (let x = 0; x < width; x += 1) {
    let start = -1;
    for (let y = 0; y <= height; y += 1) {
      const on = y < height && (dark(x, y) || (x > 0 && dark(x - 1, y)) || (x + 1 < width && dark(x + 1, y)));
      if (on && start < 0) start = y;
      else if (!on && start >= 0) {
        if (y - start >= minimum)
          rules.push([Math.max(0, x - 1), start, Math.min(width, x + 2) - Math.max(0, x - 1), y - start]);
        start = -1;
      }
    }
  }
  // Whitened after both passes, so a crossing of two rules is found by both.
  // The rows (columns) beside a run are whitened with it: the ends of a crooked rule fall in them.
  for (const [x0, y0, w, h] of rules)
    for (let y = y0; y < y0 + h; y += 1) grey.fill(255, y * width + x0, y * width + x0 + w);
}

interface PageSize {
  pageWidth: number;
  pageHeight: number;
}

/**
 * Turns a box of the deskewed image back into the rendered page's frame: tesseract turned the image by
 * `rotateRadians` about its centre before reading, so the box's centre is turned back about the same centre; the
 * box keeps its size (for the 0–3° of a hand-fed scan the difference is under a point).
 */
export function toSourceFrame(
  box: { x0: number; y0: number; x1: number; y1: number },
  rotateRadians: number,
  imageWidth: number,
  imageHeight: number,
): { x0: number; y0: number; x1: number; y1: number } {
  if (!rotateRadians) return box;
  const cx = imageWidth / 2;
  const cy = imageHeight / 2;
  const mx = (box.x0 + box.x1) / 2 - cx;
  const my = (box.y0 + box.y1) / 2 - cy;
  const cos = Math.cos(rotateRadians);
  const sin = Math.sin(rotateRadians);
  const x = cx + mx * cos + my * sin;
  const y = cy - mx * sin + my * cos;
  const halfWidth = (box.x1 - box.x0) / 2;
  const halfHeight = (box.y1 - box.y0) / 2;
  return { x0: x - halfWidth, y0: y - halfHeight, x1: x + halfWidth, y1: y + halfHeight };
}

/** Share of dark pixels (< 128) inside a box of a grey raster (clipped to it). */
function inkShare(
  grey: Uint8Array,
  width: number,
  height: number,
  box: { x0: number; y0: number; x1: number; y1: number },
): number {
  const left = Math.max(0, Math.floor(box.x0));
  const right = Math.min(width, Math.ceil(box.x1));
  const top = Math.max(0, Math.floor(box.y0));
  const bottom = Math.min(height, Math.ceil(box.y1));
  if (right <= left || bottom <= top) return 0;
  let dark = 0;
  for (let y = top; y < bottom; y += 1)
    for (let x = left; x < right; x += 1) if ((grey[y * width + x] ?? 255) < 128) dark += 1;
  return dark / ((right - left) * (bottom - top));
}

/** The middle value (mean of the two middle ones for an even count); 0 for none. */
function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Whether an OCR word is kept: confident enough ({@link MIN_WORD_CONFIDENCE}), holding a letter or digit or else
 * confidently read punctuation (a lone "|", "~~" or "—" read with doubt is a rule's remnant or dust), and larger than a speck ({@link MIN_WORD_POINTS} high at `scale`
 * pixels per point).
 */
function isWord(word: OcrWord, scale: number): boolean {
  if (word.confidence < MIN_WORD_CONFIDENCE || word.y1 - word.y0 < MIN_WORD_POINTS * scale) return false;
  if (/[\p{L}\p{N}]/u.test(word.text)) return true;
  // Punctuation alone ("/", "-", "&") is kept when read with confidence; a table bar's remnant ("|") never.
  return word.confidence >= 60 && !/^[|!l1I[\]]+$/.test(word.text);
}

/**
 * Groups a line's kept words into runs, as pdf.js groups a text layer: a gap wider than the line's height (the space
 * between the columns of a table, or a tab stop) starts a new run. Each run becomes one `TextItem`, its confidence
 * the lowest of its words'.
 */
function runsOf(line: OcrLine, scale: number): OcrWord[][] {
  const words = line.words.filter((word) => isWord(word, scale));
  const runs: OcrWord[][] = [];
  const lineHeight = Math.max(1, line.y1 - line.y0);
  for (const word of words) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && word.x0 - previous.x1 <= lineHeight) run.push(word);
    else runs.push([word]);
  }
  return runs;
}

/** The `TextItem`s of one recognized page, in PDF points from the page's top-left corner. */
export function textItemsOf(
  recognition: OcrRecognition,
  image: { width: number; height: number; scale: number; grey?: Uint8Array },
): TextItem[] {
  const items: TextItem[] = [];
  const inks: number[] = [];
  for (const line of recognition.lines)
    for (const run of runsOf(line, image.scale)) {
      const x0 = Math.min(...run.map((word) => word.x0));
      const x1 = Math.max(...run.map((word) => word.x1));
      let y0 = Math.min(...run.map((word) => word.y0));
      let y1 = Math.max(...run.map((word) => word.y1));
      // A text layer's item is as high as its font: so is an OCR item, from the line's baseline and type height
      // (a word without ascenders or descenders is not smaller type), when tesseract's figures are plausible.
      const type = line.type;
      if (type && type.rowHeight > 0.6 * (y1 - y0) && type.rowHeight < 2.5 * (y1 - y0)) {
        const share = (x0 + x1) / 2 - line.x0;
        const baseline =
          type.baselineLeft +
          (share * (type.baselineRight - type.baselineLeft)) / Math.max(1, line.x1 - line.x0);
        y0 = baseline - (type.rowHeight + type.descenders);
        y1 = y0 + type.rowHeight;
      }
      const box = toSourceFrame({ x0, y0, x1, y1 }, recognition.rotateRadians, image.width, image.height);
      inks.push(image.grey ? inkShare(image.grey, image.width, image.height, box) : 0);
      items.push({
        text: run.map((word) => word.text).join(' '),
        x: Math.max(0, box.x0 / image.scale),
        y: Math.max(0, box.y0 / image.scale),
        width: (Math.min(image.width, box.x1) - Math.max(0, box.x0)) / image.scale,
        height: (Math.min(image.height, box.y1) - Math.max(0, box.y0)) / image.scale,
        fontName: 'ocr',
        bold: false,
        confidence: Math.min(...run.map((word) => word.confidence)),
      });
    }
  // Bold type puts more ink in the same box: an item is bold when its ink share is well above the page's usual.
  const usual = median(inks.filter((ink) => ink > 0));
  if (usual > 0)
    for (const [index, item] of items.entries()) item.bold = (inks[index] ?? 0) > BOLD_INK_RATIO * usual;
  return items;
}

/**
 * Reads the text of a scanned PDF by OCR: one `PageText` per page asked for (all by default), items with
 * `fontName: 'ocr'` and their `confidence`, `hasText` true when the page had words. Rendering and recognition
 * overlap (the next page renders while the engine reads the previous ones).
 * Errors: `IspFileError` `password-protected` / `damaged` when pdf.js cannot open the file; `unreadable-scan` when a
 * page has ink but no word could be read (a blank page is not an error: it has no items).
 */
export async function ocrPdf(bytes: Uint8Array, options: OcrPdfOptions = {}): Promise<PageText[]> {
  const engine = options.engine ?? new OcrEngine();
  const document = await openPdf(bytes);
  try {
    const pages = options.pages ?? Array.from({ length: document.numPages }, (_, index) => index + 1);
    const invalid = pages.find((page) => !Number.isInteger(page) || page < 1 || page > document.numPages);
    if (invalid !== undefined)
      throw new RangeError(`page ${invalid} is not in this ${document.numPages}-page PDF`);
    let done = 0;
    let failed = false;
    const reading: Promise<PageText>[] = [];
    const inFlight = new Set<Promise<unknown>>();
    for (const pageNumber of pages) {
      // Render ahead of the engine by one page at most (memory: one raster per worker plus one waiting).
      while (inFlight.size > engine.workers) await Promise.race(inFlight);
      const rendered = await renderPage(document, pageNumber);
      const page = engine.recognize(rendered.pgm, rendered.scale * 72).then((recognition): PageText => {
        const items = textItemsOf(recognition, rendered);
        if (!items.length && rendered.ink >= BLANK_PAGE_INK) throw new IspFileError('unreadable-scan');
        done += 1;
        options.onPage?.(done, pages.length);
        return {
          page: pageNumber,
          width: rendered.pageWidth,
          height: rendered.pageHeight,
          items,
          hasText: items.length > 0,
        };
      });
      const settled: Promise<unknown> = page.then(
        () => inFlight.delete(settled),
        () => {
          failed = true;
          inFlight.delete(settled);
        },
      );
      inFlight.add(settled);
      reading.push(page);
      // After a failed page no further page is rendered (its error is thrown by Promise.all below).
      if (failed) break;
    }
    return await Promise.all(reading);
  } finally {
    await document.destroy();
    if (!options.engine) await engine.close();
  }
}
