/**
 * `/admin/misctools/isp/upload` (issue 19 "Upload and processing"; docs/isp-screens.md): an admin picks a client
 * (searchable, from the server), chooses the ISP PDF (type and the 50 MiB limit checked here before sending, and
 * again by the server), uploads it with a progress bar of the bytes sent, then follows its processing job ("Reading
 * page 3 of 12") until the ISP is COMPLETED (a link to review it at `/verify?id=`) or in ERROR (the reason in words
 * a person understands and what to do, contracts `ispProblemMessages`; Retry when retrying can help).
 * `?clientId=` preselects the client.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFileTypePdf, IconRefresh, IconUpload } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { IspProblem, IspSummary } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { JobProgress } from '../../../components/ui/job-progress.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { formatCount } from '../../../lib/format/index.ts';
import { useJob } from '../../../lib/jobs.ts';
import { ispFileProblem, useIspProgress, useRetryIsp, useUploadIsp } from '../api/isps.ts';
import {
  ISP_UPLOAD_PATH,
  IspPageLinks,
  IspStatusBadge,
  ispErrorText,
  PROCESS_PATH,
  verifyPath,
} from '../components/isp-parts.tsx';

/** Problems a retry of the same file can fix (the others need another file). */
const retryable: readonly IspProblem[] = ['processing-failed'];
const uuid = z.uuid();

/** The upload form's state: the client (preset from `?clientId=`), the file, the bytes sent and the uploaded ISP. */
function useIspUpload() {
  const [params] = useSearchParams();
  const preset = params.get('clientId');
  const [clientId, setClientId] = useState<string | undefined>(
    preset && uuid.safeParse(preset).success ? preset : undefined,
  );
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [uploaded, setUploaded] = useState<IspSummary | null>(null);
  const [triedWithoutClient, setTriedWithoutClient] = useState(false);
  const upload = useUploadIsp(setSent);
  const fileProblem = file ? ispFileProblem(file) : null;

  const start = () => {
    if (!clientId) {
      setTriedWithoutClient(true);
      return;
    }
    if (!file || fileProblem) return;
    setSent(0);
    upload.mutate(
      { clientId, file },
      {
        onSuccess: (isp) => {
          setUploaded(isp);
          setFile(null);
        },
      },
    );
  };
  const reset = () => {
    setUploaded(null);
    setSent(0);
    upload.reset();
  };
  const chooseClient = (id: string | undefined) => {
    setClientId(id);
    setTriedWithoutClient(false);
  };
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    upload.reset();
  };
  return {
    clientId,
    file,
    fileProblem,
    sent,
    uploaded,
    triedWithoutClient,
    upload,
    start,
    reset,
    chooseClient,
    chooseFile,
  };
}

type IspUpload = ReturnType<typeof useIspUpload>;

/** See the module comment. */
export function IspUploadPage() {
  const form = useIspUpload();
  return (
    <Stack gap="md" maw={820}>
      <div>
        <Title order={1} size="h2">
          Upload an ISP
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Choose the client and their ISP as a PDF (up to 50 MiB). Tend keeps the original, reads its text
          (scanned pages by OCR) and drafts one protocol per risk for you to review.
        </Text>
      </div>
      <IspPageLinks current={ISP_UPLOAD_PATH} />
      {form.uploaded ? <Processing isp={form.uploaded} onAnother={form.reset} /> : <UploadForm form={form} />}
    </Stack>
  );
}

