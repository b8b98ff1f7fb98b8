import { describe, expect, it } from 'vitest';
import { formatCoordinate, formatDistance, formatShare } from './format.ts';

describe('location formats', () => {
  it('shows coordinates to 5 decimals and a dash when missing', () => {
    expect(formatCoordinate(45.5231, -122.6765)).toBe('45.52310, -122.67650');
    expect(formatCoordinate(null, -122.6765)).toBe('—');
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
