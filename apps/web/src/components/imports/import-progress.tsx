/**
 * Step 3 of every import page (`/upload`, notes, client prime) (UX.md "Long work"): the import job's
 * live progress bar (components/ui/job-progress.tsx) with the rows read so far (from the job log). The
 * job is polled by the page; this component only shows it.
 */
import type { ProcessingJob } from '@tend/contracts';
import { JobProgress, lastLogMessage, logMessage } from '../ui/job-progress.tsx';
import { formatCount } from '../../lib/format/index.ts';

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

/** The progress bar and what it means in words; also shown, full, above the summary. */
export function ImportProgress({ job }: { job: ProcessingJob }) {
  const running = job.status === 'QUEUED' || job.status === 'RUNNING';
  const resultTotal = typeof job.result?.total === 'number' ? job.result.total : null;
  const noun = job.result?.format === 'csv' ? 'rows' : 'visits';
  const count =
    job.status === 'COMPLETED' && resultTotal !== null
      ? { read: resultTotal, total: null }
      : rowsRead(job.log);
  const last = lastLogMessage(job);
  const countText = count
    ? count.total !== null
      ? `${formatCount(count.read)} of ${formatCount(count.total)} visits read`
      : `${formatCount(count.read)} ${job.status === 'COMPLETED' ? noun : 'rows'} read`
    : null;
  const status = [
    countText,
    last && !/rows read|visits read|^Found \d+ visits/.test(last) ? last : null,
  ].filter(Boolean);
  return (
    <JobProgress
      job={job}
      runningLabel="Importing"
      ariaLabel="Import progress"
      size="xl"
      detail={
        status.length ? status.join(' · ') : running ? 'The import is queued and starts in a moment.' : null
      }
    />
  );
}
