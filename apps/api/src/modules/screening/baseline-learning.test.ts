import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distanceMeters,
  geofenceRadius,
  learnBaseline,
  MAX_RADIUS_METERS,
  MIN_BASELINE_SAMPLES,
  percentile,
  shouldRelearn,
  type LatLong,
  type ShiftPunches,
} from './baseline-learning.ts';

/** A point `meters` from `from` at `bearingDeg` (flat-earth offset; fine for < 50 km). */
function offset(from: LatLong, meters: number, bearingDeg: number): LatLong {
  const rad = (bearingDeg * Math.PI) / 180;
  const dLat = (meters * Math.cos(rad)) / 111_320;
  const dLong = (meters * Math.sin(rad)) / (111_320 * Math.cos((from.lat * Math.PI) / 180));
  return { lat: from.lat + dLat, long: from.long + dLong };
}

/** Deterministic pseudo-random numbers from a seed (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `n` shifts at `home` with Gaussian-ish noise of `noise` m; exactly `round(n × outliers)` of them, spread
 * through the list, clocked in 1–20 km away (a fixed share, so a small `n` cannot draw, say, 5 far clock-ins
 * of 20 by chance and push the dominant cluster's share below what the test asserts).
 */
function shiftsAround(
  home: LatLong,
  n: number,
  noise: number,
  outliers: number,
  seed: number,
): ShiftPunches[] {
  const rnd = random(seed);
  const farCount = Math.round(n * outliers);
  return Array.from({ length: n }, (_, i) => {
    const jitter = () => offset(home, noise * Math.sqrt(-2 * Math.log(rnd() || 1e-9)), rnd() * 360);
    const far = farCount > 0 && i % Math.floor(n / farCount) === 0 && i / Math.floor(n / farCount) < farCount;
    return { in: far ? offset(home, 1000 + rnd() * 19_000, rnd() * 360) : jitter(), out: jitter() };
  });
}

const portland = { lat: 45.5231, long: -122.6765 };

