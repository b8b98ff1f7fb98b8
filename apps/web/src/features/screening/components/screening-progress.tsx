/**
 * The incident screening job's progress (UX.md "Long work"): the shared job progress bar, then the
 * summary of what it did and what is open now. A run screens only new and changed notes, so its own
 * counts can be 0 while incidents found earlier are open (issue 16 item 11): the summary therefore
 * says what this run did and, beside it, the open incidents as the incident list counts them (the same
 * `GET /api/incidents?handled=open` query), so the two always agree.
 */
import type { IncidentPage, IncidentSeverity, ProcessingJob } from '@tend/contracts';
import { incidentSeverities } from '@tend/contracts';
import { isJobRunning, JobProgress } from '../../../components/ui/job-progress.tsx';
import { countText } from '../../../lib/format/index.ts';
import { useIncidents } from '../api/incidents.ts';

/** "3 open incidents (1 high, 2 low)" from the incident list's open counts; "No open incidents" when none. */
export function openIncidentsText(open: Pick<IncidentPage, 'total' | 'openBySeverity'>): string {
  if (open.total === 0) return 'No open incidents.';
  const parts = incidentSeverities
    .filter((severity: IncidentSeverity) => (open.openBySeverity[severity] ?? 0) > 0)
    .map((severity) => `${countText(open.openBySeverity[severity] ?? 0)} ${severity.toLowerCase()}`);
  const noun = open.total === 1 ? 'open incident' : 'open incidents';
  return `${countText(open.total)} ${noun}${parts.length ? ` (${parts.join(', ')})` : ''}.`;
}

/**
 * What a finished screening did, in words: this run's counts ("This run screened 12 shifts with new or
 * changed notes: 2 with incidents, 3 changed.") then the open incidents now, when known.
 */
export function screeningSummary(
  job: ProcessingJob,
  open?: Pick<IncidentPage, 'total' | 'openBySeverity'>,
): string {
  if (job.status === 'FAILED') return job.error ?? 'The screening stopped. Try again.';
  const r = job.result ?? {};
  const run =
    r.screened === 0
      ? 'Nothing new to screen: every shift with notes was already screened.'
      : `This run screened ${countText(r.screened)} shifts with new or changed notes: ${countText(r.incidents)} with incidents, ${countText(r.changed)} changed.`;
  return open ? `${run} ${openIncidentsText(open)}` : run;
}

/** The open incidents, counted as the incident list's default view counts them. */
const openQuery = { handled: 'open', page: 1, pageSize: 1, sort: 'severity', order: 'asc' } as const;

export function ScreeningProgress({ job }: { job: ProcessingJob }) {
  const open = useIncidents(openQuery);
  return (
    <JobProgress
      job={job}
      runningLabel="Screening notes"
      ariaLabel="Screening progress"
      detail={
        isJobRunning(job)
          ? 'Looking for incidents in new and changed shift notes…'
          : screeningSummary(job, open.isPlaceholderData ? undefined : open.data)
      }
    />
  );
}
