import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';

describe('visit-zone date-time inputs', () => {
  it('shows an instant as wall-clock time in the visit zone and reads it back', () => {
    expect(toZonedInput('2024-01-15T13:00:00.000Z', 'America/New_York')).toBe('2024-01-15T08:00');
    expect(toZonedInput('2024-07-15T13:00:05.000Z', 'America/New_York')).toBe('2024-07-15T09:00:05');
    expect(fromZonedInput('2024-01-15T09:30', 'America/New_York')).toBe('2024-01-15T14:30:00.000Z');
    expect(fromZonedInput('2024-07-15T09:00:05', 'America/New_York')).toBe('2024-07-15T13:00:05.000Z');
    expect(fromZonedInput('2024-01-15T09:30', 'America/Los_Angeles')).toBe('2024-01-15T17:30:00.000Z');
    expect(toZonedInput(null, 'America/New_York')).toBe('');
  });

  it('handles the days clocks change and refuses unreadable input', () => {
    // 2024-03-10 02:30 does not exist in New York (spring forward); 01:30 on 2024-11-03 happens twice.
    expect(fromZonedInput('2024-03-10T03:30', 'America/New_York')).toBe('2024-03-10T07:30:00.000Z');
    expect(fromZonedInput('2024-03-10T01:30', 'America/New_York')).toBe('2024-03-10T06:30:00.000Z');
    expect(fromZonedInput('2024-11-03T12:00', 'America/New_York')).toBe('2024-11-03T17:00:00.000Z');
    for (const value of ['2024-03-10T03:30', '2024-11-03T12:00', '2024-12-31T23:59'])
      expect(toZonedInput(fromZonedInput(value, 'America/New_York'), 'America/New_York')).toBe(value);
    expect(fromZonedInput('', 'America/New_York')).toBeNull();
    expect(fromZonedInput('yesterday', 'America/New_York')).toBeNull();
  });
});
