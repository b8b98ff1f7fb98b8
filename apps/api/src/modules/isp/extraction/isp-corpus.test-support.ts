/**
 * The generated ISP test corpus (issue 19 "Real input": build a test corpus of your own covering each of these).
 * Everything is generated with pdf-lib, deterministically (no dates, no randomness), so the same bytes come out on
 * every run. The files that cannot be read are built here too: password-protected, cut off, not a PDF, empty.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFPage,
  StandardFonts,
} from 'pdf-lib';

/** The 32-byte padding string of the PDF standard security handler (ISO 32000-1, 7.6.3.3, algorithm 2). */
const passwordPad = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e,
  0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

function padPassword(password: string): Uint8Array {
  const bytes = new TextEncoder().encode(password).slice(0, 32);
  const padded = new Uint8Array(32);
  padded.set(bytes);
  padded.set(passwordPad.slice(0, 32 - bytes.length), bytes.length);
  return padded;
}

/** RC4, as the revision-2 security handler uses it (OpenSSL 3 no longer offers it by default). */
function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let index = 0, i = 0, j = 0; index < data.length; index++) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[index] = data[index]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) =>
  new Uint8Array(createHash('md5').update(Buffer.concat(parts)).digest());
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * A one-page PDF protected by the standard security handler (revision 2, 40-bit RC4) with the user password
 * `userPassword`: its trailer names an `/Encrypt` dictionary whose `/O` and `/U` are computed as ISO 32000-1
 * algorithms 3 and 4 say, so a reader that tries the empty password is refused and must ask for one. pdf-lib cannot
 * encrypt, so the page's own content is left as it is (a reader never gets that far without the password).
 */
export async function passwordProtectedPdf(
  userPassword = 'tend-isp',
  ownerPassword = 'owner-secret',
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('Individual Support Plan', { x: 72, y: 720, size: 14, font });
  const fileId = md5(new TextEncoder().encode('tend isp corpus: password-protected'));
  const permissions = -4; // Everything allowed (bits 3..6 set), as 32-bit two's complement.
  const permissionBytes = new Uint8Array(new Int32Array([permissions]).buffer); // Little-endian on every target.
  const owner = rc4(md5(padPassword(ownerPassword)).slice(0, 5), padPassword(userPassword));
  const key = md5(padPassword(userPassword), owner, permissionBytes, fileId).slice(0, 5);
  const user = rc4(key, passwordPad);
  const encrypt = doc.context.obj({
    Filter: PDFName.of('Standard'),
    V: PDFNumber.of(1),
    R: PDFNumber.of(2),
    O: PDFHexString.of(hex(owner)),
    U: PDFHexString.of(hex(user)),
    P: PDFNumber.of(permissions),
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(hex(fileId)), PDFHexString.of(hex(fileId))]);
  return doc.save({ useObjectStreams: false });
}

/** A download cut off after `fraction` of its bytes. */
export function truncated(bytes: Uint8Array, fraction = 0.6): Uint8Array {
  return bytes.slice(0, Math.floor(bytes.length * fraction));
}

/** A real 1×1 PNG (what a person might upload instead of the PDF). */
export const pngFile = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A text file renamed `.pdf`. */
export const textFileNamedPdf = new TextEncoder().encode(
  'Individual Support Plan\nRisk: Choking\nSupports/Prevention: cut food into small pieces.\n',
);

/** An empty upload. */
export const emptyFile = new Uint8Array(0);

// ---------------------------------------------------------------------------------------------------------------
// Generated ISPs with their ground truth.

/** What a generated ISP's risk holds: the truth extraction is measured against. Section texts as a reader joins them. */
export interface RiskTruth {
  riskType: string;
  serious: boolean;
  mar: boolean;
  pbsp: boolean;
  description: string;
  prevention: string;
  response: string[];
  emergency: string[];
  author: string;
  authorLicensed: boolean;
  effectiveDate: string;
  reviewDueDate: string;
  /** How many thresholds its text states. */
  thresholds: number;
  medicationReferences: string[];
}

export type CorpusLayout = 'table' | 'numbered' | 'table-variant';

export interface CorpusIsp {
  name: string;
  layout: CorpusLayout;
  bytes: Uint8Array;
  pages: number;
  risks: RiskTruth[];
  planStart: string;
  planEnd: string;
}

