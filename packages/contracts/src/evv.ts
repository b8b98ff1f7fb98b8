/**
 * EVV status of a shift, computed from its clock-in/out facts (21st Century Cures Act s.12006: time
 * and location at start and end; OAR 410-127-0046: coordinates required at both; aggregators reject
 * visits over 24 h — DOMAIN.md). One status per shift, the most serious first, with a reason in words.
 */
import { z } from 'zod';

export const evvStatuses = [
  'MISSING_CLOCK_IN',
  'MISSING_CLOCK_OUT',
  'TIMES_OUT_OF_ORDER',
  'OVER_24_HOURS',
  'INVALID_COORDINATES',
  'MISSING_LOCATION',
  'MANUALLY_ADJUSTED',
  'VERIFIED',
] as const;
export const evvStatus = z.enum(evvStatuses);
export type EvvStatus = z.infer<typeof evvStatus>;

export const evvStatusLabels: Record<EvvStatus, string> = {
  MISSING_CLOCK_IN: 'Missing clock-in',
  MISSING_CLOCK_OUT: 'Missing clock-out',
  TIMES_OUT_OF_ORDER: 'Times out of order',
  OVER_24_HOURS: 'Longer than 24 hours',
  INVALID_COORDINATES: 'Invalid coordinates',
  MISSING_LOCATION: 'Missing location',
  MANUALLY_ADJUSTED: 'Manually adjusted',
  VERIFIED: 'Verified',
};

export const MAX_VISIT_HOURS = 24;

export interface EvvFacts {
  evvInTime: Date | null;
  evvOutTime: Date | null;
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
  /** True when times were adjusted after the visit (Sandata VisitChanges, or an admin correction). */
  adjusted: boolean;
  /** Why it was adjusted, if known (shown in the reason). */
  adjustmentReason?: string | null;
}

/** A coordinate pair is valid when both are finite, in range, and not the 0,0 "null island". */
export function isValidCoordinate(lat: number | null, long: number | null): boolean {
  if (lat === null || long === null || !Number.isFinite(lat) || !Number.isFinite(long)) return false;
  if (lat < -90 || lat > 90 || long < -180 || long > 180) return false;
  return !(lat === 0 && long === 0);
}

/** The EVV status and its reason for one shift. Pure; see the module docstring for the rules. */
export function evaluateEvv(facts: EvvFacts): { status: EvvStatus; reason: string } {
  const { evvInTime, evvOutTime } = facts;
  if (!evvInTime) return { status: 'MISSING_CLOCK_IN', reason: 'No clock-in time was recorded' };
  if (!evvOutTime) return { status: 'MISSING_CLOCK_OUT', reason: 'No clock-out time was recorded' };
  if (evvOutTime.getTime() <= evvInTime.getTime()) {
    return { status: 'TIMES_OUT_OF_ORDER', reason: 'The clock-out is not after the clock-in' };
  }
  const hours = (evvOutTime.getTime() - evvInTime.getTime()) / 3_600_000;
  if (hours > MAX_VISIT_HOURS) {
    return {
      status: 'OVER_24_HOURS',
      reason: `The visit lasts ${hours.toFixed(1)} hours (more than ${MAX_VISIT_HOURS})`,
    };
  }
  const present = (lat: number | null, long: number | null) => lat !== null && long !== null;
  const invalid: string[] = [];
  const missing: string[] = [];
  for (const [label, lat, long] of [
    ['clock-in', facts.evvInLat, facts.evvInLong],
    ['clock-out', facts.evvOutLat, facts.evvOutLong],
  ] as const) {
    if (!present(lat, long)) missing.push(label);
    else if (!isValidCoordinate(lat, long)) invalid.push(`${label} (${lat}, ${long})`);
  }
  if (invalid.length)
    return { status: 'INVALID_COORDINATES', reason: `Impossible coordinates at ${invalid.join(' and ')}` };
  if (missing.length)
    return { status: 'MISSING_LOCATION', reason: `No location at ${missing.join(' and ')}` };
  if (facts.adjusted) {
    return {
      status: 'MANUALLY_ADJUSTED',
      reason: facts.adjustmentReason
        ? `Adjusted: ${facts.adjustmentReason}`
        : 'Times were adjusted after the visit',
    };
  }
  return { status: 'VERIFIED', reason: 'Clock-in and clock-out times and locations recorded' };
}
