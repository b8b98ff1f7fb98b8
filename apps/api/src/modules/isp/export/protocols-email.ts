/**
 * The email-ready variant of the caregiver document (issue 19 "Export and reports"; docs/isp-export.md): the
 * same protocols in the same order (serious risks first), but only the parts each protocol's `includeEmail`
 * flags choose. The flags are off by default, so an email carries nothing about a person's health unless an
 * admin chose it: a protocol with nothing chosen is left out (a count says how many more are in Tend), and when
 * nothing at all is chosen the email names no one and only says to sign in. The subject never names the client.
 *
 * HTML for email clients: one document, inline styles only (no `<style>`, no classes, no images, no links
 * elsewhere), every value escaped, person-written text in `dir="auto"` blocks so right-to-left names read
 * correctly. A plain-text body with the same content goes with it. Pure.
 */
import { formatCalendarDate, labeler, thresholdSentence, type Labeler } from './labels.ts';
import { plainLine, plainParagraphs } from './printable-text.ts';
import {
  orderForCaregivers,
  protocolContent,
  type ExportedProtocol,
  type ProtocolContent,
  type ProtocolsDocument,
} from './protocols-document.ts';

/** An email: subject, HTML body and the same content as plain text. */
export interface ProtocolsEmail {
  subject: string;
  html: string;
  text: string;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `value` safe inside HTML text and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/** Inline styles (email clients drop `<style>` blocks); colours pass WCAG 2.2 AA on white. */
const css = {
  body: 'margin:0;padding:0;background:#ffffff;',
  frame:
    'max-width:640px;margin:0 auto;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;overflow-wrap:break-word;word-wrap:break-word;word-break:break-word;',
  title: 'font-size:24px;line-height:1.25;margin:0 0 8px;',
  meta: 'margin:0 0 4px;color:#333333;font-size:14px;',
  note: 'margin:16px 0;padding:12px;border-left:4px solid #1a1a1a;background:#f2f2f2;',
  protocol: 'margin:24px 0 0;padding:16px 0 0;border-top:1px solid #767676;',
  heading: 'font-size:20px;line-height:1.3;margin:0 0 4px;',
  flags: 'margin:0 0 8px;font-weight:bold;',
  serious: 'color:#990000;',
  section: 'font-size:16px;margin:16px 0 4px;',
  paragraph: 'margin:0 0 8px;',
  list: 'margin:0 0 8px;padding-left:24px;',
};

/** The label words of a protocol, escaped for HTML ("SERIOUS RISK" in dark red and bold, never colour alone). */
function flagsHtml(protocol: ExportedProtocol, label: Labeler): string {
  const words = [
    ...(protocol.serious ? [`<span style="${css.serious}">${escapeHtml(label('flag.serious'))}</span>`] : []),
    ...(protocol.mar ? [escapeHtml(label('flag.mar'))] : []),
    ...(protocol.pbsp ? [escapeHtml(label('flag.pbsp'))] : []),
  ];
  return words.length > 0 ? `<p style="${css.flags}">${words.join(' · ')}</p>` : '';
}

/** The label words as plain text. */
function flagsText(protocol: ExportedProtocol, label: Labeler): string[] {
  const words = [
    ...(protocol.serious ? [label('flag.serious')] : []),
    ...(protocol.mar ? [label('flag.mar')] : []),
    ...(protocol.pbsp ? [label('flag.pbsp')] : []),
  ];
  return words.length > 0 ? [words.join(' · ')] : [];
}

/** The person-written lists of a protocol's content, with their headings: thresholds, steps, medication. */
function contentLists(doc: ProtocolsDocument, content: ProtocolContent, label: Labeler) {
  return [
    {
      heading: label('thresholds'),
      ordered: false,
      items: content.thresholds.map((threshold) => thresholdSentence(label, doc.locale, threshold)),
    },
    { heading: label('escalation'), ordered: true, items: content.escalationSteps },
    { heading: label('medication'), ordered: false, items: content.medicationReferences },
  ]
    .map((list) => ({ ...list, items: list.items.map(plainLine).filter((item) => item.length > 0) }))
    .filter((list) => list.items.length > 0);
}

/** "Written by …", then the dates and version on one line. */
function metaLines(doc: ProtocolsDocument, protocol: ExportedProtocol, label: Labeler): string[] {
  const date = (iso: string) => formatCalendarDate(doc.locale, iso);
  const author = protocol.author ? plainLine(protocol.author) : '';
  const dates = [
    ...(protocol.effectiveDate ? [label('effective', { date: date(protocol.effectiveDate) })] : []),
    ...(protocol.reviewDueDate ? [label('reviewDue', { date: date(protocol.reviewDueDate) })] : []),
    label('version', { version: protocol.version }),
  ];
  return [
    ...(author ? [label('author', { author, licensed: protocol.authorLicensed ? 'yes' : 'no' })] : []),
    dates.join(' · '),
  ];
}

/** One chosen protocol as HTML and as text lines. */
function renderProtocol(
  doc: ProtocolsDocument,
  protocol: ExportedProtocol,
  content: ProtocolContent,
  label: Labeler,
): { html: string; text: string[] } {
  const riskType = plainLine(protocol.riskType);
  const html: string[] = [
    `<div style="${css.protocol}">`,
    `<h2 style="${css.heading}" dir="auto">${escapeHtml(riskType)}</h2>`,
  ];
  const text: string[] = ['', riskType.toLocaleUpperCase(doc.locale), ...flagsText(protocol, label)];
  html.push(flagsHtml(protocol, label));
  for (const { section, text: sectionText } of content.sections) {
    const heading = label(`section.${section}`);
    const paragraphs = plainParagraphs(sectionText);
    html.push(`<h3 style="${css.section}">${escapeHtml(heading)}</h3>`);
    html.push(
      ...paragraphs.map((paragraph) => `<p style="${css.paragraph}" dir="auto">${escapeHtml(paragraph)}</p>`),
    );
    text.push('', `${heading}:`, ...paragraphs);
  }
  for (const list of contentLists(doc, content, label)) {
    const tag = list.ordered ? 'ol' : 'ul';
    html.push(`<h3 style="${css.section}">${escapeHtml(list.heading)}</h3>`);
    html.push(
      `<${tag} style="${css.list}">${list.items.map((item) => `<li dir="auto">${escapeHtml(item)}</li>`).join('')}</${tag}>`,
    );
    text.push(
      '',
      `${list.heading}:`,
      ...list.items.map((item, index) => (list.ordered ? `${index + 1}. ${item}` : `- ${item}`)),
    );
  }
  const meta = metaLines(doc, protocol, label);
  html.push(...meta.map((line) => `<p style="${css.meta}" dir="auto">${escapeHtml(line)}</p>`), '</div>');
  text.push('', ...meta);
  return { html: html.join(''), text };
}

/** A whole HTML email around `content` (already escaped), in `locale`, titled `subject`. */
function htmlDocument(locale: string, subject: string, content: string): string {
  return (
    `<!DOCTYPE html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="${css.body}"><div style="${css.frame}">${content}</div></body></html>`
  );
}

/** The plan dates line, as in the PDF. */
function planLine(doc: ProtocolsDocument, label: Labeler): string {
  const { start, end } = doc.plan;
  const date = (iso: string) => formatCalendarDate(doc.locale, iso);
  if (start && end) return label('plan.both', { start: date(start), end: date(end) });
  if (start) return label('plan.start', { start: date(start) });
  if (end) return label('plan.end', { end: date(end) });
  return label('plan.none');
}

/**
 * The email of `doc` (see the module comment): `subject` names only the agency; `html` is a complete HTML
 * document with inline styles; `text` is the same content as plain text.
 */
export function renderProtocolsEmailHtml(doc: ProtocolsDocument): ProtocolsEmail {
  const label = labeler(doc.locale, doc.timeZone);
  const agency = plainLine(doc.agencyName);
  const subject = label('email.subject', { agency });
  const chosen = orderForCaregivers(doc.protocols)
    .map((protocol) => ({ protocol, content: protocolContent(protocol, protocol.includeEmail) }))
    .filter(({ content }) => hasContent(content));
  if (chosen.length === 0) {
    const nothing = label('email.nothing');
    return {
      subject,
      html: htmlDocument(doc.locale, subject, `<p style="${css.paragraph}">${escapeHtml(nothing)}</p>`),
      text: `${nothing}\n`,
    };
  }
  const client = plainLine(doc.client.name);
  const title = label('title', { client });
  const plan = planLine(doc, label);
  const intro = label('email.intro', { agency, client });
  const privateNote = label('email.private');
  const rendered = chosen.map(({ protocol, content }) => renderProtocol(doc, protocol, content, label));
  const others = doc.protocols.length - chosen.length;
  const othersLine = others > 0 ? label('email.others', { count: others }) : '';
  const html = [
    `<h1 style="${css.title}" dir="auto">${escapeHtml(title)}</h1>`,
    `<p style="${css.meta}">${escapeHtml(plan)}</p>`,
    `<p style="${css.paragraph}" dir="auto">${escapeHtml(intro)}</p>`,
    `<p style="${css.note}">${escapeHtml(privateNote)}</p>`,
    ...rendered.map((protocol) => protocol.html),
    othersLine ? `<p style="${css.note}">${escapeHtml(othersLine)}</p>` : '',
  ].join('');
  const text = [
    title,
    plan,
    '',
    intro,
    privateNote,
    ...rendered.flatMap((protocol) => protocol.text),
    ...(othersLine ? ['', othersLine] : []),
  ];
  return { subject, html: htmlDocument(doc.locale, subject, html), text: `${text.join('\n')}\n` };
}

/** Whether a protocol's chosen content has anything to show. */
function hasContent(content: ProtocolContent): boolean {
  return (
    content.sections.length > 0 ||
    content.thresholds.length > 0 ||
    content.escalationSteps.length > 0 ||
    content.medicationReferences.length > 0
  );
}
