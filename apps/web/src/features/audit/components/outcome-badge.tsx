/** The audit outcome as a badge: colour plus a word, never colour alone (UX.md "Status"). */
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconCheck } from '@tabler/icons-react';
import type { AuditOutcome } from '@tend/contracts';

export const outcomeLabels: Record<AuditOutcome, string> = {
  success: 'Success',
  denied: 'Denied',
  failure: 'Failure',
};
const outcomeColors: Record<AuditOutcome, string> = { success: 'green', denied: 'red', failure: 'orange' };
const outcomeIcons = { success: IconCheck, denied: IconBan, failure: IconAlertTriangle } as const;

export function OutcomeBadge({ outcome }: { outcome: AuditOutcome }) {
  const Icon = outcomeIcons[outcome];
  return (
    <Badge color={outcomeColors[outcome]} variant="light" leftSection={<Icon size={12} aria-hidden />}>
      {outcomeLabels[outcome]}
    </Badge>
  );
}
