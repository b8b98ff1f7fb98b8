/**
 * The upload of `/admin/billing/claims` (docs/claim-reconciliation.md): a claim file (eXPRS claim CSV or
 * X12 835) is uploaded, the claim import job's progress shown (`ImportProgress`, polled with `useJob`),
 * then what it did (`ClaimImportSummary`: matched / orphaned / denied / rejected rows, the rejected rows
 * downloadable as CSV). A file imported before answers at once with its batch (`duplicate`).
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { claimImportResult, type ClaimImportResult } from '@tend/contracts';
import { ImportProgress } from '../../../components/imports/import-progress.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { buildCsv, downloadCsv } from '../../../components/ui/data-table.tsx';
import { formatCents } from '../../../lib/format/index.ts';
import { finishedJobStatuses, useJob } from '../../../lib/jobs.ts';
import { claimKeys, useImportClaims } from '../api/claims.ts';

const notSaved =
  'Nothing was saved. Check the file (see the columns in docs/claim-reconciliation.md) and try again.';

/** The claim import job of `jobId` while it runs; `onImported` once with its result when it completes. */
function useClaimImportJob(jobId: string | null, onImported: (result: ClaimImportResult) => void) {
  const job = useJob(jobId);
  const queryClient = useQueryClient();
  const done = job.data?.status === 'COMPLETED' ? job.data : null;
  // Once per completed job, whatever re-renders follow.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!done || handled.current === done.id) return;
    handled.current = done.id;
    void queryClient.invalidateQueries({ queryKey: claimKeys.all });
    onImported(claimImportResult.parse(done.result));
  }, [done, onImported, queryClient]);
  return job;
}

/** See the module comment. */
export function ClaimUploadPanel({ onImported }: { onImported: (result: ClaimImportResult) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const upload = useImportClaims();
  const job = useClaimImportJob(jobId, onImported).data;
  const running = Boolean(jobId) && (!job || !finishedJobStatuses.includes(job.status));
  const failed = job && (job.status === 'FAILED' || job.status === 'CANCELLED') ? job : null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <FileInput
          label="Claim file"
          description="eXPRS claim CSV, or an X12 835 remittance (.835, .txt, .edi)"
          placeholder="Choose a file"
          accept=".csv,.txt,.835,.edi,.x12,text/csv,text/plain"
          value={file}
          onChange={setFile}
          leftSection={<IconFileUpload size={16} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          maw={520}
        />
        {job && running ? <ImportProgress job={job} /> : null}
        {upload.error ? (
          <ApiErrorAlert error={upload.error} title="The claim file was not imported" hint={notSaved} />
        ) : null}
        {failed ? (
          <Alert color="red" variant="light" title="The claim file was not imported">
            {failed.error ?? 'The import stopped.'} {notSaved}
          </Alert>
        ) : null}
        <Group>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={!file}
            loading={upload.isPending || running}
            onClick={() =>
              file &&
              upload.mutate(file, {
                onSuccess: (answer) => {
                  setFile(null);
                  if ('job' in answer) setJobId(answer.job.id);
                  else {
                    setJobId(null);
                    onImported(answer);
                  }
                },
              })
            }
          >
            Import claims
          </Button>
          {!file ? (
            <Text size="sm" c="dimmed">
              Choose a file first.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** What one claim import did (or, for a duplicate, the earlier import of the same file). */
export function ClaimImportSummary({ result }: { result: ClaimImportResult }) {
  const { counts, batch } = result;
  return (
    <Alert
      color={counts.orphaned || counts.denied || counts.rejected ? 'yellow' : 'green'}
      variant="light"
      title={result.duplicate ? 'This file was imported before: nothing changed' : 'Claim file imported'}
      data-testid="claim-import-summary"
    >
      <Stack gap="xs">
        <Group gap="xs">
          <Badge color="green" variant="light">
            {counts.matched} matched
          </Badge>
          <Badge color="orange" variant="light">
            {counts.orphaned} orphaned
          </Badge>
          <Badge color="red" variant="light">
            {counts.denied} denied
          </Badge>
          <Badge color="gray" variant="light">
            {counts.rejected} rejected rows
          </Badge>
          <Text size="sm">
            {batch.rowCount} lines · {formatCents(counts.paidAmount)} paid
          </Text>
        </Group>
        {result.rejectedRows.length ? (
          <>
            <Text size="sm">
              Rejected rows were not imported. Correct them and import a file with only those rows.
            </Text>
            <Table withTableBorder aria-label="Rejected rows" maw={760}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.rejectedRows.slice(0, 20).map((row, i) => (
                  <Table.Tr key={`${row.line}-${row.field}-${i}`}>
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{row.field}</Table.Td>
                    <Table.Td>{row.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() =>
                  downloadCsv(
                    `rejected-rows-${batch.id.slice(0, 8)}.csv`,
                    buildCsv(
                      ['line', 'field', 'reason'],
                      result.rejectedRows.map((row) => [row.line, row.field, row.reason]),
                    ),
                  )
                }
              >
                Download rejected rows (CSV)
              </Button>
              {result.rejectedRows.length > 20 ? (
                <Text size="sm" c="dimmed">
                  Showing 20 of {result.rejectedRows.length}.
                </Text>
              ) : null}
            </Group>
          </>
        ) : null}
      </Stack>
    </Alert>
  );
}