/** The client, the file, the progress of the bytes sent, and Upload. */
function UploadForm({ form }: { form: IspUpload }) {
  const { clientId, file, fileProblem, upload } = form;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <PersonSelect
          kind="clients"
          label="Client"
          placeholder="Search clients by name"
          value={clientId}
          onChange={form.chooseClient}
          required
          error={form.triedWithoutClient && !clientId ? 'Choose the client this ISP belongs to' : undefined}
          w={{ base: '100%', sm: 360 }}
        />
        <FileInput
          label="ISP file"
          description="A PDF, up to 50 MiB"
          placeholder="Choose a PDF"
          accept="application/pdf,.pdf"
          value={file}
          onChange={form.chooseFile}
          error={fileProblem}
          required
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          w={{ base: '100%', sm: 360 }}
        />
        {upload.isPending ? <UploadProgress fileName={file?.name} sent={form.sent} /> : null}
        {upload.error ? (
          <ApiErrorAlert
            error={upload.error}
            title="The ISP was not uploaded"
            hint="Nothing was saved. Check the client and the file, then upload again."
          />
        ) : null}
        <Group>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={form.start}
            disabled={!file || Boolean(fileProblem)}
            loading={upload.isPending}
          >
            Upload
          </Button>
          {!file ? (
            <Text size="sm" c="dimmed">
              Choose a PDF first.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The share of the file sent so far (`sent` is 0…1). */
function UploadProgress({ fileName, sent }: { fileName: string | undefined; sent: number }) {
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        Uploading {fileName}…
      </Text>
      <Progress value={Math.round(sent * 100)} size="lg" striped animated aria-label="Upload progress" />
      <Text size="xs" c="dimmed">
        {Math.round(sent * 100)}% sent
      </Text>
    </Stack>
  );
}

/** The uploaded ISP while it is processed, then what came of it. */
function Processing({ isp: queued, onAnother }: { isp: IspSummary; onAnother: () => void }) {
  const progress = useIspProgress(queued);
  const isp = progress.data ?? queued;
  const job = useJob(isp.job?.id).data;
  const retry = useRetryIsp();
  return (
    <Paper withBorder p="md" radius="md" data-testid="isp-processing">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {isp.fileName}
          </Text>
          <Text size="sm" c="dimmed">
            for {isp.clientName}
          </Text>
          <IspStatusBadge status={isp.status} />
        </Group>
        {job && isp.status !== 'ERROR' ? (
          <JobProgress
            job={job}
            runningLabel="Reading the ISP"
            ariaLabel="Processing progress"
            detail={
              job.status === 'COMPLETED'
                ? `${formatCount(isp.pageCount ?? 0)} pages read · ${formatCount(isp.protocolCount)} protocols drafted`
                : (isp.job?.step ?? undefined)
            }
          />
        ) : null}
        {isp.status === 'COMPLETED' || isp.status === 'VERIFIED' ? (
          <ProcessingDone isp={isp} onAnother={onAnother} />
        ) : null}
        {isp.status === 'ERROR' ? (
          <ProcessingFailed
            isp={isp}
            retry={retry}
            onRetry={() => retry.mutate(isp.id, { onSuccess: () => void progress.refetch() })}
            onAnother={onAnother}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The ISP was read: how many protocols were drafted, its warnings, and the way to review them. */
function ProcessingDone({ isp, onAnother }: { isp: IspSummary; onAnother: () => void }) {
  return (
    <Alert color="green" variant="light" title="The ISP was read" icon={<IconCircleCheck aria-hidden />}>
      <Stack gap={6}>
        <Text size="sm">
          {isp.protocolCount === 0
            ? 'No risk section was found. Open it to check the text, or add the protocols by hand.'
            : `${formatCount(isp.protocolCount)} risk protocols were drafted. Review each one beside the PDF and finalize it.`}
        </Text>
        {isp.warnings.map((warning) => (
          <Text size="sm" key={warning}>
            {warning}
          </Text>
        ))}
        <Group>
          <Button component={Link} to={verifyPath(isp.id)} size="sm">
            Review the protocols
          </Button>
          <Button variant="default" size="sm" onClick={onAnother}>
            Upload another ISP
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The ISP could not be read: why, in words, and Retry when retrying the same file can help. */
function ProcessingFailed({
  isp,
  retry,
  onRetry,
  onAnother,
}: {
  isp: IspSummary;
  retry: ReturnType<typeof useRetryIsp>;
  onRetry: () => void;
  onAnother: () => void;
}) {
  return (
    <Alert color="red" variant="light" title="The ISP could not be read" role="alert" data-testid="isp-error">
      <Stack gap={6}>
        <Text size="sm">{ispErrorText(isp)}</Text>
        <Text size="sm">
          The file is kept. You can see it in the{' '}
          <Anchor component={Link} to={PROCESS_PATH}>
            process queue
          </Anchor>
          .
        </Text>
        {retry.error ? <ApiErrorAlert error={retry.error} title="The retry was not started" /> : null}
        <Group>
          {isp.problem && retryable.includes(isp.problem) ? (
            <Button
              size="sm"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={retry.isPending}
              onClick={onRetry}
            >
              Retry
            </Button>
          ) : null}
          <Button variant="default" size="sm" onClick={onAnother}>
            Upload another file
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
