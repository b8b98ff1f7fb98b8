/** Dates in the page's language and the agency's zone (dates.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider, createIntl } from 'react-intl';
import { dateFormatters, useDates } from './dates.ts';
import { formatExactTime, formatInstantDay, setDisplayTimeZone } from '../lib/format/time.ts';

afterEach(() => {
  cleanup();
  setDisplayTimeZone(undefined);
});

const instant = '2025-11-21T23:04:05Z';

describe('dateFormatters', () => {
  it('writes English as lib/format/time.ts does, in the agency zone', () => {
    setDisplayTimeZone('America/Los_Angeles');
    const en = dateFormatters(createIntl({ locale: 'en', messages: {} }));
    expect(en.exact(instant)).toBe(formatExactTime(instant));
    expect(en.exact(instant)).toBe('Nov 21, 2025, 3:04:05 PM PST');
    expect(en.day(instant)).toBe(formatInstantDay(instant));
    expect(en.dateTime(instant)).toBe('Nov 21, 2025, 3:04 PM');
    expect(en.count(12345)).toBe('12,345');
  });

  it('writes the page’s language, and a zone of the instant’s own when given', () => {
    setDisplayTimeZone('America/Los_Angeles');
    const es = dateFormatters(createIntl({ locale: 'es', messages: {} }));
    expect(es.day(instant)).toBe('21 nov 2025');
    expect(es.exact(instant)).toMatch(/^21 nov 2025, 15:04:05/);
    expect(es.count(12345)).toBe('12.345');
    const en = dateFormatters(createIntl({ locale: 'en', messages: {} }));
    expect(en.dateTime(instant, 'America/New_York')).toBe('Nov 21, 2025, 6:04 PM');
    expect(en.zoneName(instant, 'America/New_York')).toBe('EST');
  });
});

function Exact() {
  const dates = useDates();
  return <p>{dates.exact(instant)}</p>;
}

describe('useDates', () => {
  it('follows the IntlProvider above it, English without one', () => {
    setDisplayTimeZone('America/Los_Angeles');
    render(<Exact />);
    expect(screen.getByText('Nov 21, 2025, 3:04:05 PM PST')).toBeInTheDocument();
    cleanup();
    render(
      <IntlProvider locale="es" messages={{}}>
        <Exact />
      </IntlProvider>,
    );
    expect(screen.getByText(/^21 nov 2025, 15:04:05/)).toBeInTheDocument();
  });
});
