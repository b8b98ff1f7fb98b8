import { describe, expect, it } from 'vitest';
import { personOptions } from './person-select.tsx';

describe('personOptions', () => {
  it('labels people by name, and tells apart those who share one by their identifier', () => {
    expect(
      personOptions([
        { id: 'a', name: 'Micah Sato', archived: false, pid: 'DM100000' },
        { id: 'b', name: 'Micah Sato', archived: true, pid: 'DM107919' },
        { id: 'c', name: 'Avery Kim', archived: false, pid: 'DM115838' },
        { id: 'd', name: 'Micah Sato', archived: false, pid: null },
      ]),
    ).toEqual([
      { value: 'a', label: 'Micah Sato · DM100000' },
      { value: 'b', label: 'Micah Sato · DM107919 (archived)' },
      { value: 'c', label: 'Avery Kim' },
      { value: 'd', label: 'Micah Sato' },
    ]);
    expect(
      personOptions([
        { id: 'e', name: 'Jordan Lee', archived: false, externalId: 'EMP1000' },
        { id: 'f', name: 'Jordan Lee', archived: false, externalId: 'EMP1001' },
      ]).map((option) => option.label),
    ).toEqual(['Jordan Lee · EMP1000', 'Jordan Lee · EMP1001']);
  });
});
