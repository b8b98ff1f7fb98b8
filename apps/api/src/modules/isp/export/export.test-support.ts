/**
 * Documents for the export's tests: a protocol with every section filled in (overridable), a document around
 * protocols, and a serious seizure protocol with thresholds, steps and a medication reference.
 */
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ExportedProtocol, ProtocolsDocument } from './protocols-document.ts';

/** Include flags: every section on, or every section off. */
export const allOn = { description: true, prevention: true, response: true, emergency: true };
export const allOff = { description: false, prevention: false, response: false, emergency: false };

/** A licensed author's choking protocol, every section included in the PDF and none in email; `overrides` win. */
export function protocol(overrides: Partial<ExportedProtocol> = {}): ExportedProtocol {
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

/** Ana María Núñez's document from Willamette Care, generated 2026-11-27 15:30 Pacific, in English. */
export function document(
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

/** A serious seizure protocol with the MAR flag, two thresholds, three escalation steps and a MAR reference. */
export const seizures = protocol({
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

/**
 * Each line of page 1 as its glyphs are drawn, left to right: the Unicode of every glyph of every text-showing
 * operation, in content order, grouped by baseline (pdf-lib draws each run with its own text matrix).
 */
export async function drawnLines(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const page = await pdf.getPage(1);
  const { fnArray, argsArray } = await page.getOperatorList();
  const lines = new Map<number, string>();
  let baseline = 0;
  fnArray.forEach((fn, index) => {
    const args = argsArray[index] as unknown[];
    if (fn === OPS.setTextMatrix) {
      const matrix = (typeof args[0] === 'object' && args[0] !== null ? args[0] : args) as Record<
        number,
        number
      >;
      baseline = Math.round(matrix[5] ?? 0);
    }
    if (fn === OPS.showText) {
      const glyphs = args[0] as ({ unicode: string } | number | null)[];
      const text = glyphs.map((glyph) => (glyph && typeof glyph === 'object' ? glyph.unicode : '')).join('');
      lines.set(baseline, (lines.get(baseline) ?? '') + text);
    }
  });
  await pdf.destroy();
  return [...lines.entries()].sort((a, b) => b[0] - a[0]).map(([, text]) => text);
}
