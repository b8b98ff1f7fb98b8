/**
 * The message catalogues (decision 0042; docs/languages.md): one JSON file per language in each area that speaks
 * to caregivers and families (`app/messages/` for the frame, error and 404 pages; `features/auth/messages/` for
 * sign-in, confirmation, account, MFA, sign-up, recovery and the session warning), merged here. The frame's and
 * sign-in's English is bundled (it is also the fallback of every message); the feature areas' English
 * (`catalogue-en-areas.ts`) and all Spanish (`catalogue-es.ts`) load on demand, so the /login page's first download
 * carries one language of the few pages it needs (its 180 KB aim, decision 0005). A page of a feature area loads
 * after the whole catalogue is in place (`afterCatalogue`), so it never shows a message id.
 */
import type { Locale } from '@tend/contracts/locale';
import type { englishAreaMessages } from './catalogue-en-areas.ts';
import app from '../app/messages/en.json';
import auth from '../features/auth/messages/en.json';

/** The bundled English messages (frame and sign-in), by id (`area.page.thing`). */
export const englishMessages = { ...app, ...auth };
/** A message id: a key of the English catalogue (the Spanish one has the same keys: catalogues.test.ts). */
export type MessageId = keyof typeof englishMessages | keyof typeof englishAreaMessages;
/**
 * A catalogue as react-intl takes it. Typed as text, as the JSON files are; the build hands over each message
 * pre-compiled to its ICU syntax tree instead (vite.config.ts `precompiledMessages`), which react-intl takes too.
 */
export type Messages = Record<string, string>;

/** The whole catalogue of `locale`: English with its areas' chunk, Spanish from its own chunk. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en') {
    const { englishAreaMessages } = await import('./catalogue-en-areas.ts');
    return { ...englishMessages, ...englishAreaMessages };
  }
  const { spanishMessages } = await import('./catalogue-es.ts');
  return spanishMessages;
}

let markApplied: () => void = () => undefined;
/** Settles once the provider shows a whole catalogue (either language). */
const wholeCatalogueShown = new Promise<void>((resolve) => {
  markApplied = resolve;
});

/** Called by the provider when it shows a whole catalogue. */
export function wholeCatalogueApplied(): void {
  markApplied();
}

/** `page` (a lazy page's import), settled only once a whole catalogue is shown: for pages of the feature areas. */
export async function afterCatalogue<T>(page: Promise<T>): Promise<T> {
  const [module] = await Promise.all([page, wholeCatalogueShown]);
  return module;
}
