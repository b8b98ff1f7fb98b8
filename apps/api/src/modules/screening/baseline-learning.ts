/**
 * Learning a client's `BaselineLocation` (spec s.3) from past EVV punches: pure, no I/O.
 *
 * Rules (DOMAIN.md "Geofence"; decisions in docs/screening-locations.md):
 * - Clock-ins and clock-outs are clustered separately with DBSCAN over great-circle distance
 *   (`@turf/clusters-dbscan`, `maxDistance` {@link CLUSTER_DISTANCE_METERS}, `minPoints`
 *   {@link CLUSTER_MIN_POINTS}). The dominant cluster is the largest one (ties: the one found first,
 *   i.e. holding the earliest punch); its centroid is the mean of its points.
 * - `radiusMeters` = max(100 m, the 95th-percentile distance (nearest rank) from the centroid inside
 *   the dominant clock-in and clock-out clusters, the larger of the two), capped at 1 mile (1,609.344 m).
 * - A baseline needs {@link MIN_BASELINE_SAMPLES} shifts with valid coordinates; below that there is no
 *   baseline (`learnBaseline` returns `{ status: 'insufficient' }` with the count).
 * - Confidences are the shares (0..1) of clock-ins / clock-outs inside their dominant cluster.
 * Coordinates are WGS84 degrees; distances metres.
 */
import { clustersDbscan } from '@turf/clusters-dbscan';
import { distance } from '@turf/distance';
import type { Feature, FeatureCollection, Point } from 'geojson';

/** Fewest shifts with valid coordinates a baseline is learned from (decision: docs/screening-locations.md). */
export const MIN_BASELINE_SAMPLES = 5;
/**
 * Baselines are learned from the most recent shifts with coordinates, at most this many (input order
 * is chronological): the baseline follows a client who moved, and DBSCAN's cost (quadratic inside a
 * dense cluster) stays bounded. `sampleSize` still counts every shift with coordinates (it drives
 * re-learning).
 */
export const LEARNING_WINDOW = 100;
/** DBSCAN neighbourhood: punches closer than this are neighbours (metres). */
export const CLUSTER_DISTANCE_METERS = 60;
/** DBSCAN `minPoints`: a cluster needs this many punches within the neighbourhood. */
export const CLUSTER_MIN_POINTS = 3;
/** Smallest geofence radius (DOMAIN.md: vendors' usual 100 m). */
export const MIN_RADIUS_METERS = 100;
/** Largest geofence radius: 1 mile (DOMAIN.md, Sandata's GPS-distance exception). */
export const MAX_RADIUS_METERS = 1609.344;

/** A punch coordinate, WGS84 degrees. */
export interface LatLong {
  lat: number;
  long: number;
}

/** One shift's punches as learning sees them (`null` when EVV recorded no usable coordinate). */
export interface ShiftPunches {
  in: LatLong | null;
  out: LatLong | null;
}

/** How DBSCAN classified one punch: in the dominant cluster, in another cluster, or noise. */
export type PunchClass = 'dominant' | 'other' | 'noise';

/** The result of clustering one side (clock-ins or clock-outs). */
export interface SideCluster {
  /** Centroid of the dominant cluster; null when no cluster was found. */
  centroid: LatLong | null;
  /** Sizes of every cluster found, largest first. */
  clusterSizes: number[];
  /** Punches in no cluster (DBSCAN noise). */
  outlierCount: number;
  /** Share (0..1) of punches in the dominant cluster; null without punches. */
  confidence: number | null;
  /** 95th-percentile distance (metres) from the centroid inside the dominant cluster; null without one. */
  p95Meters: number | null;
  /** Class of each input punch, in input order. */
  classes: PunchClass[];
}

/** A learned baseline, as stored in `baseline_location`. */
export interface LearnedBaseline {
  in: LatLong | null;
  out: LatLong | null;
  radiusMeters: number;
  inClusterSizes: number[];
  outClusterSizes: number[];
  inOutlierCount: number;
  outOutlierCount: number;
  sampleSize: number;
  inConfidence: number | null;
  outConfidence: number | null;
}

