/**
 * The caregiver PDF, read back with pdf.js (the same library that reads uploaded ISPs): order, include flags,
 * labels as words, footers on every page, pagination of a long document, headings kept with their text,
 * Unicode names (the Big List of Naughty Strings), outline and metadata, and the same bytes for the same input.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { blns } from '../../../../test/fixtures.ts';
import { renderProtocolsPdf } from './protocols-pdf.ts';
import { MISSING_GLYPH, printableParagraphs } from './printable-text.ts';
import type { ExportedProtocol, ProtocolsDocument } from './protocols-document.ts';

const require = createRequire(import.meta.url);
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** What pdf.js reads from the PDF: each page's lines (items joined by baseline, top to bottom), metadata, outline. */
async function readPdf(bytes: Uint8Array) {
  const pdf = await getDocument({
    data: bytes.slice(),
    standardFontDataUrl,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const pages: string[][] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const lines = new Map<number, string>();
    for (const item of content.items as TextItem[]) {
      if (!('str' in item)) continue;
      const y = Math.round(item.transform[5] as number);
      lines.set(y, (lines.get(y) ?? '') + item.str);
    }
    pages.push([...lines.entries()].sort((a, b) => b[0] - a[0]).map(([, text]) => text));
  }
  const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> };
  const outline = (await pdf.getOutline()) ?? [];
  await pdf.destroy();
  return { pages, info, outline: outline.map((item) => item.title) };
}

const allOn = { description: true, prevention: true, response: true, emergency: true };
const allOff = { description: false, prevention: false, response: false, emergency: false };

function protocol(overrides: Partial<ExportedProtocol> = {}): ExportedProtocol {
  return {
    riskType: 'Choking',
    serious: false,
    mar: false,
    pbsp: false,
    description: 'Eats quickly and takes large bites.',
    prevention: 'Cut food into bite-size pieces. Sit with her during meals.',
    response: 'If coughing, encourage her to keep coughing.',
    emergency: 'If she cannot breathe, give abdominal thrusts and call 911.',
    include: allOn,
    includeEmail: allOff,
    thresholds: [],
    escalationSteps: [],
    medicationReferences: [],
    author: 'Dana Reyes, RN',
    authorLicensed: true,
    effectiveDate: '2026-03-01',
    reviewDueDate: '2027-02-28',
    version: 1,
    sortOrder: 0,
    ...overrides,
  };
}

function document(
  protocols: ExportedProtocol[],
  overrides: Partial<ProtocolsDocument> = {},
): ProtocolsDocument {
  return {
    agencyName: 'Willamette Care',
    client: { name: 'Ana María Núñez', pid: 'AB12345C' },
    plan: { start: '2026-03-01', end: '2027-02-28' },
    generatedAt: '2026-11-27T23:30:00Z',
    timeZone: 'America/Los_Angeles',
    locale: 'en',
    protocols,
    ...overrides,
  };
}

const seizures = protocol({
  riskType: 'Seizures',
  serious: true,
  mar: true,
  sortOrder: 5,
  description: 'Has tonic-clonic seizures about twice a month.',
  thresholds: [
    {
      metric: 'seizures',
      comparison: 'gt',
      value: 2,
      unit: 'count',
      window: { amount: 24, unit: 'hour' },
      byTime: null,
      text: 'more than 2 seizures in 24 hours',
      confirmed: true,
    },
    {
      metric: 'fluids',
      comparison: 'lt',
      value: 64,
      unit: 'oz',
      window: null,
      byTime: '14:00',
      text: 'fluids below 64 oz by 2 pm',
      confirmed: true,
    },
  ],
  escalationSteps: [
    'Time the seizure.',
    'Call the nurse at 503-555-0100.',
    'Call 911 if it lasts over 5 minutes.',
  ],
  medicationReferences: ['See MAR: rescue medication as ordered.'],
});

