/**
 * The job progress bar's status region (docs/accessibility.md): screen readers hear the phase, and the summary
 * once the job ends, never each percent or log line while it runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ProcessingJob } from '@tend/contracts';
import { JobProgress } from './job-progress.tsx';

afterEach(cleanup);

const job = (patch: Partial<ProcessingJob>): ProcessingJob => ({
  id: '00000000-0000-4000-8000-000000000001',
  jobType: 'shift_import',
  status: 'RUNNING',
  progress: 10,
  log: ['2026-11-27T10:00:00.000Z 100 rows read'],
  error: null,
  result: null,
  metadata: null,
  csvFileId: null,
  triggeredBy: null,
  startedAt: '2026-11-27T10:00:00.000Z',
  heartbeatAt: null,
  interrupted: false,
  completedAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...patch,
});

function show(value: ProcessingJob) {
  return (
    <MantineProvider>
      <JobProgress job={value} runningLabel="Importing" ariaLabel="Import progress" />
    </MantineProvider>
  );
}

/** What a screen reader reads of an element: its text without the parts hidden from it (`aria-hidden`). */
function spoken(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').trim();
}

describe('JobProgress status region', () => {
  it('says the phase while the job runs, the same words whatever the percent and log', () => {
    const view = render(show(job({ status: 'QUEUED', progress: 0, startedAt: null, log: [] })));
    const status = screen.getByTestId('job-status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(spoken(status)).toBe('Waiting to start');
    view.rerender(show(job({ progress: 10 })));
    expect(spoken(status)).toBe('Importing');
    view.rerender(show(job({ progress: 55, log: ['2026-11-27T10:00:09.000Z 5000 rows read'] })));
    expect(spoken(status)).toBe('Importing');
    // Sighted people still see the percent; the bar carries it for whoever asks.
    expect(status).toHaveTextContent('Importing · 55%');
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '55',
    );
  });

  it('keeps the line under the bar silent while the job runs and speaks the result when it ends', () => {
    const view = render(show(job({ progress: 40 })));
    const result = screen.getByTestId('job-result');
    expect(result).toHaveAttribute('role', 'status');
    expect(result).toHaveAttribute('aria-live', 'polite');
    // Seen, not spoken: the newest log line changes with every poll.
    expect(result).toHaveTextContent('100 rows read');
    expect(spoken(result)).toBe('');
    view.rerender(
      <MantineProvider>
        <JobProgress
          job={job({ status: 'COMPLETED', progress: 100, completedAt: '2026-11-27T10:00:10.000Z' })}
          runningLabel="Importing"
          ariaLabel="Import progress"
          detail="2 visits read · Created 2, updated 0"
        />
      </MantineProvider>,
    );
    expect(spoken(result)).toBe('2 visits read · Created 2, updated 0');
    expect(screen.getAllByRole('status').map(spoken)).toEqual([
      'Finished',
      '2 visits read · Created 2, updated 0',
    ]);
    view.rerender(show(job({ status: 'FAILED', error: 'The file could not be read.' })));
    expect(spoken(result)).toBe('The file could not be read.');
  });

  it('says the outcome once the job has ended', () => {
    const view = render(show(job({ progress: 90 })));
    const status = screen.getByTestId('job-status');
    view.rerender(show(job({ status: 'COMPLETED', progress: 100, completedAt: '2026-11-27T10:00:10.000Z' })));
    expect(spoken(status)).toBe('Finished');
    view.rerender(show(job({ status: 'FAILED', error: 'The file could not be read.' })));
    expect(spoken(status)).toBe('Stopped');
  });
});

describe('JobProgress of a job whose worker died (decision 0038)', () => {
  it('says "Interrupted, resuming" while the job waits for a new worker', () => {
    render(show(job({ progress: 40, interrupted: true, heartbeatAt: '2026-11-27T10:00:05.000Z' })));
    const status = screen.getByTestId('job-status');
    expect(spoken(status)).toBe('Interrupted, resuming');
    expect(status).toHaveTextContent('Interrupted, resuming · 40%');
    expect(screen.getByText(/another one picks it up within a minute/)).toBeTruthy();
  });
});
