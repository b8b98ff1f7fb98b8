/**
 * The caregiver PDF of an ISP's finalized protocols (issue 19 "Export and reports"; docs/isp-export.md): a US
 * Letter document with the client's name and plan dates, the generated date in the agency's time zone, then each
 * protocol in caregiver order (serious risks first) with its labels as words, its included sections, thresholds
 * as sentences, numbered escalation steps, author and dates; a footer "Page n of m · client · generated date" on
 * every page; a document outline with one bookmark per protocol; title and language in the PDF's metadata.
 *
 * Drawn with pdf-lib and @pdf-lib/fontkit in DejaVu Sans and DejaVu Sans Bold, subset-embedded, read from the
 * `dejavu-fonts-ttf` package at run time (never copied into the repository). Pure apart from reading the fonts:
 * the same document gives the same bytes (fixed metadata dates, no random names).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  rgb,
  type PDFContext,
  type PDFFont,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';
import { drawingText, visualRuns, type DirectionalRun } from './bidi-text.ts';
import {
  formatCalendarDate,
  formatInstantDate,
  labeler,
  parseInstant,
  thresholdSentence,
  type Labeler,
} from './labels.ts';
import {
  layOut,
  type Block,
  type FontFace,
  type PageFrame,
  type PlacedBookmark,
  type TextStyle,
} from './pdf-layout.ts';
import { MISSING_GLYPH, printableLine, printableParagraphs } from './printable-text.ts';
import {
  orderForCaregivers,
  protocolContent,
  type ExportedProtocol,
  type ProtocolsDocument,
} from './protocols-document.ts';

/** US Letter, 8.5 × 11 in, with ¾ in margins and room for the footer at the bottom. */
const frame: PageFrame = { width: 612, height: 792, top: 54, bottom: 72, left: 54, right: 54 };
/** The footer's baseline (pt from the page's bottom) and size. */
const FOOTER_Y = 36;
const FOOTER_SIZE = 8;

const black = [0, 0, 0] as const;
/** Dark grey for secondary lines: 12.6:1 on white (WCAG 2.2 AA asks 4.5:1). */
const grey = [0.2, 0.2, 0.2] as const;
/** Dark red for the serious-risk label, always beside the words "SERIOUS RISK" (never colour alone): 9.6:1. */
const red = [0.6, 0, 0] as const;

const style = (face: FontFace, size: number, color: TextStyle['color'] = black, indent = 0): TextStyle => ({
  face,
  size,
  color,
  indent,
});
const styles = {
  title: style('bold', 18),
  subtitle: style('regular', 10.5, grey),
  heading: style('bold', 14),
  flags: style('bold', 10),
  seriousFlags: style('bold', 10, red),
  label: style('bold', 11),
  body: style('regular', 10.5),
  item: style('regular', 10.5, black, 12),
  meta: style('regular', 9, grey),
};

/** The DejaVu fonts' bytes, read once from the installed package. */
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/** Where `dejavu-fonts-ttf` keeps its TTFs (resolved from node_modules, from src as from the API bundle). */
function dejaVuDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

function loadFontBytes(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  fontBytes ??= (async () => {
    const directory = dejaVuDirectory();
    const [regular, bold] = await Promise.all([
      readFile(path.join(directory, 'DejaVuSans.ttf')),
      readFile(path.join(directory, 'DejaVuSans-Bold.ttf')),
    ]);
    return { regular, bold };
  })();
  return fontBytes;
}

/** The embedded faces and the code points each can draw. */
interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  glyphs: ReadonlySet<number>;
}

async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  const bytes = await loadFontBytes();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(bytes.regular, { subset: true, customName: 'DejaVuSans' });
  const bold = await pdf.embedFont(bytes.bold, { subset: true, customName: 'DejaVuSans-Bold' });
  const boldSet = new Set(bold.getCharacterSet());
  // A character is printable only when both faces draw it, so a heading and its text read the same.
  const glyphs = new Set(regular.getCharacterSet().filter((code) => boldSet.has(code)));
  return { regular, bold, glyphs };
}

/**
 * pdf-lib names font resources with `Math.random()`; a counter per document makes the bytes reproducible.
 * (`addRandomSuffix` is the context's public method that pdf-lib calls for every such name.)
 */
