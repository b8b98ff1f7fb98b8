/**
 * OCR of the generated scanned-timesheet corpus (issue 23 "Real input: scanned timesheets and notes with
 * handwriting-like fonts, skew, stamps and table grids"): one test per kind asserting the words that must be read
 * (the date, the times, the names, the code) with their confidence, and that the boxes sit where the words were drawn
 * after deskewing. The worker runs with the network forbidden (the isp module's offline worker script), so a pass
 * proves recognition never downloads anything.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrWord } from '@tend/contracts';
import { OcrEngine } from '../isp/ocr/ocr-engine.ts';
import { readDocument, type ReadPage } from './ocr-reader.ts';
import { blankPng, timesheetKinds, timesheetPdf, timesheetPng } from './timesheet-corpus.test-support.ts';

const offlineWorker = fileURLToPath(new URL('../isp/ocr/offline-worker.test-support.cjs', import.meta.url));
const OCR_TIMEOUT = 120_000;
let engine: OcrEngine;

beforeAll(() => {
  engine = new OcrEngine({ workers: 1, workerPath: offlineWorker });
});
afterAll(() => engine.close());

/** The words of `page` whose text is `text`, or whose text joined with the next word's is (`12:45PM` vs `12:45 PM`). */
function found(page: ReadPage, text: string): OcrWord | undefined {
  return page.words.find(
    (word, index) =>
      word.text === text ||
      `${word.text} ${page.words[index + 1]?.text ?? ''}` === text ||
      word.text === text.replace(' ', ''),
  );
}

/** The words every timesheet must give, with the least confidence each must have. */
const required: [text: string, confidence: number][] = [
  ['03/02/2026', 70],
  ['03/04/2026', 70],
  ['03/06/2026', 70],
  ['Maria', 60],
  ['Lopez', 70],
  ['Henry', 70],
  ['Walsh', 70],
  ['9:00', 70],
  ['1:30', 70],
  ['8:15', 60],
  ['12:45', 60],
  ['S5125', 50],
];

describe('reading the scanned-timesheet corpus offline', () => {
  it.each(Object.entries(timesheetKinds))(
    'reads a %s timesheet: dates, times, names and code with their confidence',
    async (kind, options) => {
      const [page] = await readDocument(await timesheetPng(options), 'image/png', { engine });
      if (!page) throw new Error('no page');
      const missing = required.filter(([text, confidence]) => {
        const word = page.words.find((candidate) => candidate.text.startsWith(text));
        return !word || word.confidence < confidence;
      });
      expect(missing, `${kind}: ${page.text}`).toEqual([]);
      expect(page.meanConfidence ?? 0).toBeGreaterThan(75);
      // Deskewed: the skew tesseract found is the sheet's turn, the other way round, within half a degree.
      const skew = 'skewDegrees' in options ? options.skewDegrees : 0;
      expect(Math.abs(page.skewDegrees + skew)).toBeLessThan(0.5);
      // Boxes are in the page image's frame: "Walsh" is right of "Henry" on the same line, in the client row.
      const henry = found(page, 'Henry');
      const walsh = found(page, 'Walsh');
      expect(walsh?.line).toBe(henry?.line);
      expect(walsh?.x0).toBeGreaterThan(henry?.x1 ?? Infinity);
      expect(henry?.y0).toBeGreaterThan(440);
      expect(henry?.y1).toBeLessThan(600);
    },
    OCR_TIMEOUT,
  );

  it(
    'reads every page of a PDF of scans, and nothing on a blank page',
    async () => {
      const pdf = await timesheetPdf([await timesheetPng({ clientName: 'Ruth Baker' }), await blankPng()]);
      const pages = await readDocument(pdf, 'application/pdf', { engine });
      expect(pages.map((page) => page.pageNumber)).toEqual([1, 2]);
      expect(pages[0]?.text).toMatch(/Ruth Baker/);
      expect(pages[1]?.words).toEqual([]);
      expect(pages[1]?.meanConfidence).toBeNull();
    },
    OCR_TIMEOUT,
  );
});
