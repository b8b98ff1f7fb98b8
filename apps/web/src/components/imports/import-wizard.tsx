/**
 * The page of an import kind in four steps (docs/decisions/0008-import-kinds.md; UX.md "Long work"):
 *   1. Choose file — the raw file is stored and its format read from the content;
 *   2. Map columns — CSV only: each detected column to a field of the kind, the time zone, a preview
 *      of the first parsed rows (a JSON format of the kind skips this step and is queued at once);
 *   3. Import — the job's live progress bar (percentage, rows read, time elapsed and left);
 *   4. Summary — the kind's counts and every rejected row (downloadable as CSV).
 * The upload and its job sit in the URL (`?file=<csvFileId>&job=<jobId>`), so the page resumes where
 * it was after navigation or a reload. Under the uploader, "Recent imports" lists the kind's uploads.
 */
import { Fragment, useEffect, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconColumns, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { ImportDetail, ImportStarted, ProcessingJob } from '@tend/contracts';
import { ApiErrorAlert } from '../ui/api-error-alert.tsx';
import { finishedJobStatuses, jobKey, useJob } from '../../lib/jobs.ts';
import { importKeys, useImportDetail, type ImportKindClient, type ImportUploadedAny } from './import-api.ts';
import { ImportProgress } from './import-progress.tsx';

const uuid = z.uuid();
/** A URL parameter that must be an id; anything else (a hand-edited link) is ignored. */
const idParam = (value: string | null) => uuid.safeParse(value).data ?? null;

const isRunning = (job: ProcessingJob | undefined) =>
  job !== undefined && (job.status === 'QUEUED' || job.status === 'RUNNING');

export interface ImportWizardProps<P extends { line: number; errors: unknown[] }, R> {
  kind: ImportKindClient<P>;
  title: string;
  intro: ReactNode;
  /** The kind's JSON format queued without a mapping (e.g. `sandata-openevv`), if it has one. */
  jsonFormat?: string;
  /** Stepper description of "Choose file", e.g. "CSV, JSON or text". */
  fileTypes: string;
  /** Step 1's content: the file chooser calling `onUploaded`. */
  renderFileStep: (onUploaded: (uploaded: ImportUploadedAny) => void) => ReactNode;
  /** Recent imports of the kind, under the file chooser. */
  history: ReactNode;
  /** Step 2's content: the mapping step of the kind for an analysed CSV. */
  renderMapping: (
    detail: ImportDetail,
    onStarted: (started: ImportStarted) => void,
    onCancel: () => void,
  ) => ReactNode;
  /** The job's stored result read with the kind's schema (undefined when it does not parse). */
  parseResult: (result: unknown) => R | undefined;
  /** Step 4's content. */
  renderSummary: (
    result: R,
    csvFileId: string,
    originalName: string | null,
    startOver: () => void,
  ) => ReactNode;
  /** Called once the job has finished: lists showing what it imported are out of date. */
  onFinished: () => void;
  /** What to check when a CSV import failed, e.g. "Check the column mapping…". */
  csvFailureHint: string;
  /** What to check when a JSON import failed. */
  jsonFailureHint?: string;
  /** URL parameters of the host page kept when the wizard moves between steps (e.g. `view`). */
  keepParams?: readonly string[];
}

/** The wizard's state from the URL: the upload, its job, the active step and the moves between steps. */
function useImportWizard<P extends { line: number; errors: unknown[] }, R>(
  kind: ImportKindClient<P>,
  parseResult: (result: unknown) => R | undefined,
  onFinished: () => void,
  keepParams: readonly string[],
) {
  const [params, setParams] = useSearchParams();
  const fileId = idParam(params.get('file'));
  const jobId = idParam(params.get('job'));
  const queryClient = useQueryClient();
  const detail = useImportDetail(kind, fileId);
  const job = useJob(jobId);
  const file = detail.data?.file;
  const format = file?.format ?? null;
  const jobStatus = job.data?.status;

  // A JSON upload reopened without its job: go to the job (there is nothing to map).
  useEffect(() => {
    if (fileId && !jobId && format !== null && format !== 'csv' && file?.latestJob)
      setParams({ file: fileId, job: file.latestJob.id }, { replace: true });
  }, [fileId, jobId, format, file?.latestJob, setParams]);

  // When the job finishes, lists that show what it imported and the uploads are out of date.
  useEffect(() => {
    if (!jobStatus || !finishedJobStatuses.includes(jobStatus)) return;
    onFinished();
    void queryClient.invalidateQueries({ queryKey: importKeys(kind.key).list() });
  }, [jobStatus, queryClient, onFinished, kind.key]);

  const goTo = (next: { file?: string; job?: string }) => {
    const search = new URLSearchParams();
    for (const name of keepParams) {
      const value = params.get(name);
      if (value !== null) search.set(name, value);
    }
    if (next.file) search.set('file', next.file);
    if (next.job) search.set('job', next.job);
    setParams(search);
  };

  const onUploaded = (uploaded: ImportUploadedAny) => {
    if ('job' in uploaded) {
      queryClient.setQueryData(jobKey(uploaded.job.id), uploaded.job);
      goTo({ file: uploaded.csvFileId, job: uploaded.job.id });
    } else {
      goTo({ file: uploaded.csvFileId });
    }
  };
  const onStarted = (started: ImportStarted) => {
    queryClient.setQueryData(jobKey(started.job.id), started.job);
    goTo({ file: started.csvFileId, job: started.job.id });
  };

  const completed = jobStatus === 'COMPLETED';
  return {
    fileId,
    jobId,
    detail,
    job,
    format,
    completed,
    result: job.data?.result ? parseResult(job.data.result) : undefined,
    active: !fileId ? 0 : jobId ? (completed ? 4 : 2) : 1,
    originalName:
      file?.originalName ??
      (typeof job.data?.metadata?.originalName === 'string' ? job.data.metadata.originalName : null),
    goTo,
    onUploaded,
    onStarted,
    startOver: () => goTo({}),
  };
}

/**
 * An import page: the stepper and the step the URL points at (`?file=<csvFileId>&job=<jobId>`, so the
 * page resumes where it was after navigation or a reload).
 */
export function ImportWizard<P extends { line: number; errors: unknown[] }, R>({
  kind,
  title,
  intro,
  jsonFormat,
  fileTypes,
  renderFileStep,
  history,
  renderMapping,
  parseResult,
  renderSummary,
  onFinished,
  csvFailureHint,
  jsonFailureHint,
  keepParams = [],
}: ImportWizardProps<P, R>) {
  const wizard = useImportWizard(kind, parseResult, onFinished, keepParams);
  const { fileId, detail, active, startOver } = wizard;
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro}
      </div>
      <ImportSteps active={active} fileTypes={fileTypes} jsonFormat={jsonFormat} format={wizard.format} />
      {active === 0 ? (
        <>
          <Card withBorder padding="lg">
            {renderFileStep(wizard.onUploaded)}
          </Card>
          {history}
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
        <MappingStepCard
          detail={detail}
          renderMapping={(data) => renderMapping(data, wizard.onStarted, startOver)}
        />
      ) : null}
      {wizard.jobId ? (
        <ImportJobCard
          wizard={wizard}
          failureHint={wizard.format === 'csv' ? csvFailureHint : (jsonFailureHint ?? csvFailureHint)}
          summary={
            wizard.completed && wizard.result && fileId
              ? renderSummary(wizard.result, fileId, wizard.originalName, startOver)
              : null
          }
        />
      ) : null}
    </Stack>
  );
}

