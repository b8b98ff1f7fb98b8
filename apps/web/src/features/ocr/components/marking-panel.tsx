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

/** The rows being marked, the active one, and staging them (what the panel shows and does). */
function useRowDrafts(documentId: string, pageNumber: number) {
  const [rows, setRows] = useState<RowDraft[]>([emptyRow(pageNumber)]);
  const [active, setActive] = useState(0);
  const [stagedCount, setStagedCount] = useState<number | null>(null);
  const stage = useStageOcrRows(documentId);
  const fieldErrors = stage.error instanceof ApiError ? stage.error.fieldErrors : [];
  return {
    rows,
    setRows,
    active,
    setActive,
    stagedCount,
    stage,
    errorOf: (rowIndex: number, field: OcrFieldName) =>
      fieldErrors.find((error) => error.path === `rows.${rowIndex}.${field}`)?.message,
    update: (rowIndex: number, field: OcrFieldName, value: string) =>
      setRows((current) =>
        current.map((row, index) => (index === rowIndex ? { ...row, [field]: value } : row)),
      ),
    incomplete: rows.some((row) => missingFields(row).length > 0),
    send: () =>
      stage.mutate(toMarkedRows(rows), {
        onSuccess: (result) => {
          setStagedCount(result.stagedRows.length);
          setRows([emptyRow(pageNumber, rows.at(-1))]);
          setActive(0);
        },
      }),
  };
}

/** See the module comment. */
export function MarkingPanel({ documentId, page, selected, onAssigned, disabled }: MarkingPanelProps) {
  const { rows, setRows, active, setActive, stagedCount, stage, errorOf, update, incomplete, send } =
    useRowDrafts(documentId, page.pageNumber);
  const selection = selectionText(page.words, selected);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Mark rows
        </Title>
        <SelectionHint selection={selection} />
        <Radio.Group
          value={String(active)}
          onChange={(value) => setActive(Number(value))}
          label="Active row"
          name="ocr-active-row"
        >
          <Stack gap="md" mt="xs">
            {rows.map((row, rowIndex) => (
              <RowCard
                key={rowIndex}
                row={row}
                rowIndex={rowIndex}
                removable={rows.length > 1}
                active={rowIndex === active}
                selection={selection}
                errorOf={(field) => errorOf(rowIndex, field)}
                onChange={(field, value) => update(rowIndex, field, value)}
                onUseSelection={(field) => {
                  update(rowIndex, field, selection);
                  onAssigned();
                }}
                onRemove={() => {
                  setRows((current) => current.filter((_, index) => index !== rowIndex));
                  setActive(0);
                }}
              />
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

interface RowCardProps {
  row: RowDraft;
  rowIndex: number;
  removable: boolean;
  active: boolean;
  selection: string;
  errorOf: (field: OcrFieldName) => string | undefined;
  onChange: (field: OcrFieldName, value: string) => void;
  onUseSelection: (field: OcrFieldName) => void;
  onRemove: () => void;
}

/** One row's fields, each with "Use selection" (enabled on the active row while words are selected). */
function RowCard({
  row,
  rowIndex,
  removable,
  active,
  selection,
  errorOf,
  onChange,
  onUseSelection,
  onRemove,
}: RowCardProps) {
  return (
    <Paper withBorder p="sm" radius="sm" data-testid={`ocr-row-${rowIndex}`}>
      <Group justify="space-between" mb="xs">
        <Radio value={String(rowIndex)} label={`Row ${rowIndex + 1}`} />
        {removable ? (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onRemove}
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
              onChange={(event) => onChange(field, event.currentTarget.value)}
              error={errorOf(field)}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button
              variant="light"
              disabled={!selection || !active}
              onClick={() => onUseSelection(field)}
              aria-label={`Use selection as ${ocrFieldLabels[field].toLowerCase()} of row ${rowIndex + 1}`}
            >
              Use selection
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** What is selected, or how to select. */
function SelectionHint({ selection }: { selection: string }) {
  return (
    <Text size="sm" c="dimmed">
      {selection ? (
        <>
          Selected: <strong>{selection}</strong>. Choose the field it belongs to.
        </>
      ) : (
        'Select words on the image, then choose the field of the active row they belong to.'
      )}
    </Text>
  );
}
