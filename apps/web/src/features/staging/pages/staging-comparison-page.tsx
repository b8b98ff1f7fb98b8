/**
 * `/staging/test-comparison` (admin; issue 23, docs/staging.md): staging vs production for a date
 * range before promotion — new rows, changed rows field by field, production shifts no staged row has
 * — then "Promote n READY rows" queues the promotion job, shown with a progress bar until it is done,
 * with the way on to Production shifts.
 */
import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  promotionResult,
  type ComparisonRow,
  type DateRange,
  type ProcessingJob,
  type StagingComparison,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { JobProgress } from '../../../components/ui/job-progress.tsx';
import { useJob } from '../../../lib/jobs.ts';
import { useComparison, usePromote } from '../api/staging.ts';

function Rows({ title, rows, empty }: { title: string; rows: ComparisonRow[]; empty: string }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Shift id</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Caregiver</Table.Th>
                <Table.Th>Client</Table.Th>
                <Table.Th>Status / changes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.givShiftId}:${row.shiftId ?? ''}`}>
                  <Table.Td>{row.givShiftId || '—'}</Table.Td>
                  <Table.Td>{row.date ?? '—'}</Table.Td>
                  <Table.Td>{row.caregiver ?? '—'}</Table.Td>
                  <Table.Td>{row.client ?? '—'}</Table.Td>
                  <Table.Td>
                    {row.changes.length ? (
                      <Stack gap={2}>
                        {row.changes.map((change) => (
                          <Text size="xs" key={change.field}>
                            {change.field}: {change.production ?? '—'} → {change.staging ?? '—'}
                          </Text>
                        ))}
                      </Stack>
                    ) : row.status ? (
                      <Badge variant="light" color={row.status === 'READY' ? 'green' : 'orange'}>
                        {row.status === 'READY'
                          ? 'Ready'
                          : row.status === 'UPLOADED'
                            ? 'Uploaded'
                            : 'Not ready'}
                      </Badge>
                    ) : (
                      <Text size="xs">Only in production</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Promotion({ job }: { job: ProcessingJob }) {
  const live = useJob(job.id).data ?? job;
  const result = promotionResult.safeParse(live.result).data;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <JobProgress
          job={live}
          runningLabel="Promoting READY rows to production"
          ariaLabel="Promotion progress"
        />
        {live.status === 'COMPLETED' && result ? (
          <Group>
            <Text>
              {result.promoted} rows promoted ({result.created} new shifts, {result.updated} updated),{' '}
              {result.failed} failed.
            </Text>
            <Anchor component={Link} to="/production/shifts">
              See them in Production shifts
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The comparison's counts as tiles. */
function Counts({ counts }: { counts: StagingComparison['counts'] }) {
  const data = { counts };
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }}>
      {(
        [
          ['New', data.counts.new],
          ['Changed', data.counts.changed],
          ['Missing from staging', data.counts.missing],
          ['Same', data.counts.same],
          ['Ready to promote', data.counts.ready],
        ] as const
      ).map(([label, value]) => (
        <Paper withBorder p="sm" key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The staging test-comparison page. */
export function StagingComparisonPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [range, setRange] = useState<DateRange | null>(null);
  const comparison = useComparison(range);
  const promote = usePromote();
  const data = comparison.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Staging test comparison</Title>
        <Text c="dimmed" size="sm">
          See what a promotion would change in production for a range of service dates, then promote.
        </Text>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (from && to) setRange({ from, to });
        }}
      >
        <Group align="end" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            required
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            required
          />
          <Button type="submit" loading={comparison.isFetching}>
            Compare
          </Button>
        </Group>
      </form>
      {comparison.error ? <ApiErrorAlert error={comparison.error} /> : null}
      {!range ? (
        <Text c="dimmed">Choose a date range and compare to see new, changed and missing shifts.</Text>
      ) : null}
      {data ? (
        <>
          <Counts counts={data.counts} />
          <Group>
            <Button
              disabled={data.counts.ready === 0 || promote.isPending}
              loading={promote.isPending}
              onClick={() => range && promote.mutate(range)}
            >
              Promote {data.counts.ready} READY rows
            </Button>
          </Group>
          {promote.error ? <ApiErrorAlert error={promote.error} /> : null}
          {promote.data ? <Promotion job={promote.data.job} /> : null}
          <Rows title="New in staging" rows={data.new} empty="No staged row is new." />
          <Rows title="Changed" rows={data.changed} empty="No staged row differs from its shift." />
          <Rows
            title="In production, not in staging"
            rows={data.missing}
            empty="Every shift of the range is staged."
          />
        </>
      ) : null}
    </Stack>
  );
}
