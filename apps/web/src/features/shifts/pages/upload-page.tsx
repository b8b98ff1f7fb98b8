/**
 * `/upload`: import an EVV export. The file is uploaded, a job imports it with a live progress bar
 * (the job id sits in the URL, so progress survives navigation and reload), then a summary shows
 * created / updated / unchanged / rejected with every rejected record (downloadable as CSV) and a
 * link to the imported shifts.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { shiftImportResult, type RejectedRecord } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { downloadCsv, toCsv } from '../../../components/ui/data-table.tsx';
import { useJob, useStartShiftImport } from '../api/shifts.ts';

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} c={color}>
        {value}
      </Text>
    </Card>
  );
}

function RejectedTable({ rows }: { rows: RejectedRecord[] }) {
  const download = () =>
    downloadCsv(
      'rejected-records',
      toCsv(
        [
          { header: 'Line', value: (r: RejectedRecord) => r.line },
          { header: 'External id', value: (r: RejectedRecord) => r.externalId },
          { header: 'Field', value: (r: RejectedRecord) => r.field },
          { header: 'Reason', value: (r: RejectedRecord) => r.reason },
        ],
        rows,
      ),
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>Rejected records ({rows.length})</Title>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          Download rejected records (CSV)
        </Button>
      </Group>
      <Table withTableBorder striped aria-label="Rejected records">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>External id</Table.Th>
            <Table.Th>Field</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={`${row.line}-${row.field}-${index}`}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.externalId ?? '—'}</Table.Td>
              <Table.Td>{row.field}</Table.Td>
              <Table.Td>{row.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function UploadPage() {
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const [file, setFile] = useState<File | null>(null);
  const start = useStartShiftImport();
  const job = useJob(jobId);
  const result = job.data?.result ? shiftImportResult.safeParse(job.data.result).data : undefined;
  const running = job.data && (job.data.status === 'QUEUED' || job.data.status === 'RUNNING');

  const submit = () => {
    if (!file) return;
    start.mutate(file, {
      onSuccess: (started) => {
        setParams({ job: started.job.id, file: started.csvFileId });
        setFile(null);
      },
    });
  };

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={2}>Import shifts</Title>
        <Text c="dimmed" size="sm">
          Upload a Sandata OpenEVV visit export (JSON). The original file is kept; re-importing the same file
          changes nothing, and a visit with a higher sequence number updates its shift.
        </Text>
      </div>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <FileInput
            label="EVV file"
            description="A JSON array of visits (Sandata OpenEVV intake format)"
            placeholder="Choose a file"
            accept=".json,application/json"
            value={file}
            onChange={setFile}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            clearable
          />
          {start.error ? <ApiErrorAlert error={start.error} /> : null}
          <Group>
            <Button onClick={submit} disabled={!file} loading={start.isPending}>
              Upload and import
            </Button>
          </Group>
        </Stack>
      </Card>

      {jobId && job.error ? <ApiErrorAlert error={job.error} /> : null}
      {job.data ? (
        <Card withBorder padding="lg" aria-live="polite">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={3}>
                {running
                  ? 'Importing…'
                  : job.data.status === 'COMPLETED'
                    ? 'Import finished'
                    : 'Import failed'}
              </Title>
              <Text size="sm" c="dimmed">
                {typeof job.data.metadata?.originalName === 'string' ? job.data.metadata.originalName : ''}
              </Text>
            </Group>
            <Progress
              value={job.data.progress}
              size="lg"
              animated={Boolean(running)}
              color={job.data.status === 'FAILED' ? 'red' : 'green'}
              aria-label={`Import progress ${job.data.progress}%`}
            />
            <Text size="sm">
              {job.data.progress}% · {job.data.log.at(-1)?.replace(/^\S+\s/, '') ?? 'Waiting to start'}
            </Text>
            {job.data.status === 'FAILED' ? (
              <Alert color="red" title="The import stopped">
                {job.data.error} Check that the file is a Sandata OpenEVV visit export and upload it again.
              </Alert>
            ) : null}
            {result ? (
              <>
                <SimpleGrid cols={{ base: 2, sm: 4 }}>
                  <Stat label="Created" value={result.created} color="green" />
                  <Stat label="Updated" value={result.updated} color="blue" />
                  <Stat label="Unchanged" value={result.unchanged} />
                  <Stat
                    label="Rejected"
                    value={result.rejected.length}
                    color={result.rejected.length ? 'red' : undefined}
                  />
                </SimpleGrid>
                {result.newCaregivers || result.newClients ? (
                  <Alert color="yellow" title="New people to review">
                    {result.newCaregivers} new caregiver(s) and {result.newClients} new client(s) were created
                    from this file and are flagged for review: give them their names on the People pages.
                  </Alert>
                ) : null}
                <Group>
                  <Button component={Link} to={`/admin/shifts?csvFileId=${params.get('file') ?? ''}`}>
                    View imported shifts
                  </Button>
                </Group>
                {result.rejected.length ? <RejectedTable rows={result.rejected} /> : null}
              </>
            ) : null}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
