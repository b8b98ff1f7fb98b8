/**
 * Step 1 of `/upload`: choose an EVV export (picker or drag and drop) and upload it. The format is
 * detected by the server from the content, not the name: Sandata OpenEVV JSON is imported at once, a
 * CSV goes on to the column mapping step.
 */
import { useState, type DragEvent } from 'react';
import { Button, FileInput, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import type { ShiftImportUploaded } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUploadShiftImport } from '../api/shift-imports.ts';

const accepted = '.csv,.json,.txt,text/csv,application/json,text/plain';
const acceptedExtension = /\.(csv|json|txt)$/i;

/** The upload's field error on `file` (shown under the input), if the API named one. */
function fileFieldError(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.fieldErrors.find((e) => e.path.replace(/^body\./, '') === 'file')?.message;
}

/**
 * The file chooser with a drop area. Calls `onUploaded` with the API's answer (JSON queued, or CSV
 * analysis) once the file is stored.
 */
export function ImportFileStep({ onUploaded }: { onUploaded: (uploaded: ShiftImportUploaded) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [dropError, setDropError] = useState<string | null>(null);
  const upload = useUploadShiftImport();
  const fieldError = fileFieldError(upload.error);

  const choose = (chosen: File | null) => {
    setDropError(null);
    upload.reset();
    setFile(chosen);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (!dropped) return;
    if (!acceptedExtension.test(dropped.name)) {
      setDropError('Drop a .csv, .json or .txt file');
      return;
    }
    choose(dropped);
  };

  const submit = () => {
    if (!file) return;
    upload.mutate(file, { onSuccess: onUploaded });
  };

  return (
    <Stack gap="md">
      <Paper
        withBorder
        p="lg"
        radius="md"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
          background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconUpload size={28} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <div>
              <Text fw={600}>Drop an EVV export here, or choose it below</Text>
              <Text size="sm" c="dimmed">
                Tend keeps the original file and reads its format from the content:
              </Text>
              <List size="sm" c="dimmed" spacing={2} mt={4}>
                <List.Item>
                  Sandata OpenEVV visit export (JSON): imported straight away, newer sequence numbers update
                  their visits.
                </List.Item>
                <List.Item>
                  A visit export as CSV or delimited text, one row per visit (GIV-style, any column names):
                  you map its columns and check a preview before anything is imported.
                </List.Item>
              </List>
            </div>
          </Group>
          <FileInput
            label="EVV export file"
            description="A .csv, .json or .txt file"
            placeholder="Choose a file"
            accept={accepted}
            value={file}
            onChange={choose}
            leftSection={<IconFileUpload size={16} aria-hidden />}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            error={dropError ?? fieldError}
          />
        </Stack>
      </Paper>
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