/** A step list as the ISP prints it ("1. …" one per line) and as extraction joins it. */
export function stepsText(steps: readonly string[]): string {
  return steps.map((step, index) => `${index + 1}. ${step}`).join('\n');
}

const baseRisks: RiskTruth[] = [
  {
    riskType: 'Choking',
    serious: true,
    mar: false,
    pbsp: false,
    description:
      'Eats quickly and takes large bites. Had two choking episodes in the last year that needed back blows.',
    prevention:
      'Cut food into pieces no larger than half an inch. Sit upright during meals and stay with the person until the meal is finished. Offer a drink between bites.',
    response: ['Stop the meal.', 'Encourage coughing.', 'Stay calm and stay beside the person.'],
    emergency: [
      'Call 911 if the person cannot cough, speak or breathe.',
      'Give back blows and abdominal thrusts.',
    ],
    author: 'Lucía Núñez, RN',
    authorLicensed: true,
    effectiveDate: '2026-01-15',
    reviewDueDate: '2027-01-15',
    thresholds: 0,
    medicationReferences: [],
  },
  {
    riskType: 'Seizures',
    serious: true,
    mar: true,
    pbsp: false,
    description: 'Has a seizure disorder with tonic-clonic seizures about once a month, mostly at night.',
    prevention:
      'Give seizure medication on time as the MAR says. Keep the bed low and pad the headboard. Check on the person every two hours at night.',
    response: [
      'Time the seizure and move hard objects away.',
      'Turn the person on the side after the jerking stops.',
      'Call the RN if she has more than 2 seizures in 24 hours.',
    ],
    emergency: ['Call 911 for a seizure lasting longer than 5 minutes.', 'Give Diastat 10 mg PRN, see MAR.'],
    author: 'Lucía Núñez, RN',
    authorLicensed: true,
    effectiveDate: '2026-01-15',
    reviewDueDate: '2027-01-15',
    thresholds: 2,
    medicationReferences: ['see MAR', 'Diastat 10 mg'],
  },
  {
    riskType: 'Constipation',
    serious: false,
    mar: true,
    pbsp: false,
    description: 'Prone to constipation because of medication side effects and low activity.',
    prevention:
      'Offer high-fiber foods and at least eight cups of fluid a day. Record each bowel movement on the bowel chart.',
    response: ['Notify the RN if there is no bowel movement in 3 days.', 'Give Miralax PRN as the MAR says.'],
    emergency: ['Call 911 for a hard, swollen belly with vomiting.'],
    author: 'Ana Ruiz, LPN',
    authorLicensed: true,
    effectiveDate: '2026-02-01',
    reviewDueDate: '2027-02-01',
    thresholds: 1,
    medicationReferences: ['Miralax'],
  },
  {
    riskType: 'Dehydration',
    serious: false,
    mar: false,
    pbsp: false,
    description: 'Does not ask for drinks and forgets to drink on hot days.',
    prevention:
      'Offer a drink every hour while awake. Tell the house manager if fluids below 64 oz by 2 pm. Keep a water bottle within reach.',
    response: ['Offer a preferred drink.', 'Record the amount on the fluid log.'],
    emergency: ['Call 911 for confusion, fainting or no urine all day.'],
    author: 'Mark Ellis, house manager',
    authorLicensed: false,
    effectiveDate: '2026-02-01',
    reviewDueDate: '2027-02-01',
    thresholds: 1,
    medicationReferences: [],
  },
  {
    riskType: 'Falls',
    serious: false,
    mar: false,
    pbsp: false,
    description: 'Walks with an unsteady gait and uses a walker outside the home.',
    prevention:
      'Keep walkways clear. Make sure the walker is within reach. Non-slip shoes at all times. Report 3 or more falls in a week to the case manager.',
    response: ['Do not lift the person alone.', 'Check for injuries before helping the person up.'],
    emergency: ['Call 911 for a head injury or if the person cannot get up.'],
    author: 'Sam Lee, PT',
    authorLicensed: true,
    effectiveDate: '2026-03-01',
    reviewDueDate: '2027-03-01',
    thresholds: 1,
    medicationReferences: [],
  },
  {
    riskType: 'Aspiration',
    serious: true,
    mar: false,
    pbsp: false,
    description: 'Has had aspiration pneumonia twice. Coughs while drinking thin liquids.',
    prevention:
      'Serve nectar-thick liquids only. Sit upright for 30 minutes after meals. Check temperature each morning.',
    response: ['Call the RN if her temperature is above 100.4°F.', 'Write down coughing during meals.'],
    emergency: ['Call 911 for trouble breathing or blue lips.'],
    author: 'Lucía Núñez, RN',
    authorLicensed: true,
    effectiveDate: '2026-01-15',
    reviewDueDate: '2027-01-15',
    thresholds: 1,
    medicationReferences: [],
  },
  {
    riskType: 'Hypoglycemia',
    serious: true,
    mar: true,
    pbsp: false,
    description: 'Has type 1 diabetes and takes insulin with meals.',
    prevention:
      'Check blood sugar before meals and at bedtime. Keep glucose tablets in the kitchen and in the van.',
    response: ['Give juice when blood sugar below 70 mg/dL.', 'Recheck blood sugar after 15 minutes.'],
    emergency: ['Call 911 if the person cannot swallow or will not wake up.', 'Give glucagon PRN, see MAR.'],
    author: 'Dr. Rosa Patel, MD',
    authorLicensed: true,
    effectiveDate: '2026-01-20',
    reviewDueDate: '2026-07-20',
    thresholds: 1,
    medicationReferences: ['see MAR'],
  },
  {
    riskType: 'Physical aggression',
    serious: false,
    mar: false,
    pbsp: true,
    description: 'May hit others when routines change without warning.',
    prevention:
      'Follow the positive behavior support plan (PBSP). Give a five-minute warning before changes. Offer choices.',
    response: ['Give space and speak calmly.', 'Remove other people from the area.'],
    emergency: ['Call 911 if anyone is seriously hurt.'],
    author: 'Thị Nguyễn, BCBA',
    authorLicensed: true,
    effectiveDate: '2026-02-10',
    reviewDueDate: '2027-02-10',
    thresholds: 0,
    medicationReferences: [],
  },
  {
    riskType: 'Weight loss',
    serious: false,
    mar: false,
    pbsp: false,
    description: 'Lost weight after dental surgery and eats little when tired.',
    prevention:
      'Weigh the person every Monday. Tell the nurse about weight loss of more than 5 lb in a month. Offer snacks between meals.',
    response: ['Offer a preferred snack.', 'Write what was eaten on the meal log.'],
    emergency: ['Call the doctor for refusal of all food for a whole day.'],
    author: 'Kim Ortega, RD',
    authorLicensed: true,
    effectiveDate: '2026-02-15',
    reviewDueDate: '2027-02-15',
    thresholds: 1,
    medicationReferences: [],
  },
  {
    riskType: 'Wandering',
    serious: true,
    mar: false,
    pbsp: false,
    description: 'Has left the home without staff twice this year and does not know the way back.',
    prevention:
      'Keep the door alarm on. Do a head count every 30 minutes. Keep a current photo in the house binder.',
    response: ['Search the home and yard.', 'Call the house manager.'],
    emergency: [
      'Call law enforcement and the case manager immediately if the person is missing for more than 15 minutes.',
    ],
    author: 'Mark Ellis, house manager',
    authorLicensed: false,
    effectiveDate: '2026-03-05',
    reviewDueDate: '2027-03-05',
    thresholds: 1,
    medicationReferences: [],
  },
];

