/**
 * When the incident report is due (OAR 411-323-0063): relative time with the exact time on hover, and
 * an "Overdue" marker (colour plus word) while the incident is open and the time has passed.
 */
import { Group } from '@mantine/core';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { WordBadge } from './severity-badge.tsx';

export function ReportDeadline({
  dueAt,
  handled,
  now = new Date(),
}: {
  dueAt: string | null;
  handled: boolean;
  now?: Date;
}) {
  if (!dueAt) return <span>—</span>;
  const overdue = !handled && new Date(dueAt).getTime() < now.getTime();
  return (
    <Group gap={6} wrap="nowrap">
      <RelativeTime value={dueAt} />
      {overdue ? (
        <WordBadge color="red" variant="outline">
          Overdue
        </WordBadge>
      ) : null}
    </Group>
  );
}
