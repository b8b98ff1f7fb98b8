/**
 * Real PDFs no one here wrote (issue 19 "Real input"): a 14-page paper, a journal article with tables and a damaged
 * file shipped with pdf-parse 1.1.1 (MIT), and a Taiwan government agency's two-page table document shipped with
 * pdf-table-extractor 1.0.3 (BSD-3-Clause); sources and licences in test/fixtures/pdf/README.md. Each reads (or fails
 * with the right problem), none yields a protocol, and the time per page is printed (no timed assertion).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { isIspFileError } from './isp-file-error.js';
import { readPdfText } from './pdf-text.js';
import { extractIsp } from './protocol-extraction.js';

const fixtures = fileURLToPath(new URL('../../../../test/fixtures/pdf/', import.meta.url));

describe('real PDFs', () => {
  it.each([
    ['pdf-parse-01-valid.pdf', 14],
    ['pdf-parse-04-valid.pdf', null],
    ['pdf-table-extractor-temp.pdf', 2],
  ] as const)(
    '%s reads, has text on its pages, and holds no protocol',
    async (file, pageCount) => {
      const bytes = new Uint8Array(await readFile(`${fixtures}${file}`));
      const started = performance.now();
      const pages = await readPdfText(bytes);
      const read = performance.now();
      const result = extractIsp(pages);
      const extracted = performance.now();
      if (pageCount !== null) expect(pages).toHaveLength(pageCount);
      expect(pages.filter((page) => page.hasText).length).toBeGreaterThan(0);
      expect(pages.flatMap((page) => page.items).every((item) => Number.isFinite(item.x + item.y))).toBe(
        true,
      );
      expect(result.protocols).toEqual([]);
      expect(result.warnings).toContain('No risk protocols were found. Add them by hand or check the file.');
      expect(result.processedHtml.length).toBeGreaterThan(100);
      console.log(
        `${file}: ${pages.length} pages, read ${((read - started) / 1000 / pages.length).toFixed(3)} s/page, ` +
          `extract ${((extracted - read) / 1000 / pages.length).toFixed(3)} s/page`,
      );
    },
    60_000,
  );

  it('pdf-parse-03-invalid.pdf (cut off) fails as damaged, with a message a person understands', async () => {
    const bytes = new Uint8Array(await readFile(`${fixtures}pdf-parse-03-invalid.pdf`));
    const error = await readPdfText(bytes).catch((caught: unknown) => caught);
    expect(isIspFileError(error)).toBe(true);
    expect(error).toMatchObject({ problem: 'damaged' });
    expect((error as Error).message).toMatch(/^The file is damaged/);
  }, 30_000);
});
