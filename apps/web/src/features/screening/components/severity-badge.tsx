/** The incident severity badge: colour plus a word, the reporting rule on hover (UX.md "Status"). */
import { Badge, Tooltip } from '@mantine/core';
import type { IncidentSeverity } from '@tend/contracts';

const colors: Record<IncidentSeverity, string> = {
  CRITICAL: 'red',
  HIGH: 'orange',
  MEDIUM: 'yellow',
  LOW: 'gray',
};
const words: Record<IncidentSeverity, string> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};

/** Word for a severity ("Critical"). */
export const severityWord = (severity: IncidentSeverity) => words[severity];

export function SeverityBadge({
  severity,
  hint,
}: {
  severity: IncidentSeverity | null;
  hint?: string | null;
}) {
  if (!severity)
    return (
      <Badge color="green" variant="light">
        No incident
      </Badge>
    );
  const badge = (
    <Badge
      color={colors[severity]}
      variant={severity === 'CRITICAL' ? 'filled' : 'light'}
      tabIndex={hint ? 0 : undefined}
      style={{ maxWidth: 'none', overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {words[severity]}
    </Badge>
  );
  return hint ? (
    <Tooltip label={hint} withArrow multiline maw={320}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** A badge whose word is never cut off in a narrow table column. */
export function WordBadge({
  color,
  variant = 'light',
  children,
}: {
  color: string;
  variant?: 'light' | 'outline';
  children: string;
}) {
  return (
    <Badge
      color={color}
      variant={variant}
      style={{ maxWidth: 'none', overflow: 'visible', flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {children}
    </Badge>
  );
}