const planStart = '2026-01-01';
const planEnd = '2026-12-31';
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const longDate = (iso: string) => {
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  return `${months[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}, ${iso.slice(0, 4)}`;
};

const narrative = [
  'About me: I like music, gardening and going to the library on Saturdays. My sister visits every other Sunday.',
  'What is important to me: keeping my routine, choosing my own clothes, and having time alone in my room after work.',
  'How to support me: speak to me directly and give me time to answer. Tell me about changes a day ahead when you can.',
  'Communication: I use short sentences and some signs. A picture schedule on the fridge helps me plan my day.',
  'Work and community: I work three mornings a week at a plant nursery with a job coach from the provider agency.',
];

/** The fonts a generated ISP uses; `fallback` (DejaVu Sans) draws the letters Helvetica has no glyph for. */
interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  fallback: PDFFont | null;
}

const dejavuPath = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
  'DejaVuSans.ttf',
);

/** Writes pages top to bottom with margins, page breaks, running header and footer. */
class Writer {
  readonly pages: PDFPage[] = [];
  y = 0;
  readonly top = 90;
  readonly bottom = 72;
  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly header: string | null,
  ) {}

  get page(): PDFPage {
    return this.pages.at(-1)!;
  }

  newPage(): void {
    this.pages.push(this.doc.addPage([612, 792]));
    this.y = this.top;
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number): void {
    if (!this.pages.length || this.y + height > 792 - this.bottom) this.newPage();
  }

  /** Draws `text` with its baseline `size` below `y` (top-left frame), glyphs Helvetica lacks in the fallback font. */
  draw(text: string, x: number, size: number, bold = false): number {
    return this.drawOn(this.page, text, x, this.y, size, bold);
  }

  drawOn(page: PDFPage, text: string, x: number, top: number, size: number, bold = false): number {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    let cursor = x;
    for (const run of runs(text, font, this.fonts.fallback)) {
      const runFont = run.fallback ? this.fonts.fallback! : font;
      page.drawText(run.text, { x: cursor, y: 792 - top - size, size, font: runFont });
      cursor += runFont.widthOfTextAtSize(run.text, size);
    }
    return cursor - x;
  }

  width(text: string, size: number, bold = false): number {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    return runs(text, font, this.fonts.fallback).reduce(
      (sum, run) => sum + (run.fallback ? this.fonts.fallback! : font).widthOfTextAtSize(run.text, size),
      0,
    );
  }

  wrap(text: string, width: number, size: number, bold = false): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && this.width(candidate, size, bold) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    return lines;
  }

  /** A paragraph (optionally with a bold label run first), wrapped, breaking pages between lines. */
  paragraph(
    text: string,
    options: { x?: number; size?: number; label?: string; gapAfter?: number } = {},
  ): void {
    const x = options.x ?? 72;
    const size = options.size ?? 10;
    const labelWidth = options.label ? this.width(`${options.label} `, size, true) : 0;
    const wrapped = this.wrap(text, 468 - (x - 72) - labelWidth, size);
    const lines = wrapped.length ? wrapped : [''];
    lines.forEach((line, index) => {
      this.ensure(size * 1.3);
      let offset = 0;
      if (index === 0 && options.label)
        offset = this.draw(options.label, x, size, true) + this.width(' ', size);
      if (line) this.draw(line, x + offset, size);
      this.y += size * 1.3;
    });
    this.y += options.gapAfter ?? size * 0.6;
  }

  heading(text: string, size: number): void {
    this.ensure(size * 3);
    this.y += size * 0.4;
    this.draw(text, 72, size, true);
    this.y += size * 1.6;
  }

  /** A label | text table row; the text cell wraps and may go on over the page break. */
  row(label: string, text: string | string[], options: { labelWidth?: number } = {}): void {
    const size = 10;
    const textX = 72 + (options.labelWidth ?? 128);
    const parts = Array.isArray(text) ? text : [text];
    const lines = parts.flatMap((part) => this.wrap(part, 540 - textX, size));
    const labelLines = this.wrap(label, (options.labelWidth ?? 128) - 12, size, true);
    this.ensure(size * 1.3);
    lines.forEach((line, index) => {
      this.ensure(size * 1.3);
      if (index < labelLines.length) this.draw(labelLines[index]!, 72, size, true);
      this.draw(line, textX, size);
      this.y += size * 1.3;
    });
    this.y += 5;
  }

  /** The running header and "Page n of m" footer on every page. */
  finish(footerNote: string): void {
    this.pages.forEach((page, index) => {
      const draw = (text: string, x: number, top: number) => this.drawOn(page, text, x, top, 9);
      if (this.header) draw(this.header, 72, 36);
      draw(footerNote, 72, 750);
      draw(`Page ${index + 1} of ${this.pages.length}`, 480, 750);
    });
  }
}

