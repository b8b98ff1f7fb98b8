/**
 * `/admin/tools/report-export` (issue 24 "Report export"; docs/report-export.md; decision 0066): compose one or more
 * reports (a type, its clients or caregivers, a format) over one period (month, quarter, year or range), Generate →
 * the job's progress bar, then the files it wrote to download; every generated report below, newest first, to
 * download again. Admin only, English (like the other admin tools).
 */
import { useEffect, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReportExportInput } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { JobProgress, isJobRunning } from '../../../components/ui/job-progress.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useJob } from '../../../lib/jobs.ts';
import { reportExportKeys, useStartReportExport } from '../api/report-exports.ts';
import { GeneratedReports } from '../components/generated-reports.tsx';
import { PeriodFields } from '../components/period-fields.tsx';
import { initialPeriod, periodRange, type PeriodFields as Period } from '../components/report-period.ts';
import { newReportRow, ReportRows, type ReportRow } from '../components/report-rows.tsx';

/** The API's field errors of a start: on the period, and per report (`reports.<i>.…`). */
function startErrors(error: unknown): { period?: string; reports: Record<number, string> } {
  const result: { period?: string; reports: Record<number, string> } = { reports: {} };
  if (!(error instanceof ApiError)) return result;
  for (const field of error.fieldErrors) {
    const report = /^reports\.(\d+)\./.exec(field.path);
    if (report) result.reports[Number(report[1])] = field.message;
    else if (field.path === 'from' || field.path === 'to') result.period = field.message;
  }
  return result;
}

/** The composed request, the start and its job. */
function useReportExportPage() {
  const client = useQueryClient();
  const [period, setPeriod] = useState<Period>(() => initialPeriod());
  const [rows, setRows] = useState<ReportRow[]>(() => [newReportRow()]);
  const [jobId, setJobId] = useState<string | null>(null);
  const [listPage, setListPage] = useState(1);
  const start = useStartReportExport();
  const job = useJob(jobId);
  const range = periodRange(period);
  const missing = rows.some((row) => row.subjects.length === 0);
  const request: ReportExportInput | null =
    range && !missing
      ? {
          ...range,
          reports: rows.map((row) => ({
            type: row.type,
            subjectIds: row.subjects.map((s) => s.value),
            format: row.format,
          })),
        }
      : null;
  const generate = () => {
    if (!request) return;
    start.mutate(request, {
      onSuccess: (started) => {
        setJobId(started.job.id);
        void client.invalidateQueries({ queryKey: reportExportKeys.all });
      },
    });
  };
  const finished = Boolean(job.data && !isJobRunning(job.data));
  // The files appear in the list when the job ends (once per job).
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: reportExportKeys.all });
  }, [finished, jobId, client]);
  return {
    period,
    setPeriod,
    rows,
    setRows,
    jobId,
    job,
    finished,
    start,
    generate,
    request,
    missing,
    listPage,
    setListPage,
  };
}

type Model = ReturnType<typeof useReportExportPage>;

/** See the module comment. */
export function ReportExportPage() {
  const page = useReportExportPage();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Report export
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>
          Make reports as files: pick what to report, for which clients or caregivers, over which period and
          in which format. One file is written per client or caregiver; they stay listed below to download
          again.
        </Text>
      </div>
      <ComposeExport page={page} />
      {page.jobId ? <ExportRun page={page} /> : null}
      <section aria-labelledby="generated-reports">
        <Title order={2} size="h3" id="generated-reports" mb="xs">
          Generated reports
        </Title>
        <GeneratedReports page={page.listPage} onPage={page.setListPage} />
      </section>
    </Stack>
  );
}

/** The period, the reports and Generate. */
function ComposeExport({ page }: { page: Model }) {
  const errors = startErrors(page.start.error);
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <PeriodFields
          value={page.period}
          onChange={(patch) => page.setPeriod({ ...page.period, ...patch })}
          error={errors.period}
        />
        <ReportRows rows={page.rows} onChange={page.setRows} errors={errors.reports} />
        <Group gap="sm">
          <Button
            leftSection={<IconFileExport size={16} />}
            onClick={page.generate}
            disabled={!page.request}
            loading={page.start.isPending}
          >
            Generate
          </Button>
          {page.missing ? (
            <Text size="sm" c="dimmed">
              Pick at least one client or caregiver for each report.
            </Text>
          ) : null}
        </Group>
        {page.start.error && !Object.keys(errors.reports).length && !errors.period ? (
          <ApiErrorAlert error={page.start.error} />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The export's job: its progress, then the files it wrote. */
function ExportRun({ page }: { page: Model }) {
  const job = page.job.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="export-run">
      <Stack gap="sm">
        <Title order={2} size="h3" id="export-run">
          This export
        </Title>
        {job ? <JobProgress job={job} runningLabel="Writing the files" ariaLabel="Export progress" /> : null}
        {page.job.error ? <ApiErrorAlert error={page.job.error} /> : null}
        {page.finished && page.jobId ? <GeneratedReports jobId={page.jobId} /> : null}
      </Stack>
    </Paper>
  );
}
