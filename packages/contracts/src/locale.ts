/**
 * The languages Tend speaks to caregivers, clients, guardians and case managers (issue 18, decision 0042):
 * English and Spanish. Zod-free (subpath `@tend/contracts/locale`) so the sign-in pages can pick a language
 * before any schema is loaded. The web app chooses from `navigator.languages`; the server from the account's
 * stored `user_account.locale`, else the request's `Accept-Language` header.
 */

/** Supported languages as BCP 47 primary language subtags, in the order a language switcher lists them. */
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];
/** The language used when nothing else says which: English. */
export const defaultLocale: Locale = 'en';

/** The name of each language in that language, as a switcher shows it ("Español", not "Spanish"). */
export const localeNames: Record<Locale, string> = { en: 'English', es: 'Español' };

/** True when `value` is one of {@link locales}. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The first supported language among BCP 47 tags in preference order (e.g. `navigator.languages`:
 * `['es-MX', 'en-US']` → `es`), compared by primary subtag, case-insensitively; null when none is supported.
 */
export function matchLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return null;
}

/**
 * The supported language an HTTP `Accept-Language` header prefers (RFC 9110 s.12.5.4: comma-separated tags with
 * optional `;q=` weights; `*` and q=0 ignored), or null when the header is absent or names none of {@link locales}.
 * `es-US;q=0.9, en;q=0.8` → `es`.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = weight === undefined ? 1 : Number(weight.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return matchLocale(ranked.map((entry) => entry.tag));
}
