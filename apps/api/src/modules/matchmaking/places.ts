/**
 * Where a listing is (issue 21 "location from address"; "exact home locations are never sent to the other side").
 * Offline: the ZIP code of the address is looked up in the `zipcodes` package's bundled US table (ZIP → city, state,
 * centroid; data from federalgovernmentzipcodes.us, BSD licence), so nothing is sent to a geocoding service. The
 * stored latitude/longitude is that centroid, never a street position; what the other side gets is rounded further
 * (`shownPosition`). Distances are great-circle kilometres.
 */
import zipcodes from 'zipcodes';

/** A place from a ZIP code: the ZIP's city and state and its centroid (degrees). */
export interface ZipPlace {
  zipCode: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** The first five digits of a US ZIP (`97401`, `97401-1234`), or null when `input` is not one. */
export function normalizeZip(input: string | null | undefined): string | null {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(input ?? '');
  return match ? (match[1] as string) : null;
}

/** The place of ZIP `zip`, or null when it is not a known US ZIP code. */
export function placeOfZip(zip: string | null | undefined): ZipPlace | null {
  const code = normalizeZip(zip);
  const found = code ? zipcodes.lookup(code) : undefined;
  if (!found || found.country !== 'US') return null;
  return {
    zipCode: found.zip,
    city: found.city,
    state: found.state,
    latitude: found.latitude,
    longitude: found.longitude,
  };
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres between two points (haversine). */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The position another person may see: rounded to 0.02° (about 2 km north–south), so a ZIP centroid (itself not a
 * home) is not pinpointed either. Distances shown are rounded to whole kilometres by the caller.
 */
export function shownPosition(point: { latitude: number; longitude: number }): {
  latitude: number;
  longitude: number;
} {
  const round = (value: number) => Math.round(value / 0.02) * 0.02;
  return {
    latitude: Number(round(point.latitude).toFixed(2)),
    longitude: Number(round(point.longitude).toFixed(2)),
  };
}
