/**
 * The generated corpus's files that cannot be read each end in an IspFileError with the right problem, never a crash
 * or a hang (each within the test's timeout); the 40-page ISP reads and extracts, its time per page printed.
 */
import { describe, expect, it } from 'vitest';

import {
  emptyFile,
  fortyPageIsp,
  passwordProtectedPdf,
  pngFile,
  textFileNamedPdf,
  truncated,
} from './isp-corpus.test-support.js';
import { isIspFileError } from './isp-file-error.js';
import { readPdfText } from './pdf-text.js';
import { extractIsp } from './protocol-extraction.js';

describe('the corpus’s unreadable files', async () => {
  const forty = await fortyPageIsp();
  const cases: [string, Uint8Array, string][] = [
    ['password-protected', await passwordProtectedPdf(), 'password-protected'],
    ['a download cut off at 60 %', truncated(forty.bytes, 0.6), 'damaged'],
    ['a download cut off at 99 %', truncated(forty.bytes, 0.99), 'damaged'],
    ['a download cut off after the header', truncated(forty.bytes, 0.001), 'damaged'],
    ['a PNG', pngFile, 'not-a-pdf'],
    ['a text file named .pdf', textFileNamedPdf, 'not-a-pdf'],
    ['an empty file', emptyFile, 'empty'],
  ];

  it.each(cases)(
    '%s ends in an IspFileError',
    async (_name, bytes, problem) => {
      const outcome = await readPdfText(bytes).then(
        (pages) => ({ pages }),
        (error: unknown) => ({ error }),
      );
      expect('error' in outcome && isIspFileError(outcome.error)).toBe(true);
      expect(outcome).toMatchObject({ error: { problem } });
    },
    20_000,
  );

  it('the 40-page ISP reads and extracts all its protocols (time per page printed)', async () => {
    expect(forty.pages).toBe(40);
    const started = performance.now();
    const memoryBefore = process.memoryUsage().rss;
    const progress: number[] = [];
    const pages = await readPdfText(forty.bytes, { onPage: (done) => progress.push(done) });
    const read = performance.now();
    const result = extractIsp(pages);
    const extracted = performance.now();
    expect(progress).toHaveLength(40);
    expect(result.protocols.map((protocol) => protocol.riskType)).toEqual(
      forty.risks.map((risk) => risk.riskType),
    );
    console.log(
      `40-page ISP: read ${((read - started) / 1000 / 40).toFixed(3)} s/page, extract ` +
        `${((extracted - read) / 1000 / 40).toFixed(4)} s/page, rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB ` +
        `(was ${Math.round(memoryBefore / 2 ** 20)} MB)`,
    );
  }, 120_000);
});
