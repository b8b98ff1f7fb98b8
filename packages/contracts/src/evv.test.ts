import { describe, expect, it } from 'vitest';
import { evaluateEvv, isValidCoordinate, type EvvFacts } from './evv.ts';

const base: EvvFacts = {
  evvInTime: new Date('2024-01-15T09:00:00Z'),
  evvOutTime: new Date('2024-01-15T13:00:00Z'),
  evvInLat: 44.94,
  evvInLong: -123.03,
  evvOutLat: 44.94,
  evvOutLong: -123.03,
  adjusted: false,
};

describe('evaluateEvv', () => {
  it('verifies a complete visit', () => expect(evaluateEvv(base).status).toBe('VERIFIED'));
  it('flags a missing clock-in or clock-out first', () => {
    expect(evaluateEvv({ ...base, evvInTime: null }).status).toBe('MISSING_CLOCK_IN');
    expect(evaluateEvv({ ...base, evvOutTime: null, evvInLat: 123 }).status).toBe('MISSING_CLOCK_OUT');
  });
  it('flags times out of order and visits over 24 hours', () => {
    expect(evaluateEvv({ ...base, evvOutTime: new Date('2024-01-15T08:00:00Z') }).status).toBe(
      'TIMES_OUT_OF_ORDER',
    );
    expect(evaluateEvv({ ...base, evvOutTime: new Date('2024-01-16T09:00:01Z') }).status).toBe(
      'OVER_24_HOURS',
    );
    expect(evaluateEvv({ ...base, evvOutTime: new Date('2024-01-16T09:00:00Z') }).status).toBe('VERIFIED');
  });
  it('flags impossible coordinates with the raw values, and missing ones', () => {
    const invalid = evaluateEvv({ ...base, evvInLat: 123 });
    expect(invalid.status).toBe('INVALID_COORDINATES');
    expect(invalid.reason).toContain('123');
    expect(evaluateEvv({ ...base, evvOutLat: 0, evvOutLong: 0 }).status).toBe('INVALID_COORDINATES');
    expect(evaluateEvv({ ...base, evvOutLat: null }).status).toBe('MISSING_LOCATION');
  });
  it('marks adjusted visits with the reason', () => {
    const adjusted = evaluateEvv({ ...base, adjusted: true, adjustmentReason: 'Employee checked in late' });
    expect(adjusted).toEqual({ status: 'MANUALLY_ADJUSTED', reason: 'Adjusted: Employee checked in late' });
  });
});

describe('isValidCoordinate', () => {
  it('accepts real points and rejects out-of-range, non-finite and 0,0', () => {
    expect(isValidCoordinate(41.7658, -72.6734)).toBe(true);
    expect(isValidCoordinate(90, 180)).toBe(true);
    expect(isValidCoordinate(90.1, 0)).toBe(false);
    expect(isValidCoordinate(0, 0)).toBe(false);
    expect(isValidCoordinate(Number.NaN, 1)).toBe(false);
    expect(isValidCoordinate(null, 1)).toBe(false);
  });
});