export type BaselineResult =
  | { status: 'learned'; baseline: LearnedBaseline; inClasses: PunchClass[]; outClasses: PunchClass[] }
  | { status: 'insufficient'; sampleSize: number; required: number };

/** Whether a coordinate is usable: finite, on Earth, and not the (0, 0) "null island" placeholder. */
export function isUsableCoordinate(lat: number | null | undefined, long: number | null | undefined): boolean {
  if (lat === null || lat === undefined || long === null || long === undefined) return false;
  if (!Number.isFinite(lat) || !Number.isFinite(long)) return false;
  if (lat < -90 || lat > 90 || long < -180 || long > 180) return false;
  return !(lat === 0 && long === 0);
}

/** Great-circle (haversine) distance in metres between two WGS84 points (`@turf/distance`). */
export function distanceMeters(a: LatLong, b: LatLong): number {
  return distance([a.long, a.lat], [b.long, b.lat], { units: 'meters' });
}

/** The nearest-rank percentile `p` (0..1) of `values` (not sorted in place); null when empty. */
export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] ?? null;
}

/**
 * Clusters one side's punches with DBSCAN (great-circle distance) and describes the dominant cluster.
 * Input order decides ties (the cluster holding the earliest punch wins), so callers pass punches in
 * a stable order (clock-in time, then shift id) for a reproducible result.
 */
export function clusterPunches(points: LatLong[]): SideCluster {
  if (!points.length) {
    return {
      centroid: null,
      clusterSizes: [],
      outlierCount: 0,
      confidence: null,
      p95Meters: null,
      classes: [],
    };
  }
  const collection: FeatureCollection<Point> = {
    type: 'FeatureCollection',
    features: points.map((p): Feature<Point> => ({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Point', coordinates: [p.long, p.lat] },
    })),
  };
  const clustered = clustersDbscan(collection, CLUSTER_DISTANCE_METERS, {
    units: 'meters',
    minPoints: CLUSTER_MIN_POINTS,
    mutate: true,
  });
  const sizes = new Map<number, number>();
  const firstSeen: number[] = [];
  const labels = clustered.features.map((feature) => {
    const cluster = feature.properties.dbscan === 'noise' ? undefined : feature.properties.cluster;
    if (cluster !== undefined) {
      if (!sizes.has(cluster)) firstSeen.push(cluster);
      sizes.set(cluster, (sizes.get(cluster) ?? 0) + 1);
    }
    return cluster;
  });
  let dominant: number | undefined;
  for (const cluster of firstSeen) {
    if (dominant === undefined || (sizes.get(cluster) ?? 0) > (sizes.get(dominant) ?? 0)) dominant = cluster;
  }
  const classes: PunchClass[] = labels.map((label) =>
    label === undefined ? 'noise' : label === dominant ? 'dominant' : 'other',
  );
  const outlierCount = classes.filter((c) => c === 'noise').length;
  const clusterSizes = [...sizes.values()].sort((a, b) => b - a);
  if (dominant === undefined) {
    return { centroid: null, clusterSizes, outlierCount, confidence: 0, p95Meters: null, classes };
  }
  const members = points.filter((_, i) => classes[i] === 'dominant');
  const centroid = {
    lat: members.reduce((sum, p) => sum + p.lat, 0) / members.length,
    long: members.reduce((sum, p) => sum + p.long, 0) / members.length,
  };
  const p95Meters = percentile(
    members.map((p) => distanceMeters(p, centroid)),
    0.95,
  );
  return {
    centroid,
    clusterSizes,
    outlierCount,
    confidence: members.length / points.length,
    p95Meters,
    classes,
  };
}

