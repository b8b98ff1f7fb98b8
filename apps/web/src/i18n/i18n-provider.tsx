/**
 * The page's language (issue 18, decision 0042): react-intl's `IntlProvider` over the catalogue of the chosen
 * language, `<html lang>` kept equal to it, and `useLocale()` to read or switch it. The first language is the one
 * remembered in this browser or the browser's own (locale-store.ts); once someone is signed in, their account's
 * choice wins, and an account with no choice yet gets the page's language saved (`PUT /api/account/locale`), so
 * that their emails and SMS follow it. Switching while signed in saves it too.
 */
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '@tend/contracts';
import { lazyEndpoint } from '@tend/contracts/endpoint';
import type { Locale } from '@tend/contracts/locale';
import { apiCall } from '../lib/api-client.ts';
import { meQueryKey, useMe } from '../lib/me.ts';
import { englishMessages, loadMessages, wholeCatalogueApplied, type Messages } from './catalogues.ts';
import { initialLocale, storeLocale } from './locale-store.ts';

interface LocaleContextValue {
  locale: Locale;
  /** Shows the pages in `locale`, remembers it in this browser and, when signed in, on the account. */
  setLocale: (locale: Locale) => void;
}

export const LocaleContext = createContext<LocaleContextValue | null>(null);

/** The page's language and the switch; throws outside `I18nProvider`. */
export function useLocale(): LocaleContextValue {
  const value = use(LocaleContext);
  if (!value) throw new Error('useLocale() needs <I18nProvider> above it');
  return value;
}

const setAccountLocaleEndpoint = lazyEndpoint({ method: 'PUT', path: '/api/account/locale' }, () =>
  import('@tend/contracts').then((m) => m.accountsEndpoints.setAccountLocale),
);

/** Saves `locale` on the signed-in account and in the cached `/api/me`; a failure keeps the page's choice. */
function useSaveAccountLocale() {
  const queryClient = useQueryClient();
  return useCallback(
    (locale: Locale) => {
      apiCall(setAccountLocaleEndpoint, { body: { locale } })
        .then(() => queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, locale } : me)))
        .catch(() => undefined);
    },
    [queryClient],
  );
}

/** The chosen language, its loaded catalogue (null until the first one loads) and the switch. */
function useLocaleState() {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  // English starts with the bundled words (frame, sign-in) and completes with its areas' chunk (`whole`).
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages; whole: boolean } | null>(() =>
    locale === 'en' ? { locale, messages: englishMessages, whole: false } : null,
  );
  useEffect(() => {
    let current = true;
    if (loaded?.locale !== locale || !loaded.whole) {
      loadMessages(locale)
        .then((messages) => {
          if (!current) return;
          setLoaded({ locale, messages, whole: true });
          wholeCatalogueApplied();
        })
        // The chunk could not load (offline): stay in the language already shown, or English.
        .catch(
          () =>
            current &&
            setLoaded((previous) => previous ?? { locale: 'en', messages: englishMessages, whole: false }),
        );
    }
    document.documentElement.lang = loaded?.locale ?? locale;
    return () => {
      current = false;
    };
  }, [locale, loaded]);
  return { locale, setLocaleState, loaded };
}

/** Applies the account's language once per sign-in, or saves the page's language on an account without one. */
function useAccountLocale(locale: Locale, show: (locale: Locale) => void, save: (locale: Locale) => void) {
  const { data: me } = useMe();
  const syncedAccount = useRef<string | null>(null);
  useEffect(() => {
    if (!me) {
      syncedAccount.current = null;
      return;
    }
    if (syncedAccount.current === me.userAccountId) return;
    syncedAccount.current = me.userAccountId;
    if (me.locale) show(me.locale);
    else save(locale);
  }, [me, locale, show, save]);
  return Boolean(me);
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const { locale, setLocaleState, loaded } = useLocaleState();
  const save = useSaveAccountLocale();
  const show = useCallback(
    (next: Locale) => {
      storeLocale(next);
      setLocaleState(next);
    },
    [setLocaleState],
  );
  const signedIn = useAccountLocale(locale, show, save);
  const setLocale = useCallback(
    (next: Locale) => {
      show(next);
      if (signedIn) save(next);
    },
    [show, save, signedIn],
  );
  const context = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  // Until the first catalogue is there (Spanish: one small chunk), nothing renders rather than the wrong language.
  if (!loaded) return null;
  return (
    <LocaleContext value={context}>
      <IntlProvider locale={loaded.locale} defaultLocale="en" messages={loaded.messages}>
        {children}
      </IntlProvider>
    </LocaleContext>
  );
}
