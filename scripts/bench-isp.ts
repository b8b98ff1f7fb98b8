/**
 * `npm run bench:isp` (issue 19, performance): reading ISPs, with the code `npm start` runs (built by
 * scripts/build-api.mjs).
 *
 * Section `text`: the extraction corpus's 40-page text ISP (`fortyPageIsp`: narrative pages, then risk tables split
 * across pages under running headers and footers) is read with its text layer (`readPdfText`) and extracted
 * (`extractIsp`: layout, processedHtml, protocols). Prints seconds per page, the accuracy against its ground truth
 * and the process's peak resident memory after it. Aims: < 0.2 s/page, < 500 MB.
 * Section `ocr`: BENCH_SCAN_PAGES pages (default 10) of scanned ISPs: the corpus's ISPs of each layout (table 3 pages,
 * numbered headings 4, table variant 3) printed at 200 dpi, turned ±1°, speckled, greyed, as JPEG pages without text,
 * read by OCR (`ocrPdf`, BENCH_OCR_WORKERS tesseract workers, default 2) and extracted. Prints the engine's start
 * (loading the model, once per process), wall and CPU seconds per page, the extraction accuracy against the ground
 * truth, the share of the original's words OCR read (word recall, case-folded, as a multiset) and the peak resident
 * memory. Aim: < 3 s/page on 2 cores.
 * Prints figures; asserts nothing. BENCH_SECTIONS (comma-separated, default `text,ocr`) picks sections.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import {
  corpusIsps,
  fortyPageIsp,
  type CorpusIsp,
} from '../apps/api/src/modules/isp/extraction/isp-corpus.test-support.ts';
import { readPdfText } from '../apps/api/src/modules/isp/extraction/pdf-text.ts';
import { extractIsp } from '../apps/api/src/modules/isp/extraction/protocol-extraction.ts';
import type { PageText } from '../apps/api/src/modules/isp/extraction/types.ts';
import { OcrEngine } from '../apps/api/src/modules/isp/ocr/ocr-engine.ts';
import { ocrPdf } from '../apps/api/src/modules/isp/ocr/ocr-pdf.ts';
import {
  extractionAccuracy,
  scanPdf,
  wordRecall,
  type ExtractionAccuracy,
} from '../apps/api/src/modules/isp/ocr/scanned-corpus.test-support.ts';

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

async function benchText(): Promise<void> {
  const isp = await fortyPageIsp();
  const started = performance.now();
  const pages = await readPdfText(isp.bytes);
  const read = performance.now();
  const extracted = extractIsp(pages);
  const done = performance.now();
  const perPage = (done - started) / 1000 / pages.length;
  console.log(
    `text ISP: ${pages.length} pages, ${(isp.bytes.length / 1024).toFixed(0)} KiB, ${isp.risks.length} risks`,
  );
  console.log(
    `  text layer read: ${((read - started) / 1000).toFixed(2)} s; layout + extraction: ${((done - read) / 1000).toFixed(2)} s`,
  );
  console.log(
    `  extraction: ${perPage.toFixed(3)} s/page (aim < ${AIMS.textSecondsPerPage}: ${mark(perPage, AIMS.textSecondsPerPage)}); ` +
      `${extracted.protocols.length} protocols, processedHtml ${(extracted.processedHtml.length / 1024).toFixed(0)} KiB`,
  );
  printAccuracy('  accuracy', extractionAccuracy(isp.risks, extracted.protocols));
  const rss = peakRssMb();
  console.log(`  peak RSS: ${rss.toFixed(0)} MB (aim < ${AIMS.memoryMb}: ${mark(rss, AIMS.memoryMb)})`);
}

function printAccuracy(label: string, accuracy: ExtractionAccuracy): void {
  console.log(
    `${label}: risks found ${accuracy.risksFound}/${accuracy.risksPresent}, serious flag right ${accuracy.seriousCorrect}/${accuracy.risksFound}, ` +
      `sections correct ${accuracy.sectionsCorrect}/${accuracy.sectionsCompared}`,
  );
}

/** Sums the accuracies of several ISPs. */
function total(accuracies: ExtractionAccuracy[]): ExtractionAccuracy {
  return accuracies.reduce((sum, one) => ({
    risksPresent: sum.risksPresent + one.risksPresent,
    risksFound: sum.risksFound + one.risksFound,
    seriousCorrect: sum.seriousCorrect + one.seriousCorrect,
    sectionsCompared: sum.sectionsCompared + one.sectionsCompared,
    sectionsCorrect: sum.sectionsCorrect + one.sectionsCorrect,
  }));
}

async function benchOcr(): Promise<void> {
  // The generated corpus's ISPs of each layout, scanned, until SCAN_PAGES pages (10: 3 + 4 + 3 pages).
  const corpus = (await corpusIsps()).filter((isp) => !isp.name.includes('fallback font'));
  const chosen: CorpusIsp[] = [];
  for (const isp of corpus)
    if (chosen.reduce((sum, one) => sum + one.pages, 0) + isp.pages <= SCAN_PAGES) chosen.push(isp);
  let started = performance.now();
  const scans: Uint8Array[] = [];
  for (const [index, isp] of chosen.entries())
    scans.push(
      await scanPdf(isp.bytes, {
        dpi: 200,
        rotateDegrees: index % 2 ? -1 : 1,
        speckle: 0.0005,
        greyCast: 0.1,
        seed: index,
      }),
    );
  const pageCount = chosen.reduce((sum, one) => sum + one.pages, 0);
  console.log(
    `scanned ISPs: ${chosen.length} (${chosen.map((isp) => isp.layout).join(', ')}), ${pageCount} pages at 200 dpi, turned ±1°, ` +
      `speckled, greyed (made in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
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
    const read: PageText[][] = [];
    for (const scan of scans) read.push(await ocrPdf(scan, { engine }));
    const perPage = (performance.now() - started) / 1000 / pageCount;
    const { user, system } = process.cpuUsage(cpu);
    const cpuPerPage = (user + system) / 1e6 / pageCount;
    console.log(
      `  OCR: ${perPage.toFixed(2)} s/page (aim < ${AIMS.ocrSecondsPerPage} on 2 cores: ${mark(perPage, AIMS.ocrSecondsPerPage)}); ` +
        `CPU ${cpuPerPage.toFixed(2)} s/page (all threads; on 2 free cores the wall time is about half, ` +
        `load average now ${os.loadavg()[0]?.toFixed(1)})`,
    );
    const truthWords: string[] = [];
    const readWords: string[] = [];
    const accuracies: ExtractionAccuracy[] = [];
    for (const [index, isp] of chosen.entries()) {
      truthWords.push(...words(await readPdfText(isp.bytes)));
      readWords.push(...words(read[index] ?? []));
      const accuracy = extractionAccuracy(isp.risks, extractIsp(read[index] ?? []).protocols);
      printAccuracy(`  accuracy on the scan of "${isp.name}"`, accuracy);
      accuracies.push(accuracy);
    }
    printAccuracy('  accuracy on the scans, all', total(accuracies));
    console.log(
      `  word recall: ${(100 * wordRecall(truthWords, readWords)).toFixed(1)} % of ${truthWords.length} words`,
    );
    console.log(`  peak RSS: ${peakRssMb().toFixed(0)} MB`);
  } finally {
    await engine.close();
  }
}

if (SECTIONS.has('text')) await benchText();
if (SECTIONS.has('ocr')) await benchOcr();
