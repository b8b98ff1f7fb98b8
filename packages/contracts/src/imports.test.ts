/** Column-map rules of the import kinds and the review-reason kinds of shift notes. */
import { describe, expect, it } from 'vitest';
import { clientPrimeFieldSpec } from './client-prime.ts';
import { importColumnMapProblems } from './imports.ts';
import { shiftNoteFieldSpec, shiftNoteReasonKindOf } from './shift-notes.ts';

describe('importColumnMapProblems', () => {
  it('names unknown fields, doubled fields and missing required columns', () => {
    expect(importColumnMapProblems(clientPrimeFieldSpec, { A: 'units', B: 'units', C: 'evvInTime' })).toEqual(
      [
        '"evvInTime" is not a field of this import',
        'Units is mapped from 2 columns',
        'Map a column to Budget client id (it keeps re-imports from doubling)',
        'Map a column to Procedure code',
        'Map a column to Effective date',
      ],
    );
  });

  it('accepts a notes map that finds the shift by id alone, or by people and a time', () => {
    expect(importColumnMapProblems(shiftNoteFieldSpec, { S: 'givShiftId', D: 'documentation' })).toEqual([]);
    expect(
      importColumnMapProblems(shiftNoteFieldSpec, {
        C: 'caregiverName',
        K: 'pid',
        T: 'submittedAt',
        D: 'documentation',
      }),
    ).toEqual([]);
    expect(
      importColumnMapProblems(shiftNoteFieldSpec, { C: 'caregiverName', D: 'documentation' }),
    ).toHaveLength(2);
  });
});

describe('shiftNoteReasonKindOf', () => {
  it('reads the kind from the reason’s first words', () => {
    expect(shiftNoteReasonKindOf('Unknown caregiver “X”: not in Tend')).toBe('unknown-person');
    expect(shiftNoteReasonKindOf('No shift of A for B on 2025-03-02')).toBe('no-shift');
    expect(shiftNoteReasonKindOf('Ambiguous: 2 shifts of A for B fit')).toBe('ambiguous');
    expect(shiftNoteReasonKindOf('Dismissed: training')).toBeNull();
    expect(shiftNoteReasonKindOf(null)).toBeNull();
  });
});
