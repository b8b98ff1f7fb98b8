/**
 * The server's side of the diagnostics (issue 24; decision 0067): the request that read them (its id, copyable for
 * a support request), the build, the server's clock against this browser's, the database engine and migration
 * level, and the job queues (pg-boss) beside the job rows.
 */
import { ActionIcon, Badge, Card, Code, CopyButton, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { SessionDiagnostics } from '@tend/contracts';
import { ExactTime } from '../../../components/ui/relative-time.tsx';
import { formatCount } from '../../../lib/format/index.ts';
import { FactRow, FactsCard } from './fact-row.tsx';

function CopyRequestId({ value }: { value: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy the request id'}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={copied ? 'Request id copied' : 'Copy the request id'}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

export function ServerCard({ data, receivedAt }: { data: SessionDiagnostics; receivedAt: number }) {
  const offsetSeconds = Math.round((Date.parse(data.serverTime) - receivedAt) / 1000);
  return (
    <FactsCard title="Server">
      <FactRow label="Request id" testId="diag-request-id">
        <CopyRequestId value={data.requestId} />
      </FactRow>
      <FactRow label="Build" testId="diag-build">
        <Code>{data.build.version}</Code>{' '}
        <Text span size="sm" c="dimmed">
          {data.build.source === 'manifest' ? '(web build manifest)' : '(development: no build manifest)'}
        </Text>
      </FactRow>
      <FactRow label="Built at" testId="diag-built-at">
        <ExactTime value={data.build.builtAt} fallback="Not built (development)" />
      </FactRow>
      <FactRow label="Server time" testId="diag-server-time">
        <ExactTime value={data.serverTime} />
        <Text size="sm" c="dimmed">
          {Math.abs(offsetSeconds) < 2
            ? 'This browser’s clock agrees (within 2 s).'
            : `This browser’s clock is ${Math.abs(offsetSeconds)} s ${offsetSeconds > 0 ? 'behind' : 'ahead'}.`}
        </Text>
      </FactRow>
    </FactsCard>
  );
}

export function DatabaseCard({ data }: { data: SessionDiagnostics }) {
  const { engine, migrations } = data.database;
  const pending = migrations.available - migrations.applied;
  return (
    <FactsCard title="Database">
      <FactRow label="Engine" testId="diag-engine">
        {engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'} <Code>{engine}</Code>
      </FactRow>
      <FactRow label="Migrations applied" testId="diag-migrations">
        {migrations.applied} of {migrations.available}{' '}
        {pending === 0 ? (
          <Badge color="green" variant="light">
            up to date
          </Badge>
        ) : (
          <Badge color="orange" variant="light">
            {pending > 0 ? `${pending} not applied` : `${-pending} newer than this build`}
          </Badge>
        )}
      </FactRow>
      <FactRow label="Newest applied" testId="diag-migration-latest">
        {migrations.latest ? <Code>{migrations.latest}</Code> : <Text c="dimmed">Unknown</Text>}
      </FactRow>
    </FactsCard>
  );
}

const orDash = (value: number | null) => (value === null ? '—' : formatCount(value));

export function JobsCard({ data }: { data: SessionDiagnostics }) {
  const { jobs } = data;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label="Jobs">
      <Title order={2} size="h4" mb="xs">
        Jobs
      </Title>
      <Text size="sm" mb="sm" data-testid="diag-runner">
        {jobs.runnerStarted
          ? 'The job runner of this instance is started.'
          : 'The job runner of this instance is not started: queue depths are unknown.'}{' '}
        Rows by status:{' '}
        {jobs.rowsByStatus.map((row) => `${row.status.toLowerCase()} ${formatCount(row.count)}`).join(', ')}.
      </Text>
      <Table.ScrollContainer minWidth={360}>
        <Table striped aria-label="Job queues" data-testid="diag-queues">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Queue</Table.Th>
              <Table.Th ta="right">Queued</Table.Th>
              <Table.Th ta="right">Active</Table.Th>
              <Table.Th ta="right">Failed (24 h)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.queues.map((queue) => (
              <Table.Tr key={queue.name}>
                <Table.Td>{queue.name}</Table.Td>
                <Table.Td ta="right">{orDash(queue.queued)}</Table.Td>
                <Table.Td ta="right">{orDash(queue.active)}</Table.Td>
                <Table.Td ta="right" c={queue.failedLast24h > 0 ? 'red.8' : undefined}>
                  {formatCount(queue.failedLast24h)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
