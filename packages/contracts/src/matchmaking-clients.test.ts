import { describe, expect, it } from 'vitest';
import { ageOn, clientCareDetailsInput, clientListingInput, hoursCategoryOf } from './matchmaking-clients.ts';

describe('hoursCategoryOf', () => {
  it('buckets hours per week at 10, 30 and 60', () => {
    expect([null, 1, 9.5, 10, 29, 30, 59.75, 60, 168].map(hoursCategoryOf)).toEqual([
      null,
      'occasional',
      'occasional',
      'part_time',
      'part_time',
      'full_time',
      'full_time',
      'around_the_clock',
      'around_the_clock',
    ]);
  });
});

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('1950-06-15', '2026-06-14')).toBe(75);
    expect(ageOn('1950-06-15', '2026-06-15')).toBe(76);
    expect(ageOn('1950-12-31', '2026-01-01')).toBe(75);
  });
  it('counts a 29 February birthday on 1 March in other years', () => {
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
  });
});

describe('client listing input', () => {
  it('takes empty numbers as none and drops repeated languages', () => {
    const parsed = clientListingInput.parse({
      firstName: ' Ann ',
      hoursNeeded: '',
      age: null,
      languages: ['en', 'en'],
    });
    expect(parsed).toMatchObject({ firstName: 'Ann', hoursNeeded: null, age: null, languages: ['en'] });
  });
  it('names the field of a bad care-details answer', () => {
    const result = clientCareDetailsInput.safeParse({ careDetails: { diet: ['chocolate'] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['careDetails', 'diet', 0]);
  });
});
