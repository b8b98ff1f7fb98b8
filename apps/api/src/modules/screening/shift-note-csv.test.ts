/** Reading one shift-notes CSV row (docs/shift-notes.md "The notes file"). Pure. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nameKey } from '../people/people-matching.ts';
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
        documentation: ' Went to the park ',
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

  it('stores the documentation as sent, reads null tokens as absent elsewhere, and keeps the import key of before (decision 0036)', () => {
    const documentation = '\t\tFell in the kitchen.\u2028\u3000';
    const parsed = read([
      '',
      'Jane Doe',
      'John Roe',
      '',
      '2025-03-02 10:00',
      ' Q? ',
      documentation,
      'N/A',
      'NULL',
    ]);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.record).toMatchObject({ documentation, prompt: 'Q?', sectionType: null, staffName: null });
    // The key is the pre-0036 formula over the cells as they were read then (trimmed, tokens as text).
    const before = createHash('sha256')
      .update(
        JSON.stringify([
          null,
          nameKey('Jane Doe'),
          nameKey('John Roe'),
          null,
          '2025-03-02T18:00:00.000Z',
          'Q?',
          documentation.trim(),
          'N/A',
          'NULL',
        ]),
      )
      .digest('hex');
    expect(parsed.record.importKey).toBe(before);
    // "N/A" is a caregiver's answer: kept, not read as a missing (required) documentation.
    const answer = read(['S-1', '', '', '', '', '', 'N/A', '', '']);
    expect(answer).toMatchObject({ ok: true, record: { documentation: 'N/A' } });
    expect(read(['S-1', '', '', '', '', '', ' \t ', '', ''])).toMatchObject({
      ok: false,
      problems: [{ field: 'Text', reason: 'is required' }],
    });
  });

  it('rejects a service date in year 0000', () => {
    expect(read(['S-1', '', '', '01/01/0000', '', '', 'x', '', ''])).toMatchObject({
      ok: false,
      problems: [{ field: 'Date', reason: 'is not a date: years run 0001–9999' }],
    });
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
