/** Reading one client-prime CSV row (docs/evv-import.md "Client prime"). Pure. */
import { describe, expect, it } from 'vitest';
import { csvRowToBudgetLine } from './budget-import.ts';

const headers = ['Name', 'PID', 'Budget', 'Month', 'Code', 'Mod', 'Units', 'Measure', 'Term', 'From', 'To'];
const map = {
  Name: 'clientName',
  PID: 'pid',
  Budget: 'budgetClientId',
  Month: 'ispMonth',
  Code: 'procCode',
  Mod: 'svcModifierCd',
  Units: 'units',
  Measure: 'measure',
  Term: 'term',
  From: 'effectiveDate',
  To: 'expirationDate',
};
const read = (values: string[]) => csvRowToBudgetLine({ line: 2, values }, headers, map);

describe('csvRowToBudgetLine', () => {
  it('reads a budget line with its client, measure in any spelling and US or ISO dates', () => {
    expect(
      read([
        'Sam',
        'P-1',
        'B-1',
        'Jul',
        'OR526',
        'ZE',
        '1,234.5',
        '15 min',
        'Plan year',
        '7/1/2025',
        '2026-06-30',
      ]),
    ).toEqual({
      ok: true,
      key: JSON.stringify(['B-1', 'OR526', 'ZE', '2025-07-01']),
      label: 'B-1 OR526-ZE',
      record: {
        client: {
          name: 'Sam',
          pid: 'P-1',
          budgetClientId: 'B-1',
          clientPrime: null,
          serviceElement: null,
          ispMonth: 7,
        },
        procCode: 'OR526',
        svcModifierCd: 'ZE',
        units: 1234.5,
        measure: 'units_15min',
        term: 'Plan year',
        effectiveDate: '2025-07-01',
        expirationDate: '2026-06-30',
      },
    });
    for (const [spelling, measure] of [
      ['Hours', 'hours'],
      ['hrs', 'hours'],
      ['Unit', 'units_15min'],
      ['Days', 'days'],
      ['mi', 'miles'],
    ])
      expect(read(['', '', 'B', '', 'C', '', '1', spelling as string, '', '2025-01-01', ''])).toMatchObject({
        ok: true,
        record: { measure },
      });
  });

  it('refuses an expiration before the effective date, bad numbers, measures and months', () => {
    const parsed = read(['', '', 'B', '13', 'C', '', '-1', 'parsecs', '', '2025-03-01', '2025-02-28']);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      { field: 'Units', reason: 'must not be negative' },
      { field: 'Measure', reason: 'is not a measure: use hours, units (15 min), days, miles' },
      { field: 'Month', reason: 'is not a month: use 1–12 or a month name such as July' },
      { field: 'To', reason: 'is before the effective date (2025-02-28 < 2025-03-01)' },
    ]);
    expect(read(['', '', 'B', '', 'C', '', '1.234', '', '', '2025-03-01', ''])).toMatchObject({
      ok: false,
      problems: [{ field: 'Units', reason: expect.stringMatching(/at most 2 decimals/) }],
    });
  });

  it('requires the budget line identity and the units', () => {
    expect(read(['Sam', '', '', '', '', '', '', '', '', '', ''])).toEqual({
      ok: false,
      key: null,
      problems: [
        { field: 'Budget', reason: 'is required' },
        { field: 'Code', reason: 'is required' },
        { field: 'Units', reason: 'is required' },
        { field: 'From', reason: 'is required' },
      ],
    });
  });
});
