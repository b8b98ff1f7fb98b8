/** Display helpers for locations: coordinates, distances, shares. Pure. */
import type { SuspicionLevel } from '@tend/contracts';

/** "45.52310, -122.67650" (5 decimals ≈ 1 m); "—" when missing. */
export function formatCoordinate(lat: number | null | undefined, long: number | null | undefined): string {
  if (typeof lat !== 'number' || typeof long !== 'number') return '—';
  return `${lat.toFixed(5)}, ${long.toFixed(5)}`;
}

const distanceFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "85 m", "2.4 km", "12 km (7.5 mi)"; "—" when unknown. */
export function formatDistance(meters: number | null | undefined): string {
  if (typeof meters !== 'number' || !Number.isFinite(meters)) return '—';
  if (meters < 1000) return `${Math.round(meters)} m`;
  const km = meters / 1000;
  const miles = meters / 1609.344;
  return `${distanceFormat.format(km)} km (${distanceFormat.format(miles)} mi)`;
}

/** "82 %"; "—" when unknown. */
export function formatShare(share: number | null | undefined): string {
  if (typeof share !== 'number' || !Number.isFinite(share)) return '—';
  return `${Math.round(share * 100)} %`;
}

/** Badge colour per level (always shown with the word). */
export const levelColors: Record<SuspicionLevel, string> = { LOW: 'yellow', MEDIUM: 'orange', HIGH: 'red' };
export const levelLabels: Record<SuspicionLevel, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High' };
