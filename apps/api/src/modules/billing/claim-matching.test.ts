import { describe, expect, it } from 'vitest';
import { matchClaimLines, unitTolerance, type MatchItem, type MatchLine } from './claim-matching.ts';

const item = (id: string, overrides: Partial<MatchItem> = {}): MatchItem => ({
  id,
  segmentBillingId: null,
  clientPids: ['AB12345C'],
  date: '2026-03-02',
  billingCode: 'OR526',
  modifier: null,
  units: 8,
  hours: 2,
  status: 'EXPORTED',
  matchedElsewhere: false,
  ...overrides,
});
const line = (key: number, overrides: Partial<MatchLine> = {}): MatchLine => ({
  key,
  billingId: null,
  clientPid: 'AB12345C',
  serviceDate: '2026-03-02',
  procedureCode: 'OR526',
  modifier: null,
  units: 8,
  ...overrides,
});
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';

describe('matchClaimLines', () => {
  it('matches exactly by item id (any case) or segment billing id with confidence 1', () => {
    const result = matchClaimLines(
      [line(2, { billingId: A.toUpperCase(), units: 99 }), line(3, { billingId: 'giv-77' })],
      [item(A), item(B, { segmentBillingId: 'GIV-77', date: '2020-01-01' })],
    );
    expect(result).toEqual([
      { key: 2, itemId: A, confidence: 1, reason: null },
      { key: 3, itemId: B, confidence: 1, reason: null },
    ]);
  });

  it('orphans a line naming a VOID item, and a second line naming an item already taken in the file', () => {
    const result = matchClaimLines(
      [line(2, { billingId: A }), line(3, { billingId: B }), line(4, { billingId: B })],
      [item(A, { status: 'VOID' }), item(B)],
    );
    expect(result[0]).toMatchObject({ itemId: null, reason: expect.stringContaining('VOID') });
    expect(result[1]).toMatchObject({ itemId: B, confidence: 1 });
    expect(result[2]).toMatchObject({ itemId: null, reason: expect.stringContaining('Line 3 of this file') });
  });

  it('an item matched by an earlier import can be matched again exactly (newer status), never by facts', () => {
    const result = matchClaimLines(
      [line(2, { billingId: A }), line(3)],
      [
        item(A, { status: 'MATCHED', matchedElsewhere: true }),
        item(B, { status: 'MATCHED', matchedElsewhere: true }),
      ],
    );
    expect(result[0]).toMatchObject({ itemId: A, confidence: 1 });
    expect(result[1]).toMatchObject({
      itemId: null,
      reason: expect.stringContaining('no unmatched exported item'),
    });
  });

  it('matches by client, date, code and modifier within the unit tolerance, scoring closeness', () => {
    expect(unitTolerance(8)).toBe(1);
    expect(unitTolerance(40)).toBe(4);
    const result = matchClaimLines(
      [
        line(2, { units: 8 }),
        line(3, { units: 41, modifier: 'u3' }),
        line(4, { units: null, procedureCode: 'or004' }),
      ],
      [item(A), item(B, { units: 40, modifier: 'U3' }), item(C, { billingCode: 'OR004', units: 4 })],
    );
    expect(result).toEqual([
      { key: 2, itemId: A, confidence: 0.95, reason: null },
      { key: 3, itemId: B, confidence: 0.86, reason: null },
      { key: 4, itemId: C, confidence: 0.6, reason: null },
    ]);
  });

  it('leaves a line outside the tolerance orphaned, saying how far the nearest item is', () => {
    const [result] = matchClaimLines([line(2, { units: 12 })], [item(A, { units: 8 })]);
    expect(result).toMatchObject({
      itemId: null,
      reason: expect.stringContaining('8 units, outside the tolerance of ±1'),
    });
  });

  it('a different modifier or client is no match', () => {
    const result = matchClaimLines(
      [line(2, { modifier: 'ZE' }), line(3, { clientPid: 'ZZ999' })],
      [item(A), item(B)],
    );
    expect(result.every((r) => r.itemId === null)).toBe(true);
  });

  it('gives an item to the closer of two lines; the other line is told why', () => {
    const result = matchClaimLines([line(2, { units: 8.5 }), line(3, { units: 8 })], [item(A)]);
    expect(result[1]).toMatchObject({ itemId: A });
    expect(result[0]).toMatchObject({ itemId: null, reason: expect.stringContaining('matched to line 3') });
  });

  it('takes the closer of two items and leaves equal ones ambiguous', () => {
    const closer = matchClaimLines([line(2, { units: 8 })], [item(A, { units: 8.5 }), item(B, { units: 8 })]);
    expect(closer[0]).toMatchObject({ itemId: B });
    const tie = matchClaimLines([line(2, { units: 8 })], [item(A), item(B)]);
    expect(tie[0]).toMatchObject({
      itemId: null,
      reason: expect.stringContaining('2 billing items fit equally well'),
    });
    const twoLines = matchClaimLines([line(2), line(3)], [item(A)]);
    expect(twoLines.map((r) => r.itemId)).toEqual([null, null]);
    expect(twoLines[0]?.reason).toContain('Lines 2, 3 fit one billing item equally well');
  });

  it('two lines and two equal items pair up after the ambiguity is resolved by other facts', () => {
    const result = matchClaimLines(
      [line(2, { units: 8 }), line(3, { units: 16 })],
      [item(A, { units: 8 }), item(B, { units: 16 })],
    );
    expect(result.map((r) => r.itemId)).toEqual([A, B]);
  });

  it('a line without billing id and without search facts is orphaned with the reason', () => {
    const [result] = matchClaimLines([line(2, { clientPid: null })], [item(A)]);
    expect(result?.reason).toContain('lacks a client prime');
  });
});
