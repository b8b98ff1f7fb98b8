/**
 * The caregiver PDF of an ISP's finalized protocols (issue 19 "Export and reports"; docs/isp-export.md): a US
 * Letter document with the client's name and plan dates, the generated date in the agency's time zone, then each
 * protocol in caregiver order (serious risks first) with its labels as words, its included sections, thresholds
 * as sentences, numbered escalation steps, author and dates; a footer "Page n of m · client · generated date" on
 * every page; a document outline with one bookmark per protocol; title and language in the PDF's metadata.
 *
 * Drawn with pdf-lib and @pdf-lib/fontkit in DejaVu Sans and DejaVu Sans Bold, subset-embedded, read from the
 * `dejavu-fonts-ttf` package at run time (never copied into the repository); the page frame, fonts, footer,
 * outline and metadata are `pdf-document.ts`'s, shared with the quarterly summary. Pure apart from reading the fonts:
 * the same document gives the same bytes (fixed metadata dates, no random names).
 */
import {
  formatCalendarDate,
  formatInstantDate,
  labeler,
  parseInstant,
  thresholdSentence,
  type Labeler,
} from './labels.ts';
import {
  addOutline,
  black,
  cachedMeasure,
  createPdfWithFonts,
  drawFooters,
  drawPages,
  grey,
  letterFrame,
  setMetadata,
  textStyle as style,
  type Fonts,
} from './pdf-document.ts';
import { layOut, type Block } from './pdf-layout.ts';
import { MISSING_GLYPH, printableLine, printableParagraphs } from './printable-text.ts';
import {
  orderForCaregivers,
  protocolContent,
  type ExportedProtocol,
  type ProtocolsDocument,
} from './protocols-document.ts';

/** Dark red for the serious-risk label, always beside the words "SERIOUS RISK" (never colour alone): 9.6:1. */
const red = [0.6, 0, 0] as const;

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

/** The running footer's words for page n of m: "Page n of m · client · generated date" (printable). */
function footerText(doc: ProtocolsDocument, label: Labeler, fonts: Fonts) {
  const client = printableLine(doc.client.name, fonts.glyphs);
  const date = formatInstantDate(doc.locale, doc.generatedAt, doc.timeZone);
  return (page: number, pages: number) =>
    printableLine(label('footer', { page, pages, client, date }), fonts.glyphs);
}

/**
 * The caregiver PDF of `doc` (see the module comment), as bytes. Throws `RangeError` when `generatedAt` is not
 * an ISO date-time or `timeZone` is not an IANA zone; reading the installed fonts may throw an I/O error.
 */
export async function renderProtocolsPdf(doc: ProtocolsDocument): Promise<Uint8Array> {
  const { pdf, fonts } = await createPdfWithFonts();
  const label = labeler(doc.locale, doc.timeZone);
  const protocols = orderForCaregivers(doc.protocols).flatMap((protocol) =>
    protocolBlocks(doc, protocol, label, fonts.glyphs),
  );
  const opening = openingBlocks(doc, label, fonts.glyphs);
  const blocks = [...opening, ...missingGlyphsNote([...opening, ...protocols], label), ...protocols];
  const { pages: laidOut, bookmarks } = layOut(blocks, letterFrame, cachedMeasure(fonts));
  const pages = drawPages(pdf, laidOut, fonts);
  drawFooters(pages, fonts, footerText(doc, label, fonts));
  addOutline(pdf, pages, bookmarks, { showOnOpen: true });
  const at = parseInstant(doc.generatedAt);
  setMetadata(pdf, {
    title: printableLine(label('title', { client: doc.client.name }), fonts.glyphs),
    author: doc.agencyName,
    subject: label('subject'),
    language: doc.locale === 'es' ? 'es-US' : 'en-US',
    at,
  });
  return pdf.save({ useObjectStreams: true, addDefaultPage: false });
}
