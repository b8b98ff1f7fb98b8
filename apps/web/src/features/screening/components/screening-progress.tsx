/**
 * The incident screening job's progress (UX.md "Long work"): the shared job progress bar, then the
 * summary of what it did.
 */
import type { ProcessingJob } from '@tend/contracts';
import { isJobRunning, JobProgress } from '../../../components/ui/job-progress.tsx';
import { countText } from '../../../lib/format/index.ts';

/** What a finished screening did, in words ("Screened 12 shifts: 2 with incidents, 3 changed."). */
export function screeningSummary(job: ProcessingJob): string {
  if (job.status === 'FAILED') return job.error ?? 'The screening stopped. Try again.';
  const r = job.result ?? {};
  if (r.screened === 0) return 'Nothing new to screen: every shift with notes was already screened.';
  return `Screened ${countText(r.screened)} shifts: ${countText(r.incidents)} with incidents, ${countText(r.changed)} changed.`;
}

export function ScreeningProgress({ job }: { job: ProcessingJob }) {
  return (
    <JobProgress
      job={job}
      runningLabel="Screening notes"
      ariaLabel="Screening progress"
      detail={
        isJobRunning(job) ? 'Looking for incidents in new and changed shift notes…' : screeningSummary(job)
      }
    />
  );
}
