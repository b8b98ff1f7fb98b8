import { describe, expect, it } from 'vitest';
import {
  caregiverAdditionalInfoInput,
  caregiverBioInput,
  caregiverFormInput,
  composeCaregiverBio,
  missingCaregiverListingFields,
} from './matchmaking-caregivers.ts';

describe('composeCaregiverBio', () => {
  it('joins the answered prompts in prompt order as paragraphs, trimmed', () => {
    expect(
      composeCaregiverBio({ familiesShouldKnow: ' I drive. ', whyCare: 'My mother.', experience: '' }),
    ).toBe('My mother.\n\nI drive.');
  });
  it('is empty when nothing is answered', () => {
    expect(composeCaregiverBio({})).toBe('');
    expect(composeCaregiverBio({ whyCare: '   ' })).toBe('');
  });
});

describe('missingCaregiverListingFields', () => {
  const complete = {
    firstName: 'Rosa',
    zipCode: '97401',
    availabilityStatus: 'available',
    hasCurrentBio: true,
  };
  it('is empty for a complete listing', () => {
    expect(missingCaregiverListingFields(complete)).toEqual([]);
  });
  it('names each missing field in order, blank text counting as missing', () => {
    expect(
      missingCaregiverListingFields({
        firstName: ' ',
        zipCode: null,
        availabilityStatus: null,
        hasCurrentBio: false,
      }),
    ).toEqual(['firstName', 'zipCode', 'availabilityStatus', 'bio']);
    expect(missingCaregiverListingFields({ ...complete, hasCurrentBio: false })).toEqual(['bio']);
  });
});

describe('caregiver input schemas', () => {
  it('accepts first name, last name and ZIP alone', () => {
    const parsed = caregiverFormInput.parse({ firstName: ' Rosa ', lastName: 'Q', zipCode: '97401-1234' });
    expect(parsed).toMatchObject({
      firstName: 'Rosa',
      languages: [],
      smsNotificationsEnabled: false,
      email: null,
    });
  });
  it('refuses a bio shorter than the minimum and a soon availability without a date', () => {
    expect(caregiverBioInput.safeParse({ bio: 'short' }).success).toBe(false);
    const soon = caregiverAdditionalInfoInput.safeParse({ availabilityStatus: 'soon' });
    expect(soon.success).toBe(false);
    expect(soon.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['availableFrom']);
  });
});
