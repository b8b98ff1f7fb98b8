/**
 * A segment-validation job's progress (UX.md "Long work"): percentage bar, the last log line while it
 * runs, then a summary (segments, ready, not ready, changed). When it ends, the segments refresh.
 */
import { useEffect } from 'react';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useJob } from '../api/billing.ts';

const numberFormat = new Intl.NumberFormat('en-US');
const num = (value: unknown) => (typeof value === 'number' ? numberFormat.format(value) : '0');

/** See the module comment. `onClose` dismisses a finished job. */
export function ValidationProgress({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const job = useJob(jobId);
  const queryClient = useQueryClient();
  const status = job.data?.status;
  const running = status === 'QUEUED' || status === 'RUNNING' || !status;
  useEffect(() => {
    if (status === 'COMPLETED' || status === 'FAILED')
      void queryClient.invalidateQueries({ queryKey: ['billing', 'segments'] });
  }, [status, queryClient]);
  if (job.isError) return <ApiErrorAlert error={job.error} title="The validation job could not be read" />;
  const data = job.data;
  const failed = status === 'FAILED' || status === 'CANCELLED';
  const r = data?.result ?? {};
  const last = data?.log.at(-1)?.replace(/^\d{4}-\d{2}-\d{2}T\S+\s/, '');
  return (
    <Paper withBorder p="md" radius="md" data-testid="validation-progress">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {status === 'QUEUED' || !status
            ? 'Validation waits to start'
            : running
              ? 'Validating segments'
              : failed
                ? 'Validation stopped'
                : 'Validation finished'}{' '}
          · {data?.progress ?? 0}%
        </Text>
        <Progress
          value={data?.progress ?? 0}
          size="lg"
          striped={running}
          animated={running}
          color={failed ? 'red' : status === 'COMPLETED' ? 'green' : undefined}
          aria-label="Validation progress"
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {status === 'COMPLETED'
            ? `${num(r.segments)} segments validated · ${num(r.ready)} ready · ${num(r.notReady)} not ready · ${num(r.changed)} changed`
            : failed
              ? `${data?.error ?? 'The validation failed.'} Start it again: it is safe to repeat.`
              : (last ?? 'Starting…')}
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
