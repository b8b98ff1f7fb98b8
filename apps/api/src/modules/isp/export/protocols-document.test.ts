/**
 * The shared rules of the export: caregiver order, which parts of a protocol are shown, the label catalogues'
 * parity, threshold sentences, dates, text cleaning and the layout's wrapping and heading rule.
 */
import { describe, expect, it } from 'vitest';
import { allOff, allOn, protocol, seizures } from './export.test-support.ts';
import { formatCalendarDate, labelCatalogues, labeler, thresholdSentence } from './labels.ts';
import { layOut, wrapText, type Block, type Measure, type TextStyle } from './pdf-layout.ts';
import { MISSING_GLYPH, plainLine, printableLine, printableParagraphs } from './printable-text.ts';
import { orderForCaregivers, protocolContent } from './protocols-document.ts';
import type { Threshold } from '@tend/contracts';

describe('orderForCaregivers', () => {
  it('puts serious risks first, then sortOrder, keeping the input order of ties', () => {
    const items = [
      { id: 'a', serious: false, sortOrder: 1 },
      { id: 'b', serious: true, sortOrder: 9 },
      { id: 'c', serious: false, sortOrder: 0 },
      { id: 'd', serious: true, sortOrder: 2 },
      { id: 'e', serious: false, sortOrder: 1 },
    ];
    expect(orderForCaregivers(items).map((item) => item.id)).toEqual(['d', 'b', 'c', 'a', 'e']);
    expect(items.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd', 'e']); // input untouched
  });
});

describe('protocolContent', () => {
  it('keeps flagged sections with text, and the thresholds and steps only with response or emergency', () => {
    const both = protocolContent(seizures, { ...allOff, description: true, response: true });
    expect(both.sections.map((part) => part.section)).toEqual(['description', 'response']);
    expect(both.thresholds).toHaveLength(2);
    expect(both.escalationSteps).toHaveLength(3);
    const descriptionOnly = protocolContent(seizures, { ...allOff, description: true });
    expect(descriptionOnly.thresholds).toEqual([]);
    expect(descriptionOnly.escalationSteps).toEqual([]);
    expect(descriptionOnly.medicationReferences).toEqual([]);
  });

  it('leaves out sections with nothing visible', () => {
    const blank = protocol({
      description: ' \u200B\t',
      prevention: null,
      response: '\u0007',
      emergency: 'Call 911.',
    });
    expect(protocolContent(blank, allOn).sections).toEqual([{ section: 'emergency', text: 'Call 911.' }]);
  });
});

describe('labels', () => {
  it('has the same keys in English and Spanish, and every message formats', () => {
    expect(Object.keys(labelCatalogues.es).sort()).toEqual(Object.keys(labelCatalogues.en).sort());
    for (const locale of ['en', 'es'] as const) {
      const label = labeler(locale, 'America/Los_Angeles');
      const values = {
        client: 'C',
        pid: 'P',
        start: 's',
        end: 'e',
        agency: 'A',
        at: new Date('2026-01-01T12:00:00Z'),
        author: 'X',
        licensed: 'yes',
        date: 'd',
        version: 2,
        page: 1,
        pages: 2,
        comparison: 'gt',
        value: 1,
        metric: 'm',
        unit: 'day',
        amount: 2,
        time: 't',
        singular: 'no',
        count: 3,
        risk: 'R',
      };
      for (const key of Object.keys(labelCatalogues.en) as (keyof typeof labelCatalogues.en)[]) {
        expect(label(key, values).length).toBeGreaterThan(0);
      }
    }
  });

  const threshold = (overrides: Partial<Threshold>): Threshold => ({
    metric: 'seizures',
    comparison: 'gt',
    value: 2,
    unit: 'count',
    window: null,
    byTime: null,
    text: '',
    confirmed: true,
    ...overrides,
  });

  it('writes thresholds as sentences, in English and Spanish', () => {
    const en = labeler('en', 'UTC');
    const es = labeler('es', 'UTC');
    const cases: [Partial<Threshold>, string, string][] = [
      [
        { window: { amount: 24, unit: 'hour' } },
        'More than 2 seizures in 24 hours',
        'Más de 2 seizures en 24 horas',
      ],
      [
        { metric: 'bowel movement', comparison: 'none', value: 0, window: { amount: 3, unit: 'day' } },
        'No bowel movement in 3 days',
        'Sin bowel movement en 3 días',
      ],
      [
        { metric: 'fluids', comparison: 'lt', value: 64, unit: 'oz', byTime: '14:00' },
        'Fluids below 64 oz by 2:00 PM',
        'Fluids por debajo de 64 oz antes de las 14:00',
      ],
      [
        { metric: 'temperature', comparison: 'gte', value: 100.4, unit: '°f', byTime: '01:30' },
        'Temperature at or above 100.4 °f by 1:30 AM',
        'Temperature igual o superior a 100,4 °f antes de la 1:30',
      ],
      [
        { comparison: 'lte', value: 1, window: { amount: 1, unit: 'week' } },
        'At most 1 seizures in 1 week',
        'Como máximo 1 seizures en 1 semana',
      ],
      [
        { comparison: 'gt', value: 5, window: { amount: 1, unit: 'month' } },
        'More than 5 seizures in 1 month',
        'Más de 5 seizures en 1 mes',
      ],
    ];
    for (const [overrides, english, spanish] of cases) {
      expect(thresholdSentence(en, 'en', threshold(overrides))).toBe(english);
      expect(thresholdSentence(es, 'es', threshold(overrides))).toBe(spanish);
    }
  });

  it('writes calendar dates as the day written, whatever the zone, and leaves other text alone', () => {
    expect(formatCalendarDate('en', '2026-03-01')).toBe('March 1, 2026');
    expect(formatCalendarDate('es', '2026-12-31')).toBe('31 de diciembre de 2026');
    expect(formatCalendarDate('en', 'soon')).toBe('soon');
  });
});

describe('printable text', () => {
  const latin = new Set([...'abcdefghijklmnopqrstuvwxyzé'].map((char) => char.codePointAt(0) ?? 0));

  it('replaces characters the font lacks, drops invisible ones and splits paragraphs', () => {
    expect(printableParagraphs('ab\u0000c\u202Ed\r\n\r\n  e\u0301\tz 中', latin)).toEqual([
      'abcd',
      `é z ${MISSING_GLYPH}`,
    ]);
    expect(printableLine('a\nb\uD800', latin)).toBe(`a b${MISSING_GLYPH}`);
  });

  it('keeps any script for email, without controls or reordering marks', () => {
    expect(plainLine(' 中文\u0007 \u202Eabc\u202C\n名 ')).toBe('中文 abc 名');
  });
});

describe('layout', () => {
  /** Every character 1 pt wide at any size. */
  const measure: Measure = (text) => [...text].length;
  const style: TextStyle = { face: 'regular', size: 10, color: [0, 0, 0], indent: 0 };

  it('wraps on spaces and breaks a word wider than the column between graphemes', () => {
    expect(wrapText('aaa bbb cc', 7, 'regular', 10, measure)).toEqual(['aaa bbb', 'cc']);
    expect(wrapText('abcdefghij', 4, 'regular', 10, measure)).toEqual(['abcd', 'efgh', 'ij']);
    // A base letter and its combining mark stay together.
    expect(
      wrapText(
        'e\u0301e\u0301e\u0301',
        2,
        'regular',
        10,
        (text) => [...new Intl.Segmenter().segment(text)].length,
      ),
    ).toEqual(['e\u0301e\u0301', 'e\u0301']);
  });

  it('moves a heading to the next page rather than leave it without its first lines', () => {
    // Page: 100 pt of column height; a 10 pt line is 13.5 pt high.
    const frame = { width: 100, height: 120, top: 10, bottom: 10, left: 0, right: 0 };
    const body = (text: string): Block => ({ paragraphs: [{ text, style }], spaceBefore: 0 });
    const heading: Block = {
      paragraphs: [{ text: 'Heading', style }],
      spaceBefore: 0,
      keepWithNext: true,
      bookmark: 'H',
    };
    const blocks = [
      body('one'),
      body('two'),
      body('three'),
      body('four'),
      body('five'),
      body('six'),
      heading,
      body('seven eight'),
    ];
    const { pages, bookmarks } = layOut(blocks, frame, measure);
    expect(pages.map((lines) => lines.map((line) => line.text))).toEqual([
      ['one', 'two', 'three', 'four', 'five', 'six'],
      ['Heading', 'seven eight'],
    ]);
    expect(bookmarks).toEqual([{ title: 'H', page: 1, top: 110 }]);
  });
});
