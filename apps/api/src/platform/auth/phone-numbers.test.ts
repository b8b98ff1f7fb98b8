/**
 * Phone numbers as people type them (docs/decisions/0019-caregiver-sms-codes.md): read in the default country,
 * stored E.164, shown national or international; anything else is not a number.
 */
import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, isPhoneCountry, normalisePhoneNumber, phoneFieldValue } from './phone-numbers.ts';

describe('normalisePhoneNumber', () => {
  it.each([
    ['(503) 555-0100', '+15035550100'],
    ['503.555.0100', '+15035550100'],
    ['503-555-0100', '+15035550100'],
    ['1-503-555-0100', '+15035550100'],
    ['  +1 503 555 0100  ', '+15035550100'],
    ['+15035550100', '+15035550100'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('reads %j as %s in the US', (typed, e164) => {
    expect(normalisePhoneNumber(typed, 'US')).toBe(e164);
  });

  it('reads a number without a country code in the given country', () => {
    expect(normalisePhoneNumber('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(normalisePhoneNumber('020 7946 0958', 'US')).toBeNull();
    expect(normalisePhoneNumber('(503) 555-0100', 'GB')).toBeNull();
  });

  it.each([
    '',
    '   ',
    '555-0100',
    '12345',
    '(503) 555-01',
    '+1 503 555 01OO',
    '+15035550100abc',
    'tel:+15035550100',
    '(503) 555-0100 ext. 12',
    '+1 555 555 5555',
    '9'.repeat(65),
    "'; drop table auth_user; --",
  ])('refuses %j', (typed) => {
    expect(normalisePhoneNumber(typed, 'US')).toBeNull();
  });
});

describe('formatPhoneNumber', () => {
  it('shows a number of the default country nationally and any other internationally', () => {
    expect(formatPhoneNumber('+15035550100', 'US')).toBe('(503) 555-0100');
    expect(formatPhoneNumber('+442079460958', 'US')).toBe('+44 20 7946 0958');
    expect(formatPhoneNumber('+442079460958', 'GB')).toBe('020 7946 0958');
    expect(formatPhoneNumber('+15035550100', 'GB')).toBe('+1 503 555 0100');
  });

  it('leaves a stored value that is not a number as it is', () => {
    expect(formatPhoneNumber('ask the office', 'US')).toBe('ask the office');
  });
});

describe('phoneFieldValue', () => {
  it('is null for no phone, E.164 for a number, and a 400 naming the field otherwise', () => {
    expect(phoneFieldValue(undefined)).toBeNull();
    expect(phoneFieldValue(null)).toBeNull();
    expect(phoneFieldValue('  ')).toBeNull();
    expect(phoneFieldValue('(503) 555-0100')).toBe('+15035550100');
    expect(() => phoneFieldValue('555-0100')).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        errors: [{ path: 'phone', message: 'is not a valid phone number' }],
      }),
    );
  });
});

describe('isPhoneCountry', () => {
  it('knows ISO 3166-1 alpha-2 codes with numbering rules, upper case', () => {
    expect(isPhoneCountry('US')).toBe(true);
    expect(isPhoneCountry('GB')).toBe(true);
    expect(isPhoneCountry('XX')).toBe(false);
    expect(isPhoneCountry('us')).toBe(false);
  });
});
