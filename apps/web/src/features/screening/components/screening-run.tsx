/**
 * Starting a location screening and watching it (UX.md "Long work"): "Screen new shifts" (scope
 * `due`) or "Re-screen every shift" (scope `all`), then the shared job progress bar, then a summary. The job id lives in the URL (`job=`), so the
 * progress survives navigation and reload. When the job ends, the queue and baselines refresh.
 */
import { useEffect } from 'react';
import { Alert, Button, Group, Menu, Paper, Stack } from '@mantine/core';
import { IconChevronDown, IconMapPinSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ProcessingJob } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { isJobRunning, JobProgress } from '../../../components/ui/job-progress.tsx';
import { countText } from '../../../lib/format/index.ts';
import { useJob } from '../../../lib/jobs.ts';
import { locationKeys, useStartScreening } from '../api/screening-locations.ts';

/** The progress of one screening job, then its summary. */
export function ScreeningProgress({ job, onClose }: { job: ProcessingJob; onClose: () => void }) {
  const r = job.result ?? {};
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={6}>
        <JobProgress
          job={job}
          runningLabel="Screening locations"
          ariaLabel="Screening progress"
          detail={
            job.status === 'COMPLETED'
              ? `${countText(r.shiftsScreened)} shifts screened for ${countText(r.clients)} clients · ${countText(r.baselinesLearned)} baselines learned · ${countText(r.findingsCreated)} new findings, ${countText(r.findingsUpdated)} updated, ${countText(r.findingsRemoved)} no longer suspicious`
              : job.status === 'FAILED' || job.status === 'CANCELLED'
                ? `${job.error ?? 'The screening failed.'} Start it again; finished batches are kept.`
                : undefined
          }
        />
        {!isJobRunning(job) ? (
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
