/**
 * The deadlines the server enforces on this session (contracts `serverSessionDeadlines`; decision 0067), each as an
 * exact time with a live countdown; for a relaxed session also the strict deadlines its next request for health
 * information is held to.
 */
import { Badge, Group, Text } from '@mantine/core';
import { tierLimits } from '@tend/contracts/session-tiers';
import type { DiagnosticsDeadlines, SessionDiagnostics } from '@tend/contracts';
import { ExactTime } from '../../../components/ui/relative-time.tsx';
import { formatTimeLeft } from '../../../lib/format/index.ts';
import { useNow } from '../../../lib/use-now.ts';
import { FactRow, FactsCard } from './fact-row.tsx';

/** An instant with its countdown: "in 11:59:58", "reached"; orange inside the warning lead (5 min). */
function Deadline({ at, now }: { at: string; now: number }) {
  const left = Date.parse(at) - now;
  return (
    <Group gap="xs" wrap="wrap">
      <ExactTime value={at} />
      <Badge
        variant="light"
        color={left <= tierLimits.strict_phi.warningMs ? 'orange' : 'gray'}
        data-testid="countdown"
      >
        {left > 0 ? `in ${formatTimeLeft(left)}` : 'reached'}
      </Badge>
    </Group>
  );
}

function DeadlineRows({
  deadlines,
  now,
  prefix,
  suffix = '',
}: {
  deadlines: DiagnosticsDeadlines;
  now: number;
  prefix: string;
  suffix?: string;
}) {
  return (
    <>
      <FactRow label={`Absolute deadline${suffix}`} testId={`${prefix}-absolute`}>
        <Deadline at={deadlines.absoluteAt} now={now} />
      </FactRow>
      <FactRow label={`Inactivity deadline${suffix}`} testId={`${prefix}-inactivity`}>
        <Deadline at={deadlines.inactivityAt} now={now} />
      </FactRow>
      <FactRow label={`Warning shows${suffix}`} testId={`${prefix}-warning`}>
        <Deadline at={deadlines.warningAt} now={now} />
      </FactRow>
    </>
  );
}

export function DeadlinesCard({ data }: { data: SessionDiagnostics }) {
  const now = useNow(1000);
  const { deadlines, phiDeadlines, tier } = data;
  if (!deadlines)
    return (
      <FactsCard title="Deadlines the server enforces">
        <FactRow label="API token" testId="deadline-bearer">
          Its access token lasts 15 minutes and its family is held to the strict limits.
        </FactRow>
      </FactsCard>
    );
  const relaxed = tier === 'relaxed';
  return (
    <FactsCard
      title="Deadlines the server enforces"
      after={
        <Text size="sm" c="dimmed" mt="xs">
          Absolute: sign-in + {relaxed ? '14 days' : '12 hours'}. Inactivity: last recorded activity +{' '}
          {relaxed ? '14 days' : '45 minutes'}; the server records activity at most every{' '}
          {data.activityWriteIntervalMs / 1000} seconds, so its idle clock may lag this much.
          {relaxed
            ? ' The rows marked “health information” are what such a request would apply (12 hours / 45 minutes); it also makes the session strict.'
            : ''}
        </Text>
      }
    >
      <DeadlineRows deadlines={deadlines} now={now} prefix="deadline" />
      {relaxed && phiDeadlines ? (
        <DeadlineRows
          deadlines={phiDeadlines}
          now={now}
          prefix="phi-deadline"
          suffix=" (health information)"
        />
      ) : null}
    </FactsCard>
  );
}
