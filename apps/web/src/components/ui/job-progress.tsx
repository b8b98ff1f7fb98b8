/**
 * The one progress bar of long work (UX.md "Long work"): what the job is doing and its percentage,
 * the time elapsed and an estimate of the time left, the bar (striped while running, green when done,
 * red when stopped), and one line of detail under it. A running job whose worker died (`job.interrupted`,
 * decision 0038) reads "Interrupted, resuming" in orange until another worker picks it up. Pages poll the job (`useJob` in lib/jobs.ts)
 * and pass it in; they choose the words.
 *
 * Screen readers hear the phase line (waiting, running, finished, stopped) from a polite status region when the
 * phase changes, and the result once the job has ended: the line under the bar is a second polite status region
 * (`data-testid="job-result"`) whose words are hidden from them while the job runs and spoken when it ends
 * ("2 visits read · Created 2, …", the screening's findings, the error). Never each percent, second or log line
 * (the bar carries the percentage for whoever asks, `aria-valuenow`). docs/accessibility.md.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ProcessingJob } from '@tend/contracts';
import { formatSeconds } from '../../lib/format/index.ts';

/** A job log line without its leading ISO timestamp. */
export function logMessage(line: string): string {
  return line.replace(/^\d{4}-\d{2}-\d{2}T\S+\s/, '');
}

/** The job's newest log line without its timestamp, or null. */
export const lastLogMessage = (job: ProcessingJob): string | null => {
  const line = job.log.at(-1);
  return line ? logMessage(line) : null;
};

/** Whether the job may still change. */
export const isJobRunning = (job: ProcessingJob): boolean =>
  job.status === 'QUEUED' || job.status === 'RUNNING';

/** A clock that ticks every second while `running` (for the elapsed time). */
function useTicking(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export interface JobProgressProps {
  job: ProcessingJob;
  /** What the job does while it runs, e.g. "Importing", "Screening notes". */
  runningLabel: string;
  /** The bar's accessible name, e.g. "Import progress". */
  ariaLabel: string;
  /** The line under the bar (default: the newest log line while running, the error when stopped). */
  detail?: ReactNode;
  size?: 'lg' | 'xl';
}

/** See the module comment. */
export function JobProgress({ job, runningLabel, ariaLabel, detail, size = 'lg' }: JobProgressProps) {
  const running = isJobRunning(job);
  const failed = job.status === 'FAILED' || job.status === 'CANCELLED';
  const now = useTicking(running);
  const started = job.startedAt ? Date.parse(job.startedAt) : null;
  const ended = job.completedAt ? Date.parse(job.completedAt) : now;
  const elapsed = started !== null ? (ended - started) / 1000 : null;
  const left =
    running && elapsed !== null && job.progress >= 2 && job.progress < 100
      ? (elapsed * (100 - job.progress)) / job.progress
      : null;
  const fallback = failed
    ? (job.error ?? 'The job stopped.')
    : job.interrupted
      ? 'Its worker stopped answering; another one picks it up within a minute.'
      : running
        ? lastLogMessage(job)
        : null;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600} role="status" aria-live="polite" aria-atomic="true" data-testid="job-status">
          {job.status === 'QUEUED'
            ? 'Waiting to start'
            : job.interrupted
              ? 'Interrupted, resuming'
              : running
                ? runningLabel
                : failed
                  ? 'Stopped'
                  : 'Finished'}{' '}
          <span aria-hidden="true">· {job.progress}%</span>
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
        size={size}
        radius="sm"
        striped={running}
        animated={running}
        color={failed ? 'red' : job.status === 'COMPLETED' ? 'green' : job.interrupted ? 'orange' : undefined}
        aria-label={ariaLabel}
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite" aria-atomic="true" data-testid="job-result">
        {running ? <span aria-hidden="true">{detail ?? fallback}</span> : (detail ?? fallback)}
      </Text>
    </Stack>
  );
}
