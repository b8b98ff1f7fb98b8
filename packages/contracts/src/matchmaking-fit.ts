/**
 * The readable fit score of a caregiver listing for a client listing (issue 22 "Fit you can read"; decision 0059).
 *
 * - Hard filters from the client's care details EXCLUDE rather than lower: transfers with two people or a lift need a
 *   transfer/lift skill, seizure support needs seizure training, `caregiverLanguage` must be one the caregiver speaks,
 *   `drivingNeeded` needs a caregiver who drives (`fitExclusions`).
 * - The score is a weighted sum of six factors an agency tunes (`FitWeights`, setting `matchmaking_fit`): skills
 *   (care type and care tasks vs. specialties and certifications), availability (weekly schedules compared in
 *   15-minute slots), distance (full points at 0 km, none at `maxDistanceKm` or beyond), preferences (a language of
 *   the family), experience (years, full at 10), reliability (average rating, 1 star = 0, 5 stars = full; half
 *   points without ratings). Score = round(100 × points ÷ sum of weights).
 * - Every factor says why (`reasons`: its points, its maximum, a code and values the pages put into words) and what
 *   is missing (`missing`: codes the pages translate). Pure: the API ranks with it and tests pin it.
 */
import { z } from 'zod';
import { SCHEDULE_SLOT_MINUTES, minutesOf, weekDays, type WeeklyGrid } from './schedule-prompt.ts';

/** The factors of the weighted sum (issue 22: skills, availability, distance, preferences, experience, reliability). */
export const fitFactors = [
  'skills',
  'availability',
  'distance',
  'preferences',
  'experience',
  'reliability',
] as const;
export type FitFactor = (typeof fitFactors)[number];

/** The hard filters (issue 22: transfers, seizure training, language, driving). */
export const fitExclusions = ['transfers', 'seizures', 'language', 'driving'] as const;
export type FitExclusion = (typeof fitExclusions)[number];

const weight = z
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(0, { message: 'must be 0 or more' })
  .max(100, { message: 'must be at most 100' });

/** Agency-tunable weights (points each factor can give before scaling to 0–100). */
export const fitWeights = z
  .object({
    skills: weight,
    availability: weight,
    distance: weight,
    preferences: weight,
    experience: weight,
    reliability: weight,
    /** Distance giving no distance points (km). */
    maxDistanceKm: z
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number of kilometres' })
      .min(1, { message: 'must be at least 1 km' })
      .max(500, { message: 'must be at most 500 km' }),
  })
  .refine((w) => fitFactors.some((factor) => w[factor] > 0), {
    message: 'at least one weight must be above 0',
    path: ['skills'],
  });
export type FitWeights = z.infer<typeof fitWeights>;

/** The weights used until an agency changes them (decision 0059). */
export const DEFAULT_FIT_WEIGHTS: FitWeights = {
  skills: 30,
  availability: 25,
  distance: 20,
  preferences: 10,
  experience: 10,
  reliability: 5,
  maxDistanceKm: 40,
};

/** The agency's matchmaking settings (setting `matchmaking_fit`; issue 22). */
export const matchmakingSettings = z.object({
  /** A match with a client linked to a care record with a case manager waits for that case manager. */
  requireCaseManagerAuthorization: z.boolean(),
  weights: fitWeights,
});
export type MatchmakingSettings = z.infer<typeof matchmakingSettings>;
export const DEFAULT_MATCHMAKING_SETTINGS: MatchmakingSettings = {
  requireCaseManagerAuthorization: false,
  weights: DEFAULT_FIT_WEIGHTS,
};

/** What a client listing needs (care type, care-details answers, languages of the family, weekly schedule). */
export interface FitNeeds {
  careType: string | null;
  careDetails: {
    transfers?: string | null;
    seizureSupport?: string | null;
    behaviorSupport?: string | null;
    medicationHelp?: string | null;
    personalCare?: string[];
    mobilityAids?: string[];
    diet?: string[];
    caregiverLanguage?: string | null;
    drivingNeeded?: boolean | null;
  } | null;
  languages: string[];
  schedule: WeeklyGrid | null;
}

/** What a caregiver listing offers. `ratingAverage` 1–5 (null without ratings). */
export interface FitOffer {
  specialties: string[];
  certifications: string[];
  languages: string[];
  canDrive: boolean | null;
  experienceYears: number | null;
  schedule: WeeklyGrid | null;
  ratingAverage: number | null;
  ratingCount: number;
}

