/**
 * Risk protocols found in an ISP's text (issue 19 "Extraction is deterministic by default (headings and labels of the
 * Oregon ISP risk tables)"; DOMAIN.md "ISP": each risk from the Risk Identification Tool becomes a protocol with
 * description, prevention, response and emergency steps). Two layouts are understood, mixed freely in one file:
 * two-column tables of label | text rows (split across pages under running headers and footers), and numbered
 * headings ("3. Choking (SERIOUS RISK)") followed by labelled paragraphs in any order. Every field keeps the boxes of
 * the lines it came from. Pure and deterministic; the rules and how to add a layout: docs/isp-extraction.md.
 */
import type { ProtocolSourceField, SourceBox } from '@tend/contracts';

import { type Fragment, joinLines, layoutHtml, layoutPages, listMarker, unionBoxes } from './layout.js';
import { parseThresholds } from './thresholds.js';
import type { ExtractedIsp, ExtractedProtocol, PageText } from './types.js';

type Field =
  | 'riskType'
  | 'serious'
  | 'description'
  | 'prevention'
  | 'response'
  | 'emergency'
  | 'author'
  | 'effectiveDate'
  | 'reviewDueDate';

/** Labels of the risk tables and paragraphs (lower case, without the trailing ":" or "?"), by field. */
const labelPatterns: [RegExp, Field][] = [
  [
    /^(?:risk|risks?|risk area|identified risk|risk type|risk name|area of risk|type of risk|health risk)$/,
    'riskType',
  ],
  [/^(?:serious risk|serious|is this a serious risk|serious risk \(y\/n\))$/, 'serious'],
  [
    /^(?:description|risk description|describe the risk|what it looks like|about the risk|history|background|details)$/,
    'description',
  ],
  [
    /^(?:supports? ?\/ ?prevention|prevention ?\/ ?supports?|prevention|prevention and supports?|supports? and prevention|supports?|how to prevent|preventive (?:measures|strategies|supports)|supports? needed|support strategies|mitigation)$/,
    'prevention',
  ],
  [
    /^(?:response|what to do|how to respond|staff response|responses?|intervention|interventions|if it happens|response plan|what staff do)$/,
    'response',
  ],
  [
    /^(?:emergency|emergency plan|emergency response|in an emergency|emergency procedures?|emergency steps|when to call 911|emergency protocol)$/,
    'emergency',
  ],
  [
    /^(?:written by|author|protocol (?:written|developed|prepared) by|developed by|prepared by|completed by|protocol author)$/,
    'author',
  ],
  [/^(?:effective|effective date|date effective|date written|start date|protocol date)$/, 'effectiveDate'],
  [
    /^(?:review due|review due date|review date|review by|next review|next review date|due for review)$/,
    'reviewDueDate',
  ],
];

const licensedCredential =
  /(?:,|\s)\s*(?:RN|LPN|LVN|BSN|MSN|APRN|NP|FNP|BCBA(?:-D)?|BCaBA|MD|DO|PA(?:-C)?|PT|DPT|OT|OTR(?:\/L)?|SLP|CCC-SLP|RD|RDN|QMHP|LCSW|LPC|LMFT|PhD|PsyD)\b/;

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const datePattern =
  '(?:\\d{4}-\\d{2}-\\d{2}|\\d{1,2}\\/\\d{1,2}\\/\\d{2,4}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\\.? \\d{1,2},? \\d{4})';