/** Splits text into runs the font can encode and runs for the fallback font (when there is one). */
function runs(text: string, font: PDFFont, fallback: PDFFont | null): { text: string; fallback: boolean }[] {
  const out: { text: string; fallback: boolean }[] = [];
  for (const character of text) {
    let missing = false;
    if (fallback) {
      try {
        font.encodeText(character);
      } catch {
        missing = true;
      }
    }
    const last = out.at(-1);
    if (last && last.fallback === missing) last.text += character;
    else out.push({ text: character, fallback: missing });
  }
  return out;
}

async function newIsp(options: { fallbackFont: boolean }): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    fallback: options.fallbackFont ? await doc.embedFont(readFileSync(dejavuPath), { subset: true }) : null,
  };
  return { doc, fonts };
}

function titlePage(writer: Writer, client: string, pages: number): void {
  writer.newPage();
  writer.heading('Individual Support Plan', 18);
  writer.paragraph(client, { label: 'Name:' });
  writer.paragraph(`${usDate(planStart)} – ${usDate(planEnd)}`, { label: 'Plan year:' });
  writer.paragraph('Clackamas County Developmental Disabilities', { label: 'Case management entity:' });
  for (let index = 0; index < pages; index++) {
    writer.heading(`Section ${index + 1}: My life`, 13);
    for (const text of narrative) writer.paragraph(text);
  }
}

