/**
 * Suspicious EVV locations (spec s.3 BaselineLocation, SuspiciousLocation; issue 5): learned baselines,
 * approved locations that count as home, the review queue and the screening run. Coordinates are WGS84
 * degrees, distances metres. Rules: DOMAIN.md "Geofence" and docs/screening-locations.md.
 */
import { z } from 'zod';
import { idParams, isoDate, isoDateTime, pageQuery, requiredText } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { processingJob } from './jobs.ts';

const instant = isoDateTime();

/** Fewest shifts with coordinates a baseline is learned from (docs/screening-locations.md). */
export const MIN_BASELINE_SAMPLES = 5;
/** Largest geofence or approved-location radius: 1 mile in metres (DOMAIN.md). */
export const MAX_GEOFENCE_METERS = 1609.344;

/** What made a punch suspicious (one finding per shift and type). */
export const suspiciousTypes = [
  'CLOCK_IN',
  'CLOCK_OUT',
  'MISSING_COORDINATES',
  'IN_OUT_APART',
  'SHARED_COORDINATES',
] as const;
export const suspiciousType = z.enum(suspiciousTypes);
export type SuspiciousType = z.infer<typeof suspiciousType>;
export const suspiciousTypeLabels: Record<SuspiciousType, string> = {
  CLOCK_IN: 'Clock-in far from home',
  CLOCK_OUT: 'Clock-out far from home',
  MISSING_COORDINATES: 'Missing coordinates',
  IN_OUT_APART: 'Clock-in and clock-out far apart',
  SHARED_COORDINATES: 'Same coordinates for many clients',
};

/** LOW beyond 1x radius, MEDIUM beyond 2x, HIGH beyond 5x or beyond 1 mile (DOMAIN.md). */
export const suspicionLevels = ['LOW', 'MEDIUM', 'HIGH'] as const;
export const suspicionLevel = z.enum(suspicionLevels);
export type SuspicionLevel = z.infer<typeof suspicionLevel>;

export const approvedLocationKinds = ['HOME', 'DAY_PROGRAM', 'FAMILY_HOME', 'WORK', 'OTHER'] as const;
export const approvedLocationKind = z.enum(approvedLocationKinds);
export type ApprovedLocationKind = z.infer<typeof approvedLocationKind>;
export const approvedLocationKindLabels: Record<ApprovedLocationKind, string> = {
  HOME: 'Home',
  DAY_PROGRAM: 'Day programme',
  FAMILY_HOME: 'Family home',
  WORK: 'Work',
  OTHER: 'Other',
};

const latitude = z
  .number({ message: 'must be a number' })
  .min(-90, { message: 'must be between -90 and 90' })
  .max(90, { message: 'must be between -90 and 90' });
const longitude = z
  .number({ message: 'must be a number' })
  .min(-180, { message: 'must be between -180 and 180' })
  .max(180, { message: 'must be between -180 and 180' });
const radius = z
  .number({ message: 'must be a number' })
  .min(25, { message: 'must be at least 25 m' })
  .max(MAX_GEOFENCE_METERS, { message: 'must be at most 1 mile (1609.344 m)' });

// ---- Baselines -----------------------------------------------------------------------------------

/** A client's learned baseline; `learned` false means not enough shifts with coordinates yet. */
export const baselineLocation = z.object({
  clientId: z.uuid(),
  clientName: z.string(),
  learned: z.boolean(),
  inLat: z.number().nullable(),
  inLong: z.number().nullable(),
  outLat: z.number().nullable(),
  outLong: z.number().nullable(),
  radiusMeters: z.number().nullable(),
  inClusterSizes: z.array(z.number().int()),
  outClusterSizes: z.array(z.number().int()),
  inOutlierCount: z.number().int(),
  outOutlierCount: z.number().int(),
  /** Shifts with coordinates the baseline was (or would be) learned from. */
  sampleSize: z.number().int(),
  /** {@link MIN_BASELINE_SAMPLES}. */
  requiredSamples: z.number().int(),
  inConfidence: z.number().nullable(),
  outConfidence: z.number().nullable(),
  lastUpdated: instant.nullable(),
  approvedLocationCount: z.number().int(),
  /** Findings of this client not reviewed yet. */
  openFindingCount: z.number().int(),
});
export type BaselineLocation = z.infer<typeof baselineLocation>;

