/**
 * `npm run bench:isp` (issue 19, performance): reading ISPs, with the code `npm start` runs (built by
 * scripts/build-api.mjs).
 *
 * Section `text`: a BENCH_TEXT_PAGES-page text ISP (default 40; generated: running header and footer, risks as
 * label | text tables and as numbered headings) is read with its text layer (`readPdfText`) and laid out
 * (`layoutPages`, headings, paragraphs and tables → `processedHtml`). Prints seconds per page and the process's peak
 * resident memory after it. Aims: < 0.2 s/page, < 500 MB.
 * Section `ocr`: a BENCH_SCAN_PAGES-page scanned ISP (default 10; the first pages of the same kind of ISP printed at
 * 200 dpi, turned 1°, speckled, greyed, as JPEG pages without text) is read by OCR (`ocrPdf`, BENCH_OCR_WORKERS
 * tesseract workers, default 2). Prints the engine's start (loading the model, once per process), seconds per page,
 * the share of the original's words OCR read (word recall, case-folded, as a multiset) and the peak resident memory.
 * Aim: < 3 s/page on 2 cores.
 * Prints figures; asserts nothing. BENCH_SECTIONS (comma-separated, default `text,ocr`) picks sections.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { layoutHtml, layoutPages } from '../apps/api/src/modules/isp/extraction/layout.ts';
import { readPdfText } from '../apps/api/src/modules/isp/extraction/pdf-text.ts';
import type { PageText } from '../apps/api/src/modules/isp/extraction/types.ts';
import { OcrEngine } from '../apps/api/src/modules/isp/ocr/ocr-engine.ts';
import { ocrPdf } from '../apps/api/src/modules/isp/ocr/ocr-pdf.ts';
import { longTextIsp, scanPdf } from '../apps/api/src/modules/isp/ocr/scanned-corpus.test-support.ts';

const TEXT_PAGES = Number(process.env.BENCH_TEXT_PAGES ?? 40);
const SCAN_PAGES = Number(process.env.BENCH_SCAN_PAGES ?? 10);
const OCR_WORKERS = Number(process.env.BENCH_OCR_WORKERS ?? 2);
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? 'text,ocr').split(',').map((name) => name.trim()));
const AIMS = { textSecondsPerPage: 0.2, ocrSecondsPerPage: 3, memoryMb: 500 };

/** Peak resident set size of this process so far, MB (`getrusage` ru_maxrss; worker threads included). */
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;
const mark = (value: number, aim: number) => (value < aim ? 'within aim' : 'OVER AIM');

/** The page's words, case-folded, letters and digits only. */
function words(pages: readonly PageText[]): string[] {
  return pages.flatMap((page) =>
    page.items.flatMap((item) => item.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []),
  );
}

/** Share of `truth`'s words (as a multiset) found in `read`. */
function recall(truth: string[], read: string[]): number {
  const left = new Map<string, number>();
  for (const word of read) left.set(word, (left.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of truth) {
    const count = left.get(word) ?? 0;
    if (count > 0) {
      found += 1;
      left.set(word, count - 1);
    }
  }
  return truth.length ? found / truth.length : 0;
}

async function benchText(): Promise<void> {
  const { bytes, risks } = await longTextIsp(TEXT_PAGES);
  const started = performance.now();
  const pages = await readPdfText(bytes);
  const read = performance.now();
  const layout = layoutPages(pages);
  const html = layoutHtml(layout.blocks);
  const done = performance.now();
  const perPage = (done - started) / 1000 / pages.length;
  console.log(`text ISP: ${pages.length} pages, ${(bytes.length / 1024).toFixed(0)} KiB, ${risks} risks`);
  console.log(
    `  text layer read: ${((read - started) / 1000).toFixed(2)} s; layout: ${((done - read) / 1000).toFixed(2)} s`,
  );
  console.log(
    `  extraction: ${perPage.toFixed(3)} s/page (aim < ${AIMS.textSecondsPerPage}: ${mark(perPage, AIMS.textSecondsPerPage)}); ` +
      `${layout.blocks.length} blocks, processedHtml ${(html.length / 1024).toFixed(0)} KiB`,
  );
  const rss = peakRssMb();
  console.log(`  peak RSS: ${rss.toFixed(0)} MB (aim < ${AIMS.memoryMb}: ${mark(rss, AIMS.memoryMb)})`);
}

async function benchOcr(): Promise<void> {
  const { bytes } = await longTextIsp(SCAN_PAGES);
  let started = performance.now();
  const scan = await scanPdf(bytes, { dpi: 200, rotateDegrees: 1, speckle: 0.0005, greyCast: 0.1 });
  console.log(
    `scanned ISP: ${SCAN_PAGES} pages, ${(scan.length / 1024).toFixed(0)} KiB (made in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const engine = new OcrEngine({ workers: OCR_WORKERS });
  try {
    const blank = await PDFDocument.create();
    blank.addPage([612, 792]);
    started = performance.now();
    await ocrPdf(await blank.save(), { engine });
    console.log(
      `  OCR engine start (${engine.workers} workers, model loaded once): ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    started = performance.now();
    const cpu = process.cpuUsage();
    const pages = await ocrPdf(scan, { engine });
    const perPage = (performance.now() - started) / 1000 / pages.length;
    const { user, system } = process.cpuUsage(cpu);
    const cpuPerPage = (user + system) / 1e6 / pages.length;
    console.log(
      `  OCR: ${perPage.toFixed(2)} s/page (aim < ${AIMS.ocrSecondsPerPage} on 2 cores: ${mark(perPage, AIMS.ocrSecondsPerPage)}); ` +
        `CPU ${cpuPerPage.toFixed(2)} s/page (all threads; on 2 free cores the wall time is about half, ` +
        `load average now ${os.loadavg()[0]?.toFixed(1)})`,
    );
    const truth = words(await readPdfText(bytes));
    console.log(
      `  word recall: ${(100 * recall(truth, words(pages))).toFixed(1)} % of ${truth.length} words`,
    );
    console.log(`  peak RSS: ${peakRssMb().toFixed(0)} MB`);
  } finally {
    await engine.close();
  }
}

if (SECTIONS.has('text')) await benchText();
if (SECTIONS.has('ocr')) await benchOcr();
