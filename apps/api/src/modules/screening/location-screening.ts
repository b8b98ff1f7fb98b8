/**
 * Screening one shift's EVV punches against the client's baseline and approved locations: pure, no I/O.
 * Produces `SuspiciousLocation` findings (spec s.3), at most one per suspicious type.
 *
 * Rules (DOMAIN.md "Geofence"; decisions in docs/screening-locations.md):
 * - A fence is the learned baseline (centre: the clock-in centroid for clock-ins, the clock-out
 *   centroid for clock-outs, the other side when one is missing; radius `radiusMeters`) or an approved
 *   location (its centre and radius). Approved locations count as home.
 * - `CLOCK_IN` / `CLOCK_OUT`: a punch outside every fence. Compared with the fence it is relatively
 *   nearest to (smallest distance / radius): level LOW beyond 1x radius, MEDIUM beyond 2x, HIGH beyond
 *   5x or beyond 1 mile. Flagged, never blocked.
 * - `MISSING_COORDINATES`: a clock-in without usable coordinates, or a clock-out with a time but
 *   without usable coordinates (OAR 410-127-0046 requires both). Level MEDIUM. Found without a baseline too.
 * - `IN_OUT_APART`: only when the client has no fence yet (no baseline, no approved location): clock-in
 *   and clock-out further apart than {@link MIN_RADIUS_METERS}; levels on the same scale with a 100 m
 *   radius. With a fence, far punches are reported by `CLOCK_IN`/`CLOCK_OUT` instead (a clock-in at
 *   home and a clock-out at an approved day programme is not suspicious).
 * - `SHARED_COORDINATES`: a punch whose coordinates, rounded to {@link SHARED_COORDINATE_DECIMALS}
 *   decimals (about 1.1 m), were used for at least {@link SHARED_COORDINATE_MIN_CLIENTS} different
 *   clients (typical of a caregiver punching from their own home), unless the punch is inside one of
 *   this client's approved locations. LOW for 3–4 clients, MEDIUM for 5–9, HIGH for 10 or more.
 */
import {
  distanceMeters,
  isUsableCoordinate,
  MAX_RADIUS_METERS,
  MIN_RADIUS_METERS,
  type LatLong,
} from './baseline-learning.ts';

export const suspiciousTypes = [
  'CLOCK_IN',
  'CLOCK_OUT',
  'MISSING_COORDINATES',
  'IN_OUT_APART',
  'SHARED_COORDINATES',
] as const;
export type SuspiciousType = (typeof suspiciousTypes)[number];
export type SuspicionLevel = 'LOW' | 'MEDIUM' | 'HIGH';

/** Decimals punch coordinates are rounded to when comparing them across clients (1e-5° ≈ 1.1 m). */
export const SHARED_COORDINATE_DECIMALS = 5;
/** Distinct clients one rounded coordinate must be used for before it is suspicious. */
export const SHARED_COORDINATE_MIN_CLIENTS = 3;

/** The key of a coordinate for the shared-coordinates check: both values rounded to 5 decimals. */
export function coordinateKey(lat: number, long: number): string {
  return `${lat.toFixed(SHARED_COORDINATE_DECIMALS)},${long.toFixed(SHARED_COORDINATE_DECIMALS)}`;
}

/** A circle that counts as the client's place: centre (WGS84 degrees) and radius (metres). */
export interface Fence {
  center: LatLong;
  radiusMeters: number;
}

/** The client's learned baseline as screening needs it (centroids may be missing on one side). */
export interface BaselineFence {
  in: LatLong | null;
  out: LatLong | null;
  radiusMeters: number;
}

/** The shift facts screening reads. */
export interface ScreenedShift {
  evvInTime: Date | null;
  evvOutTime: Date | null;
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
}

/** One finding (a `suspicious_location` row without ids and review fields). */
export interface LocationFinding {
  suspiciousType: SuspiciousType;
  actualLat: number | null;
  actualLong: number | null;
  expectedLat: number | null;
  expectedLong: number | null;
  /** Metres from the expected place (rounded to 0.1 m); null when not applicable. */
  distanceMeters: number | null;
  suspicionLevel: SuspicionLevel;
}

export interface ScreeningContext {
  baseline: BaselineFence | null;
  approved: Fence[];
  /** Number of distinct clients per {@link coordinateKey} (only keys used by ≥ 2 clients need be present). */
  sharedClientCounts: ReadonlyMap<string, number>;
}

/**
 * The suspicion level of a punch `distance` metres from a fence of `radius` metres, or null inside it
 * (DOMAIN.md: LOW beyond 1x radius, MEDIUM beyond 2x, HIGH beyond 5x or beyond 1 mile).
 */
export function suspicionLevelFor(distance: number, radius: number): SuspicionLevel | null {
  if (distance <= radius) return null;
  if (distance > 5 * radius || distance > MAX_RADIUS_METERS) return 'HIGH';
  if (distance > 2 * radius) return 'MEDIUM';
  return 'LOW';
}

