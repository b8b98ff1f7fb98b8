import { describe, expect, it } from 'vitest';
import { caregiverCardOf, clientCardOf } from './cards.ts';
import type { tinderCaregivers, tinderClients } from './matchmaking.table.ts';

const now = new Date('2026-11-01T00:00:00Z');
const caregiver = {
  id: '11111111-1111-4111-8111-111111111111',
  uniqueKey: 'cg-key',
  firstName: 'Rosa',
  middleName: 'M',
  lastName: 'díaz',
  email: 'rosa@example.org',
  phoneNumber: '+15035550100',
  address: '12 Oak St',
  dob: '1990-01-01',
  city: 'Eugene',
  state: 'OR',
  zipCode: '97401',
  latitude: 44.0682,
  longitude: -123.0819,
  availabilityStatus: 'soon',
  availableFrom: '2026-12-01',
  languages: ['en', 'es'],
  experienceYears: 4,
  specialties: ['autism'],
  certifications: ['CPR'],
  canDrive: true,
  backgroundCheckedAt: now,
  backgroundCheckExpiresAt: '2028-11-01',
  verifiedAt: now,
  verificationMethod: 'provider_number',
  profilePicture: 'abc.webp',
} as unknown as typeof tinderCaregivers.$inferSelect;

describe('cards', () => {
  it('show a caregiver by first name and last initial, never contact details or the address', () => {
    const card = caregiverCardOf(caregiver);
    expect(card).toMatchObject({
      firstName: 'Rosa',
      lastInitial: 'D',
      city: 'Eugene',
      availabilityStatus: 'soon',
      verified: true,
      verificationMethod: 'provider_number',
      photoUrl: '/api/matchmaking/media/photos/abc.webp',
      backgroundCheckedAt: '2026-11-01T00:00:00.000Z',
    });
    const shown = JSON.stringify(card);
    for (const hidden of ['díaz', 'rosa@example.org', '5550100', 'Oak', '1990', '44.0682', 'M"'])
      expect(shown).not.toContain(hidden);
  });

  it('show a client the same way, and unknown statuses as none', () => {
    const card = clientCardOf({
      ...caregiver,
      lastName: null,
      careType: 'companion',
      levelCareNeeded: 'moderate',
      hoursNeeded: 20,
      hoursNeededCategory: 'part-time',
      careNeededDescription: 'Afternoons',
      verifiedAt: null,
      profilePicture: null,
    } as unknown as typeof tinderClients.$inferSelect);
    expect(card).toMatchObject({ firstName: 'Rosa', lastInitial: null, verified: false, photoUrl: null });
    expect(JSON.stringify(card)).not.toContain('Oak');
    expect(caregiverCardOf({ ...caregiver, availabilityStatus: 'whenever' }).availabilityStatus).toBeNull();
  });
});
