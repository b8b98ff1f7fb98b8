/**
 * `/upload` (admin): import an EVV export in four steps (docs/evv-import.md):
 *   1. Choose file — the raw file is stored and its format read from the content;
 *   2. Map columns — CSV only: each detected column to a Tend field, the time zone, a preview of the
 *      first parsed rows (a Sandata OpenEVV JSON export skips this step and is queued at once);
 *   3. Import — the job's live progress bar (percentage, rows read, time elapsed and left);
 *   4. Summary — created / updated / unchanged / rejected, every rejected row (downloadable as CSV),
 *      links to the imported shifts and to the people created for review.
 * The upload and its job sit in the URL (`?file=<csvFileId>&job=<jobId>`), so the page resumes where
 * it was after navigation or a reload. Under the uploader, "Recent imports" lists the newest uploads.
 */
import { useEffect } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconColumns, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  shiftImportResult,
  type ProcessingJob,
  type ShiftImportStarted,
  type ShiftImportUploaded,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { finishedJobStatuses, shiftImportKeys, useJob, useShiftImport } from '../api/shift-imports.ts';
import { shiftKeys } from '../api/shifts.ts';
import { ColumnMappingStep } from '../components/column-mapping-step.tsx';
import { ImportFileStep } from '../components/import-file-step.tsx';
import { ImportHistory } from '../components/import-history.tsx';
import { ImportProgress } from '../components/import-progress.tsx';
import { ImportSummary } from '../components/import-summary.tsx';

const uuid = z.uuid();
/** A URL parameter that must be an id; anything else (a hand-edited link) is ignored. */
const idParam = (value: string | null) => uuid.safeParse(value).data ?? null;

const isRunning = (job: ProcessingJob | undefined) =>
  job !== undefined && (job.status === 'QUEUED' || job.status === 'RUNNING');

