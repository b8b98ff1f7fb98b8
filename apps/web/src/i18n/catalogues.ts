/**
 * The message catalogues (decision 0042; docs/languages.md): one JSON file per language in each area that speaks
 * to caregivers and families (`app/messages/` for the frame, error and 404 pages; `features/auth/messages/` for
 * sign-in, confirmation, account, MFA, sign-up, recovery and the session warning), merged here. English is
 * bundled (it is also the fallback of every message); Spanish loads on demand (`catalogue-es.ts`), so the /login
 * page's first download carries one language only.
 */
import type { Locale } from '@tend/contracts/locale';
import app from '../app/messages/en.json';
import auth from '../features/auth/messages/en.json';
import isp from '../features/isp/messages/en.json';
import dashboards from '../features/dashboards/messages/en.json';

/** Every English message, by id (`area.page.thing`). */
export const englishMessages = { ...app, ...auth, ...isp, ...dashboards };
/** A message id: a key of the English catalogue (the Spanish one has the same keys: catalogues.test.ts). */
export type MessageId = keyof typeof englishMessages;
/**
 * A catalogue as react-intl takes it. Typed as text, as the JSON files are; the build hands over each message
 * pre-compiled to its ICU syntax tree instead (vite.config.ts `precompiledMessages`), which react-intl takes too.
 */
export type Messages = Record<string, string>;

/** The catalogue of `locale`: English at once, Spanish from its own chunk. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en') return englishMessages;
  const { spanishMessages } = await import('./catalogue-es.ts');
  return spanishMessages;
}