/** The geofence radius for p95 distances (metres): max(100 m, larger p95), capped at 1 mile (DOMAIN.md). */
export function geofenceRadius(...p95s: (number | null)[]): number {
  const largest = Math.max(MIN_RADIUS_METERS, ...p95s.filter((d): d is number => d !== null));
  return Math.min(MAX_RADIUS_METERS, largest);
}

/** Shifts with at least one usable punch coordinate: a baseline's `sampleSize`. */
export function countSamples(shifts: ShiftPunches[]): number {
  let n = 0;
  for (const s of shifts) {
    if (
      (s.in && isUsableCoordinate(s.in.lat, s.in.long)) ||
      (s.out && isUsableCoordinate(s.out.lat, s.out.long))
    )
      n += 1;
  }
  return n;
}

/**
 * Learns a client's baseline from their shifts' punches, oldest first (unusable coordinates are
 * ignored; only the latest {@link LEARNING_WINDOW} shifts with coordinates are clustered).
 * Returns `insufficient` (with the count and {@link MIN_BASELINE_SAMPLES}) when fewer than the minimum
 * shifts have a usable coordinate or when neither side forms a cluster. `inClasses`/`outClasses` give
 * each clustered punch's class, in input order of the clustered punches of that side.
 */
export function learnBaseline(shifts: ShiftPunches[]): BaselineResult {
  const usable = shifts.map((s) => ({
    in: s.in && isUsableCoordinate(s.in.lat, s.in.long) ? s.in : null,
    out: s.out && isUsableCoordinate(s.out.lat, s.out.long) ? s.out : null,
  }));
  const sampleSize = usable.filter((s) => s.in || s.out).length;
  if (sampleSize < MIN_BASELINE_SAMPLES) {
    return { status: 'insufficient', sampleSize, required: MIN_BASELINE_SAMPLES };
  }
  const recent = usable.filter((s) => s.in || s.out).slice(-LEARNING_WINDOW);
  const ins = clusterPunches(recent.flatMap((s) => (s.in ? [s.in] : [])));
  const outs = clusterPunches(recent.flatMap((s) => (s.out ? [s.out] : [])));
  if (!ins.centroid && !outs.centroid) {
    return { status: 'insufficient', sampleSize, required: MIN_BASELINE_SAMPLES };
  }
  return {
    status: 'learned',
    baseline: {
      in: ins.centroid,
      out: outs.centroid,
      radiusMeters: geofenceRadius(ins.p95Meters, outs.p95Meters),
      inClusterSizes: ins.clusterSizes,
      outClusterSizes: outs.clusterSizes,
      inOutlierCount: ins.outlierCount,
      outOutlierCount: outs.outlierCount,
      sampleSize,
      inConfidence: ins.confidence,
      outConfidence: outs.confidence,
    },
    inClasses: ins.classes,
    outClasses: outs.classes,
  };
}

/** New samples that trigger re-learning: at least this many more shifts with coordinates... */
export const RELEARN_MIN_NEW_SAMPLES = 10;
/** ...or at least this share more than the stored `sampleSize`. */
export const RELEARN_GROWTH = 0.2;

/**
 * Whether a client's baseline should be (re)learned now (docs/screening-locations.md):
 * no baseline yet and at least {@link MIN_BASELINE_SAMPLES} samples; or the samples changed by at least
 * {@link RELEARN_MIN_NEW_SAMPLES} or by at least {@link RELEARN_GROWTH} of the stored `sampleSize`
 * (growth, or shrinkage after deletions). `storedSampleSize` is null when no baseline is stored.
 */
export function shouldRelearn(storedSampleSize: number | null, currentSampleSize: number): boolean {
  if (storedSampleSize === null) return currentSampleSize >= MIN_BASELINE_SAMPLES;
  const change = Math.abs(currentSampleSize - storedSampleSize);
  if (change === 0) return false;
  return change >= RELEARN_MIN_NEW_SAMPLES || change >= RELEARN_GROWTH * storedSampleSize;
}