export const baselineListQuery = pageQuery.extend({
  clientId: z.uuid({ message: 'must be a valid id' }).optional(),
  learned: z.enum(['true', 'false']).optional(),
});
export type BaselineListQuery = z.infer<typeof baselineListQuery>;
export const baselinePage = z.object({
  items: z.array(baselineLocation),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BaselinePage = z.infer<typeof baselinePage>;

/** How a punch was classified when the baseline was learned. */
export const punchClass = z.enum(['dominant', 'other', 'noise']);
export const baselinePoint = z.object({ lat: z.number(), long: z.number(), class: punchClass });
export type BaselinePoint = z.infer<typeof baselinePoint>;

// ---- Approved locations --------------------------------------------------------------------------

export const approvedLocation = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  label: z.string(),
  kind: approvedLocationKind,
  lat: z.number(),
  long: z.number(),
  radiusMeters: z.number(),
  createdBy: z.uuid().nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type ApprovedLocation = z.infer<typeof approvedLocation>;

const notNullIsland = (value: { lat?: number; long?: number }) => !(value.lat === 0 && value.long === 0);
const nullIslandIssue = { message: '(0, 0) is not a real location', path: ['lat'] };

/** A new approved location (radius default 100 m, DOMAIN.md). */
export const approvedLocationInput = z
  .object({
    clientId: z.uuid({ message: 'must be a valid id' }),
    label: requiredText(200),
    kind: approvedLocationKind.default('OTHER'),
    lat: latitude,
    long: longitude,
    radiusMeters: radius.default(100),
  })
  .refine(notNullIsland, nullIslandIssue);
export type ApprovedLocationInput = z.input<typeof approvedLocationInput>;

/** A change to an approved location: any of its fields. */
export const approvedLocationUpdate = z
  .object({
    label: requiredText(200).optional(),
    kind: approvedLocationKind.optional(),
    lat: latitude.optional(),
    long: longitude.optional(),
    radiusMeters: radius.optional(),
  })
  .refine(notNullIsland, nullIslandIssue);
export type ApprovedLocationUpdate = z.infer<typeof approvedLocationUpdate>;

/** A client's approved locations: `GET /api/approved-locations?clientId=`. */
export const approvedLocationListQuery = z.object({ clientId: z.uuid({ message: 'must be a valid id' }) });
export const approvedLocationList = z.object({ items: z.array(approvedLocation) });
export type ApprovedLocationList = z.infer<typeof approvedLocationList>;

/** One client's baseline in full: figures, punches (sampled when many), approved locations. */
export const baselineDetail = z.object({
  baseline: baselineLocation,
  inPoints: z.array(baselinePoint),
  outPoints: z.array(baselinePoint),
  /** Punches with coordinates in total (the points above are a sample when this is larger). */
  totalPoints: z.number().int(),
  sampled: z.boolean(),
  approvedLocations: z.array(approvedLocation),
});
export type BaselineDetail = z.infer<typeof baselineDetail>;

// ---- Review queue --------------------------------------------------------------------------------

export const suspiciousLocation = z.object({
  id: z.uuid(),
  shiftId: z.uuid(),
  caregiverId: z.uuid(),
  caregiverName: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
  suspiciousType,
  actualLat: z.number().nullable(),
  actualLong: z.number().nullable(),
  expectedLat: z.number().nullable(),
  expectedLong: z.number().nullable(),
  distanceMeters: z.number().nullable(),
  suspicionLevel: suspicionLevel.nullable(),
  flagged: z.boolean(),
  reviewed: z.boolean(),
  reviewNote: z.string().nullable(),
  reviewedBy: z.uuid().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: instant.nullable(),
  /** The shift's service date and punches. */
  date: z.string(),
  evvInTime: instant.nullable(),
  evvOutTime: instant.nullable(),
  evvInLat: z.number().nullable(),
  evvInLong: z.number().nullable(),
  evvOutLat: z.number().nullable(),
  evvOutLong: z.number().nullable(),
  /** The client's current geofence radius (null without a baseline). */
  radiusMeters: z.number().nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type SuspiciousLocation = z.infer<typeof suspiciousLocation>;

export const suspiciousLocationListQuery = pageQuery.extend({
  level: suspicionLevel.optional(),
  type: suspiciousType.optional(),
  caregiverId: z.uuid({ message: 'must be a valid id' }).optional(),
  clientId: z.uuid({ message: 'must be a valid id' }).optional(),
  /** Shift service dates, inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** `false` (default): the queue still to review; `true`: reviewed; `all`. */
  reviewed: z.enum(['true', 'false', 'all']).default('false'),
});
export type SuspiciousLocationListQuery = z.infer<typeof suspiciousLocationListQuery>;

export const suspiciousLocationPage = z.object({
  items: z.array(suspiciousLocation),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Totals for the filter by level. */
  byLevel: z.object({ LOW: z.number().int(), MEDIUM: z.number().int(), HIGH: z.number().int() }),
});
export type SuspiciousLocationPage = z.infer<typeof suspiciousLocationPage>;

/** Reviewing a finding: a note is required. */
export const suspiciousLocationReview = z.object({ reviewNote: requiredText(2000) });
export type SuspiciousLocationReview = z.infer<typeof suspiciousLocationReview>;

// ---- Screening run -------------------------------------------------------------------------------

/** Job type of the location screening (registered by the API; queued after shift imports). */
export const LOCATION_SCREENING_JOB = 'location-screening';

/**
 * Starting a screening: `due` screens shifts never screened or changed since; `all` re-screens every
 * shift (of `clientId` when given). Both (re)learn baselines per the re-learning rule.
 */
export const locationScreeningRun = z.object({
  scope: z.enum(['due', 'all']).default('due'),
  clientId: z.uuid({ message: 'must be a valid id' }).optional(),
});
export type LocationScreeningRun = z.input<typeof locationScreeningRun>;
export const locationScreeningStarted = z.object({ job: processingJob });

// ---- Endpoints -----------------------------------------------------------------------------------

/** Path parameters of one client's baseline. */
export const baselineParams = z.object({ clientId: z.uuid({ message: 'must be a valid id' }) });

/**
 * The suspicious-location endpoints (admin only; docs/screening-locations.md): baselines (paged, one
 * client's in full), approved locations (a client's list, create 201, PATCH, DELETE answering the
 * removed one; each change re-screens the client), the review queue and a review (note required), and
 * starting a screening run (202 with the queued job; 404 when `clientId` names no client).
 */
export const locationScreeningEndpoints = {
  findBaselines: defineEndpoint({
    method: 'GET',
    path: '/api/baseline-locations',
    query: baselineListQuery,
    response: { 200: baselinePage },
  }),
  getBaselineDetail: defineEndpoint({
    method: 'GET',
    path: '/api/baseline-locations/:clientId',
    params: baselineParams,
    response: { 200: baselineDetail },
  }),
  findApprovedLocations: defineEndpoint({
    method: 'GET',
    path: '/api/approved-locations',
    query: approvedLocationListQuery,
    response: { 200: approvedLocationList },
  }),
  createApprovedLocation: defineEndpoint({
    method: 'POST',
    path: '/api/approved-locations',
    body: approvedLocationInput,
    response: { 201: approvedLocation },
  }),
  updateApprovedLocation: defineEndpoint({
    method: 'PATCH',
    path: '/api/approved-locations/:id',
    params: idParams,
    body: approvedLocationUpdate,
    response: { 200: approvedLocation },
  }),
  deleteApprovedLocation: defineEndpoint({
    method: 'DELETE',
    path: '/api/approved-locations/:id',
    params: idParams,
    response: { 200: approvedLocation },
  }),
  findSuspiciousLocations: defineEndpoint({
    method: 'GET',
    path: '/api/suspicious-locations',
    query: suspiciousLocationListQuery,
    response: { 200: suspiciousLocationPage },
  }),
  reviewSuspiciousLocation: defineEndpoint({
    method: 'POST',
    path: '/api/suspicious-locations/:id/review',
    params: idParams,
    body: suspiciousLocationReview,
    response: { 200: suspiciousLocation },
  }),
  startLocationScreening: defineEndpoint({
    method: 'POST',
    path: '/api/location-screening/runs',
    body: locationScreeningRun,
    response: { 202: locationScreeningStarted },
  }),
};
