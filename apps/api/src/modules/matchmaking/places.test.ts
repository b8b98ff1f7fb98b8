import { describe, expect, it } from 'vitest';
import { distanceKm, normalizeZip, placeOfZip, shownPosition } from './places.ts';

describe('places', () => {
  it('reads a ZIP and ZIP+4, and nothing else', () => {
    expect(normalizeZip(' 97401-1234 ')).toBe('97401');
    expect(normalizeZip('9740')).toBeNull();
    expect(normalizeZip('Eugene')).toBeNull();
    expect(normalizeZip(null)).toBeNull();
  });

  it('finds the city, state and centroid of a US ZIP offline', () => {
    expect(placeOfZip('97401')).toMatchObject({ zipCode: '97401', city: 'Eugene', state: 'OR' });
    expect(placeOfZip('00000')).toBeNull();
  });

  it('measures great-circle kilometres (Eugene to Portland about 170 km)', () => {
    const eugene = placeOfZip('97401');
    const portland = placeOfZip('97203');
    expect(eugene && portland).toBeTruthy();
    const km = distanceKm(eugene!, portland!);
    expect(km).toBeGreaterThan(160);
    expect(km).toBeLessThan(180);
    expect(distanceKm(eugene!, eugene!)).toBe(0);
  });

  it('shows a position rounded to 0.02 degrees', () => {
    expect(shownPosition({ latitude: 44.0682, longitude: -123.0819 })).toEqual({
      latitude: 44.06,
      longitude: -123.08,
    });
  });
});
