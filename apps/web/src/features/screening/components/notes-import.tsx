/**
 * The shift-notes import (docs/shift-notes.md) with the import wizard (components/imports): choose a
 * notes CSV → map its columns (preview of the first notes) → import with live progress → summary
 * (notes added, matched to a shift, waiting for review, already imported, every rejected row).
 */
import { useCallback } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconListSearch, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  importColumnMapProblems,
  importResult,
  shiftNoteFieldSpec,
  type ImportPreviewRow,
  type ImportResult,
} from '@tend/contracts';
import { ColumnMappingStep, type ImportFieldsUi } from '../../../components/imports/column-mapping-step.tsx';
import { ImportFileStep } from '../../../components/imports/import-file-step.tsx';
import { ImportHistory } from '../../../components/imports/import-history.tsx';
import { ImportPreviewTable, type PreviewColumn } from '../../../components/imports/import-preview-table.tsx';
import { DuplicateRows, RejectedRows, Stat } from '../../../components/imports/import-summary-parts.tsx';
import { ImportWizard } from '../../../components/imports/import-wizard.tsx';
import { shiftNoteImportClient, shiftNoteKeys } from '../api/shift-notes.ts';
import { useDates, type DateFormatters } from '../../../i18n/dates.ts';

const noteFields: ImportFieldsUi = {
  groups: shiftNoteFieldSpec.groups,
  labels: shiftNoteFieldSpec.labels,
  problems: (map) => importColumnMapProblems(shiftNoteFieldSpec, map),
};

/**
 * The preview's columns; submitted times in the zone chosen for the import, zone named (UX.md "Time"), in the
 * page's language (i18n/dates.ts).
 */
const previewColumns = (timeZone: string, dates: DateFormatters): PreviewColumn[] => {
  return [
    {
      key: 'submittedAt',
      label: 'Submitted',
      render: (value) =>
        value ? `${dates.dateTime(value, timeZone)} ${dates.zoneName(value, timeZone)}` : '—',
    },
    { key: 'givShiftId', label: 'Shift id' },
    { key: 'caregiver', label: 'Caregiver' },
    { key: 'client', label: 'Client' },
    { key: 'prompt', label: 'Prompt' },
    { key: 'documentation', label: 'Documentation' },
  ];
};

/** Step 4: counts, the link to the notes waiting for review, every rejected row. */
function NotesSummary({
  result,
  originalName,
  onImportAnother,
}: {
  result: ImportResult;
  originalName: string | null;
  onImportAnother: () => void;
}) {
  const rejected = new Set(result.rejected.map((r) => r.line)).size;
  const waiting = result.counts.needsReview ?? 0;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        <Stat label="Notes added" value={result.created} color={result.created ? 'green.8' : undefined} />
        <Stat label="Matched to a shift" value={result.counts.matched ?? 0} />
        <Stat label="Need review" value={waiting} color={waiting ? 'yellow.8' : undefined} />
        <Stat label="Already imported" value={result.unchanged} />
        <Stat label="Duplicates" value={result.duplicates.length} />
        <Stat label="Rejected" value={rejected} color={rejected ? 'red.8' : undefined} />
      </SimpleGrid>
      {waiting ? (
        <Alert color="yellow" variant="light" title="Notes to review">
          {waiting} note{waiting === 1 ? '' : 's'} could not be matched to exactly one shift. Pick the right
          shift for each, or dismiss it with a reason.
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button
          component={Link}
          to="/admin/mismatched-shift-notes"
          leftSection={<IconListSearch size={16} aria-hidden />}
        >
          Review unmatched notes
        </Button>
        <Button
          variant="default"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={onImportAnother}
        >
          Import another file
        </Button>
      </Group>
      {result.rejected.length ? (
        <RejectedRows
          rows={result.rejected}
          lineLabel="Line"
          idLabel="Shift id"
          originalName={originalName}
        />
      ) : null}
      {result.duplicates.length ? (
        <DuplicateRows rows={result.duplicates} lineLabel="Line" idLabel="Shift id" />
      ) : null}
    </Stack>
  );
}

/** The notes import wizard (the `view=import` view of the mismatched-notes page). */
export function NotesImport() {
  const queryClient = useQueryClient();
  const dates = useDates();
  const onFinished = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: shiftNoteKeys.all }),
    [queryClient],
  );
  return (
    <ImportWizard
      kind={shiftNoteImportClient}
      keepParams={['view']}
      title="Import shift notes"
      intro={
        <Text c="dimmed" size="sm" maw={760}>
          Bring in caregivers’ shift notes from a CSV export, one row per note. Each note is matched to its
          shift by shift id, or by caregiver, client and the time it was written; notes that fit no shift or
          several wait for review. The original file is kept; importing it again adds nothing.
        </Text>
      }
      fileTypes="CSV or text"
      renderFileStep={(onUploaded) => (
        <ImportFileStep
          kind={shiftNoteImportClient}
          heading="Drop a shift-notes export here, or choose it below"
          fileLabel="Shift-notes file"
          description={
            <Text size="sm" c="dimmed">
              A CSV or delimited text file with one note per row (any column names): you map its columns and
              check a preview before anything is imported.
            </Text>
          }
          onUploaded={onUploaded}
        />
      )}
      history={
        <ImportHistory
          kind={shiftNoteImportClient}
          emptyDescription="Notes files you upload here are listed with their status."
        />
      }
      renderMapping={(detail, onStarted, onCancel) => (
        <ColumnMappingStep<ImportPreviewRow>
          kind={shiftNoteImportClient}
          fields={noteFields}
          detail={detail}
          formatHint="Submitted times may be a date and time (US or ISO, 12- or 24-hour) or a time with the service date; a time with a UTC offset keeps it."
          previewNeeds="The preview appears once the mapping has the documentation and a way to find the shift (shift id, or caregiver, client and a time or date)."
          renderPreview={(rows, timeZone) => (
            <ImportPreviewTable rows={rows} columns={previewColumns(timeZone, dates)} />
          )}
          onStarted={onStarted}
          onCancel={onCancel}
        />
      )}
      parseResult={(result) => importResult.safeParse(result).data}
      renderSummary={(result, _fileId, originalName, startOver) => (
        <NotesSummary result={result} originalName={originalName} onImportAnother={startOver} />
      )}
      onFinished={onFinished}
      csvFailureHint="Check the column mapping and start again, or choose another file."
    />
  );
}
