/**
 * A segment-validation job's progress (UX.md "Long work"): the shared job progress bar, then a summary
 * (segments, ready, not ready, changed). When it ends, the segments refresh.
 */
import { useEffect } from 'react';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ApiErrorAlert } from '../ui/api-error-alert.tsx';
import { isJobRunning, JobProgress } from '../ui/job-progress.tsx';
import { countText } from '../../lib/format/index.ts';
import { useJob } from '../../lib/jobs.ts';
import { validationKeys } from './validation-api.ts';

/** See the module comment. `onClose` dismisses a finished job. */
export function ValidationProgress({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const job = useJob(jobId);
  const queryClient = useQueryClient();
  const status = job.data?.status;
  useEffect(() => {
    if (status === 'COMPLETED' || status === 'FAILED')
      void queryClient.invalidateQueries({ queryKey: validationKeys.all });
  }, [status, queryClient]);
  if (job.isError) return <ApiErrorAlert error={job.error} title="The validation job could not be read" />;
  const data = job.data;
  if (!data) return null;
  const r = data.result ?? {};
  return (
    <Paper withBorder p="md" radius="md" data-testid="validation-progress">
      <Stack gap={6}>
        <JobProgress
          job={data}
          runningLabel="Validating segments"
          ariaLabel="Validation progress"
          detail={
            data.status === 'COMPLETED'
              ? `${countText(r.segments)} segments validated · ${countText(r.ready)} ready · ${countText(r.notReady)} not ready · ${countText(r.changed)} changed`
              : data.status === 'FAILED' || data.status === 'CANCELLED'
                ? `${data.error ?? 'The validation failed.'} Start it again: it is safe to repeat.`
                : undefined
          }
        />
        {!isJobRunning(data) ? (
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
