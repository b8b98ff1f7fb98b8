import { describe, expect, it } from 'vitest';
import type { TestSyncRow } from '@tend/contracts';
import { countsInWords, fateInWords } from './test-sync-words.ts';

const row = (over: Partial<TestSyncRow>): TestSyncRow => ({
  line: 2,
  givShiftId: 'STG-1',
  fate: 'created',
  status: 'READY',
  staged: null,
  date: '2030-04-01',
  caregiver: 'A',
  client: 'B',
  reasons: [],
  ...over,
});

describe('fateInWords', () => {
  it('says what staging would do and whether the row would be ready', () => {
    expect(fateInWords(row({}))).toEqual({
      label: 'New',
      detail: 'Would be staged as a new row; ready to promote.',
    });
    expect(
      fateInWords(
        row({ fate: 'updated', status: 'NOT_READY', staged: 'READY', reasons: ['no billing code'] }),
      ),
    ).toEqual({
      label: 'Updated',
      detail:
        'Changed: the staged row would be overwritten with the file’s values; needs attention: no billing code.',
    });
  });

  it('tells a promoted row apart: unchanged stays uploaded, changed updates its shift at the next promotion', () => {
    expect(fateInWords(row({ fate: 'unchanged', staged: 'UPLOADED' })).detail).toBe(
      'Already promoted as the file has it: stays uploaded.',
    );
    expect(fateInWords(row({ fate: 'updated', staged: 'UPLOADED' })).detail).toMatch(
      /^Changed since it was promoted: .*next promotion updates its shift/,
    );
    expect(fateInWords(row({ fate: 'unchanged', staged: 'READY' })).detail).toMatch(/^Already staged/);
  });

  it('gives the reasons of a duplicate or rejected row', () => {
    const dup = row({ fate: 'duplicate', status: null, reasons: ['repeats shift id STG-1 of line 2'] });
    expect(fateInWords(dup)).toEqual({
      label: 'Duplicate',
      detail: 'Skipped: repeats shift id STG-1 of line 2',
    });
    const bad = row({
      fate: 'rejected',
      status: null,
      reasons: ['Service Date: not a date', 'Time In: missing'],
    });
    expect(fateInWords(bad)).toEqual({
      label: 'Rejected',
      detail: 'Not staged: Service Date: not a date; Time In: missing',
    });
  });
});

describe('countsInWords', () => {
  it('puts every count in one sentence, singular where one', () => {
    const counts = {
      created: 12,
      updated: 0,
      unchanged: 0,
      duplicates: 1,
      rejected: 0,
      ready: 7,
      notReady: 5,
    };
    expect(countsInWords({ rows: 13, counts })).toBe(
      '13 rows read: 12 new, 0 updated, 0 unchanged, 1 duplicate, 0 rejected. ' +
        'Of the rows staging would keep, 7 ready to promote, 5 need attention.',
    );
    expect(countsInWords({ rows: 1, counts: { ...counts, duplicates: 0, notReady: 1 } })).toMatch(
      /^1 row read: .*0 duplicates.*1 needs attention\.$/,
    );
  });
});
