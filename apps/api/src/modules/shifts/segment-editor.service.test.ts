/** Stale-edit rule and mirroring of the segment editor (segment-editor.service.ts; docs/segment-editor.md). */
import { describe, expect, it } from 'vitest';
import type { ShiftChange } from '@tend/contracts';
import { isMirroring, isStaleEdit } from './segment-editor.service.ts';

const entry = (at: string): ShiftChange => ({ at, by: null, action: 'correction', changes: {} });
const segment = (updatedAt: string, history: string[] = [], createdAt = '2026-04-01T10:00:00.000Z') => ({
  createdAt: new Date(createdAt),
  updatedAt: new Date(updatedAt),
  changeHistory: history.map(entry),
});

describe('isStaleEdit', () => {
  it('the current version is never stale', () => {
    expect(
      isStaleEdit(
        segment('2026-04-01T12:00:00.000Z', ['2026-04-01T12:00:00.000Z']),
        '2026-04-01T12:00:00.000Z',
      ),
    ).toBe(false);
    // the same instant written with an offset
    expect(isStaleEdit(segment('2026-04-01T12:00:00.000Z'), '2026-04-01T05:00:00.000-07:00')).toBe(false);
  });

  it('a later history entry makes an older version stale, to the millisecond', () => {
    const edited = segment('2026-04-01T12:00:00.001Z', ['2026-04-01T12:00:00.001Z']);
    expect(isStaleEdit(edited, '2026-04-01T12:00:00.000Z')).toBe(true);
    expect(isStaleEdit(edited, '2026-04-01T11:00:00.000Z')).toBe(true);
  });

  it('a validator write (updatedAt moves, no history entry) does not make the seen version stale', () => {
    const validated = segment('2026-04-01T13:00:00.000Z', ['2026-04-01T12:00:00.000Z']);
    expect(isStaleEdit(validated, '2026-04-01T12:00:00.000Z')).toBe(false);
    // never edited: only a version before its creation is stale
    expect(isStaleEdit(segment('2026-04-01T13:00:00.000Z'), '2026-04-01T10:30:00.000Z')).toBe(false);
    expect(isStaleEdit(segment('2026-04-01T13:00:00.000Z'), '2026-04-01T09:00:00.000Z')).toBe(true);
  });
});

describe('isMirroring', () => {
  it('import, demo and unknown sources mirror their shift; split and manual do not', () => {
    expect(['import', 'demo', null].map(isMirroring)).toEqual([true, true, true]);
    expect(['split', 'manual'].map(isMirroring)).toEqual([false, false]);
  });
});
