/** A relative time ("3 h ago") with the exact time, zone named, on hover and for assistive tech. */
import { Tooltip } from '@mantine/core';
import { formatExactTime, formatRelativeTime } from '../../lib/format/index.ts';

export function RelativeTime({ value }: { value: string | null | undefined }) {
  if (!value) return <span aria-label="never">—</span>;
  const exact = formatExactTime(value);
  return (
    <Tooltip label={exact} openDelay={200}>
      <time dateTime={value} title={exact} style={{ whiteSpace: 'nowrap' }}>
        {formatRelativeTime(value)}
      </time>
    </Tooltip>
  );
}