/** The import page: the stepper and the step the URL points at. */
export function UploadPage() {
  const [params, setParams] = useSearchParams();
  const fileId = idParam(params.get('file'));
  const jobId = idParam(params.get('job'));
  const queryClient = useQueryClient();
  const detail = useShiftImport(fileId);
  const job = useJob(jobId);
  const file = detail.data?.file;
  const format = file?.format ?? null;
  const jobStatus = job.data?.status;

  // A JSON upload reopened without its job: go to the job (there is nothing to map).
  useEffect(() => {
    if (fileId && !jobId && format === 'sandata-openevv' && file?.latestJob)
      setParams({ file: fileId, job: file.latestJob.id }, { replace: true });
  }, [fileId, jobId, format, file?.latestJob, setParams]);

  // When the job finishes, lists that show its shifts and uploads are out of date.
  useEffect(() => {
    if (!jobStatus || !finishedJobStatuses.includes(jobStatus)) return;
    void queryClient.invalidateQueries({ queryKey: shiftKeys.all });
    void queryClient.invalidateQueries({ queryKey: shiftImportKeys.list() });
  }, [jobStatus, queryClient]);

  const goTo = (next: { file?: string; job?: string }) => {
    const search = new URLSearchParams();
    if (next.file) search.set('file', next.file);
    if (next.job) search.set('job', next.job);
    setParams(search);
  };

  const onUploaded = (uploaded: ShiftImportUploaded) => {
    if (uploaded.format === 'sandata-openevv') {
      queryClient.setQueryData(shiftImportKeys.job(uploaded.job.id), uploaded.job);
      goTo({ file: uploaded.csvFileId, job: uploaded.job.id });
    } else {
      goTo({ file: uploaded.csvFileId });
    }
  };
  const onStarted = (started: ShiftImportStarted) => {
    queryClient.setQueryData(shiftImportKeys.job(started.job.id), started.job);
    goTo({ file: started.csvFileId, job: started.job.id });
  };
  const startOver = () => goTo({});

  const result = job.data?.result ? shiftImportResult.safeParse(job.data.result).data : undefined;
  const completed = jobStatus === 'COMPLETED';
  const active = !fileId ? 0 : jobId ? (completed ? 4 : 2) : 1;
  const originalName =
    file?.originalName ??
    (typeof job.data?.metadata?.originalName === 'string' ? job.data.metadata.originalName : null);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={2}>Import shifts</Title>
        <Text c="dimmed" size="sm">
          Bring in caregivers’ visits from an EVV export. The original file is kept; importing the same file
          again changes nothing, and a newer version of a visit updates its shift.
        </Text>
      </div>

      <Stepper active={active} size="sm" aria-label="Import steps" allowNextStepsSelect={false}>
        <Stepper.Step label="Choose file" description="CSV, JSON or text" />
        <Stepper.Step
          label="Map columns"
          description={format === 'sandata-openevv' ? 'Not needed for JSON' : 'CSV only'}
        />
        <Stepper.Step label="Import" description="Progress" />
        <Stepper.Step label="Summary" description="Created, updated, rejected" />
      </Stepper>

      {active === 0 ? (
        <>
          <Card withBorder padding="lg">
            <ImportFileStep onUploaded={onUploaded} />
          </Card>
          <ImportHistory />
        </>
      ) : null}

      {fileId && detail.error ? (
        <ApiErrorAlert
          error={detail.error}
          title="This upload could not be opened"
          hint={
            <Button size="xs" variant="default" onClick={startOver} mt={4}>
              Choose a file
            </Button>
          }
        />
      ) : null}

      {active === 1 && !detail.error ? (
        <Card withBorder padding="lg">
          {detail.isPending ? (
            <Group gap="sm">
              <Loader size="sm" aria-hidden />
              <Text size="sm">Reading the file’s columns…</Text>
            </Group>
          ) : detail.data && detail.data.analysis ? (
            <ColumnMappingStep
              key={detail.data.file.id}
              detail={detail.data}
              onStarted={onStarted}
              onCancel={startOver}
            />
          ) : (
            <Group gap="sm">
              <Loader size="sm" aria-hidden />
              <Text size="sm">Opening the import…</Text>
            </Group>
          )}
        </Card>
      ) : null}

      {jobId ? (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={3}>
                {!job.data
                  ? 'Import'
                  : isRunning(job.data)
                    ? 'Importing…'
                    : completed
                      ? 'Import finished'
                      : 'Import failed'}
              </Title>
              {originalName ? (
                <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {originalName}
                </Text>
              ) : null}
            </Group>
            {job.error ? (
              <ApiErrorAlert
                error={job.error}
                title="The import's progress could not be read"
                hint="Reload the page in a moment, or open the import again from Recent imports."
              />
            ) : null}
            {job.data ? (
              <ImportProgress job={job.data} />
            ) : !job.error ? (
              <Group gap="sm">
                <Loader size="sm" aria-hidden />
                <Text size="sm">Loading the import…</Text>
              </Group>
            ) : null}
            {job.data && (jobStatus === 'FAILED' || jobStatus === 'CANCELLED') ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                title={jobStatus === 'CANCELLED' ? 'The import was cancelled' : 'The import stopped'}
                role="alert"
              >
                <Stack gap="sm">
                  <Text size="sm">
                    {job.data.error ?? 'No reason was recorded.'}{' '}
                    {format === 'csv'
                      ? 'Check the column mapping and start again, or choose another file.'
                      : 'Check that the file is a Sandata OpenEVV visit export and upload it again.'}
                  </Text>
                  <Group gap="sm">
                    {format === 'csv' && fileId ? (
                      <Button
                        size="xs"
                        leftSection={<IconColumns size={14} aria-hidden />}
                        onClick={() => goTo({ file: fileId })}
                      >
                        Change the column mapping
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconUpload size={14} aria-hidden />}
                      onClick={startOver}
                    >
                      Choose another file
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            ) : null}
            {completed && result && fileId ? (
              <ImportSummary
                result={result}
                csvFileId={fileId}
                originalName={originalName}
                onImportAnother={startOver}
              />
            ) : null}
            {completed && !result ? (
              <Text size="sm" c="dimmed">
                The import finished without a summary.
              </Text>
            ) : null}
            {isRunning(job.data) ? (
              <Group>
                <Button
                  variant="subtle"
                  leftSection={<IconArrowLeft size={16} aria-hidden />}
                  onClick={startOver}
                >
                  Import another file meanwhile
                </Button>
                <Text size="sm" c="dimmed">
                  The import carries on; reopen it from Recent imports.
                </Text>
              </Group>
            ) : null}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