/** Layout "table": each risk a two-column table (label | text), split across pages under a running header/footer. */
async function tableIsp(
  name: string,
  risks: RiskTruth[],
  options: { client: string; fallbackFont?: boolean; narrativePages?: number; notesPages?: number },
): Promise<CorpusIsp> {
  const { doc, fonts } = await newIsp({ fallbackFont: options.fallbackFont ?? false });
  const writer = new Writer(doc, fonts, `Individual Support Plan — ${options.client} — Plan year 2026`);
  titlePage(writer, options.client, options.narrativePages ?? 1);
  writer.heading('Risk Identification and Protocols', 14);
  for (const risk of risks) {
    writer.ensure(60);
    writer.row('Risk', risk.riskType);
    writer.row('Serious risk?', risk.serious ? 'Yes' : 'No');
    writer.row('Description', risk.description);
    writer.row('Supports/Prevention', risk.prevention);
    writer.row(
      'Response',
      risk.response.map((step, index) => `${index + 1}. ${step}`),
    );
    writer.row(
      'Emergency',
      risk.emergency.map((step, index) => `${index + 1}. ${step}`),
    );
    writer.row('Written by', risk.author);
    writer.row('Effective date', usDate(risk.effectiveDate));
    writer.row('Review due', usDate(risk.reviewDueDate));
    writer.y += 14;
  }
  writer.heading('Signatures', 13);
  writer.paragraph(
    'The person, the guardian and the case manager agreed to this plan at the annual ISP meeting.',
  );
  for (let index = 0; index < (options.notesPages ?? 0); index++) {
    writer.newPage();
    writer.heading(`Meeting notes ${index + 1}`, 13);
    for (const text of narrative) writer.paragraph(text);
  }
  writer.finish('Confidential: contains protected health information');
  const bytes = await doc.save();
  return { name, layout: 'table', bytes, pages: writer.pages.length, risks, planStart, planEnd };
}