/** A date as written ("01/15/2026", "1/15/26", "January 15, 2026", "2026-01-15") → ISO, or null. */
export function isoDate(text: string): string | null {
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const us = /(\d{1,2})\/(\d{1,2})\/(\d{2,4})/.exec(text);
  const named = /([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})/.exec(text);
  let year: number;
  let month: number;
  let day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) {
    [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if (year < 100) year += 2000;
  } else if (named) {
    month = monthNames.indexOf(named[1]!.slice(0, 3).toLowerCase()) + 1;
    [day, year] = [Number(named[2]), Number(named[3])];
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function labelField(label: string): Field | null {
  const normal = label
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[:?]+$/, '')
    .trim();
  return labelPatterns.find(([pattern]) => pattern.test(normal))?.[1] ?? null;
}

/** "Prevention / supports: text" → label and the text after it, when the label is one of the risk labels. */
function splitLabel(text: string): { field: Field; rest: string } | null {
  const written = /^\s*(?:protocol\s+)?written by\b:?\s*(.*)$/i.exec(text);
  if (written) return { field: 'author', rest: written[1]! };
  const match = /^\s*([\p{L}][\p{L} /&()-]{0,40}?)\s*(?::|\?)\s*(.*)$/u.exec(text);
  if (!match) return null;
  const field = labelField(match[1]!);
  return field ? { field, rest: match[2]! } : null;
}

/** "3. Choking (SERIOUS RISK)", "Risk 2: Falls", "Choking (SERIOUS RISK)". */
function riskHeading(text: string): { riskType: string; serious: boolean } | null {
  const serious = /\(\s*serious risk\s*\)|[-–—]\s*serious risk\s*$/i.test(text);
  const numbered = /^\s*(?:risk\s*)?(?:#\s*)?\d{1,2}\s*[.):-]\s*(.+)$/i.exec(text);
  if (!numbered && !serious) return null;
  const riskType = (numbered ? numbered[1]! : text)
    .replace(/\(\s*serious risk\s*\)|[-–—]\s*serious risk\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!riskType || riskType.length > 80) return null;
  return { riskType, serious };
}

function isYes(text: string): boolean {
  return /^\s*(?:y|yes|x|true|☒|✔|✓)\b/i.test(text);
}

/** A risk as it is being read: its fields' lines. */
interface Draft {
  riskType: Fragment[];
  serious: boolean;
  seriousSources: Fragment[];
  fields: Partial<Record<Exclude<Field, 'riskType' | 'serious'>, Fragment[]>>;
  /** The field that unlabelled lines go on in, and where those lines may come from. */
  open: { field: Exclude<Field, 'riskType'> | null; from: 'table' | 'paragraph' };
}

type Entry =
  | { kind: 'heading'; lines: Fragment[] }
  | { kind: 'labelled'; field: Field; lines: Fragment[]; from: 'table' | 'paragraph' }
  | { kind: 'text'; lines: Fragment[]; from: 'table' | 'paragraph' };

/** Blocks → a flat run of headings, labelled fields and other text, in document order. */
function entries(blocks: ReturnType<typeof layoutPages>['blocks']): Entry[] {
  const out: Entry[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') {
      const text = joinLines(block.lines);
      const labelled = splitLabel(text);
      if (labelled) {
        out.push({
          kind: 'labelled',
          field: labelled.field,
          lines: restLines(block.lines, labelled.rest),
          from: 'paragraph',
        });
      } else out.push({ kind: 'heading', lines: block.lines });
    } else if (block.kind === 'paragraph') {
      for (const lines of labelledRuns(block.lines)) {
        const text = joinLines(lines);
        const labelled = splitLabel(lines[0]!.text);
        if (labelled) {
          out.push({
            kind: 'labelled',
            field: labelled.field,
            lines: restLines(lines, labelled.rest),
            from: 'paragraph',
          });
        } else if (text) out.push({ kind: 'text', lines, from: 'paragraph' });
      }
    } else {
      for (const row of block.rows) {
        const label = joinLines(row.cells[0] ?? []);
        const value = row.cells.slice(1).flat();
        const field = labelField(label);
        if (field) out.push({ kind: 'labelled', field, lines: value, from: 'table' });
        else if (!label && value.length) out.push({ kind: 'text', lines: value, from: 'table' });
        else {
          // A row whose label is no risk label: "Serious Risk: Y" written in one cell, or other table text.
          const inline = splitLabel(label);
          if (inline) {
            const rest = inline.rest ? [{ ...row.cells[0]![0]!, text: inline.rest }] : [];
            out.push({ kind: 'labelled', field: inline.field, lines: [...rest, ...value], from: 'table' });
          } else out.push({ kind: 'text', lines: row.cells.flat(), from: 'table' });
        }
      }
    }
  }
  return out;
}

/**
 * A paragraph's lines cut where a line starts with a risk label in capitals ("Serious risk? Yes" under "Risk:
 * Choking": layout only starts a paragraph at "Label:", so the "?" form would otherwise run on in the line above).
 */
function labelledRuns(lines: readonly Fragment[]): Fragment[][] {
  const runs: Fragment[][] = [];
  for (const line of lines) {
    if (!runs.length || (/^\s*\p{Lu}/u.test(line.text) && splitLabel(line.text))) runs.push([line]);
    else runs.at(-1)!.push(line);
  }
  return runs;
}

/**
 * Whether the text starts with one of the risk labels ("Risk:", "Serious risk? Yes", "Prevention / supports:"), or is
 * one ("Supports/Prevention" in a table's label cell). Pasted text uses it to tell a numbered risk heading from a step.
 */
export function startsWithRiskLabel(text: string): boolean {
  return splitLabel(text) !== null || labelField(text) !== null;
}

/** The block's lines with the label cut from the first one (the first line's box is kept: the label is beside it). */
function restLines(lines: Fragment[], rest: string): Fragment[] {
  const [first, ...others] = lines;
  return rest.trim() ? [{ ...first!, text: rest.trim() }, ...others] : others;
}

/** A draft becomes a protocol only when it has a risk and at least one of prevention, response or emergency. */
function isProtocol(draft: Draft): boolean {
  const text = (field: keyof Draft['fields']) => joinLines(draft.fields[field] ?? []).length > 0;
  return (
    joinLines(draft.riskType).length > 0 && (text('prevention') || text('response') || text('emergency'))
  );
}

/** The plan year's dates, read from every text of the layout (tables cell by cell). */
function planOf(blocks: ReturnType<typeof layoutPages>['blocks']) {
  return planDates(
    blocks.flatMap((block) =>
      block.kind === 'table'
        ? block.rows.map((row) => row.cells.map((cell) => joinLines(cell)).join(' '))
        : [joinLines(block.lines)],
    ),
  );
}

/** What a reviewer should check: pages without text, no risks found. */
function extractionWarnings(pages: readonly PageText[], protocols: readonly ExtractedProtocol[]): string[] {
  const warnings: string[] = [];
  const empty = pages.filter((page) => !page.hasText).map((page) => page.page);
  if (empty.length) warnings.push(`Pages without text: ${empty.join(', ')}.`);
  if (protocols.length === 0)
    warnings.push('No risk protocols were found. Add them by hand or check the file.');
  return warnings;
}

/**
 * The ISP's protocols, its plan dates and its `processedHtml`, from the pages' text. Deterministic: the same pages
 * give the same result. Warnings say what a reviewer should check (no risks found, pages without text).
 */
export function extractIsp(pages: readonly PageText[]): ExtractedIsp {
  const layout = layoutPages(pages);
  const drafts: Draft[] = [];
  const state: { current: Draft | null } = { current: null };
  const startDraft = (riskType: Fragment[], serious: boolean, seriousSources: Fragment[] = []) => {
    const draft: Draft = {
      riskType,
      serious,
      seriousSources,
      fields: {},
      open: { field: null, from: 'paragraph' },
    };
    state.current = draft;
    drafts.push(draft);
    return draft;
  };

  for (const entry of entries(layout.blocks)) {
    const draft = state.current;
    if (entry.kind === 'heading') {
      const text = joinLines(entry.lines);
      const heading = riskHeading(text);
      if (heading) {
        startDraft(
          [{ ...entry.lines[0]!, text: heading.riskType }],
          heading.serious,
          heading.serious ? entry.lines : [],
        );
      } else if (draft) {
        draft.open.field = null;
        if (isProtocol(draft)) state.current = null;
      }
      continue;
    }
    if (entry.kind === 'labelled') {
      if (entry.field === 'riskType') {
        const text = joinLines(entry.lines);
        const serious = /\(\s*serious risk\s*\)/i.test(text);
        const riskType = text.replace(/\(\s*serious risk\s*\)/gi, '').trim();
        if (!riskType) continue;
        // "Risk: Choking" inside a numbered risk whose heading already named it stays with that risk.
        if (draft && draft.riskType.length && !isProtocol(draft) && Object.keys(draft.fields).length === 0) {
          draft.riskType = [{ ...entry.lines[0]!, text: riskType }];
          draft.serious ||= serious;
          continue;
        }
        startDraft([{ ...entry.lines[0]!, text: riskType }], serious, serious ? entry.lines : []);
        continue;
      }
      if (!draft) continue;
      if (entry.field === 'serious') {
        const value = joinLines(entry.lines);
        draft.serious ||= isYes(value);
        if (isYes(value)) draft.seriousSources.push(...entry.lines);
        draft.open = { field: null, from: entry.from };
        continue;
      }
      const lines = (draft.fields[entry.field] ??= []);
      lines.push(...entry.lines);
      draft.open = { field: entry.field, from: entry.from };
      continue;
    }
    // Unlabelled text goes on in the open field when it comes the same way (table rows, or paragraphs).
    if (draft && draft.open.field && draft.open.from === entry.from) {
      const field = draft.open.field as keyof Draft['fields'];
      (draft.fields[field] ??= []).push(...entry.lines);
    } else if (draft) {
      draft.open.field = null;
    }
  }

  const protocols = drafts.filter(isProtocol).map((draft, index) => toProtocol(draft, index));
  const plan = planOf(layout.blocks);
  return {
    processedHtml: layoutHtml(layout.blocks),
    protocols,
    planStart: plan.start,
    planEnd: plan.end,
    warnings: extractionWarnings(pages, protocols),
  };
}

function boxes(lines: readonly Fragment[]): SourceBox[] {
  return unionBoxes(lines.map((line) => line.box));
}

function sectionText(lines: readonly Fragment[] | undefined): string | null {
  const text = joinLines(lines ?? []);
  return text || null;
}

/** A protocol's author and dates, with the lines they came from (for the source boxes). */
interface AuthorAndDates {
  author: string | null;
  authorLines: Fragment[];
  effectiveDate: string | null;
  effectiveLines: Fragment[];
  reviewDueDate: string | null;
  reviewLines: Fragment[];
}

/**
 * The author ("author" field, or "Written by …" anywhere in the protocol's lines), the effective date and the review
 * due date (their fields, or "Effective …" / "Review due …" followed by a date in the lines).
 */
function authorAndDates(fields: Draft['fields'], sectionLines: readonly Fragment[]): AuthorAndDates {
  let author: string | null = null;
  let authorLines: Fragment[] = [];
  const authorText = sectionText(fields.author);
  if (authorText) {
    author = cleanAuthor(authorText);
    authorLines = fields.author!;
  }
  const datesLines = [
    ...(fields.author ?? []),
    ...(fields.effectiveDate ?? []),
    ...(fields.reviewDueDate ?? []),
  ];
  let effectiveDate = isoDate(joinLines(fields.effectiveDate ?? []));
  let effectiveLines = effectiveDate ? fields.effectiveDate! : [];
  let reviewDueDate = isoDate(joinLines(fields.reviewDueDate ?? []));
  let reviewLines = reviewDueDate ? fields.reviewDueDate! : [];
  for (const line of [...datesLines, ...sectionLines]) {
    if (!author) {
      const written = /\bwritten by:?\s+([^;]+?)(?:\s+on\s+\S.*)?$/i.exec(line.text);
      if (written) {
        author = cleanAuthor(written[1]!);
        authorLines = [line];
      }
    }
    if (!effectiveDate) {
      const match = new RegExp(
        `\\b(?:effective(?: date)?|date effective)\\b[:\\s]*(${datePattern})`,
        'i',
      ).exec(line.text);
      if (match) {
        effectiveDate = isoDate(match[1]!);
        effectiveLines = [line];
      }
    }
    if (!reviewDueDate) {
      const match = new RegExp(`\\breview(?: due| by| date| due date)?\\b[:\\s]*(${datePattern})`, 'i').exec(
        line.text,
      );
      if (match) {
        reviewDueDate = isoDate(match[1]!);
        reviewLines = [line];
      }
    }
  }
  return { author, authorLines, effectiveDate, effectiveLines, reviewDueDate, reviewLines };
}

function toProtocol(draft: Draft, sortOrder: number): ExtractedProtocol {
  const { fields } = draft;
  const sections = {
    description: sectionText(fields.description),
    prevention: sectionText(fields.prevention),
    response: sectionText(fields.response),
    emergency: sectionText(fields.emergency),
  };
  const sources: ExtractedProtocol['sources'] = {};
  const keep = (field: ProtocolSourceField, lines: readonly Fragment[] | undefined) => {
    if (lines?.length) sources[field] = boxes(lines);
  };
  keep('riskType', draft.riskType);
  keep('description', fields.description);
  keep('prevention', fields.prevention);
  keep('response', fields.response);
  keep('emergency', fields.emergency);

  const sectionLines = [
    ...(fields.description ?? []),
    ...(fields.prevention ?? []),
    ...(fields.response ?? []),
    ...(fields.emergency ?? []),
  ];
  const allText = Object.values(sections).filter(Boolean).join('\n');

  const { author, authorLines, effectiveDate, effectiveLines, reviewDueDate, reviewLines } = authorAndDates(
    fields,
    sectionLines,
  );
  keep('author', authorLines);
  keep('effectiveDate', effectiveLines);
  keep('reviewDueDate', reviewLines);

  const thresholds = parseThresholds(allText);
  const thresholdLines = sectionLines.filter((line) =>
    thresholds.some((threshold) => lineHasThreshold(line.text, threshold.text)),
  );
  keep('thresholds', thresholdLines);

  const stepLines = [...(fields.response ?? []), ...(fields.emergency ?? [])];
  // Each section's steps on its own: the emergency text does not run on into the response's last step.
  const escalationSteps = [...steps(fields.response ?? []), ...steps(fields.emergency ?? [])];
  keep('escalationSteps', escalationSteps.length ? stepLines.filter((line) => listMarker(line.text)) : []);

  const medication = medicationReferences(sectionLines);
  keep('medicationReferences', medication.lines);

  return {
    riskType: joinLines(draft.riskType),
    ...sections,
    mar: isMar(allText),
    pbsp: /\bPBSP\b|\bpositive behaviou?r support plan\b|\bbehaviou?r support plan\b/i.test(allText),
    serious: draft.serious,
    sortOrder,
    thresholds,
    escalationSteps,
    medicationReferences: medication.references,
    author,
    authorLicensed: author ? licensedCredential.test(` ${author}`) : false,
    effectiveDate,
    reviewDueDate,
    sources,
  };
}

/** The protocol points at the MAR, or at as-needed (PRN) medication. */
function isMar(text: string): boolean {
  return (
    /\bMAR\b|\bPRN\b/.test(text) ||
    /\bas[- ]needed\s+(?:\([^)]*\)\s+)?(?:medications?|meds?|doses?)\b/i.test(text)
  );
}

