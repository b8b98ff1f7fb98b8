/**
 * Mixed right-to-left and left-to-right text in the caregiver PDF (docs/isp-export.md "Languages and scripts"):
 * the glyphs of every line stand in the visual order of the Unicode Bidirectional Algorithm (read from the PDF's
 * drawing operations with pdf.js), and the ISP reader (`readPdfText`) reads the names and sentences back as written.
 */
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../extraction/pdf-text.ts';
import { visualLine } from './bidi-text.ts';
import { renderProtocolsPdf } from './protocols-pdf.ts';
import { document, drawnLines, protocol } from './export.test-support.ts';

/** A protocol written partly in Hebrew and Arabic, for a client with a Hebrew name. */
const mixed = protocol({
  riskType: 'נפילות (Falls)',
  description: 'שרה כהן takes Diastat 10 mg (rectal) when needed, per order 12-34.',
  prevention: 'Walk with שרה כהן [daily] to the park.',
  response: 'مرحبا ١٢٣ (نعم)',
  emergency: 'התקשרו ל-911 מיד',
  author: 'משה לוי (RN)',
});
const client = 'רחל אברהם';

describe('renderProtocolsPdf with right-to-left text', () => {
  it('draws every line in visual order: right-to-left runs reversed, numbers and English kept, brackets mirrored', async () => {
    const bytes = await renderProtocolsPdf(document([mixed], { client: { name: client, pid: 'AB12345C' } }));
    const lines = await drawnLines(bytes);
    // An English line with a Hebrew name: the name's letters from right to left, in place.
    expect(lines).toContain('Risk protocols — םהרבא לחר');
    expect(lines).toContain('Walk with ןהכ הרש [daily] to the park.');
    // A Hebrew heading with English in brackets: a right-to-left paragraph, the English at its left.
    expect(lines).toContain('(Falls) תוליפנ');
    // A right-to-left paragraph: English and numbers left to right, the final full stop at the paragraph's end (left).
    expect(lines).toContain('.takes Diastat 10 mg (rectal) when needed, per order 12-34 ןהכ הרש');
    // Arabic (letters joined by the font), Arabic-Indic digits in their order, brackets mirrored.
    expect(lines).toContain('(معن) ١٢٣ ابحرم');
    expect(lines).toContain('דימ 911-ל ורשקתה');
    expect(lines).toContain('Written by יול השמ (RN) (licensed professional)');
    expect(lines.at(-1)).toBe('Page 1 of 1 · םהרבא לחר · generated November 27, 2026');
    // The same as the algorithm's visual order for each source line.
    expect(lines).toContain(visualLine(mixed.prevention ?? ''));
    expect(lines).toContain(visualLine(mixed.response ?? ''));
  });

  it('is read back by the ISP reader as written (pdf.js puts the visual runs back in reading order)', async () => {
    const bytes = await renderProtocolsPdf(document([mixed], { client: { name: client, pid: 'AB12345C' } }));
    const [page] = await readPdfText(bytes);
    const texts = (page?.items ?? []).map((item) => item.text);
    expect(texts).toContain('Walk with שרה כהן [daily] to the park.');
    expect(texts).toContain('Written by משה לוי (RN) (licensed professional)');
    expect(texts).toContain('Serious risks come first. Read every protocol before you support רחל אברהם.');
    expect(texts).toContain('Page 1 of 1 · רחל אברהם · generated November 27, 2026');
    expect(texts).toContain('התקשרו ל-911 מיד');
  });

  it('leaves English-only documents drawn exactly as before (one run per line)', async () => {
    const english = protocol({ riskType: 'Choking (serious)', description: 'Cut food [small] (1 inch).' });
    const lines = await drawnLines(await renderProtocolsPdf(document([english])));
    expect(lines).toContain('Choking (serious)');
    expect(lines).toContain('Cut food [small] (1 inch).');
  });
});
