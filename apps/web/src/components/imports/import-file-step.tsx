/**
 * Step 1 of every import page: choose a file (picker or drag and drop) and upload it. The format is
 * detected by the server from the content, not the name: a JSON format of the kind (Sandata OpenEVV
 * for shifts) is imported at once, a CSV goes on to the column mapping step.
 */
import { useState, type DragEvent, type ReactNode } from 'react';
import { Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { ApiErrorAlert } from '../ui/api-error-alert.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useUploadImport, type ImportKindClient, type ImportUploadedAny } from './import-api.ts';

/** What the file picker takes: CSV and text always, JSON for kinds with a JSON format. */
const acceptedFor = (json: boolean) =>
  json ? '.csv,.json,.txt,text/csv,application/json,text/plain' : '.csv,.txt,text/csv,text/plain';
const extensionFor = (json: boolean) => (json ? /\.(csv|json|txt)$/i : /\.(csv|txt)$/i);

/** The upload's field error on `file` (shown under the input), if the API named one. */
function fileFieldError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fieldErrors.find((e) => e.path.replace(/^body\./, '') === 'file')?.message;
}

export interface ImportFileStepProps<P extends { line: number; errors: unknown[] }> {
  kind: ImportKindClient<P>;
  /** Whether the kind also reads a JSON format (else CSV or text only). */
  acceptsJson?: boolean;
  /** "Drop … here" heading, e.g. "Drop an EVV export here, or choose it below". */
  heading: string;
  /** What files the kind takes, in words (a paragraph or a list). */
  description: ReactNode;
  /** Label of the file input, e.g. "EVV export file". */
  fileLabel: string;
  onUploaded: (uploaded: ImportUploadedAny) => void;
}

/**
 * The file chooser with a drop area. Calls `onUploaded` with the API's answer (queued, or CSV
 * analysis) once the file is stored.
 */
export function ImportFileStep<P extends { line: number; errors: unknown[] }>({
  kind,
  acceptsJson = false,
  heading,
  description,
  fileLabel,
  onUploaded,
}: ImportFileStepProps<P>) {
  const { file, choose, dropError, dropFile, upload } = useFileChoice(kind, acceptsJson);
  const fieldError = fileFieldError(upload.error);

  const submit = () => {
    if (!file) return;
    upload.mutate(file, { onSuccess: onUploaded });
  };

  return (
    <Stack gap="md">
      <DropArea onDrop={dropFile}>
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconUpload size={28} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <div>
              <Text fw={600}>{heading}</Text>
              {description}
            </div>
          </Group>
          <FileInput
            label={fileLabel}
            description={acceptsJson ? 'A .csv, .json or .txt file' : 'A .csv or .txt file'}
            placeholder="Choose a file"
            accept={acceptedFor(acceptsJson)}
            value={file}
            onChange={choose}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            error={dropError ?? fieldError}
          />
        </Stack>
      </DropArea>
      {upload.error && !fieldError ? (
        <ApiErrorAlert
          error={upload.error}
          title="The file was not uploaded"
          hint="Check the file and upload it again."
        />
      ) : null}
      <Group>
        <Button
          onClick={submit}
          disabled={!file}
          loading={upload.isPending}
          leftSection={<IconUpload size={16} aria-hidden />}
        >
          Upload file
        </Button>
        {!file ? (
          <Text size="sm" c="dimmed">
            Choose a file first.
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The chosen file, why a dropped one was refused, and its upload. */
function useFileChoice<P extends { line: number; errors: unknown[] }>(
  kind: ImportKindClient<P>,
  acceptsJson: boolean,
) {
  const [file, setFile] = useState<File | null>(null);
  const [dropError, setDropError] = useState<string | null>(null);
  const upload = useUploadImport(kind);
  const choose = (chosen: File | null) => {
    setDropError(null);
    upload.reset();
    setFile(chosen);
  };
  const dropFile = (dropped: File) => {
    if (!extensionFor(acceptsJson).test(dropped.name)) {
      setDropError(acceptsJson ? 'Drop a .csv, .json or .txt file' : 'Drop a .csv or .txt file');
      return;
    }
    choose(dropped);
  };
  return { file, choose, dropError, dropFile, upload };
}

/** A dashed area that takes a dropped file, highlighted while a file is dragged over it. */
function DropArea({ onDrop, children }: { onDrop: (file: File) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onDrop(dropped);
  };
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
        background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      {children}
    </Paper>
  );
}
