/** Column-map suggestions shared by every import kind. Pure. */
import { describe, expect, it } from 'vitest';
import {
  applySavedColumnMap,
  headerMeaning,
  headerSignature,
  PERSON_ID_SYNONYMS,
  suggestFromSynonyms,
} from './column-map.ts';

const synonyms = { documentation: ['documentation', 'note'], prompt: ['prompt', 'note'] } as const;

describe('suggestFromSynonyms', () => {
  it('maps headers by normalised name, drops a trailing note, gives a spelling to the first field and a field to the first header', () => {
    expect(suggestFromSynonyms(['Note (text)', 'PROMPT', 'Documentation', 'Other'], synonyms)).toEqual({
      'Note (text)': 'documentation',
      PROMPT: 'prompt',
    });
  });
});

describe('headerSignature / applySavedColumnMap', () => {
  it('recognises the same header in another spelling and re-keys the saved map', () => {
    expect(headerSignature(['Shift ID', 'Note'])).toBe(headerSignature(['shift_id', 'NOTE']));
    expect(headerSignature(['Note', 'Shift ID'])).not.toBe(headerSignature(['Shift ID', 'Note']));
    expect(applySavedColumnMap({ 'Shift ID': 'givShiftId', Gone: 'x' }, ['shift_id', 'Note'])).toEqual({
      shift_id: 'givShiftId',
    });
  });
});

describe('headerMeaning (decision 0035)', () => {
  it.each([
    ['Employee #', 'employeeid'],
    ['Employee#', 'employeeid'],
    ['Employee No.', 'employeeid'],
    ['Employee No', 'employeeid'],
    ['Employee Nbr', 'employeeid'],
    ['Employee Num', 'employeeid'],
    ['Employee Number', 'employeeid'],
    ['Employee ID', 'employeeid'],
    ['EMPLOYEE_ID', 'employeeid'],
    ['Employee ID #', 'employeeid'],
    ['Employee Identifier', 'employeeid'],
    ['Medicaid #', 'medicaidid'],
    ['Participant PID', 'participantpid'],
    ['Prime No.', 'primeid'],
    ['#', 'id'],
  ])('%s reads %s', (header, meaning) => {
    expect(headerMeaning(header)).toBe(meaning);
  });

  it('keeps words that only look like "number" where they do not end the header', () => {
    expect(headerMeaning('No Show')).toBe('noshow');
    expect(headerMeaning('Number of units')).toBe('numberofunits');
    expect(headerMeaning('Employee Name')).toBe('employeename');
    expect(headerMeaning('No')).toBe('no');
  });
});

describe('suggestFromSynonyms with person ids', () => {
  const synonyms = {
    caregiverName: ['employee', 'employeename'],
    caregiverId: PERSON_ID_SYNONYMS.caregiver,
    clientName: ['participant', 'participantname'],
    clientId: PERSON_ID_SYNONYMS.client,
  } as const;

  it('maps Employee # as the caregiver id, not a second caregiver name (issue 16)', () => {
    expect(
      suggestFromSynonyms(['Employee #', 'Employee Name', 'Participant PID', 'Participant Name'], synonyms),
    ).toEqual({
      'Employee #': 'caregiverId',
      'Employee Name': 'caregiverName',
      'Participant PID': 'clientId',
      'Participant Name': 'clientName',
    });
  });

  it('still maps a bare Employee column as the caregiver name', () => {
    expect(suggestFromSynonyms(['Employee', 'Employee No.'], synonyms)).toEqual({
      Employee: 'caregiverName',
      'Employee No.': 'caregiverId',
    });
  });

  it.each([
    'Employee #',
    'Employee No.',
    'Employee Nbr',
    'Employee ID',
    'Emp #',
    'Staff ID',
    'Staff #',
    'Worker ID',
    'DSP ID',
    'DSP #',
    'Aide Code',
    'Caregiver Code',
    'Caregiver ID',
    'Individual Provider ID',
    'Payroll ID',
    'EmployeeOtherID',
    'Employee Identifier',
  ])('%s is a caregiver id', (header) => {
    expect(suggestFromSynonyms([header], synonyms)).toEqual({ [header]: 'caregiverId' });
  });

  it.each([
    'Participant PID',
    'PID',
    'Participant ID',
    'Participant #',
    'Consumer ID',
    'Member ID',
    'Member #',
    'Client ID',
    'Client #',
    'Recipient ID',
    'Patient ID',
    'Medicaid #',
    'Medicaid ID',
    'Medicaid No.',
    'Medicaid Number',
    'Prime',
    'Prime #',
    'Client Prime',
  ])('%s is a client id', (header) => {
    expect(suggestFromSynonyms([header], synonyms)).toEqual({ [header]: 'clientId' });
  });

  it('leaves Provider ID out of the caregiver ids: in EVV files the provider is the agency', () => {
    expect(suggestFromSynonyms(['Provider ID'], synonyms)).toEqual({});
  });
});
