/**
 * Numbers and dates of the dashboards in the page's language (react-intl; instants in the agency's zone through
 * `useDates`).
 */
import { useIntl } from 'react-intl';
import { useDates } from '../../../i18n/dates.ts';

/** Formatters: `hours(12.5)` "12.5 h", `day('2026-11-28')`, `dateTime(instant)`, `month('2026-11')`. */
export function useCaseManagerFormat() {
  const intl = useIntl();
  const dates = useDates();
  return {
    hours: (value: number) => `${intl.formatNumber(value, { maximumFractionDigits: 1 })} h`,
    count: (value: number) => intl.formatNumber(value),
    day: (isoDate: string) => dates.day(`${isoDate}T12:00:00Z`, 'UTC'),
    dateTime: (instant: string) => dates.dateTime(instant),
    month: (yearMonth: string) =>
      intl.formatDate(`${yearMonth}-15T12:00:00Z`, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  };
}
