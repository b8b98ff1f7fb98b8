/** The EVV status badge: colour plus a word, the reason on hover (UX.md "Status"). */
import { Badge, Tooltip } from '@mantine/core';
import { evvStatusLabels, type EvvStatus } from '@tend/contracts';

const colors: Record<EvvStatus, string> = {
  VERIFIED: 'green',
  MANUALLY_ADJUSTED: 'blue',
  MISSING_LOCATION: 'yellow',
  INVALID_COORDINATES: 'orange',
  MISSING_CLOCK_IN: 'red',
  MISSING_CLOCK_OUT: 'red',
  TIMES_OUT_OF_ORDER: 'red',
  OVER_24_HOURS: 'red',
};

export function EvvBadge({ status, reason }: { status: EvvStatus | null; reason: string | null }) {
  if (!status)
    return (
      <Badge color="gray" variant="light">
        Not evaluated
      </Badge>
    );
  return (
    <Tooltip label={reason ?? evvStatusLabels[status]} withArrow multiline maw={320}>
      <Badge
        color={colors[status]}
        variant="light"
        tabIndex={0}
        style={{ maxWidth: 'none', overflow: 'visible' }}
        styles={{ label: { overflow: 'visible' } }}
      >
        {evvStatusLabels[status]}
      </Badge>
    </Tooltip>
  );
}
