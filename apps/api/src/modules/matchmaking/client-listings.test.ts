import { describe, expect, it } from 'vitest';
import { missingListingFields, newUniqueKey } from './client-listings.service.ts';

describe('missingListingFields', () => {
  it('names each required field that is null or blank, in the contract order', () => {
    expect(
      missingListingFields({
        firstName: 'Ann',
        zipCode: null,
        careType: 'respite',
        hoursNeeded: null,
        careNeededDescription: '  ',
      }),
    ).toEqual(['zipCode', 'hoursNeeded', 'careNeededDescription']);
    expect(
      missingListingFields({
        firstName: 'Ann',
        zipCode: '97401',
        careType: 'respite',
        hoursNeeded: 0.5,
        careNeededDescription: 'Meals',
      }),
    ).toEqual([]);
  });
});

describe('newUniqueKey', () => {
  it('is 32 random bytes in base64url, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newUniqueKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(Buffer.from(key, 'base64url')).toHaveLength(32);
  });
});
