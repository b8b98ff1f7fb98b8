/** Parsing the values a person marked on a scan (issue 23; ocr-staging.ts). */
import { describe, expect, it } from 'vitest';
import { parseWrittenDate, parseWrittenTime, toStagedInputs } from './ocr-staging.ts';

describe('written dates', () => {
  it.each([
    ['03/14/2026', '2026-03-14'],
    ['3/4/26', '2026-03-04'],
    ['3-14-2026', '2026-03-14'],
    ['2026-03-14', '2026-03-14'],
    ['March 14, 2026', '2026-03-14'],
    ['Mar 14 2026', '2026-03-14'],
  ])('%s is %s', (written, iso) => expect(parseWrittenDate(written)).toBe(iso));

  it.each(['13/45/2026', '02/30/2026', 'O3/14/2026', '', '14/03/1899'])('refuses %j', (written) =>
    expect(parseWrittenDate(written)).toBeNull(),
  );
});

describe('written times', () => {
  it.each([
    ['9:00 AM', '09:00'],
    ['9:00am', '09:00'],
    ['9 a.m.', '09:00'],
    ['12:45PM', '12:45'],
    ['12:00 AM', '00:00'],
    ['1:30 pm', '13:30'],
    ['13:30', '13:30'],
    ['0930', '09:30'],
  ])('%s is %s', (written, hhmm) => expect(parseWrittenTime(written)).toBe(hhmm));

  it.each(['nine', '25:00', '9:75 AM', '4M', ''])('refuses %j', (written) =>
    expect(parseWrittenTime(written)).toBeNull(),
  );
});

describe('marked rows → staging input', () => {
  const row = {
    pageNumber: 1,
    date: '03/02/2026',
    start: '9:00 AM',
    end: '1:30 PM',
    caregiverName: ' Maria   Lopez ',
    clientName: "Henry O'Neil-Walsh",
    billingCode: ' t1019 ',
  };

  it('parses every field and leaves the GIV ids empty', () => {
    expect(toStagedInputs([row])).toEqual([
      {
        givShiftId: null,
        caregiverName: 'Maria Lopez',
        caregiverGivId: null,
        clientName: "Henry O'Neil-Walsh",
        clientGivId: null,
        date: '2026-03-02',
        start: '09:00',
        end: '13:30',
        billingCode: 'T1019',
      },
    ]);
    expect(toStagedInputs([{ ...row, billingCode: '' }])[0]?.billingCode).toBeNull();
    // An overnight visit ends before it starts.
    expect(toStagedInputs([{ ...row, start: '10:00 PM', end: '6:00 AM' }])[0]).toMatchObject({
      start: '22:00',
      end: '06:00',
    });
  });

  it('names the first field that cannot be read, with the row index', () => {
    const fails = (patch: Partial<typeof row>, path: string) =>
      expect(() => toStagedInputs([row, { ...row, ...patch }])).toThrow(
        expect.objectContaining({ errors: [expect.objectContaining({ path })] }),
      );
    fails({ date: '31/31/2026' }, 'rows.1.date');
    fails({ start: 'x' }, 'rows.1.start');
    fails({ end: '9:00' }, 'rows.1.end');
    fails({ caregiverName: '12:45' }, 'rows.1.caregiverName');
    fails({ clientName: '|' }, 'rows.1.clientName');
    fails({ billingCode: 'T 1019!' }, 'rows.1.billingCode');
  });
});