function useCountedNames(context: PDFContext): void {
  let counter = 0;
  context.addRandomSuffix = (prefix: string) => {
    counter += 1;
    return `${prefix}-${counter}`;
  };
}

/** The document's opening lines: title, client id, plan dates, generated date, and how to read it. */
function openingBlocks(doc: ProtocolsDocument, label: Labeler, glyphs: ReadonlySet<number>): Block[] {
  const line = (text: string) => printableLine(text, glyphs);
  const client = line(doc.client.name);
  const { start, end } = doc.plan;
  const date = (iso: string) => formatCalendarDate(doc.locale, iso);
  const plan =
    start && end
      ? label('plan.both', { start: date(start), end: date(end) })
      : start
        ? label('plan.start', { start: date(start) })
        : end
          ? label('plan.end', { end: date(end) })
          : label('plan.none');
  const subtitle = [
    ...(doc.client.pid ? [label('clientPid', { pid: doc.client.pid })] : []),
    plan,
    label('generated', { agency: doc.agencyName, at: parseInstant(doc.generatedAt) }),
  ];
  return [
    { paragraphs: [{ text: line(label('title', { client })), style: styles.title }], spaceBefore: 0 },
    {
      paragraphs: subtitle.map((text) => ({ text: line(text), style: styles.subtitle })),
      spaceBefore: 6,
    },
    {
      paragraphs: [
        {
          text: line(doc.protocols.length > 0 ? label('order', { client }) : label('empty')),
          style: styles.body,
        },
      ],
      spaceBefore: 10,
    },
  ];
}

/**
 * A note under the opening lines when some character could not be drawn (shown as U+FFFD), so a caregiver knows
 * to read that text in Tend; nothing otherwise.
 */
function missingGlyphsNote(blocks: Block[], label: Labeler): Block[] {
  const missing = blocks.some((block) =>
    block.paragraphs.some((paragraph) => paragraph.text.includes(MISSING_GLYPH)),
  );
  return missing
    ? [{ paragraphs: [{ text: label('missingGlyphs'), style: styles.body }], spaceBefore: 6 }]
    : [];
}

/** The words on a protocol's label line: "SERIOUS RISK · MAR · PBSP" (words, not colour alone). */
function flagWords(protocol: ExportedProtocol, label: Labeler): string[] {
  return [
    ...(protocol.serious ? [label('flag.serious')] : []),
    ...(protocol.mar ? [label('flag.mar')] : []),
    ...(protocol.pbsp ? [label('flag.pbsp')] : []),
  ];
}

/** A labelled list: its label kept with its first items, then one paragraph per item. */
function listBlocks(
  heading: string,
  items: string[],
  markers: (index: number) => string,
  glyphs: ReadonlySet<number>,
): Block[] {
  if (items.length === 0) return [];
  return [
    { paragraphs: [{ text: heading, style: styles.label }], spaceBefore: 8, keepWithNext: true },
    {
      paragraphs: items.map((item, index) => ({
        text: printableLine(item, glyphs),
        style: styles.item,
        marker: markers(index),
      })),
      spaceBefore: 3,
    },
  ];
}

