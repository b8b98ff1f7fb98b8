/** Reading one shift-notes CSV row (docs/shift-notes.md "The notes file"). Pure. */
import { describe, expect, it } from 'vitest';
import { csvRowToNote } from './shift-note-csv.ts';

const headers = ['Shift', 'Caregiver', 'Client', 'Date', 'Submitted', 'Prompt', 'Text', 'Section', 'Staff'];
const map = {
  Shift: 'givShiftId',
  Caregiver: 'caregiverName',
  Client: 'clientName',
  Date: 'date',
  Submitted: 'submittedAt',
  Prompt: 'prompt',
  Text: 'documentation',
  Section: 'sectionType',
  Staff: 'staffName',
};
const read = (values: string[], options = { timeZone: 'America/Los_Angeles' }) =>
  csvRowToNote({ line: 2, values }, headers, map, options);

describe('csvRowToNote', () => {
  it('reads a note with a local submitted time in the import zone', () => {
    const parsed = read([
      '',
      'Jane Doe',
      'John Roe',
      '',
      '03/02/2025 2:15 PM',
      'Q?',
      ' Went to the park ',
      'Daily',
      'Jane',
    ]);
    expect(parsed).toMatchObject({
      ok: true,
      record: {
        givShiftId: null,
        caregiver: { name: 'Jane Doe', externalId: null },
        client: { name: 'John Roe', pid: null },
        submittedAt: new Date('2025-03-02T22:15:00Z'),
        documentation: 'Went to the park',
        sectionType: 'Daily',
        staffName: 'Jane',
      },
    });
  });

  it('keeps an offset in the cell, and combines a time of day with the service date', () => {
    expect(read(['S-1', '', '', '', '2025-03-02T14:15:00-05:00', '', 'x', '', ''])).toMatchObject({
      ok: true,
      record: { submittedAt: new Date('2025-03-02T19:15:00Z') },
    });
    expect(read(['', 'J', 'K', '2025-07-04', '09:30', '', 'x', '', ''])).toMatchObject({
      ok: true,
      record: { submittedAt: new Date('2025-07-04T16:30:00Z'), serviceDate: '2025-07-04' },
    });
  });

  it('gives the same import key to the same note and another to a changed one', () => {
    const a = read(['', 'María', 'K', '', '2025-03-02 10:00', '', 'x', '', '']);
    const b = read(['', 'Maria', 'K', '', '2025-03-02 10:00', '', 'x', '', '']);
    const c = read(['', 'Maria', 'K', '', '2025-03-02 10:00', '', 'y', '', '']);
    if (!a.ok || !b.ok || !c.ok) throw new Error('should parse');
    expect(a.record.importKey).toBe(b.record.importKey);
    expect(c.record.importKey).not.toBe(a.record.importKey);
    expect(a.key).toBe(a.record.importKey);
  });

  it('reports every problem of a row with the header it is in', () => {
    expect(read(['', '', '', '', 'yesterday', '', '', '', ''])).toEqual({
      ok: false,
      key: null,
      problems: [
        { field: 'Text', reason: 'is required' },
        { field: 'Caregiver', reason: 'is required to find the note’s shift when it has no shift id' },
        { field: 'Client', reason: 'is required to find the note’s shift when it has no shift id' },
        { field: 'Submitted', reason: expect.stringMatching(/^is not a time/) },
      ],
    });
    expect(read(['S-1', '', '', '', '10:00', '', 'x', '', ''])).toMatchObject({
      ok: false,
      problems: [{ field: 'Submitted', reason: expect.stringMatching(/^has a time of day only/) }],
    });
    expect(read(['S-1', '', '', '', '', '', 'a\u0000b', '', ''])).toMatchObject({
      ok: false,
      problems: [{ field: 'Text', reason: 'contains a NUL character, which cannot be stored' }],
    });
    expect(read(['S-1', '', '', '', '', '', 'x'.repeat(20001), '', ''])).toMatchObject({
      ok: false,
      problems: [{ field: 'Text', reason: 'is longer than 20000 characters (20001)' }],
    });
    expect(read(['S-1', 'x'])).toMatchObject({ ok: false, problems: [{ field: 'row' }] });
  });

  it('needs no people or time when the note names its shift', () => {
    expect(read(['S-9', '', '', '', '', '', 'Fine', '', ''])).toMatchObject({
      ok: true,
      record: { givShiftId: 'S-9' },
    });
  });
});
