import { describe, expect, it } from 'vitest';
import {
  formatDurationBetween,
  formatHours,
  formatHoursMinutes,
  formatSeconds,
  formatTimeLeft,
  formatWorkedHours,
} from './duration.ts';

describe('durations in hours and minutes', () => {
  it('shows minutes as hours and minutes', () => {
    expect(formatHoursMinutes(245)).toBe('4 h 05 min');
    expect(formatHoursMinutes(0)).toBe('0 h 00 min');
  });
  it('shows decimal hours signed (payroll adjustments may deduct)', () => {
    expect(formatHours(45.5)).toBe('45 h 30 min');
    expect(formatHours(-1.25)).toBe('−1 h 15 min');
    expect(formatHours(0)).toBe('0 h 00 min');
    expect(formatHours(-0.001)).toBe('0 h 00 min');
  });
  it('shows worked hours never below zero', () => {
    expect(formatWorkedHours(49)).toBe('49 h 00 min');
    expect(formatWorkedHours(9.25)).toBe('9 h 15 min');
    expect(formatWorkedHours(0.01)).toBe('0 h 01 min');
    expect(formatWorkedHours(-2)).toBe('0 h 00 min');
  });
  it('shows seconds of work', () => {
    expect(formatSeconds(45)).toBe('45 s');
    expect(formatSeconds(185)).toBe('3 min 05 s');
    expect(formatSeconds(3720)).toBe('1 h 02 min');
    expect(formatSeconds(-3)).toBe('0 s');
  });
  it('shows the time between two instants, a dash when unknown or reversed', () => {
    expect(formatDurationBetween('2024-01-15T09:00:00Z', '2024-01-15T13:05:00Z')).toBe('4 h 05 min');
    expect(formatDurationBetween(null, '2024-01-15T13:05:00Z')).toBe('—');
    expect(formatDurationBetween('2024-01-15T13:05:00Z', '2024-01-15T09:00:00Z')).toBe('—');
  });
  it('shows the time left before a deadline, rounded up to the second, never below 0', () => {
    expect(formatTimeLeft(4 * 60_000 + 59_001)).toBe('5:00');
    expect(formatTimeLeft(299_000)).toBe('4:59');
    expect(formatTimeLeft(12 * 3_600_000 - 1_000)).toBe('11:59:59');
    expect(formatTimeLeft(14 * 86_400_000 - 1_000)).toBe('13 d 23:59:59');
    expect(formatTimeLeft(-5)).toBe('0:00');
  });
});
