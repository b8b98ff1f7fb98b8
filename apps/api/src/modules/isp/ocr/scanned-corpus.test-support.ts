/**
 * Scanned ISPs for the tests and the benchmark (issue 19 "scanned copies with no text layer, slightly rotated and
 * speckled"), made from text ISPs the way an office makes them: every page is printed (rendered with pdf.js on
 * @napi-rs/canvas), fed crooked into a scanner (turned 1–2°), picks up dust (speckle) and the scanner's grey
 * background (sharp), and comes back as a PDF of page images (pdf-lib) with no text layer. Deterministic: the same
 * seed makes the same scan.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

/** How a page is "scanned". Defaults: 200 dpi, straight, clean, white. */
export interface ScanOptions {
  /** Scanner resolution, dots per inch. */
  dpi?: number;
  /** Clockwise turn of the sheet, degrees (a hand-fed page: 0.5–2). */
  rotateDegrees?: number;
  /** Share of pixels that get a dark speck (dust, toner): 0.001 is a dusty glass. */
  speckle?: number;
  /** How grey the white paper comes out, 0 (white) .. 1 (black): 0.12 is a typical scanner's cast. */
  greyCast?: number;
  /** Seed of the speckle's pseudo-random positions. */
  seed?: number;
}

/** Seeded pseudo-random numbers in [0, 1) (mulberry32), so every run makes the same speckle. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Renders every page of a PDF to grey pixels at `dpi` ("printing" it): raw 8-bit grey, with the page's size. */
export async function renderPdfPages(
  bytes: Uint8Array,
  dpi: number,
): Promise<{ pixels: Buffer; width: number; height: number; pageWidth: number; pageHeight: number }[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl:
      path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/',
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const unit = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: dpi / 72 });
      const width = Math.floor(viewport.width);
      const height = Math.floor(viewport.height);
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      const png = await canvas.encode('png');
      const pixels = await sharp(png).greyscale().raw().toBuffer();
      pages.push({ pixels, width, height, pageWidth: unit.width, pageHeight: unit.height });
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** One "scanned" page: turned, speckled, grey, as JPEG (what scanners save), the same size in pixels as its input. */
async function scanPage(
  page: { pixels: Buffer; width: number; height: number },
  options: Required<ScanOptions>,
  pageIndex: number,
): Promise<Buffer> {
  const { width, height } = page;
  const raw = { raw: { width, height, channels: 1 as const } };
  let pixels = page.pixels;
  if (options.rotateDegrees) {
    const turned = await sharp(pixels, raw)
      .rotate(options.rotateDegrees, { background: '#ffffff' })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The turned sheet is larger than the glass: keep the centre, the size of the page.
    pixels = await sharp(turned.data, {
      raw: { width: turned.info.width, height: turned.info.height, channels: turned.info.channels },
    })
      .extract({
        left: Math.floor((turned.info.width - width) / 2),
        top: Math.floor((turned.info.height - height) / 2),
        width,
        height,
      })
      .extractChannel(0)
      .raw()
      .toBuffer();
  } else pixels = Buffer.from(pixels);
  if (options.speckle) {
    const next = random(options.seed + pageIndex);
    const specks = Math.round(width * height * options.speckle);
    for (let i = 0; i < specks; i += 1) {
      const x = Math.floor(next() * (width - 2));
      const y = Math.floor(next() * (height - 2));
      const size = next() < 0.7 ? 1 : 2;
      for (let dy = 0; dy < size; dy += 1)
        for (let dx = 0; dx < size; dx += 1) pixels[(y + dy) * width + x + dx] = Math.floor(next() * 90);
    }
  }
  const white = Math.round(255 * (1 - options.greyCast));
  return sharp(pixels, raw)
    .linear(white / 255, 0)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Makes a scanned copy of a text PDF: every page rendered at `dpi`, turned, speckled and greyed per `options`, then
 * embedded as a JPEG filling a page of the same size in a new PDF without any text.
 */
export async function scanPdf(textPdf: Uint8Array, options: ScanOptions = {}): Promise<Uint8Array> {
  const settings: Required<ScanOptions> = {
    dpi: 200,
    rotateDegrees: 0,
    speckle: 0,
    greyCast: 0,
    seed: 19,
    ...options,
  };
  const pages = await renderPdfPages(textPdf, settings.dpi);
  const scan = await PDFDocument.create();
  for (const [index, page] of pages.entries()) {
    const image = await scan.embedJpg(await scanPage(page, settings, index));
    scan
      .addPage([page.pageWidth, page.pageHeight])
      .drawImage(image, { x: 0, y: 0, width: page.pageWidth, height: page.pageHeight });
  }
  return scan.save();
}

/** A risk of the small text ISP and where its labels are. */
export interface SmallIspRisk {
  riskType: string;
  serious: boolean;
  prevention: string;
  response: string;
  emergency: string;
}

/** The risks of {@link smallTextIsp}: one in a two-column table, one under a numbered heading. */
export const smallIspRisks: SmallIspRisk[] = [
  {
    riskType: 'Choking',
    serious: true,
    prevention: 'Cut food into small pieces and sit upright while eating.',
    response: 'Encourage coughing and stay with the person.',
    emergency: 'Call 911 if the airway stays blocked.',
  },
  {
    riskType: 'Falls',
    serious: false,
    prevention: 'Keep walkways clear and use the walker indoors.',
    response: 'Check for injuries before helping the person up.',
    emergency: 'Call 911 after a fall with a head injury.',
  },
];

/**
 * A one-page text ISP in the two layouts extraction reads: "Choking (SERIOUS RISK)" as a two-column table (label |
 * text: Risk, Supports/Prevention, Response, Emergency) and "2. Falls" as a numbered heading with labelled paragraphs
 * ("Prevention / supports:", "Response:", "Emergency plan:"). US Letter, Helvetica 12 pt.
 */
export async function smallTextIsp(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const page = document.addPage([612, 792]);
  let y = 740;
  const write = (text: string, x: number, font = regular, size = 12) => {
    page.drawText(text, { x, y, size, font, color: rgb(0, 0, 0) });
  };
  write('Individual Support Plan', 72, bold, 18);
  y -= 28;
  write('Client: Dana Example    Plan year: 2026-01-01 to 2026-12-31', 72);
  y -= 36;
  write('Risks', 72, bold, 14);
  y -= 10;
  const [choking, falls] = smallIspRisks as [SmallIspRisk, SmallIspRisk];
  const rows: [string, string][] = [
    ['Risk', `${choking.riskType} (SERIOUS RISK)`],
    ['Supports/Prevention', choking.prevention],
    ['Response', choking.response],
    ['Emergency', choking.emergency],
  ];
  for (const [label, text] of rows) {
    page.drawRectangle({
      x: 72,
      y: y - 26,
      width: 468,
      height: 26,
      borderWidth: 0.75,
      borderColor: rgb(0, 0, 0),
    });
    page.drawLine({ start: { x: 200, y }, end: { x: 200, y: y - 26 }, thickness: 0.75 });
    y -= 18;
    write(label, 78, bold, 11);
    write(text, 206, regular, 11);
    y -= 8;
  }
  y -= 36;
  write(`2. ${falls.riskType}`, 72, bold, 14);
  y -= 22;
  write(`Prevention / supports: ${falls.prevention}`, 72);
  y -= 18;
  write(`Response: ${falls.response}`, 72);
  y -= 18;
  write(`Emergency plan: ${falls.emergency}`, 72);
  return document.save();
}

/** A risk as the accuracy measure compares it (the corpus's `RiskTruth` and {@link SmallIspRisk} both fit). */
export interface RiskToFind {
  riskType: string;
  serious: boolean;
  prevention: string;
  response: string | string[];
  emergency: string | string[];
}

/** Extraction's accuracy on one ISP: risks found of present, and sections whose text is correct of those compared. */
export interface ExtractionAccuracy {
  risksPresent: number;
  risksFound: number;
  seriousCorrect: number;
  sectionsCompared: number;
  sectionsCorrect: number;
}

/** The words of a text, case-folded, letters only (step numbers and punctuation are layout, not content). */
function letterWords(text: string | string[] | null): string[] {
  const joined = Array.isArray(text) ? text.join(' ') : (text ?? '');
  return joined.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/** Share of `truth`'s words (a multiset) present in `read`: 1 when every word was read. */
export function wordRecall(truth: readonly string[], read: readonly string[]): number {
  const left = new Map<string, number>();
  for (const word of read) left.set(word, (left.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of truth) {
    const count = left.get(word) ?? 0;
    if (count > 0) {
      found += 1;
      left.set(word, count - 1);
    }
  }
  return truth.length ? found / truth.length : 1;
}

/** A section counts as correct when at least this share of its words was read into it (OCR misreads a few). */
export const SECTION_RECALL_CORRECT = 0.9;

/**
 * Compares extracted protocols with the risks an ISP holds: a risk is found when a protocol has its `riskType`
 * (case-folded); for each found risk, `serious` is compared and each of prevention, response and emergency is correct
 * when {@link SECTION_RECALL_CORRECT} of its words are in the protocol's section.
 */
export function extractionAccuracy(
  truth: readonly RiskToFind[],
  protocols: readonly {
    riskType: string;
    serious: boolean;
    prevention: string | null;
    response: string | null;
    emergency: string | null;
  }[],
): ExtractionAccuracy {
  const accuracy = {
    risksPresent: truth.length,
    risksFound: 0,
    seriousCorrect: 0,
    sectionsCompared: 0,
    sectionsCorrect: 0,
  };
  for (const risk of truth) {
    const protocol = protocols.find(
      (found) => found.riskType.trim().toLowerCase() === risk.riskType.toLowerCase(),
    );
    if (!protocol) continue;
    accuracy.risksFound += 1;
    if (protocol.serious === risk.serious) accuracy.seriousCorrect += 1;
    for (const section of ['prevention', 'response', 'emergency'] as const) {
      accuracy.sectionsCompared += 1;
      if (wordRecall(letterWords(risk[section]), letterWords(protocol[section])) >= SECTION_RECALL_CORRECT)
        accuracy.sectionsCorrect += 1;
    }
  }
  return accuracy;
}
