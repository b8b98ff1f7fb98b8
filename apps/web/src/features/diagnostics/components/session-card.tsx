/** Who the server says is signed in, with which credential, tier and assurance level (issue 24; decision 0067). */
import { Badge, Code, Group, Text } from '@mantine/core';
import { tierLimits } from '@tend/contracts/session-tiers';
import type { SessionDiagnostics } from '@tend/contracts';
import { ExactTime, RelativeTime } from '../../../components/ui/relative-time.tsx';
import { FactRow, FactsCard } from './fact-row.tsx';

/** Badges that wrap at 320 px instead of cutting their words off. */
const wrapping = { h: 'auto', styles: { label: { whiteSpace: 'normal' as const } } };

export function SessionCard({ data }: { data: SessionDiagnostics }) {
  return (
    <FactsCard title="Session">
      <FactRow label="Signed in as" testId="diag-user">
        <Text span>{data.user.name ?? '—'}</Text>
        <Text size="sm" c="dimmed">
          {data.user.email}
        </Text>
      </FactRow>
      <FactRow label="Account id" testId="diag-user-id">
        <Code>{data.user.id}</Code>
      </FactRow>
      <FactRow label="Role" testId="diag-role">
        {data.role}
      </FactRow>
      <FactRow label="Credential" testId="diag-credential">
        {data.credential === 'cookie' ? 'Browser session (cookie)' : 'API token (bearer)'}
      </FactRow>
      <FactRow label="Tier" testId="diag-tier">
        {data.tier ? (
          <Group gap="xs">
            <Badge color={data.tier === 'strict_phi' ? 'red' : 'teal'} variant="light" {...wrapping}>
              {tierLimits[data.tier].label}
            </Badge>
            <Code>{data.tier}</Code>
          </Group>
        ) : (
          <Text c="dimmed">None (API token)</Text>
        )}
      </FactRow>
      <FactRow label="Assurance level" testId="diag-aal">
        <Group gap="xs">
          <Badge color={data.aal === 'aal2' ? 'green' : 'yellow'} variant="light" {...wrapping}>
            {data.aal === 'aal2' ? 'Two-step verified' : 'Password only'}
          </Badge>
          <Code>{data.aal}</Code>
        </Group>
      </FactRow>
      <FactRow label="Signed in at" testId="diag-signed-in-at">
        <ExactTime value={data.signedInAt} />
      </FactRow>
      <FactRow label="Last recorded activity" testId="diag-last-activity">
        {data.lastActivityAt ? (
          <Group gap="xs" wrap="wrap">
            <ExactTime value={data.lastActivityAt} />
            <Text span size="sm" c="dimmed">
              (<RelativeTime value={data.lastActivityAt} />)
            </Text>
          </Group>
        ) : (
          <Text c="dimmed">Not recorded for API tokens</Text>
        )}
      </FactRow>
    </FactsCard>
  );
}