function cleanAuthor(text: string): string | null {
  const author = text
    .replace(new RegExp(`\\s+(?:on|date[d]?:?)\\s+${datePattern}.*$`, 'i'), '')
    .replace(/^\s*written by:?\s*/i, '')
    .replace(/[;.]\s*$/, '')
    .trim();
  return author ? author.slice(0, 200) : null;
}

/** Whether the line holds part of the threshold's clause (its number and a word beside it). */
function lineHasThreshold(line: string, clause: string): boolean {
  const numbers = clause.match(/\d+(?:\.\d+)?/g) ?? [];
  const normal = line.replace(/\s+/g, ' ');
  if (numbers.length)
    return numbers.some((value) =>
      new RegExp(`(?<![\\d.])${value.replace('.', '\\.')}(?![\\d])`).test(normal),
    );
  return normal.length > 0 && clause.replace(/\s+/g, ' ').includes(normal.slice(0, 30));
}

/** Numbered or bulleted steps of the response and emergency text, in order, markers dropped. */
function steps(lines: readonly Fragment[]): string[] {
  const out: string[] = [];
  let current: string | null = null;
  for (const line of lines) {
    const text = line.text.trim();
    if (listMarker(text)) {
      if (current) out.push(current);
      current = text.replace(
        /^\s*(?:[•●○◦▪■□–—*·-]|\(?\d{1,2}[.)]|\(?[a-z][.)]|step\s+\d{1,2}[:.)]?)\s+/i,
        '',
      );
    } else if (current !== null) {
      current += ` ${text}`;
    }
  }
  if (current) out.push(current);
  return out;
}

