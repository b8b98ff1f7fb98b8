/**
 * The web catalogues (decision 0042): every area's English and Spanish files have the same keys, every message is
 * valid ICU that formats in its language, and the language of a first visit follows the browser unless this
 * browser remembered a choice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages, loadMessages } from './catalogues.ts';
import { initialLocale, LOCALE_STORAGE_KEY } from './locale-store.ts';

const sourceRoot = join(import.meta.dirname, '..');

/** Every `messages/` folder under src (one per area), found on disk so a new area cannot be forgotten. */
function messageFolders(dir = sourceRoot): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (entry.name === 'messages') found.push(path);
    else found.push(...messageFolders(path));
  }
  return found;
}

const readCatalogue = (folder: string, locale: string) =>
  JSON.parse(readFileSync(join(folder, `${locale}.json`), 'utf8')) as Record<string, string>;

describe('message catalogues', () => {
  const folders = messageFolders();

  it('exist for the app frame and the sign-in pages', () => {
    expect(folders.map((f) => relative(sourceRoot, f)).sort()).toEqual(
      expect.arrayContaining(['app/messages', 'features/auth/messages']),
    );
  });

  it.each(folders.map((folder) => [relative(sourceRoot, folder), folder]))(
    '%s has the same keys in English and Spanish',
    (_name, folder) => {
      const english = Object.keys(readCatalogue(folder, 'en')).sort();
      const spanish = Object.keys(readCatalogue(folder, 'es')).sort();
      expect(
        spanish.filter((key) => !english.includes(key)),
        'only in es.json',
      ).toEqual([]);
      expect(
        english.filter((key) => !spanish.includes(key)),
        'only in en.json',
      ).toEqual([]);
    },
  );

  it('merges every area into the English catalogue the app loads, the frame and sign-in bundled', async () => {
    const keys = folders.flatMap((folder) => Object.keys(readCatalogue(folder, 'en')));
    const english = await loadMessages('en');
    expect(Object.keys(english).sort()).toEqual([...new Set(keys)].sort());
    for (const area of ['app/messages', 'features/auth/messages'])
      for (const key of Object.keys(readCatalogue(join(sourceRoot, area), 'en')))
        expect(englishMessages, key).toHaveProperty([key]);
  });

  it('loads the Spanish catalogue on demand with every English key, each valid ICU', async () => {
    const spanish = await loadMessages('es');
    const english = await loadMessages('en');
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
    for (const [locale, messages] of [
      ['en', english],
      ['es', spanish],
    ] as const) {
      for (const [id, message] of Object.entries(messages)) {
        expect(() => new IntlMessageFormat(message, locale), `${locale} ${id}`).not.toThrow();
      }
    }
    expect(
      readCatalogue(join(sourceRoot, 'features/auth/messages'), 'es')['auth.caregiverConfirm.sentSms'],
    ).toContain('proveedor de apoyo');
  });
});

describe('the language of a first visit', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  const browserLanguages = (languages: string[]) =>
    vi.stubGlobal('navigator', { ...navigator, languages, language: languages[0] });

  it('follows navigator.languages: the first supported one', () => {
    browserLanguages(['fr-FR', 'es-MX', 'en-US']);
    expect(initialLocale()).toBe('es');
    browserLanguages(['en-GB', 'es']);
    expect(initialLocale()).toBe('en');
  });

  it('is English when the browser prefers no language Tend speaks', () => {
    browserLanguages(['fr-FR', 'de']);
    expect(initialLocale()).toBe('en');
  });

  it('is the choice remembered in this browser, over the browser languages', () => {
    browserLanguages(['en-US']);
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    expect(initialLocale()).toBe('es');
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'xx');
    expect(initialLocale()).toBe('en');
  });
});
