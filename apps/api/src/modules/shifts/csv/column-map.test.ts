import { columnMapProblems } from '@tend/contracts';
import { describe, expect, it } from 'vitest';
import { applySavedColumnMap, headerSignature, normalizeHeader, suggestColumnMap } from './column-map.ts';

describe('suggestColumnMap', () => {
  it('maps a GIV-style header', () => {
    const headers = [
      'Shift ID',
      'Caregiver',
      'Caregiver ID',
      'Client',
      'Date',
      'Clock In',
      'Clock Out',
      'Clock In Lat',
      'Clock In Long',
      'Clock Out Lat',
      'Clock Out Long',
      'Service Code',
      'Modifier',
      'Time Zone',
      'Notes',
      'Supervisor',
    ];
    const map = suggestColumnMap(headers);
    expect(map).toEqual({
      'Shift ID': 'givShiftId',
      Caregiver: 'caregiverName',
      'Caregiver ID': 'caregiverExternalId',
      Client: 'clientName',
      Date: 'date',
      'Clock In': 'evvInTime',
      'Clock Out': 'evvOutTime',
      'Clock In Lat': 'evvInLat',
      'Clock In Long': 'evvInLong',
      'Clock Out Lat': 'evvOutLat',
      'Clock Out Long': 'evvOutLong',
      'Service Code': 'billingCode',
      Modifier: 'mod1',
      'Time Zone': 'timeZone',
      Notes: 'notes',
    });
    expect(columnMapProblems(map)).toEqual([]);
  });

  it('maps an aggregator-style header with one GPS cell per side', () => {
    const headers = [
      'VisitID',
      'Employee Name',
      'Member Name',
      'Service Date',
      'Start Time',
      'End Time',
      'In GPS',
      'Out GPS',
      'Procedure',
      'Mod',
      'Provider ID',
      'Medicaid ID',
    ];
    const map = suggestColumnMap(headers);
    expect(map).toEqual({
      VisitID: 'givShiftId',
      'Employee Name': 'caregiverName',
      'Member Name': 'clientName',
      'Service Date': 'date',
      'Start Time': 'evvInTime',
      'End Time': 'evvOutTime',
      'In GPS': 'evvInCoordinates',
      'Out GPS': 'evvOutCoordinates',
      Procedure: 'billingCode',
      Mod: 'mod1',
      'Provider ID': 'providerMedicaidId',
      'Medicaid ID': 'pid',
    });
    expect(columnMapProblems(map)).toEqual([]);
  });

  it('copes with an odd dialect: punctuation, case, notes in brackets, repeats, half pairs', () => {
    const headers = [
      'visit #',
      'AIDE',
      'employee_id',
      'Patient',
      'D.O.S.',
      'Time-In (local)',
      'TIME OUT (local)',
      'Check-In Lat',
      'HCPCS',
      'Comments',
      'comments',
      'Clock-Out Location',
      'Unrelated',
    ];
    const map = suggestColumnMap(headers);
    expect(map).toEqual({
      'visit #': 'givShiftId',
      AIDE: 'caregiverName',
      employee_id: 'caregiverExternalId',
      Patient: 'clientName',
      'D.O.S.': 'date',
      'Time-In (local)': 'evvInTime',
      'TIME OUT (local)': 'evvOutTime',
      HCPCS: 'billingCode',
      Comments: 'notes',
      'Clock-Out Location': 'evvOutCoordinates',
    });
    expect(columnMapProblems(map)).toEqual([]);
  });

  it('prefers two coordinate columns over one cell, and maps nothing it does not know', () => {
    expect(suggestColumnMap(['In Lat', 'In Long', 'In GPS'])).toEqual({
      'In Lat': 'evvInLat',
      'In Long': 'evvInLong',
    });
    expect(suggestColumnMap(['Foo', 'Bar', '__proto__', 'constructor'])).toEqual({});
  });
});

describe('suggestColumnMap: person ids (issue 16, decision 0035)', () => {
  it('maps Employee # and Participant PID as ids beside their name columns', () => {
    const headers = [
      'Visit #',
      'Employee #',
      'Employee Name',
      'Participant PID',
      'Participant Name',
      'Service Date',
      'Time In',
      'Time Out',
      'Provider ID',
    ];
    const map = suggestColumnMap(headers);
    expect(map).toEqual({
      'Visit #': 'givShiftId',
      'Employee #': 'caregiverExternalId',
      'Employee Name': 'caregiverName',
      'Participant PID': 'pid',
      'Participant Name': 'clientName',
      'Service Date': 'date',
      'Time In': 'evvInTime',
      'Time Out': 'evvOutTime',
      'Provider ID': 'providerMedicaidId',
    });
    expect(columnMapProblems(map)).toEqual([]);
  });

  it.each([
    ['Staff No.', 'caregiverExternalId'],
    ['Worker Nbr', 'caregiverExternalId'],
    ['DSP ID', 'caregiverExternalId'],
    ['Employee Number', 'caregiverExternalId'],
    ['Consumer ID', 'pid'],
    ['Member #', 'pid'],
    ['Recipient ID', 'pid'],
    ['Client ID', 'pid'],
    ['Medicaid #', 'pid'],
    ['Prime', 'pid'],
    ['Shift No.', 'givShiftId'],
  ])('%s → %s', (header, field) => {
    expect(suggestColumnMap([header])).toEqual({ [header]: field });
  });

  it('keeps a bare Employee or Participant column a name', () => {
    expect(suggestColumnMap(['Employee', 'Participant'])).toEqual({
      Employee: 'caregiverName',
      Participant: 'clientName',
    });
  });
});

describe('headerSignature', () => {
  it('is a sha256 hex that ignores case, spaces and punctuation but not names or order', () => {
    const a = headerSignature(['Shift ID', 'Clock-In', 'Notes']);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(headerSignature(['shift_id', ' CLOCK IN ', 'notes.'])).toBe(a);
    expect(headerSignature(['Shift ID', 'Clock Out', 'Notes'])).not.toBe(a);
    expect(headerSignature(['Notes', 'Shift ID', 'Clock-In'])).not.toBe(a);
    expect(headerSignature(['Shift ID', 'Clock-In'])).not.toBe(a);
  });

  it('normalises Unicode compatibly', () => {
    expect(normalizeHeader('Ｓｈｉｆｔ　ＩＤ')).toBe('shiftid');
    expect(normalizeHeader('Zoë Name')).toBe('zoëname');
  });
});

describe('applySavedColumnMap', () => {
  it('re-keys a saved map onto a differently spelled header', () => {
    const saved = { 'Shift ID': 'givShiftId', 'Clock-In': 'evvInTime', Gone: 'notes' } as const;
    expect(applySavedColumnMap(saved, ['shift id', 'CLOCK IN'])).toEqual({
      'shift id': 'givShiftId',
      'CLOCK IN': 'evvInTime',
    });
  });
});
