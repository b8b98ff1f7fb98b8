/**
 * Dates, times and counts in the page's language and the agency's time zone (issue 18; docs/languages.md "Dates,
 * numbers and money"): one hook for components, built on react-intl's `formatDate` / `formatNumber` of the
 * `IntlProvider` above (i18n-provider.tsx), so a page switched to Spanish writes "21 nov 2025, 15:04:05 PST"
 * where an English one writes "Nov 21, 2025, 3:04:05 PM PST". Instants are shown in the agency's zone
 * (`AGENCY_TIME_ZONE` via `/api/client-config`; `displayTimeZone()` of lib/format/time.ts, the browser's until it
 * is known) unless a zone of their own is given (an import's chosen zone, a shift's). In English the words are
 * those of lib/format/time.ts, which pages without a component (CSV cells, plain functions) keep using.
 *
 * Outside an `IntlProvider` (a component test rendering one part) it writes English, as the app's fallback.
 */
import { use, useMemo } from 'react';
import { IntlContext, createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { displayTimeZone } from '../lib/format/time.ts';

/** The formatters `useDates()` returns; each takes an ISO instant (or a Date). */
export interface DateFormatters {
  /** "Nov 21, 2025, 3:04:05 PM PST": an instant to the second, its zone named (the agency's by default). */
  exact(value: string | Date, timeZone?: string): string;
  /** "Nov 21, 2025, 3:04 PM": an instant to the minute, in `timeZone` (the agency's by default). */
  dateTime(value: string | Date, timeZone?: string): string;
  /** "Nov 21, 2025": the day of an instant in `timeZone` (the agency's by default). */
  day(value: string | Date, timeZone?: string): string;
  /** "PST": the short name of `timeZone` at that instant; the zone's id when the browser has no name for it. */
  zoneName(value: string | Date, timeZone?: string): string;
  /** "12,345": a count in the page's language. */
  count(value: number): string;
}

const englishIntl = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} }, createIntlCache());

/** Formatters over `intl` (exported for tests and non-React callers that hold an `IntlShape`). */
export function dateFormatters(intl: IntlShape): DateFormatters {
  const zone = (timeZone: string | undefined) => timeZone ?? displayTimeZone();
  return {
    exact: (value, timeZone) =>
      intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'long', timeZone: zone(timeZone) }),
    dateTime: (value, timeZone) =>
      intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone(timeZone) }),
    day: (value, timeZone) => intl.formatDate(value, { dateStyle: 'medium', timeZone: zone(timeZone) }),
    zoneName: (value, timeZone) =>
      intl
        .formatDateToParts(value, { timeZone: zone(timeZone), timeZoneName: 'short' })
        .find((part) => part.type === 'timeZoneName')?.value ?? zone(timeZone),
    count: (value) => intl.formatNumber(value),
  };
}

/** See the module comment. */
export function useDates(): DateFormatters {
  const intl = use(IntlContext) as IntlShape | null;
  return useMemo(() => dateFormatters(intl ?? englishIntl), [intl]);
}
