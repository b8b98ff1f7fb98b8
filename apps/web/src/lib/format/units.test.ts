import { describe, expect, it } from 'vitest';
import { dollarsFieldValue, dollarsToCents, formatMoney } from './money.ts';
import { formatCoordinate, formatRecordedCoordinate } from './location.ts';
import {
  countText,
  formatCount,
  formatCountOf,
  formatDistance,
  formatMiles,
  formatQuantity,
  formatShare,
  formatUnits,
} from './units.ts';

describe('money from integer cents', () => {
  it('shows dollars with cents, a dash when unknown, and round-trips a form input', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(-250)).toBe('-$2.50');
    expect(formatMoney(null)).toBe('—');
    expect(dollarsFieldValue(1250)).toBe('12.50');
    expect(dollarsToCents(dollarsFieldValue(7))).toBe(7);
  });
});

describe('counts and units', () => {
  it('groups counts and names the noun', () => {
    expect(formatCount(12500)).toBe('12,500');
    expect(countText(12500)).toBe('12,500');
    expect(countText('x')).toBe('0');
    expect(formatCountOf(1, { one: 'shift', other: 'shifts' })).toBe('1 shift');
    expect(formatCountOf(1234, { one: 'shift', other: 'shifts' })).toBe('1,234 shifts');
  });
  it('shows quantities, budget units and miles', () => {
    expect(formatQuantity(5678.5)).toBe('5,678.5');
    expect(formatQuantity(1.23456)).toBe('1.23');
    expect(formatUnits(57, 'units_15min')).toBe('57 units (15 min)');
    expect(formatUnits(14.25, null)).toBe('14.25 hours');
    expect(formatMiles(12.25)).toBe('12.25 mi');
  });
  it('shows metres below 1 km, then km with miles', () => {
    expect(formatDistance(85.26)).toBe('85 m');
    expect(formatDistance(1609.344)).toBe('1.6 km (1 mi)');
    expect(formatDistance(10_120)).toBe('10.1 km (6.3 mi)');
    expect(formatDistance(null)).toBe('—');
    expect(formatDistance(Number.NaN)).toBe('—');
  });
  it('shows shares as whole percentages', () => {
    expect(formatShare(0.8181)).toBe('82 %');
    expect(formatShare(null)).toBe('—');
  });
});

describe('coordinates', () => {
  it('rounds a location to 5 decimals, or keeps a recorded pair as it is', () => {
    expect(formatCoordinate(45.5231, -122.6765)).toBe('45.52310, -122.67650');
    expect(formatCoordinate(null, -122.6765)).toBe('—');
    expect(formatRecordedCoordinate(45.5231, -122.6765)).toBe('45.5231, -122.6765');
    expect(formatRecordedCoordinate(95, null)).toBe('—');
  });
});
