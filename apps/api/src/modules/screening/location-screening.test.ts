import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LatLong } from './baseline-learning.ts';
import {
  coordinateKey,
  screenShift,
  sharedLevelFor,
  suspicionLevelFor,
  type ScreenedShift,
  type ScreeningContext,
} from './location-screening.ts';

function offset(from: LatLong, meters: number, bearingDeg: number): LatLong {
  const rad = (bearingDeg * Math.PI) / 180;
  return {
    lat: from.lat + (meters * Math.cos(rad)) / 111_320,
    long: from.long + (meters * Math.sin(rad)) / (111_320 * Math.cos((from.lat * Math.PI) / 180)),
  };
}

const home = { lat: 44.0521, long: -123.0868 };
const inTime = new Date('2025-03-01T16:00:00Z');
const outTime = new Date('2025-03-01T20:00:00Z');
const shiftAt = (clockIn: LatLong | null, clockOut: LatLong | null): ScreenedShift => ({
  evvInTime: inTime,
  evvOutTime: outTime,
  evvInLat: clockIn?.lat ?? null,
  evvInLong: clockIn?.long ?? null,
  evvOutLat: clockOut?.lat ?? null,
  evvOutLong: clockOut?.long ?? null,
});
const context = (overrides: Partial<ScreeningContext> = {}): ScreeningContext => ({
  baseline: { in: home, out: home, radiusMeters: 100 },
  approved: [],
  sharedClientCounts: new Map(),
  ...overrides,
});

describe('suspicionLevelFor (DOMAIN.md levels)', () => {
  it('is LOW beyond 1x, MEDIUM beyond 2x, HIGH beyond 5x or one mile', () => {
    expect(suspicionLevelFor(100, 100)).toBeNull();
    expect(suspicionLevelFor(101, 100)).toBe('LOW');
    expect(suspicionLevelFor(201, 100)).toBe('MEDIUM');
    expect(suspicionLevelFor(501, 100)).toBe('HIGH');
    expect(suspicionLevelFor(1610, 1000)).toBe('HIGH');
    expect(suspicionLevelFor(1500, 1000)).toBe('LOW');
  });
  it('never lowers the level as the distance grows', () => {
    const rank = { LOW: 1, MEDIUM: 2, HIGH: 3 } as const;
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.double({ min: 100, max: 1609.344, noNaN: true }),
        (a, b, radius) => {
          const [near, far] = a < b ? [a, b] : [b, a];
          const l1 = suspicionLevelFor(near, radius);
          const l2 = suspicionLevelFor(far, radius);
          expect(l2 ? rank[l2] : 0).toBeGreaterThanOrEqual(l1 ? rank[l1] : 0);
        },
      ),
    );
  });
});

describe('screenShift', () => {
  it('finds nothing for punches at home, whatever the noise inside the fence', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 95, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (m, b) => {
          expect(screenShift(shiftAt(offset(home, m, b), offset(home, m, b + 90)), context())).toEqual([]);
        },
      ),
    );
  });

  it('flags a far clock-in with actual and expected coordinates, distance and level', () => {
    const far = offset(home, 2500, 45);
    const [finding, ...rest] = screenShift(shiftAt(far, home), context());
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      suspiciousType: 'CLOCK_IN',
      actualLat: far.lat,
      actualLong: far.long,
      expectedLat: home.lat,
      expectedLong: home.long,
      suspicionLevel: 'HIGH',
    });
    expect(finding?.distanceMeters).toBeGreaterThan(2450);
    expect(finding?.distanceMeters).toBeLessThan(2550);
    expect(screenShift(shiftAt(home, offset(home, 150, 0)), context())[0]).toMatchObject({
      suspiciousType: 'CLOCK_OUT',
      suspicionLevel: 'LOW',
    });
  });

  it('counts an approved location as home', () => {
    const dayProgram = offset(home, 4000, 180);
    const clockOut = offset(dayProgram, 40, 0);
    expect(screenShift(shiftAt(home, clockOut), context())).toHaveLength(1);
    expect(
      screenShift(
        shiftAt(home, clockOut),
        context({ approved: [{ center: dayProgram, radiusMeters: 100 }] }),
      ),
    ).toEqual([]);
  });

  it('reports missing coordinates even without a baseline, but not for a visit still open', () => {
    const none = context({ baseline: null });
    expect(screenShift(shiftAt(null, home), none).map((f) => f.suspiciousType)).toEqual([
      'MISSING_COORDINATES',
    ]);
    expect(screenShift(shiftAt(home, null), none)[0]).toMatchObject({
      suspiciousType: 'MISSING_COORDINATES',
      actualLat: home.lat,
      suspicionLevel: 'MEDIUM',
    });
    expect(screenShift({ ...shiftAt(home, null), evvOutTime: null }, none)).toEqual([]);
    expect(screenShift(shiftAt({ lat: 0, long: 0 }, home), none)[0]?.suspiciousType).toBe(
      'MISSING_COORDINATES',
    );
  });

  it('checks in and out apart only while the client has no fence', () => {
    const apart = shiftAt(home, offset(home, 800, 0));
    expect(screenShift(apart, context({ baseline: null }))).toMatchObject([
      { suspiciousType: 'IN_OUT_APART', suspicionLevel: 'HIGH' },
    ]);
    expect(screenShift(apart, context()).map((f) => f.suspiciousType)).toEqual(['CLOCK_OUT']);
  });

  it('flags coordinates used for 3 or more clients unless inside an approved location', () => {
    const key = coordinateKey(home.lat, home.long);
    const shared = context({ sharedClientCounts: new Map([[key, 4]]) });
    expect(screenShift(shiftAt(home, home), shared)).toMatchObject([
      { suspiciousType: 'SHARED_COORDINATES', suspicionLevel: 'LOW', actualLat: home.lat },
    ]);
    expect(
      screenShift(shiftAt(home, home), { ...shared, approved: [{ center: home, radiusMeters: 100 }] }),
    ).toEqual([]);
    expect(screenShift(shiftAt(home, home), context({ sharedClientCounts: new Map([[key, 2]]) }))).toEqual(
      [],
    );
    expect([sharedLevelFor(2), sharedLevelFor(3), sharedLevelFor(5), sharedLevelFor(10)]).toEqual([
      null,
      'LOW',
      'MEDIUM',
      'HIGH',
    ]);
  });
});
