/**
 * Reading a scanned document into pages of words (issue 23 "OCR offline (tesseract.js with its npm language data) with
 * word boxes and confidence"; decision 0063). Every page becomes one grey PNG (the image the viewer shows and the
 * frame of every box):
 *
 * - images (PNG, JPEG, TIFF — every page —, WebP): turned upright by their EXIF orientation, grey, at most
 *   {@link MAX_PAGE_SIDE} pixels on the long side (sharp);
 * - PDFs: every page rendered by pdf.js (legacy build on @napi-rs/canvas) at {@link PDF_DPI}.
 *
 * OCR reads a cleaned copy (3 × 3 median against speckle, table rules whitened: `removeRules` of the isp module's
 * scanned-ISP reader) with the isp module's offline tesseract.js engine (`OcrEngine`: English model from
 * `@tesseract.js-data/eng`, no cache, no download), `rotateAuto` deskewing a crooked sheet; the boxes are turned back
 * into the page image's frame. Nothing here touches the network.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp, { type Metadata } from 'sharp';
import type { OcrWord } from '@tend/contracts';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfjs, offlineDocumentOptions } from '../../platform/pdf/pdfjs.ts';
import { type OcrEngine } from '../isp/ocr/ocr-engine.ts';
import { removeRules, toSourceFrame } from '../isp/ocr/ocr-pdf.ts';

/** Longest side of a page image, pixels (a letter page at 300 dpi is 3300). Larger scans are scaled down. */
export const MAX_PAGE_SIDE = 3300;
/** Resolution PDF pages are rendered at for OCR (tesseract reads best at 200–300 dpi). */
export const PDF_DPI = 200;
/** Resolution assumed for an image that does not say its own, or says under 100 dpi (72 is a PNG writer's default, not a scan's). */
export const DEFAULT_IMAGE_DPI = 200;
/** Least confidence (0..100) of a word kept: speckle and grid remnants score below it. */
export const MIN_WORD_CONFIDENCE = 20;
/** Most pages read from one document. */
export const MAX_PAGES = 50;

/** A file that cannot be read as a document; `message` is shown to the person (no file content in it). */
export class OcrFileError extends Error {
  override readonly name = 'OcrFileError';
}

/** One page read: its grey PNG and size, the words (boxes in the PNG's pixels), the text, skew and OCR time. */
export interface ReadPage {
  pageNumber: number;
  png: Buffer;
  width: number;
  height: number;
  skewDegrees: number;
  words: OcrWord[];
  text: string;
  meanConfidence: number | null;
  ocrMillis: number;
}

/** A grey raster of one page and the resolution it is at. */
interface GreyPage {
  grey: Buffer;
  width: number;
  height: number;
  dpi: number;
}

/** Options of {@link readDocument}. */
export interface ReadDocumentOptions {
  engine: OcrEngine;
  /** Called when a page starts (`done` pages finished of `total`). */
  onPage?: (done: number, total: number) => void;
}

/**
 * Reads every page of `bytes` (`mimeType` one of contracts `OCR_MIME_TYPES`). Errors: {@link OcrFileError} for a
 * file that is not a readable image or PDF, or has more than {@link MAX_PAGES} pages.
 */
export async function readDocument(
  bytes: Buffer,
  mimeType: string,
  options: ReadDocumentOptions,
): Promise<ReadPage[]> {
  const pages = mimeType === 'application/pdf' ? await pdfPages(bytes) : await imagePages(bytes);
  const read: ReadPage[] = [];
  for (const [index, page] of pages.entries()) {
    options.onPage?.(index, pages.length);
    read.push(await readPage(options.engine, await page(), index + 1));
  }
  return read;
}

