/**
 * The screening job's progress (UX.md "Long work"): a bar with the percentage, the time elapsed and an
 * estimate of the time left; when finished, the summary of what it did.
 */
import { useEffect, useState } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ProcessingJob } from '@tend/contracts';

/** "45 s", "3 min 05 s". */
export function formatSeconds(total: number): string {
  const seconds = Math.max(0, Math.round(total));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

const count = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('en-US') : '0');

/** What a finished screening did, in words ("Screened 12 shifts: 2 with incidents, 3 changed."). */
export function screeningSummary(job: ProcessingJob): string {
  if (job.status === 'FAILED') return job.error ?? 'The screening stopped. Try again.';
  const r = job.result ?? {};
  if (r.screened === 0) return 'Nothing new to screen: every shift with notes was already screened.';
  return `Screened ${count(r.screened)} shifts: ${count(r.incidents)} with incidents, ${count(r.changed)} changed.`;
}

function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export function ScreeningProgress({ job }: { job: ProcessingJob }) {
  const running = job.status === 'QUEUED' || job.status === 'RUNNING';
  const now = useNow(running);
  const started = job.startedAt ? Date.parse(job.startedAt) : null;
  const elapsed =
    started !== null ? ((job.completedAt ? Date.parse(job.completedAt) : now) - started) / 1000 : null;
  const left =
    running && elapsed !== null && job.progress >= 2 && job.progress < 100
      ? (elapsed * (100 - job.progress)) / job.progress
      : null;
  const failed = job.status === 'FAILED' || job.status === 'CANCELLED';
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600}>
          {job.status === 'QUEUED'
            ? 'Waiting to start'
            : running
              ? 'Screening notes'
              : failed
                ? 'Stopped'
                : 'Finished'}{' '}
          · {job.progress}%
        </Text>
        <Text size="sm" c="dimmed">
          {elapsed === null
            ? 'Not started yet'
            : running
              ? `${formatSeconds(elapsed)} elapsed`
              : `Took ${formatSeconds(elapsed)}`}
          {left !== null ? ` · about ${formatSeconds(left)} left` : ''}
        </Text>
      </Group>
      <Progress
        value={job.progress}
        size="lg"
        radius="sm"
        striped={running}
        animated={running}
        color={failed ? 'red' : job.status === 'COMPLETED' ? 'green' : undefined}
        aria-label="Screening progress"
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {running ? 'Looking for incidents in new and changed shift notes…' : screeningSummary(job)}
      </Text>
    </Stack>
  );
}