/** Why a factor gave its points: `code` and `values` the pages put into words. */
export const fitReason = z.object({
  factor: z.enum(fitFactors),
  points: z.number(),
  maxPoints: z.number(),
  detail: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type FitReason = z.infer<typeof fitReason>;

/** Something the pair lacks: a skill the client needs (`need`), a schedule not given, a distance unknown … */
export const fitMissing = z.object({ code: z.string(), need: z.string().optional() });
export type FitMissing = z.infer<typeof fitMissing>;

export const fitResult = z.object({
  /** 0–100. */
  score: z.number().int().min(0).max(100),
  /** False when a hard filter excludes the pair (`excludedBy`). */
  eligible: z.boolean(),
  excludedBy: z.array(z.enum(fitExclusions)),
  reasons: z.array(fitReason),
  missing: z.array(fitMissing),
});
export type FitResult = z.infer<typeof fitResult>;

/** Skills a need calls for, as patterns matched against specialties and certifications (case ignored). */
const skillPatterns: Record<string, RegExp> = {
  personal_care: /personal care|pca|cna|hha|home health|nurs/i,
  companionship: /compan/i,
  respite: /respite/i,
  overnight: /overnight|night/i,
  live_in: /live[- ]?in/i,
  transfers: /transfer|lift|hoyer/i,
  seizures: /seizure|epilep/i,
  behavior: /behavio/i,
  medication: /medication|med aide|cma|nurs/i,
  tube_feeding: /tube|peg|g-tube/i,
  incontinence: /incontinence|personal care|cna/i,
  dementia: /dementia|alzheimer|memory/i,
};

const hasSkill = (offer: FitOffer, need: string) => {
  const pattern = skillPatterns[need];
  return pattern ? [...offer.specialties, ...offer.certifications].some((s) => pattern.test(s)) : false;
};
const sameLanguage = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The hard filters `offer` fails for `needs`, in `fitExclusions` order. */
export function fitExclusionsOf(needs: FitNeeds, offer: FitOffer): FitExclusion[] {
  const details = needs.careDetails ?? {};
  const out: FitExclusion[] = [];
  if (
    (details.transfers === 'two_person' || details.transfers === 'mechanical_lift') &&
    !hasSkill(offer, 'transfers')
  )
    out.push('transfers');
  if (
    (details.seizureSupport === 'occasional' || details.seizureSupport === 'frequent') &&
    !hasSkill(offer, 'seizures')
  )
    out.push('seizures');
  const language = details.caregiverLanguage?.trim();
  if (language && !offer.languages.some((spoken) => sameLanguage(spoken, language))) out.push('language');
  if (details.drivingNeeded === true && offer.canDrive !== true) out.push('driving');
  return out;
}

/** The skills `needs` call for (soft: each one lacking lowers the skills factor), deduplicated, in a stable order. */
export function neededSkills(needs: FitNeeds): string[] {
  const details = needs.careDetails ?? {};
  const out: string[] = [];
  if (needs.careType && skillPatterns[needs.careType]) out.push(needs.careType);
  if (details.transfers === 'one_person') out.push('transfers');
  if (details.behaviorSupport === 'intensive') out.push('behavior');
  if (details.medicationHelp === 'administration') out.push('medication');
  if (details.diet?.includes('tube_feeding')) out.push('tube_feeding');
  if (details.personalCare?.includes('incontinence')) out.push('incontinence');
  return [...new Set(out)];
}

/** The 15-minute slots of a week a grid covers, as slot indexes (day × 96 + minute ÷ 15). */
export function scheduleSlots(grid: WeeklyGrid | null): Set<number> {
  const slots = new Set<number>();
  if (!grid) return slots;
  const perDay = (24 * 60) / SCHEDULE_SLOT_MINUTES;
  weekDays.forEach((day, index) => {
    for (const range of grid[day] ?? []) {
      const start = minutesOf(range.start);
      const end = minutesOf(range.end);
      if (start === null || end === null) continue;
      for (let m = start; m < end; m += SCHEDULE_SLOT_MINUTES)
        slots.add(index * perDay + Math.floor(m / SCHEDULE_SLOT_MINUTES));
    }
  });
  return slots;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function skillsReason(needs: FitNeeds, offer: FitOffer, max: number, missing: FitMissing[]): FitReason {
  const wanted = neededSkills(needs);
  const had = wanted.filter((need) => hasSkill(offer, need));
  for (const need of wanted) if (!had.includes(need)) missing.push({ code: 'skill', need });
  const share = wanted.length === 0 ? 1 : had.length / wanted.length;
  return {
    factor: 'skills',
    points: round1(max * share),
    maxPoints: max,
    detail: wanted.length === 0 ? 'no_skills_needed' : 'skills_matched',
    values: { matched: had.length, needed: wanted.length },
  };
}

function availabilityReason(needs: FitNeeds, offer: FitOffer, max: number, missing: FitMissing[]): FitReason {
  const wanted = scheduleSlots(needs.schedule);
  const offered = scheduleSlots(offer.schedule);
  if (wanted.size === 0 || offered.size === 0) {
    missing.push({ code: wanted.size === 0 ? 'client_schedule' : 'caregiver_schedule' });
    return {
      factor: 'availability',
      points: round1(max / 2),
      maxPoints: max,
      detail: 'schedule_unknown',
      values: {},
    };
  }
  let shared = 0;
  for (const slot of wanted) if (offered.has(slot)) shared += 1;
  const percent = Math.round((100 * shared) / wanted.size);
  if (shared < wanted.size) missing.push({ code: 'hours_uncovered' });
  return {
    factor: 'availability',
    points: round1((max * shared) / wanted.size),
    maxPoints: max,
    detail: 'schedule_overlap',
    values: { percent, hours: round1((shared * SCHEDULE_SLOT_MINUTES) / 60) },
  };
}

function distanceReason(
  distanceKm: number | null,
  max: number,
  maxKm: number,
  missing: FitMissing[],
): FitReason {
  if (distanceKm === null) {
    missing.push({ code: 'distance' });
    return { factor: 'distance', points: 0, maxPoints: max, detail: 'distance_unknown', values: {} };
  }
  const share = Math.max(0, 1 - distanceKm / maxKm);
  return {
    factor: 'distance',
    points: round1(max * share),
    maxPoints: max,
    detail: 'distance_km',
    values: { km: Math.round(distanceKm) },
  };
}

function preferencesReason(needs: FitNeeds, offer: FitOffer, max: number, missing: FitMissing[]): FitReason {
  if (needs.languages.length === 0)
    return {
      factor: 'preferences',
      points: max,
      maxPoints: max,
      detail: 'no_language_preference',
      values: {},
    };
  const shared = needs.languages.filter((l) => offer.languages.some((spoken) => sameLanguage(spoken, l)));
  if (shared.length === 0) missing.push({ code: 'family_language' });
  return {
    factor: 'preferences',
    points: shared.length > 0 ? max : 0,
    maxPoints: max,
    detail: shared.length > 0 ? 'speaks_family_language' : 'no_family_language',
    values: { languages: shared.join(', ') },
  };
}

function experienceReason(offer: FitOffer, max: number, missing: FitMissing[]): FitReason {
  if (offer.experienceYears === null) {
    missing.push({ code: 'experience' });
    return { factor: 'experience', points: 0, maxPoints: max, detail: 'experience_unknown', values: {} };
  }
  const years = Math.max(0, offer.experienceYears);
  return {
    factor: 'experience',
    points: round1((max * Math.min(years, 10)) / 10),
    maxPoints: max,
    detail: 'experience_years',
    values: { years },
  };
}

function reliabilityReason(offer: FitOffer, max: number): FitReason {
  if (offer.ratingAverage === null || offer.ratingCount === 0)
    return {
      factor: 'reliability',
      points: round1(max / 2),
      maxPoints: max,
      detail: 'no_ratings',
      values: {},
    };
  const average = Math.min(5, Math.max(1, offer.ratingAverage));
  return {
    factor: 'reliability',
    points: round1((max * (average - 1)) / 4),
    maxPoints: max,
    detail: 'rating_average',
    values: { average: round1(average), count: offer.ratingCount },
  };
}

/**
 * The fit of caregiver `offer` for client `needs` at `distanceKm` (null: a side has no position) under `weights`
 * (see the file comment). Pure and deterministic.
 */
export function computeFit(
  needs: FitNeeds,
  offer: FitOffer,
  distanceKm: number | null,
  weights: FitWeights = DEFAULT_FIT_WEIGHTS,
): FitResult {
  const missing: FitMissing[] = [];
  const reasons: FitReason[] = [
    skillsReason(needs, offer, weights.skills, missing),
    availabilityReason(needs, offer, weights.availability, missing),
    distanceReason(distanceKm, weights.distance, weights.maxDistanceKm, missing),
    preferencesReason(needs, offer, weights.preferences, missing),
    experienceReason(offer, weights.experience, missing),
    reliabilityReason(offer, weights.reliability),
  ];
  const total = fitFactors.reduce((sum, factor) => sum + weights[factor], 0);
  const points = reasons.reduce((sum, reason) => sum + reason.points, 0);
  const excludedBy = fitExclusionsOf(needs, offer);
  const score = total === 0 ? 0 : Math.min(100, Math.max(0, Math.round((100 * points) / total)));
  return { score, eligible: excludedBy.length === 0, excludedBy, reasons, missing };
}
