/**
 * Starting a location screening and watching it (UX.md "Long work"): "Screen new shifts" (scope
 * `due`) or "Re-screen every shift" (scope `all`), then a progress bar with percentage, shifts
 * screened so far and time elapsed, then a summary. The job id lives in the URL (`job=`), so the
 * progress survives navigation and reload. When the job ends, the queue and baselines refresh.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Menu, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconMapPinSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ProcessingJob } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { locationKeys, useJob, useStartScreening } from '../api/screening-locations.ts';

const numberFormat = new Intl.NumberFormat('en-US');
const lastMessage = (job: ProcessingJob) => job.log.at(-1)?.replace(/^\d{4}-\d{2}-\d{2}T\S+\s/, '') ?? null;

function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

const num = (value: unknown) => (typeof value === 'number' ? numberFormat.format(value) : '0');

/** The progress of one screening job, then its summary. */
export function ScreeningProgress({ job, onClose }: { job: ProcessingJob; onClose: () => void }) {
  const running = job.status === 'QUEUED' || job.status === 'RUNNING';
  const failed = job.status === 'FAILED' || job.status === 'CANCELLED';
  const now = useNow(running);
  const started = job.startedAt ? Date.parse(job.startedAt) : null;
  const elapsed =
    started !== null
      ? Math.max(0, Math.round(((job.completedAt ? Date.parse(job.completedAt) : now) - started) / 1000))
      : null;
  const r = job.result ?? {};
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {job.status === 'QUEUED'
              ? 'Screening waits to start'
              : running
                ? 'Screening locations'
                : failed
                  ? 'Screening stopped'
                  : 'Screening finished'}{' '}
            · {job.progress}%
          </Text>
          <Text size="sm" c="dimmed">
            {elapsed === null ? 'Not started yet' : running ? `${elapsed} s elapsed` : `Took ${elapsed} s`}
          </Text>
        </Group>
        <Progress
          value={job.progress}
          size="lg"
          striped={running}
          animated={running}
          color={failed ? 'red' : job.status === 'COMPLETED' ? 'green' : undefined}
          aria-label="Screening progress"
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {job.status === 'COMPLETED'
            ? `${num(r.shiftsScreened)} shifts screened for ${num(r.clients)} clients · ${num(r.baselinesLearned)} baselines learned · ${num(r.findingsCreated)} new findings, ${num(r.findingsUpdated)} updated, ${num(r.findingsRemoved)} no longer suspicious`
            : failed
              ? (job.error ?? 'The screening failed.') + ' Start it again; finished batches are kept.'
              : (lastMessage(job) ?? 'Starting…')}
        </Text>
        {!running ? (
          <Group>
            <Button variant="subtle" size="xs" onClick={onClose}>
              Dismiss
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The run buttons and, while a job is in the URL, its progress. `clientId` narrows the run to one client. */
export function ScreeningRun({ clientId }: { clientId?: string }) {
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job') ?? undefined;
  const job = useJob(jobId);
  const start = useStartScreening();
  const queryClient = useQueryClient();
  const status = job.data?.status;
  const running = status === 'QUEUED' || status === 'RUNNING';

  useEffect(() => {
    if (status === 'COMPLETED' || status === 'FAILED')
      void queryClient.invalidateQueries({ queryKey: locationKeys.all });
  }, [status, queryClient]);

  const setJob = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('job', id);
        else next.delete('job');
        return next;
      },
      { replace: !id },
    );
  const run = (scope: 'due' | 'all') =>
    start.mutate(
      { scope, ...(clientId ? { clientId } : {}) },
      { onSuccess: ({ job: started }) => setJob(started.id) },
    );

  return (
    <Stack gap="sm">
      <Group gap={0}>
        <Button
          leftSection={<IconMapPinSearch size={16} aria-hidden />}
          onClick={() => run('due')}
          loading={start.isPending}
          disabled={running}
          style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
        >
          Screen new shifts
        </Button>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              aria-label="More screening options"
              disabled={running || start.isPending}
              style={{
                borderTopLeftRadius: 0,
                borderBottomLeftRadius: 0,
                borderLeft: '1px solid rgba(255,255,255,0.4)',
              }}
              px={8}
            >
              <IconChevronDown size={16} aria-hidden />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => run('all')}>Re-screen every shift</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {start.error ? <ApiErrorAlert error={start.error} title="The screening could not start" /> : null}
      {job.error ? (
        <Alert color="orange" title="This screening's progress is not available">
          It may have been removed. Start a new screening.
        </Alert>
      ) : null}
      {job.data ? <ScreeningProgress job={job.data} onClose={() => setJob(null)} /> : null}
    </Stack>
  );
}
