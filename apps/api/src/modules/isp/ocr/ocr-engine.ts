/**
 * The OCR engine for scanned ISPs (issue 19 "Scanned PDFs go through OCR (tesseract.js, offline)"): a small pool of
 * tesseract.js workers (WebAssembly in worker threads), created lazily on the first page and kept until `close()`.
 * The caller owns its lifetime (the isp plugin closes it when the app closes).
 *
 * Offline, always: the English model is read from the `@tesseract.js-data/eng` package's `4.0.0_best_int` directory
 * (`langPath`, gzip-compressed), never cached to disk (`cacheMethod: 'none'`), and the WebAssembly core is the
 * `tesseract.js-core` package's; nothing is downloaded at install or run time ({@link ocrWorkerOptions}).
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Tesseract from 'tesseract.js';

const require = createRequire(import.meta.url);

/** Directory holding `eng.traineddata.gz` (the "best" LSTM model, integer-quantized: accurate and fast enough). */
export function englishModelDir(): string {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * Options every tesseract worker is created with: the local model directory, gzip, no cache, no logger. Exported
 * so a test can prove nothing points at the network.
 */
export function ocrWorkerOptions(): Partial<Tesseract.WorkerOptions> {
  return {
    langPath: englishModelDir(),
    gzip: true,
    cacheMethod: 'none',
    // tesseract.js's `logger` receives progress messages; the engine reports pages itself.
    logger: () => undefined,
  };
}

/** One recognized word: text, tesseract's confidence 0..100, its box in the image's pixels (x0,y0 top-left). */
export interface OcrWord {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One recognized text line, its words in reading order. */
export interface OcrLine {
  words: OcrWord[];
  /**
   * The line's type: height from ascender to descender (about the font size), how far descenders reach below the
   * baseline (negative), and the baseline's height at the line's left and right ends, pixels. Null when tesseract
   * found no baseline.
   */
  type: { rowHeight: number; descenders: number; baselineLeft: number; baselineRight: number } | null;
  /** The line's box in the recognized image's pixels. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * What OCR read on one image: the lines, and the skew tesseract corrected (radians; boxes are in the deskewed
 * image, which is the input turned by `-rotateRadians`... see `toSourceFrame` in ocr-pdf.ts for the mapping).
 */
export interface OcrRecognition {
  lines: OcrLine[];
  rotateRadians: number;
}

/** Options of {@link OcrEngine}: `workers` (default: 2, or 1 on a single core). */
export interface OcrEngineOptions {
  workers?: number;
  /**
   * The worker-thread script (default: tesseract.js's own). Tests point it at a script that forbids network access
   * before loading tesseract's, to prove recognition never downloads anything.
   */
  workerPath?: string;
}

/**
 * A lazily started pool of tesseract.js workers. `recognize()` queues one image (PNG, JPEG or PNM bytes) and resolves
 * with its lines; up to `workers` images are read at once. `close()` terminates the workers (the engine can be used
 * again afterwards: it starts new ones). Errors: a worker that fails to start or read rejects that call.
 */
export class OcrEngine {
  readonly workers: number;
  private readonly workerPath: string | undefined;
  private scheduler: Promise<Tesseract.Scheduler> | null = null;

  constructor(options: OcrEngineOptions = {}) {
    const cores =
      typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
    this.workers = Math.max(1, Math.min(options.workers ?? 2, Math.max(1, cores)));
    this.workerPath = options.workerPath;
  }

  /**
   * Reads one page image rendered at `dpi`; boxes are in the image's pixels. `rotateAuto` lets tesseract deskew small
   * rotations.
   */
  async recognize(image: Uint8Array, dpi: number): Promise<OcrRecognition> {
    const scheduler = await this.start();
    const result = await scheduler.addJob(
      'recognize',
      Buffer.from(image),
      // The image carries no resolution: tell tesseract rather than let it guess from the letters' size. Tesseract's
      // own messages ("Detected 89 diacritics") go nowhere rather than to the server's stderr.
      {
        rotateAuto: true,
        user_defined_dpi: String(Math.round(dpi)),
        debug_file: '/dev/null',
      } as Partial<Tesseract.RecognizeOptions>,
      { blocks: true },
    );
    return { lines: linesOf(result.data), rotateRadians: result.data.rotateRadians ?? 0 };
  }

  /** Terminates the workers (no-op when none were started). */
  async close(): Promise<void> {
    const scheduler = this.scheduler;
    this.scheduler = null;
    if (!scheduler) return;
    await (await scheduler.catch(() => null))?.terminate();
  }

  private start(): Promise<Tesseract.Scheduler> {
    if (!this.scheduler) {
      this.scheduler = this.createScheduler();
      // A failed start is not kept: the next call tries again.
      this.scheduler.catch(() => {
        this.scheduler = null;
      });
    }
    return this.scheduler;
  }

  private async createScheduler(): Promise<Tesseract.Scheduler> {
    const options = { ...ocrWorkerOptions(), ...(this.workerPath ? { workerPath: this.workerPath } : {}) };
    const workers = await Promise.all(
      Array.from({ length: this.workers }, () =>
        Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, options),
      ),
    );
    const scheduler = Tesseract.createScheduler();
    for (const worker of workers) scheduler.addWorker(worker);
    return scheduler;
  }
}

/** Flattens tesseract's blocks → paragraphs → lines → words into lines of non-empty words. */
function linesOf(page: Tesseract.Page): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const block of page.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines) {
        const words = line.words
          .filter((word) => word.text.trim() !== '')
          .map((word) => ({
            text: word.text.trim(),
            confidence: word.confidence,
            ...word.bbox,
          }));
        const { rowAttributes: row, baseline } = line;
        const type =
          row.rowHeight > 0 && baseline.x1 > baseline.x0
            ? {
                rowHeight: row.rowHeight,
                descenders: row.descenders,
                baselineLeft:
                  baseline.y0 +
                  ((line.bbox.x0 - baseline.x0) * (baseline.y1 - baseline.y0)) / (baseline.x1 - baseline.x0),
                baselineRight:
                  baseline.y0 +
                  ((line.bbox.x1 - baseline.x0) * (baseline.y1 - baseline.y0)) / (baseline.x1 - baseline.x0),
              }
            : null;
        if (words.length) lines.push({ words, type, ...line.bbox });
      }
  return lines;
}
