/**
 * The readable fit score (issue 22 "Fit you can read"; decision 0059): hard filters exclude, factors add up with
 * their reasons, schedules compare in 15-minute slots, and properties over any input (0–100, eligibility iff no
 * exclusion, points never above their weight, more shared hours never lower the score).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIT_WEIGHTS,
  computeFit,
  fitExclusionsOf,
  fitWeights,
  scheduleSlots,
  type FitNeeds,
  type FitOffer,
} from './matchmaking-fit.ts';

const needs = (over: Partial<FitNeeds> = {}): FitNeeds => ({
  careType: 'personal_care',
  careDetails: {},
  languages: [],
  schedule: { monday: [{ start: '09:00', end: '13:00' }] },
  ...over,
});
const offer = (over: Partial<FitOffer> = {}): FitOffer => ({
  specialties: ['Personal care'],
  certifications: ['CNA'],
  languages: ['en'],
  canDrive: true,
  experienceYears: 10,
  schedule: { monday: [{ start: '08:00', end: '17:00' }] },
  ratingAverage: 5,
  ratingCount: 3,
  ...over,
});

describe('fit hard filters', () => {
  it('excludes for two-person transfers without a transfer skill, seizures without training, language, driving', () => {
    const client = needs({
      careDetails: {
        transfers: 'two_person',
        seizureSupport: 'frequent',
        caregiverLanguage: 'es',
        drivingNeeded: true,
      },
    });
    expect(fitExclusionsOf(client, offer({ canDrive: false }))).toEqual([
      'transfers',
      'seizures',
      'language',
      'driving',
    ]);
    const able = offer({ certifications: ['Hoyer lift', 'Seizure first aid'], languages: ['en', 'ES'] });
    expect(fitExclusionsOf(client, able)).toEqual([]);
  });

  it('keeps the score but marks the pair not eligible', () => {
    const fit = computeFit(needs({ careDetails: { drivingNeeded: true } }), offer({ canDrive: null }), 2);
    expect(fit.eligible).toBe(false);
    expect(fit.excludedBy).toEqual(['driving']);
    expect(fit.score).toBeGreaterThan(0);
  });
});

describe('fit factors', () => {
  it('gives 100 for a perfect pair at 0 km and says why for each factor', () => {
    const fit = computeFit(needs(), offer(), 0);
    expect(fit.score).toBe(100);
    expect(fit.missing).toEqual([]);
    expect(fit.reasons.map((r) => [r.factor, r.points, r.detail])).toEqual([
      ['skills', 30, 'skills_matched'],
      ['availability', 25, 'schedule_overlap'],
      ['distance', 20, 'distance_km'],
      ['preferences', 10, 'no_language_preference'],
      ['experience', 10, 'experience_years'],
      ['reliability', 5, 'rating_average'],
    ]);
  });

  it('compares schedules in 15-minute slots: 09:00–13:00 against 12:45–17:00 shares one slot of 16', () => {
    const fit = computeFit(needs(), offer({ schedule: { monday: [{ start: '12:45', end: '17:00' }] } }), 0);
    const availability = fit.reasons.find((r) => r.factor === 'availability');
    expect(availability?.values).toEqual({ percent: 6, hours: 0.3 });
    expect(availability?.points).toBe(1.6);
    expect(fit.missing).toContainEqual({ code: 'hours_uncovered' });
  });

  it('says what is missing: a skill, the distance, experience, the family language', () => {
    const fit = computeFit(
      needs({ careDetails: { medicationHelp: 'administration' }, languages: ['vi'] }),
      offer({ certifications: [], specialties: ['Companionship'], experienceYears: null }),
      null,
    );
    expect(fit.missing).toEqual([
      { code: 'skill', need: 'personal_care' },
      { code: 'skill', need: 'medication' },
      { code: 'distance' },
      { code: 'family_language' },
      { code: 'experience' },
    ]);
  });

  it('lowers distance points linearly to none at maxDistanceKm', () => {
    const at = (km: number) =>
      computeFit(needs(), offer(), km).reasons.find((r) => r.factor === 'distance')?.points;
    expect(at(20)).toBe(10);
    expect(at(40)).toBe(0);
    expect(at(400)).toBe(0);
  });

  it('follows the agency weights: only distance counts', () => {
    const weights = {
      ...DEFAULT_FIT_WEIGHTS,
      skills: 0,
      availability: 0,
      preferences: 0,
      experience: 0,
      reliability: 0,
    };
    expect(computeFit(needs(), offer({ experienceYears: 0 }), 10, weights).score).toBe(75);
  });

  it('refuses weights that are all 0', () => {
    const zero = {
      ...DEFAULT_FIT_WEIGHTS,
      skills: 0,
      availability: 0,
      distance: 0,
      preferences: 0,
      experience: 0,
      reliability: 0,
    };
    expect(fitWeights.safeParse(zero).success).toBe(false);
    expect(fitWeights.safeParse(DEFAULT_FIT_WEIGHTS).success).toBe(true);
  });

  it('counts the slots of a grid', () => {
    expect(
      scheduleSlots({
        monday: [{ start: '00:00', end: '01:00' }],
        sunday: [{ start: '23:45', end: '24:00' }],
      }).size,
    ).toBe(5);
  });
});

const time = fc.integer({ min: 0, max: 95 }).map((slot) => slot * 15);
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const range = fc.tuple(time, fc.integer({ min: 1, max: 16 })).map(([start, length]) => ({
  start: hhmm(start),
  end: hhmm(Math.min(24 * 60, start + length * 15)),
}));
const grid = fc.record({
  monday: fc.array(range, { maxLength: 1 }),
  friday: fc.array(range, { maxLength: 1 }),
});
const words = fc.subarray(['CNA', 'Hoyer lift', 'Seizure care', 'Companion', 'Respite', 'Behavior support']);
const arbitraryOffer = fc.record({
  specialties: words,
  certifications: words,
  languages: fc.subarray(['en', 'es', 'vi']),
  canDrive: fc.constantFrom(true, false, null),
  experienceYears: fc.option(fc.integer({ min: 0, max: 40 })),
  schedule: fc.option(grid),
  ratingAverage: fc.option(fc.double({ min: 1, max: 5, noNaN: true })),
  ratingCount: fc.integer({ min: 0, max: 9 }),
});
const arbitraryNeeds = fc.record({
  careType: fc.constantFrom('personal_care', 'companionship', 'respite', null),
  careDetails: fc.record({
    transfers: fc.constantFrom('independent', 'one_person', 'two_person', 'mechanical_lift', null),
    seizureSupport: fc.constantFrom('none', 'occasional', 'frequent', null),
    caregiverLanguage: fc.constantFrom('es', 'en', null),
    drivingNeeded: fc.constantFrom(true, false, null),
  }),
  languages: fc.subarray(['en', 'es']),
  schedule: fc.option(grid),
});
const arbitraryWeights = fc.record({
  skills: fc.integer({ min: 0, max: 100 }),
  availability: fc.integer({ min: 0, max: 100 }),
  distance: fc.integer({ min: 0, max: 100 }),
  preferences: fc.integer({ min: 0, max: 100 }),
  experience: fc.integer({ min: 0, max: 100 }),
  reliability: fc.integer({ min: 1, max: 100 }),
  maxDistanceKm: fc.integer({ min: 1, max: 500 }),
});
const km = fc.option(fc.double({ min: 0, max: 1000, noNaN: true }));

describe('fit properties', () => {
  it('scores 0–100, eligible iff nothing excludes, and no factor above its weight', () => {
    fc.assert(
      fc.property(arbitraryNeeds, arbitraryOffer, km, arbitraryWeights, (n, o, d, w) => {
        const fit = computeFit(n, o, d, w);
        expect(Number.isInteger(fit.score) && fit.score >= 0 && fit.score <= 100).toBe(true);
        expect(fit.eligible).toBe(fit.excludedBy.length === 0);
        for (const reason of fit.reasons) expect(reason.points).toBeLessThanOrEqual(reason.maxPoints);
        expect(computeFit(n, o, d, w)).toEqual(fit);
      }),
    );
  });

  it('never lowers the score when the caregiver is free every hour the client needs', () => {
    fc.assert(
      fc.property(arbitraryNeeds, arbitraryOffer, km, (n, o, d) => {
        const before = computeFit(n, o, d);
        const after = computeFit(
          n,
          { ...o, schedule: n.schedule && Object.keys(n.schedule).length ? { ...n.schedule } : o.schedule },
          d,
        );
        if (scheduleSlots(n.schedule).size > 0 && scheduleSlots(o.schedule).size > 0)
          expect(after.score).toBeGreaterThanOrEqual(before.score);
      }),
    );
  });
});
