import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { ProcessingJob } from '@tend/contracts';
import { JobProgress } from './job-progress.tsx';

const job: ProcessingJob = {
  id: '00000000-0000-4000-8000-000000000001',
  jobType: 'shift-import',
  status: 'RUNNING',
  progress: 40,
  log: ['2026-11-27T10:00:05.000Z Read 400 of 1000 rows'],
  error: null,
  result: null,
  metadata: null,
  csvFileId: null,
  triggeredBy: null,
  startedAt: '2026-11-27T10:00:00.000Z',
  heartbeatAt: '2026-11-27T10:00:05.000Z',
  interrupted: false,
  completedAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
};

const renderBar = (value: ProcessingJob) =>
  render(
    <MantineProvider>
      <JobProgress job={value} runningLabel="Importing" ariaLabel="Import progress" />
    </MantineProvider>,
  );

afterEach(cleanup);

describe('JobProgress', () => {
  it('shows what a running job does and its newest log line', () => {
    renderBar(job);
    expect(screen.getByText('Importing · 40%')).toBeTruthy();
    expect(screen.getByText('Read 400 of 1000 rows')).toBeTruthy();
  });

  it('says "Interrupted, resuming" while a job waits for a new worker', () => {
    renderBar({ ...job, interrupted: true });
    expect(screen.getByText('Interrupted, resuming · 40%')).toBeTruthy();
    expect(screen.getByText(/another one picks it up within a minute/)).toBeTruthy();
    expect(screen.queryByText('Importing · 40%')).toBeNull();
  });
});
