/** The one definition of absent values in imported files (decision 0036). Pure. */
import { describe, expect, it } from 'vitest';
import { isNullToken, withoutNullTokens } from './null-tokens.ts';

describe('isNullToken', () => {
  it('reads NULL, null, N/A in any case, spaces around, and blank as absent', () => {
    for (const token of ['', ' ', '\t', 'NULL', 'null', 'Null', ' NULL ', 'N/A', 'n/a', '\u3000N/A'])
      expect(isNullToken(token), JSON.stringify(token)).toBe(true);
  });

  it('keeps every other value, however close', () => {
    for (const value of ['NULLS', 'nil', 'NA', 'N/A/B', '0', 'None', '(null)', 'T1019'])
      expect(isNullToken(value), value).toBe(false);
  });
});

describe('withoutNullTokens', () => {
  it('drops null tokens and JSON nulls from a record, deep, leaving the input as sent', () => {
    const raw = {
      Modifier1: 'NULL',
      Modifier2: null,
      ProcedureCode: 'T1019',
      Calls: [{ CallLatitude: 'N/A', CallDateTime: '2024-01-15T09:00:00Z' }],
    };
    expect(withoutNullTokens(raw)).toEqual({
      ProcedureCode: 'T1019',
      Calls: [{ CallDateTime: '2024-01-15T09:00:00Z' }],
    });
    expect(raw.Modifier1).toBe('NULL');
  });
});
