/** Coordinates (latitude, longitude in decimal degrees). Pure. */

/** A location rounded to 5 decimals (≈ 1 m): "45.52310, -122.67650"; "—" when missing. */
export function formatCoordinate(lat: number | null | undefined, long: number | null | undefined): string {
  if (typeof lat !== 'number' || typeof long !== 'number') return '—';
  return `${lat.toFixed(5)}, ${long.toFixed(5)}`;
}

/**
 * A coordinate pair exactly as recorded (an EVV visit's raw values, kept even when impossible):
 * "45.5231, -122.6765"; "—" when either is missing.
 */
export function formatRecordedCoordinate(lat: number | null, long: number | null): string {
  if (lat === null || long === null) return '—';
  return `${lat}, ${long}`;
}
