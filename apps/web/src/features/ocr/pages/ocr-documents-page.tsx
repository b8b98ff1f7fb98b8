/**
 * `/ocr-documents` (issue 23; spec s.2; docs/ocr-documents.md): an admin uploads scanned timesheets and notes
 * (images or PDFs, up to 25 MiB; type and size checked here before sending, and again by the server) with a progress
 * bar of the bytes sent, then sees every document with its OCR status and progress ("Reading page 1 of 3"), refreshed
 * while one is being read. A document opens in the viewer (`/ocr-documents/:id`). English (admin tool).
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSearch, IconPhotoScan, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { OcrDocumentStatus, OcrDocumentSummary } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ocrFileProblem, useOcrDocuments, useUploadOcrDocument } from '../api/ocr-documents.ts';

const statusColor: Record<OcrDocumentStatus, string> = {
  QUEUED: 'gray',
  PROCESSING: 'blue',
  DONE: 'green',
  FAILED: 'red',
};
const statusLabel: Record<OcrDocumentStatus, string> = {
  QUEUED: 'Queued',
  PROCESSING: 'Reading',
  DONE: 'Read',
  FAILED: 'Failed',
};

/** A document's OCR status as a badge. */
export function OcrStatusBadge({ status }: { status: OcrDocumentStatus }) {
  return (
    <Badge color={statusColor[status]} variant="light">
      {statusLabel[status]}
    </Badge>
  );
}

/** See the module comment. */
export function OcrDocumentsPage() {
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          OCR documents
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Upload a scanned timesheet or note. Tend reads it on this server (nothing leaves it), shows every
          word it found with how sure it is, and lets you turn marked fields into staging rows.
        </Text>
      </div>
      <UploadForm />
      <DocumentList />
    </Stack>
  );
}

/** The file, the bytes sent, Upload. */
function UploadForm() {
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [queued, setQueued] = useState<OcrDocumentSummary | null>(null);
  const upload = useUploadOcrDocument(setSent);
  const problem = file ? ocrFileProblem(file) : null;
  const start = () => {
    if (!file || problem) return;
    setSent(0);
    upload.mutate(file, {
      onSuccess: (document) => {
        setQueued(document);
        setFile(null);
      },
    });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <FileInput
          label="Scanned document"
          description="PNG, JPEG, TIFF or WebP image, or a PDF; up to 25 MiB"
          placeholder="Choose a file"
          accept="image/png,image/jpeg,image/tiff,image/webp,application/pdf,.pdf"
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            upload.reset();
          }}
          error={problem}
          leftSection={<IconPhotoScan size={16} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          w={{ base: '100%', sm: 420 }}
        />
        {upload.isPending ? (
          <Stack gap={4}>
            <Text size="sm" role="status">
              Uploading {file?.name}…
            </Text>
            <Progress
              value={Math.round(sent * 100)}
              size="lg"
              striped
              animated
              aria-label="Upload progress"
            />
          </Stack>
        ) : null}
        {upload.error ? (
          <ApiErrorAlert
            error={upload.error}
            title="The document was not uploaded"
            hint="Nothing was saved. Check the file, then upload again."
          />
        ) : null}
        {queued && !upload.isPending && !upload.error ? (
          <Alert color="blue" variant="light" role="status" title="Uploaded">
            {queued.fileName} is queued for reading. It appears below;{' '}
            <Anchor component={Link} to={`/ocr-documents/${queued.id}`}>
              open it
            </Anchor>{' '}
            to follow its progress.
          </Alert>
        ) : null}
        <Group>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={start}
            disabled={!file || Boolean(problem)}
            loading={upload.isPending}
          >
            Upload and read
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Every document, newest first, with its status and progress. */
function DocumentList() {
  const documents = useOcrDocuments();
  if (documents.isPending) return <Loader size="sm" aria-label="Loading documents" />;
  if (documents.error)
    return <ApiErrorAlert error={documents.error} title="The documents could not be loaded" />;
  const items = documents.data.items;
  if (!items.length)
    return (
      <Paper withBorder p="lg" radius="md">
        <Stack gap={4} align="flex-start">
          <Text fw={600}>No documents yet</Text>
          <Text size="sm" c="dimmed">
            Choose a scanned timesheet or note above and select “Upload and read”. Photos from a phone work
            too.
          </Text>
        </Stack>
      </Paper>
    );
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Caption>Uploaded documents, newest first</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Document</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Pages</Table.Th>
              <Table.Th scope="col">Confidence</Table.Th>
              <Table.Th scope="col">Staged rows</Table.Th>
              <Table.Th scope="col">Uploaded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <DocumentRow key={item.id} item={item} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function DocumentRow({ item }: { item: OcrDocumentSummary }) {
  const reading = item.status === 'QUEUED' || item.status === 'PROCESSING';
  return (
    <Table.Tr data-testid="ocr-document-row">
      <Table.Td>
        <Anchor component={Link} to={`/ocr-documents/${item.id}`} style={{ wordBreak: 'break-all' }}>
          <Group gap={6} wrap="nowrap">
            <IconFileSearch size={16} aria-hidden />
            {item.fileName}
          </Group>
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <OcrStatusBadge status={item.status} />
          {reading ? (
            <>
              <Progress value={item.progress} size="sm" aria-label={`Reading ${item.fileName}`} />
              <Text size="xs" c="dimmed">
                {item.progressMessage ?? 'Waiting to start'}
              </Text>
            </>
          ) : null}
          {item.status === 'FAILED' && item.errorMessage ? (
            <Text size="xs" c="red.8">
              {item.errorMessage}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>{item.pageCount ?? '—'}</Table.Td>
      <Table.Td>{item.meanConfidence === null ? '—' : `${Math.round(item.meanConfidence)}%`}</Table.Td>
      <Table.Td>{item.stagedRowCount}</Table.Td>
      <Table.Td>
        <Text size="sm">{new Date(item.uploadedAt).toLocaleString('en-US')}</Text>
        {item.uploadedByName ? (
          <Text size="xs" c="dimmed">
            {item.uploadedByName}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
