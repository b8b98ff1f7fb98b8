/**
 * Reading a scanned ISP (issue 19 "Scanned PDFs go through OCR (tesseract.js, offline)"; "scanned copies with no text
 * layer, slightly rotated and speckled"): each page is rendered with pdf.js (legacy build, on @napi-rs/canvas) at
 * {@link OCR_DPI} dpi (fewer when the page would exceed {@link MAX_PAGE_PIXELS}), turned grey, and read by the
 * {@link OcrEngine}; tesseract deskews small rotations itself (`rotateAuto`) and its boxes are turned back into the
 * page's frame. The result has the same shape as the text layer's (`PageText`, PDF points from the page's top-left
 * corner), so extraction reads a scan like any other ISP. Everything runs locally; nothing is downloaded.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

type RenderParameters = Parameters<PDFPageProxy['render']>[0];
import { IspFileError } from '../extraction/isp-file-error.ts';
import type { PageText, TextItem } from '../extraction/types.ts';
import { OcrEngine, type OcrLine, type OcrRecognition, type OcrWord } from './ocr-engine.ts';

const require = createRequire(import.meta.url);

/** Resolution pages are rendered at for OCR: tesseract reads best at about 300 dpi. */
export const OCR_DPI = 300;
/** Most pixels one rendered page may have (memory: 12 MP is 12 MB grey, 48 MB RGBA); larger pages get fewer dpi. */
export const MAX_PAGE_PIXELS = 12_000_000;
/**
 * Least confidence (0..100) of a word kept. Speckle that tesseract reads as stray marks scores below it; real words
 * of a fair scan score 80–96.
 */
export const MIN_WORD_CONFIDENCE = 30;
/** Shortest dark run (inches) taken for a table's ruling line and whitened before OCR (see `removeRules`). */
export const RULE_MIN_INCHES = 0.4;
/** Least height (pixels at {@link OCR_DPI}) of a word kept: 5 pt type is 20 px high; dust is a few pixels. */
export const MIN_WORD_PIXELS = 8;
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

/** The folder of a package's files as a path ending in `/`, as pdf.js's `*Url` options want it on Node. */
function packageDir(pkg: string, dir: string): string {
  return path.join(path.dirname(require.resolve(`${pkg}/package.json`)), dir) + path.sep;
}

/**
 * Opens a PDF with pdf.js for rendering, offline: standard fonts, CMaps and the image decoders' WebAssembly come from
 * the pdfjs-dist package; no eval, no system fonts. Errors: `IspFileError` `password-protected`, `damaged`.
 */
async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  try {
    return await getDocument({
      // pdf.js takes ownership of (detaches) the buffer it is given: give it a copy.
      data: new Uint8Array(bytes),
      standardFontDataUrl: packageDir('pdfjs-dist', 'standard_fonts'),
      cMapUrl: packageDir('pdfjs-dist', 'cmaps'),
      cMapPacked: true,
      wasmUrl: packageDir('pdfjs-dist', 'wasm'),
      iccUrl: packageDir('pdfjs-dist', 'iccs'),
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new IspFileError(name === 'PasswordException' ? 'password-protected' : 'damaged', { cause: error });
  }
}

/** A rendered page: grey pixels as a binary PGM (P5) image, and the pixels per PDF point. */
interface RenderedPage {
  pgm: Uint8Array;
  scale: number;
  width: number;
  height: number;
  /** Share of dark pixels (< 128), for telling a blank page from an unreadable one. */
  ink: number;
}

/**
 * Renders one page at {@link OCR_DPI} (capped by {@link MAX_PAGE_PIXELS}) on a white background and converts it to
 * 8-bit grey, median-filtered (dust), as PGM, which tesseract's Leptonica reads without decoding work.
 */
async function renderPage(document: PDFDocumentProxy, pageNumber: number): Promise<RenderedPage & PageSize> {
  const page = await document.getPage(pageNumber);
  try {
    const unit = page.getViewport({ scale: 1 });
    const scale = Math.min(OCR_DPI / 72, Math.sqrt(MAX_PAGE_PIXELS / (unit.width * unit.height)));
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // @napi-rs/canvas implements the DOM canvas API pdf.js draws with (pdf.js's own Node canvas factory uses it).
    const target = { canvas, canvasContext: context, viewport } as unknown as RenderParameters;
    await page.render(target).promise;
    const rgba = context.getImageData(0, 0, width, height).data;
    // Grey, then a 3 × 3 median: removes the scanner's dust specks (1–2 px at 300 dpi) and keeps the strokes.
    const grey = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
      raw: { width, height, channels: 4 },
    })
      .greyscale()
      .median(3)
      .raw()
      .toBuffer();
    removeRules(grey, width, height, scale * 72);
    const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
    const pgm = new Uint8Array(header.length + grey.length);
    pgm.set(header, 0);
    pgm.set(grey, header.length);
    let dark = 0;
    for (const value of grey) if (value < 128) dark += 1;
    return {
      pgm,
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
        if (x - start >= minimum) rules.push([start, y, x - start, 1]);
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
        if (y - start >= minimum) rules.push([x, start, 1, y - start]);
        start = -1;
      }
    }
  }
  // Whitened after both passes, so a crossing of two rules is found by both.
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

/**
 * Whether an OCR word is kept: confident enough ({@link MIN_WORD_CONFIDENCE}), holding a letter or digit (a lone
 * "|", "~~" or "—" is a rule's remnant or dust), and larger than a speck ({@link MIN_WORD_PIXELS} high).
 */
function isWord(word: OcrWord): boolean {
  return (
    word.confidence >= MIN_WORD_CONFIDENCE &&
    /[\p{L}\p{N}]/u.test(word.text) &&
    word.y1 - word.y0 >= MIN_WORD_PIXELS
  );
}

/**
 * Groups a line's kept words into runs, as pdf.js groups a text layer: a gap wider than the line's height (the space
 * between the columns of a table, or a tab stop) starts a new run. Each run becomes one `TextItem`, its confidence
 * the lowest of its words'.
 */
function runsOf(line: OcrLine): OcrWord[][] {
  const words = line.words.filter(isWord);
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
  image: { width: number; height: number; scale: number },
): TextItem[] {
  const items: TextItem[] = [];
  for (const line of recognition.lines)
    for (const run of runsOf(line)) {
      const box = toSourceFrame(
        {
          x0: Math.min(...run.map((word) => word.x0)),
          y0: Math.min(...run.map((word) => word.y0)),
          x1: Math.max(...run.map((word) => word.x1)),
          y1: Math.max(...run.map((word) => word.y1)),
        },
        recognition.rotateRadians,
        image.width,
        image.height,
      );
      items.push({
        text: run.map((word) => word.text).join(' '),
        x: box.x0 / image.scale,
        y: box.y0 / image.scale,
        width: (box.x1 - box.x0) / image.scale,
        height: (box.y1 - box.y0) / image.scale,
        fontName: 'ocr',
        bold: false,
        confidence: Math.min(...run.map((word) => word.confidence)),
      });
    }
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