const notMedicine = new Set(
  'Give Offer Use Administer See Per The Call Staff Provide Refer Check Follow Take Has Have Any If When Then Her His Their Nurse Document Notify Record'.split(
    ' ',
  ),
);

/** "see MAR" (as written) and named as-needed (PRN) medicines ("Diastat 10 mg PRN", "PRN Tylenol"). */
function medicationReferences(lines: readonly Fragment[]): { references: string[]; lines: Fragment[] } {
  const references: string[] = [];
  const used: Fragment[] = [];
  const add = (reference: string, line: Fragment) => {
    const clean = reference.replace(/\s+/g, ' ').trim();
    if (!clean || references.some((known) => known.toLowerCase() === clean.toLowerCase())) return;
    references.push(clean);
    if (!used.includes(line)) used.push(line);
  };
  const medicine = '([A-Z][\\p{L}-]{2,}(?:\\s+\\d+(?:\\.\\d+)?\\s?(?:mg|mcg|ml|mL|g|units))?)';
  for (const line of lines) {
    for (const match of line.text.matchAll(/\b(?:see|per|check|refer to|on|follow)(?: the)? MAR\b/gi))
      add(match[0], line);
    for (const match of line.text.matchAll(
      new RegExp(`\\b(?:PRN|as[- ]needed)\\s+(?:medication\\s+)?${medicine}`, 'gu'),
    )) {
      if (!notMedicine.has(match[1]!.split(/\s/)[0]!)) add(match[1]!, line);
    }
    for (const match of line.text.matchAll(
      new RegExp(`${medicine}(?:\\s+\\([^)]*\\))?\\s+(?:PRN|as[- ]needed)\\b`, 'gu'),
    )) {
      if (!notMedicine.has(match[1]!.split(/\s/)[0]!)) add(match[1]!, line);
    }
  }
  return { references, lines: used };
}

/** Plan dates: "Plan year: 01/01/2026 – 12/31/2026", "ISP start date: …" / "ISP end date: …". */
function planDates(texts: readonly string[]): { start: string | null; end: string | null } {
  let start: string | null = null;
  let end: string | null = null;
  const range = new RegExp(
    `\\b(?:plan|isp)\\b[^\\n]{0,40}?(${datePattern})\\s*(?:-|–|—|to|through|thru)\\s*(${datePattern})`,
    'i',
  );
  const startPattern = new RegExp(
    `\\b(?:plan|isp) (?:start|begin|effective)(?:s| date)?\\b[:\\s]*(${datePattern})`,
    'i',
  );
  const endPattern = new RegExp(
    `\\b(?:plan|isp) (?:end|expiration|expires)(?: date)?\\b[:\\s]*(${datePattern})`,
    'i',
  );
  for (const text of texts) {
    const both = range.exec(text);
    if (both && !start && !end) {
      start = isoDate(both[1]!);
      end = isoDate(both[2]!);
    }
    start ??= isoDate(startPattern.exec(text)?.[1] ?? '');
    end ??= isoDate(endPattern.exec(text)?.[1] ?? '');
    if (start && end) break;
  }
  return { start, end };
}
