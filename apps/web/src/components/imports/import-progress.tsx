/**
 * Step 3 of every import page (`/upload`, notes, client prime) (UX.md "Long work"): the import job's live progress bar with its percentage, the
 * rows read so far (from the job log), the time elapsed and an estimate of the time left. The job is
 * polled by the page; this component only shows it.
 */
import { useEffect, useState } from 'react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ProcessingJob } from '@tend/contracts';

/** A log line without its leading ISO timestamp. */
export function logMessage(line: string): string {
  return line.replace(/^\d{4}-\d{2}-\d{2}T\S+\s/, '');
}

/**
 * Rows (or visits) read so far, from the newest log line that counts them: "1200 rows read",
 * "1000 of 5000 visits read", "Found 5000 visits". Null when no line says.
 */
export function rowsRead(log: readonly string[]): { read: number; total: number | null } | null {
  for (const line of [...log].reverse()) {
    const message = logMessage(line);
    const rows = /^(\d+) rows read/.exec(message);
    if (rows?.[1]) return { read: Number(rows[1]), total: null };
    const visits = /^(\d+) of (\d+) visits read/.exec(message);
    if (visits?.[1] && visits[2]) return { read: Number(visits[1]), total: Number(visits[2]) };
    const found = /^Found (\d+) visits/.exec(message);
    if (found?.[1]) return { read: 0, total: Number(found[1]) };
  }
  return null;
}

/** "45 s", "3 min 05 s", "1 h 02 min". */
export function formatSeconds(total: number): string {
  const seconds = Math.max(0, Math.round(total));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** A clock that ticks every second while `running` (for the elapsed time). */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** The progress bar and what it means in words; also shown, full, above the summary. */
export function ImportProgress({ job }: { job: ProcessingJob }) {
  const running = job.status === 'QUEUED' || job.status === 'RUNNING';
  const now = useNow(running);
  const started = job.startedAt ? Date.parse(job.startedAt) : null;
  const ended = job.completedAt ? Date.parse(job.completedAt) : now;
  const elapsed = started !== null ? (ended - started) / 1000 : null;
  const left =
    running && elapsed !== null && job.progress >= 2 && job.progress < 100
      ? (elapsed * (100 - job.progress)) / job.progress
      : null;
  const resultTotal = typeof job.result?.total === 'number' ? job.result.total : null;
  const noun = job.result?.format === 'csv' ? 'rows' : 'visits';
  const count =
    job.status === 'COMPLETED' && resultTotal !== null
      ? { read: resultTotal, total: null }
      : rowsRead(job.log);
  const lastLine = job.log.at(-1);
  const last = lastLine ? logMessage(lastLine) : null;
  const countText = count
    ? count.total !== null
      ? `${numberFormat.format(count.read)} of ${numberFormat.format(count.total)} visits read`
      : `${numberFormat.format(count.read)} ${job.status === 'COMPLETED' ? noun : 'rows'} read`
    : null;
  const status = [
    countText,
    last && !/rows read|visits read|^Found \d+ visits/.test(last) ? last : null,
  ].filter(Boolean);
  const failed = job.status === 'FAILED' || job.status === 'CANCELLED';

  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600}>
          {job.status === 'QUEUED'
            ? 'Waiting to start'
            : running
              ? 'Importing'
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
        size="xl"
        radius="sm"
        striped={running}
        animated={running}
        color={failed ? 'red' : job.status === 'COMPLETED' ? 'green' : undefined}
        aria-label="Import progress"
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {status.length ? status.join(' · ') : running ? 'The import is queued and starts in a moment.' : null}
      </Text>
    </Stack>
  );
}
