import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { visualLine } from '../export/bidi-text.ts';
import { drawnLines } from '../export/export.test-support.ts';
import { renderQuarterlyPdf, type QuarterlyDocument } from './quarterly-pdf.ts';

const doc = (sections: QuarterlyDocument['sections']): QuarterlyDocument => ({
  agencyName: 'Valley Supports',
  clientName: 'Zoë Álvarez 李',
  year: 2026,
  quarter: 1,
  firstDate: '2026-01-01',
  lastDate: '2026-03-31',
  timeZone: 'America/Los_Angeles',
  summaryGeneratedAt: '2026-04-02T17:00:00Z',
  summaryGeneratedBy: 'Ada Admin',
  generatedAt: '2026-04-02T18:00:00Z',
  sections,
});

const section = (i: number) => ({
  sectionName: `Section ${i}`,
  sectionSummary: [
    '3 notes from 2 shifts, 2026-01-05 to 2026-03-02.',
    ...Array.from(
      { length: 5 },
      (_, n) => `2026-01-0${n + 1} — Sentence ${n} of section ${i} written by staff.`,
    ),
  ].join('\n'),
  noteCount: 3,
  shiftCount: 2,
});

async function pagesText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}

describe('renderQuarterlyPdf', () => {
  it('gives the same bytes for the same document', async () => {
    const a = await renderQuarterlyPdf(doc([section(1), section(2)]));
    const b = await renderQuarterlyPdf(doc([section(1), section(2)]));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('prints title, quarter, sections and a footer on every page, characters it cannot draw as �', async () => {
    const pages = await pagesText(
      await renderQuarterlyPdf(doc(Array.from({ length: 30 }, (_, i) => section(i)))),
    );
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[0]).toContain('Quarterly summary — Zoë Álvarez �');
    expect(pages[0]).toContain('Q1 2026: January 1, 2026 to March 31, 2026');
    pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${pages.length}`));
    const all = pages.join('\n');
    for (let i = 0; i < 30; i += 1) expect(all).toContain(`Sentence 4 of section ${i} written`);
  });

  it('says when the quarter has no section', async () => {
    const [page] = await pagesText(await renderQuarterlyPdf(doc([])));
    expect(page).toContain('No shift notes were written for this client in this quarter.');
  });
  it('draws right-to-left text in visual order like the caregiver export (UAX #9: export/bidi-text.ts)', async () => {
    const lines = await drawnLines(
      await renderQuarterlyPdf({
        ...doc([{ ...section(1), sectionSummary: '2026-01-05 — שרה walked [daily] to the park.' }]),
        clientName: 'רחל אברהם',
      }),
    );
    expect(lines).toContain('Quarterly summary — םהרבא לחר');
    // A line whose first strong letter is Hebrew is a right-to-left paragraph: the date at its right.
    expect(lines).toContain('.walked [daily] to the park הרש — 2026-01-05');
    expect(lines).toContain(visualLine('2026-01-05 — שרה walked [daily] to the park.'));
    expect(lines.at(-1)).toBe('Page 1 of 1 · םהרבא לחר · Q1 2026');
  });
});