/** Layout "numbered": "3. Choking (SERIOUS RISK)" headings with labelled paragraphs in an order of their own. */
async function numberedIsp(name: string, risks: RiskTruth[], client: string): Promise<CorpusIsp> {
  const { doc, fonts } = await newIsp({ fallbackFont: true });
  const writer = new Writer(doc, fonts, `${client} | ISP`);
  titlePage(writer, client, 1);
  writer.heading('Health and Safety Risks', 14);
  const orders = [
    ['description', 'prevention', 'response', 'emergency'],
    ['description', 'emergency', 'prevention', 'response'],
    ['prevention', 'response', 'emergency', 'description'],
  ] as const;
  risks.forEach((risk, index) => {
    writer.heading(
      `${index + 1}. ${risk.riskType}${risk.serious && index % 2 === 0 ? ' (SERIOUS RISK)' : ''}`,
      12,
    );
    if (risk.serious && index % 2 === 1) writer.paragraph('Yes', { label: 'Serious risk?' });
    for (const section of orders[index % orders.length]!) {
      if (section === 'description') writer.paragraph(risk.description, { label: 'Description:' });
      if (section === 'prevention') writer.paragraph(risk.prevention, { label: 'Prevention / supports:' });
      if (section === 'response' || section === 'emergency') {
        writer.paragraph('', {
          label: section === 'response' ? 'What to do:' : 'Emergency plan:',
          gapAfter: 0,
        });
        risk[section].forEach((step, stepIndex) =>
          writer.paragraph(`${stepIndex + 1}. ${step}`, { x: 90, gapAfter: 2 }),
        );
        writer.y += 6;
      }
    }
    writer.paragraph(`Written by ${risk.author} on ${usDate(risk.effectiveDate)}`);
    writer.paragraph(
      `Effective: ${longDate(risk.effectiveDate)}; review due: ${longDate(risk.reviewDueDate)}`,
    );
  });
  writer.finish('Oregon ISP — do not share without consent');
  const bytes = await doc.save();
  return { name, layout: 'numbered', bytes, pages: writer.pages.length, risks, planStart, planEnd };
}

/** Layout "table-variant": colon labels ("Risk:", "Serious Risk:" Y/N, "Prevention / supports:", "What to do:"). */
async function variantTableIsp(name: string, risks: RiskTruth[], client: string): Promise<CorpusIsp> {
  const { doc, fonts } = await newIsp({ fallbackFont: true });
  const writer = new Writer(doc, fonts, null);
  titlePage(writer, client, 0);
  writer.heading('Risk Identification Tool: Protocols', 14);
  for (const risk of risks) {
    writer.ensure(60);
    writer.row('Risk:', risk.riskType, { labelWidth: 150 });
    writer.row('Serious Risk:', risk.serious ? 'Y' : 'N', { labelWidth: 150 });
    writer.row('What it looks like:', risk.description, { labelWidth: 150 });
    writer.row('Prevention / supports:', risk.prevention, { labelWidth: 150 });
    writer.row(
      'What to do:',
      risk.response.map((step, index) => `${index + 1}. ${step}`),
      { labelWidth: 150 },
    );
    writer.row(
      'Emergency plan:',
      risk.emergency.map((step, index) => `${index + 1}. ${step}`),
      { labelWidth: 150 },
    );
    writer.row('Author:', risk.author, { labelWidth: 150 });
    writer.row('Effective:', longDate(risk.effectiveDate), { labelWidth: 150 });
    writer.row('Review due:', longDate(risk.reviewDueDate), { labelWidth: 150 });
    writer.y += 14;
  }
  writer.finish('Page footer: Risk Identification Tool v3');
  const bytes = await doc.save();
  return { name, layout: 'table-variant', bytes, pages: writer.pages.length, risks, planStart, planEnd };
}

/** The generated ISPs, one or more per layout (accented names; one with glyphs Helvetica lacks). */
export async function corpusIsps(): Promise<CorpusIsp[]> {
  return [
    await tableIsp('table, split across pages', baseRisks.slice(0, 6), { client: 'María José Hernández' }),
    await tableIsp('table, accented names and a fallback font', baseRisks.slice(4, 10), {
      client: 'Thị Nguyễn Hernández',
      fallbackFont: true,
    }),
    await numberedIsp('numbered headings, labelled paragraphs', baseRisks.slice(0, 10), 'José Núñez'),
    await variantTableIsp('table with colon labels and Y/N', baseRisks.slice(2, 9), 'Renée Çelik'),
  ];
}

/** The 40-page text ISP (for `npm run bench:isp` and the extraction timing): narrative pages, then 10 risk tables. */
export async function fortyPageIsp(): Promise<CorpusIsp> {
  const make = (narrativePages: number, notesPages = 0) =>
    tableIsp('40-page ISP', baseRisks, {
      client: 'María José Hernández',
      fallbackFont: true,
      narrativePages,
      notesPages,
    });
  let narrativePages = 40;
  let isp = await make(narrativePages);
  while (isp.pages > 40) isp = await make(--narrativePages);
  // Whatever is missing is made up by pages of meeting notes after the signatures.
  return isp.pages === 40 ? isp : make(narrativePages, 40 - isp.pages);
}