describe('learnBaseline', () => {
  it('finds the home within a few metres despite 5 m noise and 10 % far clock-ins', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.integer({ min: 20, max: 200 }),
        fc.integer(),
        (lat, long, n, seed) => {
          const home = { lat, long };
          const result = learnBaseline(shiftsAround(home, n, 5, 0.1, seed));
          expect(result.status).toBe('learned');
          if (result.status !== 'learned') return;
          const { baseline } = result;
          expect(distanceMeters(baseline.in as LatLong, home)).toBeLessThan(25);
          expect(distanceMeters(baseline.out as LatLong, home)).toBeLessThan(25);
          expect(baseline.radiusMeters).toBe(100);
          expect(baseline.sampleSize).toBe(n);
          expect(baseline.inClusterSizes[0]).toBeLessThanOrEqual(n);
          expect(baseline.inConfidence).toBeGreaterThan(0.7);
          expect(baseline.outConfidence).toBe(1);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('says how many samples there are when fewer than the minimum have coordinates', () => {
    const shifts: ShiftPunches[] = [
      ...shiftsAround(portland, MIN_BASELINE_SAMPLES - 1, 5, 0, 1),
      { in: null, out: null },
      { in: { lat: 0, long: 0 }, out: { lat: Number.NaN, long: 1 } },
      { in: { lat: 95, long: 10 }, out: null },
    ];
    expect(learnBaseline(shifts)).toEqual({
      status: 'insufficient',
      sampleSize: MIN_BASELINE_SAMPLES - 1,
      required: MIN_BASELINE_SAMPLES,
    });
    expect(learnBaseline([])).toMatchObject({ status: 'insufficient', sampleSize: 0 });
  });

  it('learns from clock-outs alone when clock-ins are missing', () => {
    const shifts = shiftsAround(portland, 10, 5, 0, 7).map((s) => ({ in: null, out: s.out }));
    const result = learnBaseline(shifts);
    expect(result.status).toBe('learned');
    if (result.status !== 'learned') return;
    expect(result.baseline.in).toBeNull();
    expect(result.baseline.inConfidence).toBeNull();
    expect(distanceMeters(result.baseline.out as LatLong, portland)).toBeLessThan(10);
  });

  it('picks the largest cluster as dominant and counts the others and the noise', () => {
    const second = offset(portland, 3000, 90);
    const shifts = [
      ...shiftsAround(portland, 12, 3, 0, 3),
      ...shiftsAround(second, 6, 3, 0, 4),
      { in: offset(portland, 9000, 10), out: offset(portland, 9000, 10) },
    ];
    const result = learnBaseline(shifts);
    if (result.status !== 'learned') throw new Error('expected a baseline');
    expect(result.baseline.inClusterSizes).toEqual([12, 6]);
    expect(result.baseline.inOutlierCount).toBe(1);
    expect(distanceMeters(result.baseline.in as LatLong, portland)).toBeLessThan(10);
    expect(result.inClasses.filter((c) => c === 'other')).toHaveLength(6);
    expect(result.baseline.inConfidence).toBeCloseTo(12 / 19);
  });

  it('widens the radius to the 95th percentile of a spread cluster, capped at one mile', () => {
    // Points 0..1900 m east in 50 m steps: one chained DBSCAN cluster, p95 far beyond a mile from its centre.
    const line = Array.from({ length: 80 }, (_, i) => {
      const p = offset(portland, i * 50, 90);
      return { in: p, out: p };
    });
    const wide = learnBaseline(line);
    if (wide.status !== 'learned') throw new Error('expected a baseline');
    expect(wide.baseline.radiusMeters).toBe(MAX_RADIUS_METERS);
    const short = learnBaseline(line.slice(0, 10));
    if (short.status !== 'learned') throw new Error('expected a baseline');
    expect(short.baseline.radiusMeters).toBeGreaterThan(100);
    expect(short.baseline.radiusMeters).toBeLessThan(300);
  });

  it('follows a client who moved: learned from the latest 100 shifts, sampleSize counts all', () => {
    const moved = offset(portland, 5000, 200);
    const result = learnBaseline([
      ...shiftsAround(portland, 150, 5, 0, 11),
      ...shiftsAround(moved, 60, 5, 0, 12),
    ]);
    if (result.status !== 'learned') throw new Error('expected a baseline');
    expect(distanceMeters(result.baseline.in as LatLong, moved)).toBeLessThan(10);
    expect(result.baseline.inClusterSizes).toEqual([60, 40]);
    expect(result.baseline.sampleSize).toBe(210);
  });

  it('is deterministic for the same input order', () => {
    const shifts = shiftsAround(portland, 50, 5, 0.1, 99);
    expect(learnBaseline(shifts)).toEqual(learnBaseline(shifts));
  });
});

describe('geofenceRadius and percentile', () => {
  it('keeps the radius between 100 m and one mile', () => {
    fc.assert(
      fc.property(fc.option(fc.double({ min: 0, max: 1e7, noNaN: true })), (p95) => {
        const radius = geofenceRadius(p95);
        expect(radius).toBeGreaterThanOrEqual(100);
        expect(radius).toBeLessThanOrEqual(MAX_RADIUS_METERS);
      }),
    );
    expect(geofenceRadius(null, null)).toBe(100);
    expect(geofenceRadius(150, 230)).toBe(230);
  });
  it('uses the nearest rank', () => {
    expect(percentile([], 0.95)).toBeNull();
    expect(percentile([5, 1, 3], 0.95)).toBe(5);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.95,
      ),
    ).toBe(95);
  });
});

describe('shouldRelearn', () => {
  it('learns a first baseline at the minimum and re-learns after 10 new or 20 % more samples', () => {
    expect(shouldRelearn(null, MIN_BASELINE_SAMPLES - 1)).toBe(false);
    expect(shouldRelearn(null, MIN_BASELINE_SAMPLES)).toBe(true);
    expect(shouldRelearn(100, 100)).toBe(false);
    expect(shouldRelearn(100, 109)).toBe(false);
    expect(shouldRelearn(100, 110)).toBe(true);
    expect(shouldRelearn(10, 12)).toBe(true);
    expect(shouldRelearn(10, 11)).toBe(false);
    expect(shouldRelearn(100, 85)).toBe(true);
  });
});
