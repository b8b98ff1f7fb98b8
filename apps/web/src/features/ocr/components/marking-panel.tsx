/**
 * The row-marking panel of the OCR viewer (issue 23): rows being marked, one active; each field of the active row is
 * filled from the selected words ("Use selection") or typed; "Add row" starts another (the names carried over);
 * "Stage n rows" sends them to staging. A field the server cannot read comes back named (`rows.1.start`) and is shown
 * under that field.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { ocrFieldLabels, ocrFieldNames, type OcrFieldName, type OcrPage } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useStageOcrRows } from '../api/ocr-documents.ts';
import { emptyRow, missingFields, selectionText, toMarkedRows, type RowDraft } from './word-selection.ts';

const placeholders: Record<OcrFieldName, string> = {
  date: '03/14/2026',
  start: '9:00 AM',
  end: '1:30 PM',
  caregiverName: 'As written',
  clientName: 'As written',
  billingCode: 'Optional, e.g. T1019',
};

interface MarkingPanelProps {
  documentId: string;
  page: OcrPage;
  selected: ReadonlySet<number>;
  /** Called after the selection was assigned to a field (the page clears it). */
  onAssigned: () => void;
  disabled: boolean;
}

/** See the module comment. */
export function MarkingPanel({ documentId, page, selected, onAssigned, disabled }: MarkingPanelProps) {
  const [rows, setRows] = useState<RowDraft[]>([emptyRow(page.pageNumber)]);
  const [active, setActive] = useState(0);
  const [stagedCount, setStagedCount] = useState<number | null>(null);
  const stage = useStageOcrRows(documentId);
  const selection = selectionText(page.words, selected);
  const fieldErrors = stage.error instanceof ApiError ? stage.error.fieldErrors : [];
  const errorOf = (rowIndex: number, field: OcrFieldName) =>
    fieldErrors.find((error) => error.path === `rows.${rowIndex}.${field}`)?.message;
  const update = (rowIndex: number, field: OcrFieldName, value: string) =>
    setRows((current) => current.map((row, index) => (index === rowIndex ? { ...row, [field]: value } : row)));
  const incomplete = rows.some((row) => missingFields(row).length > 0);
  const send = () =>
    stage.mutate(toMarkedRows(rows), {
      onSuccess: (result) => {
        setStagedCount(result.stagedRows.length);
        setRows([emptyRow(page.pageNumber, rows.at(-1))]);
        setActive(0);
      },
    });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Mark rows
        </Title>
        <Text size="sm" c="dimmed">
          {selection ? (
            <>
              Selected: <strong>{selection}</strong>. Choose the field it belongs to.
            </>
          ) : (
            'Select words on the image, then choose the field of the active row they belong to.'
          )}
        </Text>
        <Radio.Group
          value={String(active)}
          onChange={(value) => setActive(Number(value))}
          label="Active row"
          name="ocr-active-row"
        >
          <Stack gap="md" mt="xs">
            {rows.map((row, rowIndex) => (
              <Paper key={rowIndex} withBorder p="sm" radius="sm" data-testid={`ocr-row-${rowIndex}`}>
                <Group justify="space-between" mb="xs">
                  <Radio value={String(rowIndex)} label={`Row ${rowIndex + 1}`} />
                  {rows.length > 1 ? (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => {
                        setRows((current) => current.filter((_, index) => index !== rowIndex));
                        setActive(0);
                      }}
                    >
                      Remove row {rowIndex + 1}
                    </Button>
                  ) : null}
                </Group>
                <Stack gap={6}>
                  {ocrFieldNames.map((field) => (
                    <Group key={field} gap="xs" align="flex-end" wrap="nowrap">
                      <TextInput
                        label={`${ocrFieldLabels[field]} (row ${rowIndex + 1})`}
                        placeholder={placeholders[field]}
                        value={row[field]}
                        onChange={(event) => update(rowIndex, field, event.currentTarget.value)}
                        error={errorOf(rowIndex, field)}
                        style={{ flex: 1, minWidth: 0 }}
                      />
                      <Button
                        variant="light"
                        disabled={!selection || rowIndex !== active}
                        onClick={() => {
                          update(rowIndex, field, selection);
                          onAssigned();
                        }}
                        aria-label={`Use selection as ${ocrFieldLabels[field].toLowerCase()} of row ${rowIndex + 1}`}
                      >
                        Use selection
                      </Button>
                    </Group>
                  ))}
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Radio.Group>
        {stage.error ? (
          <ApiErrorAlert
            error={stage.error}
            title="The rows were not staged"
            hint="Nothing was staged. Correct the fields marked in red, then stage again."
          />
        ) : null}
        {stagedCount !== null && !stage.error ? (
          <Alert color="green" variant="light" role="status" icon={<IconCheck size={16} aria-hidden />}>
            {stagedCount} row{stagedCount === 1 ? '' : 's'} staged. They are listed below.
          </Alert>
        ) : null}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              setRows((current) => [...current, emptyRow(page.pageNumber, current.at(-1))]);
              setActive(rows.length);
            }}
          >
            Add row
          </Button>
          <Button onClick={send} loading={stage.isPending} disabled={disabled || incomplete}>
            Stage {rows.length} row{rows.length === 1 ? '' : 's'}
          </Button>
        </Group>
        {incomplete ? (
          <Text size="xs" c="dimmed">
            Every row needs a date, start, end, caregiver name and client name.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