/** One protocol: heading (bookmarked), label words, included sections, thresholds, steps, medication, author and dates. */
function protocolBlocks(
  doc: ProtocolsDocument,
  protocol: ExportedProtocol,
  label: Labeler,
  glyphs: ReadonlySet<number>,
): Block[] {
  const riskType = printableLine(protocol.riskType, glyphs);
  const flags = flagWords(protocol, label);
  const content = protocolContent(protocol, protocol.include);
  const heading: Block = {
    paragraphs: [{ text: riskType, style: styles.heading }],
    spaceBefore: 20,
    keepWithNext: true,
    bookmark: flags.length > 0 ? `${riskType} (${flags.join(', ')})` : riskType,
  };
  const blocks: Block[] = [];
  if (flags.length > 0) {
    const flagStyle = protocol.serious ? styles.seriousFlags : styles.flags;
    blocks.push({
      paragraphs: [{ text: flags.join(' · '), style: flagStyle }],
      spaceBefore: 2,
      keepWithNext: true,
    });
  }
  for (const { section, text } of content.sections) {
    blocks.push({
      paragraphs: [{ text: label(`section.${section}`), style: styles.label }],
      spaceBefore: 8,
      keepWithNext: true,
    });
    blocks.push({
      paragraphs: printableParagraphs(text, glyphs).map((paragraph) => ({
        text: paragraph,
        style: styles.body,
      })),
      spaceBefore: 3,
    });
  }
  const thresholds = content.thresholds.map((threshold) => thresholdSentence(label, doc.locale, threshold));
  blocks.push(...listBlocks(label('thresholds'), thresholds, () => '•', glyphs));
  blocks.push(
    ...listBlocks(label('escalation'), content.escalationSteps, (index) => `${index + 1}.`, glyphs),
  );
  blocks.push(...listBlocks(label('medication'), content.medicationReferences, () => '•', glyphs));
  if (content.sections.length === 0) {
    blocks.push({ paragraphs: [{ text: label('noSections'), style: styles.body }], spaceBefore: 6 });
  }
  blocks.push({
    paragraphs: metaLines(doc, protocol, label, glyphs).map((text) => ({ text, style: styles.meta })),
    spaceBefore: 8,
  });
  // A page that starts inside the protocol says whose text it is.
  const continuation = {
    text: printableLine(label('continued', { risk: riskType }), glyphs),
    style: styles.meta,
  };
  return [heading, ...blocks.map((block) => ({ ...block, continuation }))];
}

/** "Written by … (licensed professional)", "Effective …", "Review due …", "Version n", as far as known. */
function metaLines(
  doc: ProtocolsDocument,
  protocol: ExportedProtocol,
  label: Labeler,
  glyphs: ReadonlySet<number>,
): string[] {
  const date = (iso: string) => formatCalendarDate(doc.locale, iso);
  const author = protocol.author?.trim();
  const dates = [
    ...(protocol.effectiveDate ? [label('effective', { date: date(protocol.effectiveDate) })] : []),
    ...(protocol.reviewDueDate ? [label('reviewDue', { date: date(protocol.reviewDueDate) })] : []),
    label('version', { version: protocol.version }),
  ];
  return [
    ...(author ? [label('author', { author, licensed: protocol.authorLicensed ? 'yes' : 'no' })] : []),
    dates.join(' · '),
  ].map((text) => printableLine(text, glyphs));
}

/**
 * Advance widths from the embedded faces, remembered per document: each call lays the text out with fontkit, and
 * a document measures the same words many times.
 */
