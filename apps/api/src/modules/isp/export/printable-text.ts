/**
 * Text made safe to draw with one embedded font: whatever a person typed into an ISP field (any Unicode, control
 * characters, lone surrogates, bidi controls) becomes characters the font has a glyph for. Characters the font
 * lacks (DejaVu Sans has no CJK ideographs or emoji) become U+FFFD "�", so a reader sees that something is
 * missing rather than nothing; the extracted text of the PDF says the same. Pure.
 */

/** The replacement drawn for a character the font has no glyph for. */
export const MISSING_GLYPH = '\uFFFD';

/** Control characters (except line breaks), and format characters (bidi controls, zero-width, soft hyphen). */
const invisible = /[\p{Cc}\p{Cf}]/gu;
/** Every kind of space, tab included, becomes one plain space. */
const spaces = /[\t\p{Zs}]+/gu;
/** Line and paragraph separators, in every encoding. */
const lineBreaks = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;

/**
 * `text` as paragraphs of drawable characters: NFC-normalized, line breaks split paragraphs (empty ones
 * dropped), spaces collapsed, invisible characters removed, characters outside `glyphs` (code points the font
 * draws) replaced by {@link MISSING_GLYPH} (a lone surrogate too: it is no code point of the font).
 */
export function printableParagraphs(text: string, glyphs: ReadonlySet<number>): string[] {
  return text
    .normalize('NFC')
    .split(lineBreaks)
    .map((paragraph) => printableLine(paragraph, glyphs))
    .filter((paragraph) => paragraph.length > 0);
}

/** One line of drawable characters (line breaks become spaces), trimmed. */
export function printableLine(text: string, glyphs: ReadonlySet<number>): string {
  const flat = text.normalize('NFC').replace(lineBreaks, ' ').replace(spaces, ' ');
  let out = '';
  for (const char of flat.replace(invisible, '')) {
    const code = char.codePointAt(0) ?? 0;
    out += code === 0x20 || glyphs.has(code) ? char : MISSING_GLYPH;
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Controls that reorder text (bidi embeddings, overrides, isolates): they could make a line read as another. */
const reordering = /[\u202A-\u202E\u2066-\u2069]/g;
/** A UTF-16 surrogate without its pair (cannot be encoded as UTF-8). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` as paragraphs for an email (whose reader has fonts for any script): NFC-normalized, line breaks split
 * paragraphs (empty ones dropped), control characters and bidi reordering controls removed, lone surrogates
 * replaced by {@link MISSING_GLYPH}, spaces collapsed. Not escaped: the caller escapes for HTML.
 */
export function plainParagraphs(text: string): string[] {
  return text
    .replace(loneSurrogate, MISSING_GLYPH)
    .normalize('NFC')
    .split(lineBreaks)
    .map((paragraph) => plainLine(paragraph))
    .filter((paragraph) => paragraph.length > 0);
}

/** One line for an email, as {@link plainParagraphs} (line breaks become spaces), trimmed. */
export function plainLine(text: string): string {
  return text
    .replace(loneSurrogate, MISSING_GLYPH)
    .normalize('NFC')
    .replace(lineBreaks, ' ')
    .replace(/\p{Cc}/gu, '')
    .replace(reordering, '')
    .replace(spaces, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}
