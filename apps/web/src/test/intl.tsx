/**
 * Component tests render inside the English catalogue, as the app does for an English-speaking browser; the
 * language switch works (it changes `locale`) but, without the app's loader, the words stay English.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '@tend/contracts/locale';
import { englishMessages } from '../i18n/catalogues.ts';
import { englishAreaMessages } from '../i18n/catalogue-en-areas.ts';
import { LocaleContext } from '../i18n/i18n-provider.tsx';

export function TestIntl({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>('en');
  const context = useMemo(() => ({ locale, setLocale }), [locale]);
  return (
    <LocaleContext value={context}>
      <IntlProvider locale="en" defaultLocale="en" messages={{ ...englishMessages, ...englishAreaMessages }}>
        {children}
      </IntlProvider>
    </LocaleContext>
  );
}
