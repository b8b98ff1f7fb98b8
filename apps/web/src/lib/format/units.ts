/** Counts and quantities with their units named (UX.md "Money and units"). Pure. */
import { budgetMeasureLabels, type BudgetMeasure } from '@tend/contracts/budget-measures';

const countFormat = new Intl.NumberFormat('en-US');
const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A count with grouping: 12500 → "12,500". */
export const formatCount = (value: number): string => countFormat.format(value);

/** A count from a job's result (untyped JSON): "12,500"; anything not a number reads "0". */
export const countText = (value: unknown): string => (typeof value === 'number' ? formatCount(value) : '0');

/** "1 shift", "1,234 shifts" — `noun` in its singular and plural. */
export const formatCountOf = (value: number, noun: { one: string; other: string }): string =>
  `${formatCount(value)} ${value === 1 ? noun.one : noun.other}`;

/** A quantity to at most two decimals with grouping: 5678.5 → "5,678.5". */
export const formatQuantity = (value: number): string => quantityFormat.format(value);

/** Budget units in their measure: "57 units (15 min)", "14.25 hours" (hours when the measure is unknown). */
export function formatUnits(value: number, measure: BudgetMeasure | null): string {
  return `${formatQuantity(value)} ${budgetMeasureLabels[measure ?? 'hours']}`;
}

/** Miles with two decimals: "12.25 mi". */
export const formatMiles = (miles: number): string => `${miles.toFixed(2)} mi`;

/** A share 0–1 as a whole percentage: "82 %"; "—" when unknown. */
export function formatShare(share: number | null | undefined): string {
  if (typeof share !== 'number' || !Number.isFinite(share)) return '—';
  return `${Math.round(share * 100)} %`;
}

/** A distance in metres: "85 m", "2.4 km", "12 km (7.5 mi)"; "—" when unknown. */
export function formatDistance(meters: number | null | undefined): string {
  if (typeof meters !== 'number' || !Number.isFinite(meters)) return '—';
  if (meters < 1000) return `${Math.round(meters)} m`;
  const km = meters / 1000;
  const miles = meters / 1609.344;
  return `${oneDecimal.format(km)} km (${oneDecimal.format(miles)} mi)`;
}

/** "1.2 MB", "830 KB", "512 bytes" (decimal units, as file managers show them). */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(0)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