/** Lazy pages of an image file (every page of a TIFF), each upright, grey, at most MAX_PAGE_SIDE. */
async function imagePages(bytes: Buffer): Promise<(() => Promise<GreyPage>)[]> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new OcrFileError('The file is not an image Tend can read (PNG, JPEG, TIFF or WebP).');
  }
  const count = Math.min(metadata.pages ?? 1, MAX_PAGES);
  const density =
    metadata.density && metadata.density >= 100 && metadata.density <= 1200 ? metadata.density : null;
  return Array.from({ length: count }, (_, page) => async () => {
    try {
      const { data, info } = await sharp(bytes, { page, limitInputPixels: 100_000_000 })
        .rotate()
        .flatten({ background: '#ffffff' })
        .greyscale()
        .extractChannel(0)
        .resize({ width: MAX_PAGE_SIDE, height: MAX_PAGE_SIDE, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const longSide = Math.max(metadata.width ?? info.width, metadata.height ?? info.height);
      const scale = Math.max(info.width, info.height) / Math.max(1, longSide);
      return {
        grey: data,
        width: info.width,
        height: info.height,
        dpi: Math.round((density ?? DEFAULT_IMAGE_DPI) * Math.min(1, scale)),
      };
    } catch {
      throw new OcrFileError('The image is damaged and cannot be read.');
    }
  });
}

/** Lazy pages of a PDF, rendered at PDF_DPI (fewer when a page would pass MAX_PAGE_SIDE). */
async function pdfPages(bytes: Buffer): Promise<(() => Promise<GreyPage>)[]> {
  const { getDocument } = await loadPdfjs();
  let document: PDFDocumentProxy;
  try {
    document = await getDocument({ ...offlineDocumentOptions, data: new Uint8Array(bytes) }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new OcrFileError(
      name === 'PasswordException'
        ? 'The PDF is password-protected: upload a copy without a password.'
        : 'The PDF is damaged and cannot be read.',
    );
  }
  const count = Math.min(document.numPages, MAX_PAGES);
  return Array.from({ length: count }, (_, index) => async () => {
    const page = await document.getPage(index + 1);
    try {
      const unit = page.getViewport({ scale: 1 });
      const scale = Math.min(PDF_DPI / 72, MAX_PAGE_SIDE / Math.max(unit.width, unit.height));
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.floor(viewport.width));
      const height = Math.max(1, Math.floor(viewport.height));
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      const rgba = context.getImageData(0, 0, width, height).data;
      const grey = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
        raw: { width, height, channels: 4 },
      })
        .flatten({ background: '#ffffff' })
        .greyscale()
        .extractChannel(0)
        .raw()
        .toBuffer();
      return { grey, width, height, dpi: Math.round(scale * 72) };
    } finally {
      page.cleanup();
      if (index === count - 1) void document.destroy();
    }
  });
}

/** Text that is only rule or speckle remnants (`|`, `—`, `.`), never a word. */
const NOISE = /^[|_\-—–~.,:;'"`!¦/\\()[\]{}]+$/;

/** OCRs one grey page: the PNG shown, the words in its frame, text by lines, mean confidence and the time taken. */
async function readPage(engine: OcrEngine, page: GreyPage, pageNumber: number): Promise<ReadPage> {
  const started = performance.now();
  const { grey, width, height, dpi } = page;
  const png = await sharp(grey, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
  const clean = await sharp(grey, { raw: { width, height, channels: 1 } })
    .median(3)
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer();
  removeRules(clean, width, height, dpi);
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii');
  const recognition = await engine.recognize(Buffer.concat([header, clean]), dpi);
  const words: OcrWord[] = [];
  const lines: string[] = [];
  for (const line of recognition.lines) {
    const kept = line.words.filter(
      (word) => word.confidence >= MIN_WORD_CONFIDENCE && !NOISE.test(word.text),
    );
    if (!kept.length) continue;
    for (const word of kept) {
      const box = toSourceFrame(word, recognition.rotateRadians, width, height);
      words.push({
        text: word.text,
        confidence: Math.round(word.confidence * 10) / 10,
        x0: Math.round(box.x0),
        y0: Math.round(box.y0),
        x1: Math.round(box.x1),
        y1: Math.round(box.y1),
        line: lines.length,
      });
    }
    lines.push(kept.map((word) => word.text).join(' '));
  }
  const meanConfidence = words.length
    ? Math.round((words.reduce((sum, word) => sum + word.confidence, 0) / words.length) * 10) / 10
    : null;
  return {
    pageNumber,
    png,
    width,
    height,
    skewDegrees: Math.round(((recognition.rotateRadians * 180) / Math.PI) * 100) / 100,
    words,
    text: lines.join('\n'),
    meanConfidence,
    ocrMillis: Math.round(performance.now() - started),
  };
}
