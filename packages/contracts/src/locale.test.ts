/** Picking a supported language from browser preferences and Accept-Language headers (decision 0042). */
import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, matchLocale } from './locale.ts';

describe('matchLocale', () => {
  it('takes the first tag whose primary subtag Tend speaks', () => {
    expect(matchLocale(['fr-CA', 'ES-us', 'en'])).toBe('es');
    expect(matchLocale(['en_US'])).toBe('en');
    expect(matchLocale(['fr', 'de'])).toBeNull();
    expect(matchLocale([])).toBeNull();
  });
});

describe('localeFromAcceptLanguage', () => {
  it('ranks by q weight, then by order', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, es-MX;q=0.9')).toBe('es');
    expect(localeFromAcceptLanguage('es-US,es;q=0.9,en;q=0.8')).toBe('es');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en');
  });

  it('ignores q=0, wildcards, nonsense and languages Tend does not speak', () => {
    expect(localeFromAcceptLanguage('es;q=0, en;q=0.1')).toBe('en');
    expect(localeFromAcceptLanguage('*, fr')).toBeNull();
    expect(localeFromAcceptLanguage('es;q=abc')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });
});
