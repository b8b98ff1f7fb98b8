import { describe, expect, it } from 'vitest';
import type { OcrWord } from '@tend/contracts';
import {
  clickWord,
  confidenceColor,
  emptyRow,
  missingFields,
  selectInBox,
  selectionText,
  toMarkedRows,
} from './word-selection.ts';

const word = (text: string, x0: number, y0: number): OcrWord => ({
  text,
  confidence: 90,
  x0,
  y0,
  x1: x0 + 100,
  y1: y0 + 40,
  line: Math.floor(y0 / 100),
});
const words = [
  word('Maria', 400, 380),
  word('Lopez', 520, 380),
  word('9:00', 580, 740),
  word('AM', 700, 740),
];

describe('word selection', () => {
  it('toggles on click and selects a range on shift-click', () => {
    let selected = clickWord(new Set(), 2, null, false);
    expect([...selected]).toEqual([2]);
    selected = clickWord(selected, 2, 2, false);
    expect([...selected]).toEqual([]);
    selected = clickWord(new Set([0]), 3, 0, true);
    expect([...selected].sort()).toEqual([0, 1, 2, 3]);
  });

  it('selects the words a dragged box touches, either way round', () => {
    expect([...selectInBox(words, { x0: 710, y0: 800, x1: 560, y1: 720 }, new Set([0]), false)]).toEqual([
      2, 3,
    ]);
    expect([...selectInBox(words, { x0: 390, y0: 370, x1: 450, y1: 400 }, new Set([3]), true)]).toEqual([
      3, 0,
    ]);
  });

  it('gives the selection’s text in reading order', () => {
    expect(selectionText(words, new Set([3, 2]))).toBe('9:00 AM');
  });
});

describe('row drafts', () => {
  it('carries the names to the next row and says what is missing', () => {
    const first = {
      ...emptyRow(1),
      caregiverName: 'Maria Lopez',
      clientName: 'Henry Walsh',
      date: '03/02/2026',
    };
    const next = emptyRow(1, first);
    expect(next).toMatchObject({ caregiverName: 'Maria Lopez', clientName: 'Henry Walsh', date: '' });
    expect(missingFields(next)).toEqual(['date', 'start', 'end']);
    expect(toMarkedRows([{ ...first, start: ' 9:00 AM ', end: '1:30 PM' }])[0]).toMatchObject({
      start: '9:00 AM',
      billingCode: null,
    });
  });

  it('colours by confidence', () => {
    expect([confidenceColor(95), confidenceColor(70), confidenceColor(30)]).toEqual([
      'green',
      'yellow',
      'red',
    ]);
  });
});
