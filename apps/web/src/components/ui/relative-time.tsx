/**
 * Times on the pages, in the page's language and the agency's zone (i18n/dates.ts): a relative time ("3 h ago")
 * with the exact time, zone named, on hover and for assistive tech; and the exact time itself.
 */
import { Tooltip } from '@mantine/core';
import { formatRelativeTime } from '../../lib/format/index.ts';
import { useDates } from '../../i18n/dates.ts';

export function RelativeTime({ value }: { value: string | null | undefined }) {
  const dates = useDates();
  if (!value) return <span aria-label="never">—</span>;
  const exact = dates.exact(value);
  return (
    <Tooltip label={exact} openDelay={200}>
      <time dateTime={value} title={exact} style={{ whiteSpace: 'nowrap' }}>
        {formatRelativeTime(value)}
      </time>
    </Tooltip>
  );
}

/**
 * "Nov 21, 2025, 3:04:05 PM PST": an instant to the second in the agency's zone (or `timeZone`), its zone named,
 * in a `<time>` element; `fallback` (default "—") when there is none.
 */
export function ExactTime({
  value,
  timeZone,
  fallback = '—',
}: {
  value: string | null | undefined;
  timeZone?: string;
  fallback?: string;
}) {
  const dates = useDates();
  if (!value) return <>{fallback}</>;
  return <time dateTime={value}>{dates.exact(value, timeZone)}</time>;
}
