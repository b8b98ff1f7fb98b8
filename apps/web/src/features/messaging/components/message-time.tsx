/**
 * A message's time in the page's language: the time of day when it is today, the weekday within the week, the date
 * otherwise; the exact instant on hover and in `dateTime`.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';

const DAY_MS = 86_400_000;

export function MessageTime({ value }: { value: string }) {
  const intl = useIntl();
  const [now] = useState(() => new Date());
  const date = new Date(value);
  const age = now.getTime() - date.getTime();
  const sameDay = now.toDateString() === date.toDateString();
  const text = sameDay
    ? intl.formatTime(date, { hour: 'numeric', minute: '2-digit' })
    : age < 6 * DAY_MS
      ? intl.formatDate(date, { weekday: 'short' })
      : intl.formatDate(date, { month: 'short', day: 'numeric' });
  const exact = intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <time dateTime={value} title={exact}>
      {text}
    </time>
  );
}
