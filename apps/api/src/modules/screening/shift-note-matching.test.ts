/** The note → shift rule (docs/shift-notes.md "Matching"): window with grace, service date, none, ambiguous. */
import { describe, expect, it } from 'vitest';
import { noteFallsInShift, pickShiftForNote, type ShiftWindow } from './shift-note-matching.ts';

const shift = (id: string, date: string, inAt: string | null, outAt: string | null): ShiftWindow => ({
  id,
  givShiftId: id,
  caregiverId: 'c',
  clientId: 'k',
  date,
  evvInTime: inAt ? new Date(inAt) : null,
  evvOutTime: outAt ? new Date(outAt) : null,
});
const morning = shift('A', '2025-03-02', '2025-03-02T17:00:00Z', '2025-03-02T21:00:00Z');
const afternoon = shift('B', '2025-03-02', '2025-03-02T20:00:00Z', '2025-03-03T00:00:00Z');
const nextDay = shift('C', '2025-03-03', '2025-03-03T17:00:00Z', null);

describe('pickShiftForNote', () => {
  it('matches the one shift whose window holds the submitted time', () => {
    expect(
      pickShiftForNote({ submittedAt: new Date('2025-03-02T18:00:00Z'), serviceDate: null }, [
        morning,
        afternoon,
      ]),
    ).toEqual({ kind: 'matched', shift: morning });
  });

  it('keeps a note written up to 2 h after clock-out, and 15 min before clock-in, but not later or earlier', () => {
    expect(noteFallsInShift(new Date('2025-03-02T23:00:00Z'), morning)).toBe(true);
    expect(noteFallsInShift(new Date('2025-03-02T23:00:01Z'), morning)).toBe(false);
    expect(noteFallsInShift(new Date('2025-03-02T16:45:00Z'), morning)).toBe(true);
    expect(noteFallsInShift(new Date('2025-03-02T16:44:59Z'), morning)).toBe(false);
    // Without a clock-out the window ends 2 h after clock-in; without a clock-in there is none.
    expect(noteFallsInShift(new Date('2025-03-03T19:00:00Z'), nextDay)).toBe(true);
    expect(noteFallsInShift(new Date('2025-03-03T19:00:01Z'), nextDay)).toBe(false);
    expect(noteFallsInShift(new Date('2025-03-03T19:00:00Z'), shift('D', '2025-03-03', null, null))).toBe(
      false,
    );
  });

  it('says ambiguous when several windows hold the time, none when no window does', () => {
    const both = pickShiftForNote({ submittedAt: new Date('2025-03-02T20:30:00Z'), serviceDate: null }, [
      morning,
      afternoon,
    ]);
    expect(both).toEqual({ kind: 'ambiguous', shifts: [morning, afternoon] });
    expect(
      pickShiftForNote({ submittedAt: new Date('2025-03-05T20:30:00Z'), serviceDate: null }, [morning]),
    ).toEqual({
      kind: 'none',
    });
    expect(
      pickShiftForNote({ submittedAt: new Date('2025-03-02T18:00:00Z'), serviceDate: null }, []),
    ).toEqual({
      kind: 'none',
    });
  });

  it('uses the service date only when the note has no time', () => {
    expect(pickShiftForNote({ submittedAt: null, serviceDate: '2025-03-03' }, [morning, nextDay])).toEqual({
      kind: 'matched',
      shift: nextDay,
    });
    expect(
      pickShiftForNote({ submittedAt: null, serviceDate: '2025-03-02' }, [morning, afternoon, nextDay]).kind,
    ).toBe('ambiguous');
    expect(pickShiftForNote({ submittedAt: null, serviceDate: null }, [morning])).toEqual({ kind: 'none' });
    // A time wins over the date: the note at 18:00 on the 2nd is not "on the 3rd".
    expect(
      pickShiftForNote({ submittedAt: new Date('2025-03-02T18:00:00Z'), serviceDate: '2025-03-03' }, [
        morning,
        nextDay,
      ]),
    ).toEqual({ kind: 'matched', shift: morning });
  });
});
