/**
 * The viewer's word selection and row drafts (issue 23 "fields a person marks (date, times, names) become staging
 * rows"), pure so they are tested without a browser: click toggles a word, shift-click selects the range from the
 * last word clicked, a dragged box selects the words it touches; the selection's text (reading order) fills a field.
 */
import { ocrFieldNames, type OcrFieldName, type OcrMarkedRow, type OcrWord } from '@tend/contracts';

/** A box in the page image's pixels. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The selection after a click on word `index` (`range`: shift held) with `anchor` the last word clicked. */
export function clickWord(
  selected: ReadonlySet<number>,
  index: number,
  anchor: number | null,
  range: boolean,
) {
  const next = new Set(selected);
  if (range && anchor !== null) {
    const [from, to] = anchor < index ? [anchor, index] : [index, anchor];
    for (let i = from; i <= to; i += 1) next.add(i);
  } else if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}

/** The indexes of the words a dragged box touches (any overlap), added to `selected` when `add`. */
export function selectInBox(
  words: readonly OcrWord[],
  box: Box,
  selected: ReadonlySet<number>,
  add: boolean,
) {
  const x0 = Math.min(box.x0, box.x1);
  const x1 = Math.max(box.x0, box.x1);
  const y0 = Math.min(box.y0, box.y1);
  const y1 = Math.max(box.y0, box.y1);
  const next = new Set(add ? selected : []);
  words.forEach((word, index) => {
    if (word.x1 >= x0 && word.x0 <= x1 && word.y1 >= y0 && word.y0 <= y1) next.add(index);
  });
  return next;
}

/** The selected words' text in reading order (the page's word order), joined by spaces. */
export function selectionText(words: readonly OcrWord[], selected: ReadonlySet<number>): string {
  return [...selected]
    .sort((a, b) => a - b)
    .map((index) => words[index]?.text ?? '')
    .filter(Boolean)
    .join(' ');
}

/** A row being marked: every field's text (possibly empty) and the page it comes from. */
export type RowDraft = { pageNumber: number } & Record<OcrFieldName, string>;

export const emptyRow = (pageNumber: number, from?: RowDraft): RowDraft => ({
  pageNumber,
  date: '',
  start: '',
  end: '',
  // A timesheet names its caregiver and client once: a new row starts with the previous row's names.
  caregiverName: from?.caregiverName ?? '',
  clientName: from?.clientName ?? '',
  billingCode: from?.billingCode ?? '',
});

/** The fields a row still needs before it can be staged (billing code is optional). */
export function missingFields(row: RowDraft): OcrFieldName[] {
  return ocrFieldNames.filter((field) => field !== 'billingCode' && !row[field].trim());
}

/** The rows as the API takes them (billing code null when empty). */
export function toMarkedRows(rows: readonly RowDraft[]): OcrMarkedRow[] {
  return rows.map((row) => ({
    pageNumber: row.pageNumber,
    date: row.date.trim(),
    start: row.start.trim(),
    end: row.end.trim(),
    caregiverName: row.caregiverName.trim(),
    clientName: row.clientName.trim(),
    billingCode: row.billingCode.trim() || null,
  }));
}

/** The colour of a word's box by confidence: green from 85, yellow from 60, red below. */
export function confidenceColor(confidence: number): 'green' | 'yellow' | 'red' {
  return confidence >= 85 ? 'green' : confidence >= 60 ? 'yellow' : 'red';
}