/** Level of a shared coordinate used for `clients` distinct clients (null below the threshold). */
export function sharedLevelFor(clients: number): SuspicionLevel | null {
  if (clients < SHARED_COORDINATE_MIN_CLIENTS) return null;
  if (clients >= 10) return 'HIGH';
  if (clients >= 5) return 'MEDIUM';
  return 'LOW';
}

const round1 = (meters: number) => Math.round(meters * 10) / 10;

/** The fences for one side's punch: the baseline (side's centroid, else the other side's) then approved ones. */
function fencesFor(side: 'in' | 'out', context: ScreeningContext): Fence[] {
  const fences: Fence[] = [];
  const { baseline } = context;
  if (baseline) {
    const center = side === 'in' ? (baseline.in ?? baseline.out) : (baseline.out ?? baseline.in);
    if (center) fences.push({ center, radiusMeters: baseline.radiusMeters });
  }
  return [...fences, ...context.approved];
}

/** A punch checked against fences: null when inside one (or when there is no fence). */
function farPunch(type: 'CLOCK_IN' | 'CLOCK_OUT', punch: LatLong, fences: Fence[]): LocationFinding | null {
  let best: { fence: Fence; distance: number; ratio: number } | null = null;
  for (const fence of fences) {
    const distance = distanceMeters(punch, fence.center);
    if (distance <= fence.radiusMeters) return null;
    const ratio = distance / fence.radiusMeters;
    if (!best || ratio < best.ratio) best = { fence, distance, ratio };
  }
  if (!best) return null;
  const level = suspicionLevelFor(best.distance, best.fence.radiusMeters);
  if (!level) return null;
  return {
    suspiciousType: type,
    actualLat: punch.lat,
    actualLong: punch.long,
    expectedLat: best.fence.center.lat,
    expectedLong: best.fence.center.long,
    distanceMeters: round1(best.distance),
    suspicionLevel: level,
  };
}

/**
 * Screens one shift (rules in the module docstring). Returns the findings, at most one per type, in
 * the order of {@link suspiciousTypes}; an empty list means nothing suspicious.
 */
export function screenShift(shift: ScreenedShift, context: ScreeningContext): LocationFinding[] {
  const findings: LocationFinding[] = [];
  const punchIn = isUsableCoordinate(shift.evvInLat, shift.evvInLong)
    ? { lat: shift.evvInLat as number, long: shift.evvInLong as number }
    : null;
  const punchOut = isUsableCoordinate(shift.evvOutLat, shift.evvOutLong)
    ? { lat: shift.evvOutLat as number, long: shift.evvOutLong as number }
    : null;
  const inFences = fencesFor('in', context);
  const outFences = fencesFor('out', context);

  if (punchIn) {
    const finding = farPunch('CLOCK_IN', punchIn, inFences);
    if (finding) findings.push(finding);
  }
  if (punchOut) {
    const finding = farPunch('CLOCK_OUT', punchOut, outFences);
    if (finding) findings.push(finding);
  }
  const missingOut = !punchOut && shift.evvOutTime !== null;
  if (!punchIn || missingOut) {
    const present = punchIn ?? punchOut;
    findings.push({
      suspiciousType: 'MISSING_COORDINATES',
      actualLat: present?.lat ?? null,
      actualLong: present?.long ?? null,
      expectedLat: null,
      expectedLong: null,
      distanceMeters: null,
      suspicionLevel: 'MEDIUM',
    });
  }
  if (punchIn && punchOut && !inFences.length) {
    const apart = distanceMeters(punchIn, punchOut);
    const level = suspicionLevelFor(apart, MIN_RADIUS_METERS);
    if (level) {
      findings.push({
        suspiciousType: 'IN_OUT_APART',
        actualLat: punchOut.lat,
        actualLong: punchOut.long,
        expectedLat: punchIn.lat,
        expectedLong: punchIn.long,
        distanceMeters: round1(apart),
        suspicionLevel: level,
      });
    }
  }
  let shared: { punch: LatLong; clients: number } | null = null;
  for (const punch of [punchIn, punchOut]) {
    if (!punch) continue;
    const clients = context.sharedClientCounts.get(coordinateKey(punch.lat, punch.long)) ?? 0;
    if (!sharedLevelFor(clients)) continue;
    if (context.approved.some((fence) => distanceMeters(punch, fence.center) <= fence.radiusMeters)) continue;
    if (!shared || clients > shared.clients) shared = { punch, clients };
  }
  if (shared) {
    findings.push({
      suspiciousType: 'SHARED_COORDINATES',
      actualLat: shared.punch.lat,
      actualLong: shared.punch.long,
      expectedLat: null,
      expectedLong: null,
      distanceMeters: null,
      suspicionLevel: sharedLevelFor(shared.clients) as SuspicionLevel,
    });
  }
  return findings;
}
