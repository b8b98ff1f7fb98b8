/**
 * A small ISP PDF for the isp module's tests, built with pdf-lib: a title with the plan dates and a risk table in the
 * Oregon ISP's two-column shape (label | text: "Risk", "Supports/Prevention", "Response", "Emergency") per risk.
 * Deterministic (no dates from the clock).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** One risk as the test ISP writes it. */
export interface TestRisk {
  risk: string;
  serious?: boolean;
  description: string;
  prevention: string;
  response: string;
  emergency: string;
}

export const testRisks: TestRisk[] = [
  {
    risk: 'Seizures',
    serious: true,
    description: 'Casey has tonic-clonic seizures, about two a month.',
    prevention: 'Give seizure medication on time as listed on the MAR. Keep a seizure log.',
    response:
      'Time the seizure. Protect the head. Call the nurse if there are more than 2 seizures in 24 hours.',
    emergency: 'Call 911 if a seizure lasts more than 5 minutes.',
  },
  {
    risk: 'Choking',
    description: 'Casey eats quickly and has choked on dry food.',
    prevention: 'Cut food into small pieces. Sit with Casey during meals.',
    response: 'Encourage coughing. Give back blows if Casey cannot breathe.',
    emergency: 'Call 911 if the airway stays blocked.',
  },
];

/** Lines of text wrapped to `width` points in `font` at `size`. */
function wrap(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The test ISP PDF's bytes for `risks` (one page per two risks). */
export async function testIspPdf(
  risks: TestRisk[] = testRisks,
  plan = { start: '2026-01-01', end: '2026-12-31' },
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([612, 792]);
  let y = 740;
  page.drawText('Individual Support Plan', { x: 72, y, size: 16, font: bold });
  y -= 24;
  page.drawText(`Plan year: ${plan.start} to ${plan.end}`, { x: 72, y, size: 11, font: regular });
  y -= 30;
  page.drawText('Risk Identification and Support Protocols', { x: 72, y, size: 13, font: bold });
  y -= 24;
  for (const risk of risks) {
    const rows: [string, string][] = [
      ['Risk', `${risk.risk}${risk.serious ? ' (SERIOUS RISK)' : ''}`],
      ['Description', risk.description],
      ['Supports/Prevention', risk.prevention],
      ['Response', risk.response],
      ['Emergency', risk.emergency],
    ];
    const height = rows.reduce(
      (sum, [, text]) => sum + 14 * wrap(text, 330, (t) => regular.widthOfTextAtSize(t, 10)).length + 6,
      0,
    );
    if (y - height < 72) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
    for (const [label, text] of rows) {
      page.drawText(label, { x: 72, y, size: 10, font: bold });
      const lines = wrap(text, 330, (t) => regular.widthOfTextAtSize(t, 10));
      lines.forEach((line, index) =>
        page.drawText(line, { x: 210, y: y - index * 14, size: 10, font: regular }),
      );
      y -= 14 * lines.length + 6;
    }
    y -= 18;
  }
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  return Buffer.from(await doc.save());
}
