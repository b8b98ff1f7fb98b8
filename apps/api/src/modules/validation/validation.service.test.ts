import { describe, expect, it } from 'vitest';
import { sameJson } from './validation.service.ts';

describe('sameJson (stored vs new violations)', () => {
  const stored = [
    {
      code: 'BUDGET_UNITS_EXCEEDED',
      message: 'Budget use reaches 12.5 of 10 hours authorized',
      meta: { used: 12.5, authorized: 10, budgetId: 'b1' },
    },
    { code: 'SHIFT_NOTE_MISSING', message: 'No shift note is matched to the shift' },
  ];
  it('ignores key order (jsonb reorders keys) and members that are undefined', () => {
    const fresh = [
      {
        meta: { budgetId: 'b1', authorized: 10, used: 12.5 },
        message: 'Budget use reaches 12.5 of 10 hours authorized',
        code: 'BUDGET_UNITS_EXCEEDED',
      },
      { code: 'SHIFT_NOTE_MISSING', message: 'No shift note is matched to the shift', meta: undefined },
    ];
    expect(sameJson(stored, fresh)).toBe(true);
    expect(sameJson([], [])).toBe(true);
  });
  it('sees a changed value, a missing or extra member, another order of elements, another type', () => {
    const changed = structuredClone(stored);
    (changed[0] as { meta: { used: number } }).meta.used = 12.75;
    expect(sameJson(stored, changed)).toBe(false);
    expect(sameJson(stored, [stored[1], stored[0]])).toBe(false);
    expect(sameJson(stored, stored.slice(0, 1))).toBe(false);
    expect(sameJson({ code: 'X' }, { code: 'X', meta: {} })).toBe(false);
    expect(sameJson({ code: 'X', meta: {} }, { code: 'X' })).toBe(false);
    expect(sameJson({ n: 1 }, { n: '1' })).toBe(false);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
  });
});
