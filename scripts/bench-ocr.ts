/**
 * `npm run bench:ocr` (issue 23 "Performance: OCR < 3 s per page"; decision 0063). Reads the generated scanned-timesheet
 * corpus (`modules/ocr/timesheet-corpus.test-support.ts`: clean, skewed, stamped, handwritten; 1700 × 2200 px, 200 dpi
 * letter pages) with the code the `ocr-document` job runs (`readDocument`: sharp normalisation, rule removal,
 * tesseract.js offline with `rotateAuto`), one worker as the job has, BENCH_ROUNDS rounds (default 3) after one
 * warm-up page (worker start and model load, timed apart). Baseline: a blank page through the same path. Prints
 * seconds per page (median and max) for each kind and the baseline, and the words read. Asserts nothing.
 */
import { OcrEngine } from '../apps/api/src/modules/isp/ocr/ocr-engine.ts';
import { readDocument } from '../apps/api/src/modules/ocr/ocr-reader.ts';
import {
  blankPng,
  timesheetKinds,
  timesheetPdf,
  timesheetPng,
} from '../apps/api/src/modules/ocr/timesheet-corpus.test-support.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** Median and max of `values`. */
function stats(values: number[]): { median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 };
}

async function time(engine: OcrEngine, bytes: Buffer, mime: string) {
  const started = performance.now();
  const pages = await readDocument(bytes, mime, { engine });
  return {
    ms: (performance.now() - started) / pages.length,
    words: pages.reduce((n, p) => n + p.words.length, 0),
  };
}

const engine = new OcrEngine({ workers: 1 });
const warm = await time(engine, await blankPng(), 'image/png');
console.log(`warm-up (worker start, model load, blank page): ${seconds(warm.ms)} s`);
const inputs: [string, Buffer, string][] = [['baseline: blank page', await blankPng(), 'image/png']];
for (const [kind, options] of Object.entries(timesheetKinds))
  inputs.push([kind, await timesheetPng(options), 'image/png']);
inputs.push([
  'PDF of the stamped scan',
  await timesheetPdf([await timesheetPng(timesheetKinds.stamped)]),
  'application/pdf',
]);
for (const [name, bytes, mime] of inputs) {
  const runs: number[] = [];
  let words = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const run = await time(engine, bytes, mime);
    runs.push(run.ms);
    words = run.words;
  }
  const { median, max } = stats(runs);
  console.log(`${name.padEnd(26)} ${seconds(median)} s/page median, ${seconds(max)} max, ${words} words`);
}
await engine.close();
