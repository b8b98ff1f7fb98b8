/** The history's words for a finished import's fates (decision 0036). */
import { describe, expect, it } from 'vitest';
import { fatesInWords } from './import-history.tsx';

describe('fatesInWords', () => {
  it('names each non-zero fate in the summary’s order, duplicates apart from rejections', () => {
    expect(
      fatesInWords({ created: 400, updated: 0, unchanged: 0, duplicates: 20, stale: 0, rejected: 43 }),
    ).toBe('400 created · 20 duplicates · 43 rejected');
    expect(fatesInWords({ created: 0, updated: 1, unchanged: 2, duplicates: 1, stale: 1, rejected: 0 })).toBe(
      '1 updated · 2 unchanged · 1 duplicate · 1 out-of-date update ignored',
    );
    expect(fatesInWords({ created: 0, updated: 0, unchanged: 0, duplicates: 0, stale: 0, rejected: 0 })).toBe(
      'nothing read',
    );
  });
});
