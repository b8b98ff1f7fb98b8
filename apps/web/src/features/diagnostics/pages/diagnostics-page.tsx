/**
 * `/test` (spec s.2 "Debug routes … admin diagnostics"; issue 24; decision 0067): what the SERVER thinks of this
 * session (`GET /api/diagnostics/session`): who, role, tier, aal, the deadlines it enforces with live countdowns,
 * the request id, the build, the database engine and migration level, and the job queues. Read on open and on
 * "Refresh"; reading does not make a relaxed session strict. This browser tab's own session monitor is on
 * `/admin/session-debug` (linked, not repeated). Admin only, English like the other admin diagnostics.
 */
import { Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useSessionDiagnostics } from '../api/session-diagnostics.ts';
import { DeadlinesCard } from '../components/deadlines-card.tsx';
import { SessionCard } from '../components/session-card.tsx';
import { DatabaseCard, JobsCard, ServerCard } from '../components/server-cards.tsx';

export function DiagnosticsPage() {
  const query = useSessionDiagnostics();
  const { data } = query;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>Diagnostics</Title>
          <Text c="dimmed" maw={720}>
            What the server thinks of this session and of itself. This browser tab&apos;s own view of the
            session is on{' '}
            <Anchor component={Link} to="/admin/session-debug">
              Session debug
            </Anchor>
            ; the smallest guarded page, for health checks of the guards, is{' '}
            <Anchor component={Link} to="/protected">
              Protected
            </Anchor>
            .
          </Text>
        </div>
        <Button
          leftSection={<IconRefresh size={16} />}
          variant="default"
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          Refresh
        </Button>
      </Group>
      {query.error ? <ApiErrorAlert error={query.error} title="The diagnostics could not be read" /> : null}
      {data ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="diagnostics">
          <Stack gap="md" miw={0}>
            <SessionCard data={data} />
            <DeadlinesCard data={data} />
          </Stack>
          <Stack gap="md" miw={0}>
            <ServerCard data={data} receivedAt={data.receivedAt} />
            <DatabaseCard data={data} />
            <JobsCard data={data} />
          </Stack>
        </SimpleGrid>
      ) : query.isPending ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text>Asking the server…</Text>
        </Group>
      ) : null}
    </Stack>
  );
}
