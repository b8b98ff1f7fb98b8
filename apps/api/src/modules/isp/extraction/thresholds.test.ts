import { threshold } from '@tend/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseThresholds } from './thresholds.js';

const one = (text: string) => {
  const found = parseThresholds(text);
  expect(found, text).toHaveLength(1);
  const { text: _text, confirmed, ...rest } = found[0]!;
  expect(confirmed).toBe(false);
  return rest;
};

describe('parseThresholds', () => {
  it.each([
    [
      'Call the nurse if she has more than 2 seizures in 24 hours.',
      {
        metric: 'seizures',
        comparison: 'gt',
        value: 2,
        unit: 'count',
        window: { amount: 24, unit: 'hour' },
        byTime: null,
      },
    ],
    [
      'Notify the RN if there is no bowel movement in 3 days.',
      {
        metric: 'bowel movement',
        comparison: 'none',
        value: 0,
        unit: 'count',
        window: { amount: 3, unit: 'day' },
        byTime: null,
      },
    ],
    [
      'Report if fluids below 64 oz by 2 pm.',
      { metric: 'fluids', comparison: 'lt', value: 64, unit: 'oz', window: null, byTime: '14:00' },
    ],
    [
      'Call the doctor if his temperature is above 100.4°F.',
      { metric: 'temperature', comparison: 'gt', value: 100.4, unit: '°f', window: null, byTime: null },
    ],
    [
      'Give juice when blood sugar below 70 mg/dL.',
      { metric: 'blood sugar', comparison: 'lt', value: 70, unit: 'mg/dl', window: null, byTime: null },
    ],
    [
      'Call 911 for a seizure lasting longer than 5 minutes.',
      { metric: 'seizure', comparison: 'gt', value: 5, unit: 'min', window: null, byTime: null },
    ],
    [
      'Tell the nurse about weight loss of more than 5 lb in a month.',
      {
        metric: 'weight loss',
        comparison: 'gt',
        value: 5,
        unit: 'lb',
        window: { amount: 1, unit: 'month' },
        byTime: null,
      },
    ],
    [
      'If she has more than two seizures in one day, call the RN.',
      {
        metric: 'seizures',
        comparison: 'gt',
        value: 2,
        unit: 'count',
        window: { amount: 1, unit: 'day' },
        byTime: null,
      },
    ],
    [
      'Has not had a bowel movement in three days',
      {
        metric: 'bowel movement',
        comparison: 'none',
        value: 0,
        unit: 'count',
        window: { amount: 3, unit: 'day' },
        byTime: null,
      },
    ],
    [
      'Offer fluids if intake is less than 1500 ml by 18:00',
      { metric: 'intake', comparison: 'lt', value: 1500, unit: 'ml', window: null, byTime: '18:00' },
    ],
    [
      '3 or more falls in a week',
      {
        metric: 'falls',
        comparison: 'gte',
        value: 3,
        unit: 'count',
        window: { amount: 1, unit: 'week' },
        byTime: null,
      },
    ],
  ] as const)('reads %s', (text, expected) => {
    expect(one(text)).toEqual(expected);
  });

  it.each([
    'Keep her temperature between 97 and 99 degrees.',
    'Call if more than 2-3 seizures in a day.',
    'Call if she has 2 to 3 seizures.',
    'Offer a snack over the afternoon.',
    'Call 911 and start CPR.',
    '',
  ])('leaves %j alone', (text) => {
    expect(parseThresholds(text)).toEqual([]);
  });

  it('keeps the clause each threshold came from, in order', () => {
    const found = parseThresholds(
      'Check temperature. Call if temperature above 100.4°F; call 911 if a seizure lasts longer than 5 minutes.',
    );
    expect(found.map((item) => [item.metric, item.text])).toEqual([
      ['temperature', 'Call if temperature above 100.4°F'],
      ['seizure', 'call 911 if a seizure lasts longer than 5 minutes'],
    ]);
  });

  it('never throws and only returns thresholds the contract accepts, on any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: 'grapheme', maxLength: 200 }),
          fc
            .array(
              fc.constantFrom(
                'more than',
                'below',
                '2',
                'two',
                '100.4',
                '°F',
                'in',
                '24 hours',
                'no',
                'by 2 pm',
                'seizures',
                '-',
                'or more',
                'a',
                'month',
                '.',
                ';',
                'between',
                'and',
              ),
              { maxLength: 30 },
            )
            .map((words) => words.join(' ')),
        ),
        (text) => {
          const found = parseThresholds(text);
          for (const item of found) expect(threshold.safeParse(item).success).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
