import { describe, expect, it } from 'vitest';

import { corpusIsps, type CorpusIsp, stepsText } from './isp-corpus.test-support.js';
import { readPdfText } from './pdf-text.js';
import { extractIsp } from './protocol-extraction.js';
import type { ExtractedIsp } from './types.js';

const normal = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

interface Score {
  risksPresent: number;
  risksFound: number;
  sections: number;
  sectionsCorrect: number;
  falseProtocols: number;
}

function score(isp: CorpusIsp, extracted: ExtractedIsp): Score {
  const result: Score = {
    risksPresent: isp.risks.length,
    risksFound: 0,
    sections: 0,
    sectionsCorrect: 0,
    falseProtocols: 0,
  };
  for (const risk of isp.risks) {
    const found = extracted.protocols.find((protocol) => protocol.riskType === risk.riskType);
    if (found) result.risksFound++;
    const expected = {
      description: risk.description,
      prevention: risk.prevention,
      response: stepsText(risk.response),
      emergency: stepsText(risk.emergency),
    };
    for (const [section, text] of Object.entries(expected)) {
      result.sections++;
      if (found && normal(found[section as keyof typeof expected]) === normal(text)) result.sectionsCorrect++;
    }
  }
  result.falseProtocols = extracted.protocols.filter(
    (protocol) => !isp.risks.some((risk) => risk.riskType === protocol.riskType),
  ).length;
  return result;
}

describe('extractIsp on the generated corpus', async () => {
  const corpus = await corpusIsps();
  const extracted = new Map<string, ExtractedIsp>();
  for (const isp of corpus) extracted.set(isp.name, extractIsp(await readPdfText(isp.bytes)));

  it.each(corpus.map((isp) => [isp.name, isp] as const))(
    '%s: every risk with its flags, people and dates',
    (_name, isp) => {
      const result = extracted.get(isp.name)!;
      expect(result.protocols.map((protocol) => protocol.riskType)).toEqual(
        isp.risks.map((risk) => risk.riskType),
      );
      expect(result.protocols.map((protocol) => protocol.sortOrder)).toEqual(
        isp.risks.map((_, index) => index),
      );
      expect([result.planStart, result.planEnd]).toEqual([isp.planStart, isp.planEnd]);
      for (const [index, risk] of isp.risks.entries()) {
        const protocol = result.protocols[index]!;
        expect(
          {
            riskType: protocol.riskType,
            serious: protocol.serious,
            mar: protocol.mar,
            pbsp: protocol.pbsp,
            author: protocol.author,
            authorLicensed: protocol.authorLicensed,
            effectiveDate: protocol.effectiveDate,
            reviewDueDate: protocol.reviewDueDate,
            escalationSteps: protocol.escalationSteps,
            thresholds: protocol.thresholds.length,
            medicationReferences: protocol.medicationReferences,
          },
          `${isp.name}: ${risk.riskType}`,
        ).toEqual({
          riskType: risk.riskType,
          serious: risk.serious,
          mar: risk.mar,
          pbsp: risk.pbsp,
          author: risk.author,
          authorLicensed: risk.authorLicensed,
          effectiveDate: risk.effectiveDate,
          reviewDueDate: risk.reviewDueDate,
          escalationSteps: [...risk.response, ...risk.emergency],
          thresholds: risk.thresholds,
          medicationReferences: risk.medicationReferences,
        });
        // Every section's source boxes lie on the PDF's pages.
        for (const field of [
          'riskType',
          'description',
          'prevention',
          'response',
          'emergency',
          'author',
        ] as const) {
          const boxes = protocol.sources[field];
          expect(boxes?.length, `${risk.riskType} ${field} sources`).toBeGreaterThan(0);
          for (const box of boxes!) {
            expect(box.page).toBeGreaterThanOrEqual(1);
            expect(box.page).toBeLessThanOrEqual(isp.pages);
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.y + box.height).toBeLessThanOrEqual(792);
          }
        }
      }
      // Running headers and footers never reach the text; the HTML holds only the allowed tags.
      expect(result.processedHtml).not.toMatch(/Page \d+ of \d+/);
      expect(result.processedHtml).not.toMatch(/<(?!\/?(?:h2|h3|h4|p|ul|ol|li|table|tr|th|td)>)/);
    },
  );

  it('finds at least 95 % of the risks and reads at least 95 % of the sections right, per layout', () => {
    const byLayout = new Map<string, Score>();
    for (const isp of corpus) {
      const result = score(isp, extracted.get(isp.name)!);
      const total = byLayout.get(isp.layout) ?? {
        risksPresent: 0,
        risksFound: 0,
        sections: 0,
        sectionsCorrect: 0,
        falseProtocols: 0,
      };
      for (const key of Object.keys(total) as (keyof Score)[]) total[key] += result[key];
      byLayout.set(isp.layout, total);
    }
    for (const [layout, total] of byLayout) {
      console.log(
        `ISP extraction accuracy, layout ${layout}: risks found ${total.risksFound}/${total.risksPresent}, ` +
          `section text correct ${total.sectionsCorrect}/${total.sections}, false protocols ${total.falseProtocols}`,
      );
      expect(total.risksFound / total.risksPresent).toBeGreaterThanOrEqual(0.95);
      expect(total.sectionsCorrect / total.sections).toBeGreaterThanOrEqual(0.95);
      expect(total.falseProtocols).toBe(0);
    }
  });
});