describe('renderProtocolsPdf', () => {
  it('puts serious risks first, labels them in words, and shows only the included sections', async () => {
    const falls = protocol({
      riskType: 'Falls',
      sortOrder: 0,
      pbsp: true,
      description: 'Unsteady on stairs.',
      prevention: 'PREVENTION-TEXT-FALLS',
      response: 'RESPONSE-TEXT-FALLS',
      include: { description: true, prevention: false, response: false, emergency: true },
    });
    const { pages, outline } = await readPdf(await renderProtocolsPdf(document([falls, seizures])));
    const text = pages.flat();
    expect(text[0]).toBe('Risk protocols — Ana María Núñez');
    expect(text).toContain('Medicaid ID: AB12345C');
    expect(text).toContain('Individual support plan: March 1, 2026 to February 28, 2027');
    expect(text).toContain('Generated by Willamette Care on November 27, 2026 at 3:30 PM PST');
    expect(text.indexOf('Seizures')).toBeLessThan(text.indexOf('Falls'));
    expect(text).toContain('SERIOUS RISK · MAR');
    expect(text).toContain('PBSP');
    expect(text).toContain('• More than 2 seizures in 24 hours');
    expect(text).toContain('• Fluids below 64 oz by 2:00 PM');
    expect(text).toContain('1. Time the seizure.');
    expect(text).toContain('3. Call 911 if it lasts over 5 minutes.');
    expect(text).toContain('• See MAR: rescue medication as ordered.');
    expect(text).toContain('Written by Dana Reyes, RN (licensed professional)');
    expect(text).toContain('Effective March 1, 2026 · Review due February 28, 2027 · Version 1');
    expect(text).toContain('Unsteady on stairs.');
    expect(text.join('\n')).not.toContain('PREVENTION-TEXT-FALLS');
    expect(text.join('\n')).not.toContain('RESPONSE-TEXT-FALLS');
    expect(text).toContain('Prevention and supports');
    expect(outline).toEqual(['Seizures (SERIOUS RISK, MAR)', 'Falls (PBSP)']);
  });

  it('leaves thresholds and steps out when neither response nor emergency is included', async () => {
    const onlyDescription = { ...allOff, description: true };
    const { pages } = await readPdf(
      await renderProtocolsPdf(document([{ ...seizures, include: onlyDescription }])),
    );
    const text = pages.flat().join('\n');
    expect(text).toContain('Has tonic-clonic seizures about twice a month.');
    expect(text).not.toContain('When to act');
    expect(text).not.toContain('Time the seizure.');
    expect(text).not.toContain('See MAR');
  });

  it('says so when a protocol has no included section', async () => {
    const { pages } = await readPdf(await renderProtocolsPdf(document([protocol({ include: allOff })])));
    expect(pages.flat()).toContain('No sections of this protocol are included in this document.');
  });

  it('paginates 60 protocols with the footer on every page and no heading at a page bottom', async () => {
    const long = 'Stay within arm’s reach during transfers and check the floor for hazards. '.repeat(12);
    const protocols = Array.from({ length: 60 }, (_, index) =>
      protocol({
        riskType: `Risk ${index + 1}`,
        serious: index % 7 === 3,
        sortOrder: index,
        prevention: long,
      }),
    );
    const bytes = await renderProtocolsPdf(document(protocols));
    const { pages, outline } = await readPdf(bytes);
    expect(pages.length).toBeGreaterThan(20);
    pages.forEach((lines, index) => {
      expect(lines.at(-1)).toBe(
        `Page ${index + 1} of ${pages.length} · Ana María Núñez · generated November 27, 2026`,
      );
      // The last line above the footer is never a heading or a section label.
      const lastBody = lines.at(-2) ?? '';
      expect(lastBody).not.toMatch(/^Risk \d+$|^(Description|Prevention and supports|Response|Emergency)$/);
    });
    expect(outline).toHaveLength(60);
    expect(outline.slice(0, 9)).toEqual([
      'Risk 4 (SERIOUS RISK)',
      'Risk 11 (SERIOUS RISK)',
      'Risk 18 (SERIOUS RISK)',
      'Risk 25 (SERIOUS RISK)',
      'Risk 32 (SERIOUS RISK)',
      'Risk 39 (SERIOUS RISK)',
      'Risk 46 (SERIOUS RISK)',
      'Risk 53 (SERIOUS RISK)',
      'Risk 60 (SERIOUS RISK)',
    ]);
    expect(outline[9]).toBe('Risk 1');
  });

  it('writes metadata: title, language, fixed dates', async () => {
    const { info } = await readPdf(await renderProtocolsPdf(document([seizures], { locale: 'es' })));
    expect(info.Title).toBe('Protocolos de riesgo — Ana María Núñez');
    expect(info.Language).toBe('es-US');
    expect(info.Author).toBe('Willamette Care');
    expect(info.CreationDate).toBe('D:20261127233000Z');
  });

  it('writes Spanish labels', async () => {
    const { pages } = await readPdf(await renderProtocolsPdf(document([seizures], { locale: 'es' })));
    const text = pages.flat();
    expect(text).toContain('Plan de apoyo individual: del 1 de marzo de 2026 al 28 de febrero de 2027');
    expect(text).toContain('RIESGO GRAVE · MAR');
    expect(text).toContain('• Más de 2 seizures en 24 horas');
    expect(text).toContain('• Fluids por debajo de 64 oz antes de las 14:00');
    expect(text).toContain('Redactado por Dana Reyes, RN (profesional con licencia)');
  });

  it('gives the same bytes for the same document', async () => {
    const doc = document([seizures, protocol()]);
    const first = await renderProtocolsPdf(doc);
    const second = await renderProtocolsPdf(doc);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it('draws every naughty string and reads it back (characters DejaVu lacks as U+FFFD)', async () => {
    const protocols = blns.map((value, index) =>
      protocol({
        riskType: `R${index}`,
        description: value,
        sortOrder: index,
        include: { ...allOff, description: true },
        author: null,
        effectiveDate: null,
        reviewDueDate: null,
      }),
    );
    const glyphs = dejaVuGlyphs();
    const bytes = await renderProtocolsPdf(document(protocols));
    const { pages } = await readPdf(bytes);
    const text = pages.map((lines) => lines.slice(0, -1).join('\n')).join('\n');
    const mismatches = blns.flatMap((value, index) => {
      const from = text.indexOf(`\nR${index}\n`) + `\nR${index}\n`.length;
      const read = text.slice(from, text.indexOf('\nVersion 1', from)).replace(/^Description/, '');
      const drawn = printableParagraphs(value, glyphs).join(' ');
      const expected = drawn || 'No sections of this protocol are included in this document.';
      // pdf.js reads right-to-left runs in its own order and writes some characters in compatibility form (µ, ﬁ):
      // strings with right-to-left text must come back as the same characters, all others in the same order.
      const same = rightToLeft.test(drawn)
        ? sortedCharacters(read) === sortedCharacters(expected)
        : comparable(read) === comparable(expected);
      return same ? [] : [{ index, expected, read }];
    });
    expect(mismatches).toEqual([]);
    // Spot checks on what a client's name may hold: accents, Greek, Cyrillic, a missing glyph.
    expect(text).toContain('Ω≈ç√∫˜μ≤≥÷');
    expect(text).toContain('ЁЂЃЄЅІЇЈЉЊЋЌЍЎЏ');
    expect(text).toContain(`${MISSING_GLYPH}${MISSING_GLYPH}${MISSING_GLYPH}`);
  });

  it('draws accented and non-Latin client names in the title, footer and metadata', async () => {
    const name = 'Zoë Ðặng-Łukasiewicz Ñúñez Øre Σοφία Дмитрий';
    const bytes = await renderProtocolsPdf(document([seizures], { client: { name } }));
    const { pages, info } = await readPdf(bytes);
    // The title is wider than the column: it wraps onto a second line.
    expect(pages[0]?.slice(0, 2).join(' ')).toBe(`Risk protocols — ${name}`);
    expect(pages[0]?.at(-1)).toBe(`Page 1 of 1 · ${name} · generated November 27, 2026`);
    expect(info.Title).toBe(`Risk protocols — ${name}`);
  });
});

/** Strong right-to-left letters (Hebrew, Arabic and neighbours). */
const rightToLeft = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** Text as compared: compatibility forms folded, whitespace and default-ignorable characters removed. */
function comparable(text: string): string {
  return text.normalize('NFKC').replace(/[\s\p{Default_Ignorable_Code_Point}]/gu, '');
}

/** The characters of `text` (as compared), sorted: the same multiset whatever the order read. */
function sortedCharacters(text: string): string {
  return [...comparable(text).normalize('NFKD')].sort().join('');
}

/** Code points both DejaVu Sans faces draw, read from the installed fonts with fontkit (as the renderer does). */
function dejaVuGlyphs(): Set<number> {
  const directory = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const face = (file: string) =>
    new Set(
      (fontkit.create(readFileSync(path.join(directory, file))) as { characterSet: number[] }).characterSet,
    );
  const bold = face('DejaVuSans-Bold.ttf');
  return new Set([...face('DejaVuSans.ttf')].filter((code) => bold.has(code)));
}