/** The four steps, the active one marked; "Map columns" says when a JSON format skips it. */
function ImportSteps({
  active,
  fileTypes,
  jsonFormat,
  format,
}: {
  active: number;
  fileTypes: string;
  jsonFormat: string | undefined;
  format: string | null;
}) {
  return (
    <Stepper active={active} size="sm" aria-label="Import steps" allowNextStepsSelect={false}>
      <Stepper.Step label="Choose file" description={fileTypes} />
      <Stepper.Step
        label="Map columns"
        description={
          jsonFormat
            ? format === jsonFormat
              ? 'Not needed for JSON'
              : 'CSV only'
            : 'Match the file’s columns'
        }
      />
      <Stepper.Step label="Import" description="Progress" />
      <Stepper.Step label="Summary" description="Created, updated, rejected" />
    </Stepper>
  );
}

/** A loader with what is loading, in words. */
function Loading({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/** Step 2: the kind's mapping step once the upload's analysis is read. */
function MappingStepCard({
  detail,
  renderMapping,
}: {
  detail: ReturnType<typeof useImportDetail>;
  renderMapping: (detail: ImportDetail) => ReactNode;
}) {
  return (
    <Card withBorder padding="lg">
      {detail.isPending ? (
        <Loading>Reading the file’s columns…</Loading>
      ) : detail.data && detail.data.analysis ? (
        <Fragment key={detail.data.file.id}>{renderMapping(detail.data)}</Fragment>
      ) : (
        <Loading>Opening the import…</Loading>
      )}
    </Card>
  );
}

type WizardState = ReturnType<typeof useImportWizard>;

/** Steps 3 and 4: the job's progress, why it stopped, or the kind's summary once it completed. */
function ImportJobCard({
  wizard,
  failureHint,
  summary,
}: {
  wizard: WizardState;
  failureHint: string;
  summary: ReactNode;
}) {
  const { job, completed, originalName } = wizard;
  const status = job.data?.status;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3">
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
          <Loading>Loading the import…</Loading>
        ) : null}
        {job.data && (status === 'FAILED' || status === 'CANCELLED') ? (
          <ImportStoppedAlert job={job.data} wizard={wizard} hint={failureHint} />
        ) : null}
        {summary}
        {completed && !wizard.result ? (
          <Text size="sm" c="dimmed">
            The import finished without a summary.
          </Text>
        ) : null}
        {isRunning(job.data) ? (
          <Group>
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={wizard.startOver}
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
  );
}

/** A failed or cancelled job: its reason, what to check, and the ways back (the mapping, a new file). */
function ImportStoppedAlert({
  job,
  wizard,
  hint,
}: {
  job: ProcessingJob;
  wizard: WizardState;
  hint: string;
}) {
  const { fileId, format, goTo, startOver } = wizard;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={job.status === 'CANCELLED' ? 'The import was cancelled' : 'The import stopped'}
      role="alert"
    >
      <Stack gap="sm">
        <Text size="sm">
          {job.error ?? 'No reason was recorded.'} {hint}
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
  );
}
