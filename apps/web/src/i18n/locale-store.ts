/**
 * Where the page's language comes from before anyone signs in (decision 0042): the choice remembered in this
 * browser (`localStorage['tend.locale']`), else the first supported language of `navigator.languages`, else
 * English. Once signed in, the account's choice (`GET /api/me` `locale`) wins (i18n-provider.tsx).
 */
import { defaultLocale, isLocale, matchLocale, type Locale } from '@tend/contracts/locale';

/** The localStorage key of the language chosen in this browser. */
export const LOCALE_STORAGE_KEY = 'tend.locale';

/** The language remembered in this browser, or null (none, unsupported, or storage blocked). */
export function storedLocale(): Locale | null {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers `locale` in this browser; a blocked storage only loses the memory, never the page. */
export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or storage full: the page still switches; the next visit starts from the browser's language.
  }
}

/** The first supported language of the browser's preferences (`navigator.languages`), or null. */
export function browserLocale(): Locale | null {
  if (typeof navigator === 'undefined') return null;
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return matchLocale(languages.filter(Boolean));
}

/** The language of the first render: remembered, else the browser's, else English. */
export function initialLocale(): Locale {
  return storedLocale() ?? browserLocale() ?? defaultLocale;
}