function cachedMeasure(fonts: Fonts): (text: string, face: FontFace, size: number) => number {
  const widths = new Map<string, number>();
  return (text, face, size) => {
    const key = `${face}\u0000${size}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = fonts[face].widthOfTextAtSize(text, size);
      widths.set(key, width);
    }
    return width;
  };
}

/** `text` cut (with "…") to fit `width` in `font` at `size`. */
function fitted(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
    (part) => part.segment,
  );
  while (graphemes.length > 0 && font.widthOfTextAtSize(`${graphemes.join('')}…`, size) > width)
    graphemes.pop();
  return `${graphemes.join('')}…`;
}

/**
 * One line's directional runs drawn left to right from `x` (each run's glyphs in visual order: see
 * `drawingText`), so mixed right-to-left and left-to-right text reads as the Unicode Bidirectional Algorithm
 * places it.
 */
function drawRuns(
  page: PDFPage,
  runs: DirectionalRun[],
  at: { x: number; y: number; size: number; font: PDFFont; color: readonly [number, number, number] },
): void {
  let x = at.x;
  for (const run of runs) {
    const text = drawingText(run);
    page.drawText(text, { x, y: at.y, size: at.size, font: at.font, color: rgb(...at.color) });
    x += at.font.widthOfTextAtSize(text, at.size);
  }
}

/** The running footer on every page: "Page n of m · client · generated date", shortened to the column. */
function drawFooters(pages: PDFPage[], doc: ProtocolsDocument, label: Labeler, fonts: Fonts): void {
  const client = printableLine(doc.client.name, fonts.glyphs);
  const date = formatInstantDate(doc.locale, doc.generatedAt, doc.timeZone);
  const width = frame.width - frame.left - frame.right;
  pages.forEach((page, index) => {
    const text = printableLine(
      label('footer', { page: index + 1, pages: pages.length, client, date }),
      fonts.glyphs,
    );
    drawRuns(page, visualRuns(fitted(text, fonts.regular, FOOTER_SIZE, width)), {
      x: frame.left,
      y: FOOTER_Y,
      size: FOOTER_SIZE,
      font: fonts.regular,
      color: grey,
    });
  });
}

/** The document outline: one bookmark per protocol, opening at its heading; shown when the PDF opens. */
function addOutline(pdf: PDFDocument, pages: PDFPage[], bookmarks: PlacedBookmark[]): void {
  if (bookmarks.length === 0) return;
  const context = pdf.context;
  const outlineRef = context.nextRef();
  const refs: PDFRef[] = bookmarks.map(() => context.nextRef());
  bookmarks.forEach((bookmark, index) => {
    const page = pages[bookmark.page];
    if (!page) return;
    const item = context.obj({
      Title: PDFHexString.fromText(bookmark.title),
      Parent: outlineRef,
      Dest: [page.ref, PDFName.of('XYZ'), PDFNull, PDFNumber.of(Math.round(bookmark.top)), PDFNull],
    });
    const previous = refs[index - 1];
    const next = refs[index + 1];
    if (previous) item.set(PDFName.of('Prev'), previous);
    if (next) item.set(PDFName.of('Next'), next);
    context.assign(refs[index] as PDFRef, item);
  });
  const outline = context.obj({ Type: 'Outlines', Count: PDFNumber.of(refs.length) });
  outline.set(PDFName.of('First'), refs[0] as PDFRef);
  outline.set(PDFName.of('Last'), refs[refs.length - 1] as PDFRef);
  context.assign(outlineRef, outline);
  pdf.catalog.set(PDFName.of('Outlines'), outlineRef);
  pdf.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** Title (shown in the viewer's title bar), author, subject, language and fixed dates. */
function setMetadata(pdf: PDFDocument, doc: ProtocolsDocument, label: Labeler, fonts: Fonts): void {
  const generatedAt = parseInstant(doc.generatedAt);
  pdf.setTitle(printableLine(label('title', { client: doc.client.name }), fonts.glyphs), {
    showInWindowTitleBar: true,
  });
  pdf.setAuthor(doc.agencyName);
  pdf.setSubject(label('subject'));
  pdf.setCreator('Tend');
  pdf.setProducer('Tend (pdf-lib)');
  pdf.setCreationDate(generatedAt);
  pdf.setModificationDate(generatedAt);
  pdf.setLanguage(doc.locale === 'es' ? 'es-US' : 'en-US');
}

/**
 * The caregiver PDF of `doc` (see the module comment), as bytes. Throws `RangeError` when `generatedAt` is not
 * an ISO date-time or `timeZone` is not an IANA zone; reading the installed fonts may throw an I/O error.
 */
export async function renderProtocolsPdf(doc: ProtocolsDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  useCountedNames(pdf.context);
  const fonts = await embedFonts(pdf);
  const label = labeler(doc.locale, doc.timeZone);
  const protocols = orderForCaregivers(doc.protocols).flatMap((protocol) =>
    protocolBlocks(doc, protocol, label, fonts.glyphs),
  );
  const opening = openingBlocks(doc, label, fonts.glyphs);
  const blocks = [...opening, ...missingGlyphsNote([...opening, ...protocols], label), ...protocols];
  const measure = cachedMeasure(fonts);
  const { pages: laidOut, bookmarks } = layOut(blocks, frame, measure);
  const pages = laidOut.map((lines) => {
    const page = pdf.addPage([frame.width, frame.height]);
    for (const line of lines) {
      drawRuns(page, line.runs, {
        x: line.x,
        y: line.y,
        size: line.style.size,
        font: fonts[line.style.face],
        color: line.style.color,
      });
    }
    return page;
  });
  drawFooters(pages, doc, label, fonts);
  addOutline(pdf, pages, bookmarks);
  setMetadata(pdf, doc, label, fonts);
  return pdf.save({ useObjectStreams: true, addDefaultPage: false });
}
