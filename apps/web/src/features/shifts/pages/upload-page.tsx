/**
 * `/upload` (admin): import an EVV export (docs/evv-import.md) with the import wizard
 * (components/imports): choose file → map columns (CSV only; a Sandata OpenEVV JSON export is queued
 * at once) → import with live progress → summary (created / updated / unchanged / rejected, every
 * rejected row downloadable as CSV, links to the imported shifts and to the people created for review).
 */
import { useCallback } from 'react';
import { List, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  columnMapProblems,
  shiftCsvFieldLabels,
  shiftImportResult,
  type ColumnMap,
  type ShiftImportPreviewRow,
} from '@tend/contracts';
import { ColumnMappingStep, type ImportFieldsUi } from '../../../components/imports/column-mapping-step.tsx';
import { ImportFileStep } from '../../../components/imports/import-file-step.tsx';
import { ImportHistory } from '../../../components/imports/import-history.tsx';
import { ImportWizard } from '../../../components/imports/import-wizard.tsx';
import { shiftImportClient } from '../api/shift-imports.ts';
import { shiftKeys } from '../api/shifts.ts';
import { ColumnMappingPreview } from '../components/column-mapping-preview.tsx';
import { namesakeQuestionsUi } from '../components/namesake-questions.tsx';
import { ImportSummary } from '../components/import-summary.tsx';

const shiftFields: ImportFieldsUi = {
  groups: [
    {
      group: 'Visit',
      fields: ['givShiftId', 'date', 'evvInTime', 'evvOutTime', 'timeZone', 'billingCode', 'mod1', 'notes'],
    },
    {
      group: 'People',
      fields: ['caregiverName', 'caregiverExternalId', 'clientName', 'pid', 'providerMedicaidId'],
    },
    {
      group: 'Location',
      fields: ['evvInCoordinates', 'evvOutCoordinates', 'evvInLat', 'evvInLong', 'evvOutLat', 'evvOutLong'],
    },
  ],
  labels: shiftCsvFieldLabels,
  problems: (map) => columnMapProblems(map as ColumnMap),
};

/** The shift import page. */
export function UploadPage() {
  const queryClient = useQueryClient();
  const onFinished = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: shiftKeys.all }),
    [queryClient],
  );
  return (
    <ImportWizard
      kind={shiftImportClient}
      title="Import shifts"
      intro={
        <Text c="dimmed" size="sm">
          Bring in caregivers’ visits from an EVV export. The original file is kept; importing the same file
          again changes nothing, and a newer version of a visit updates its shift.
        </Text>
      }
      jsonFormat="sandata-openevv"
      fileTypes="CSV, JSON or text"
      renderFileStep={(onUploaded) => (
        <ImportFileStep
          kind={shiftImportClient}
          acceptsJson
          heading="Drop an EVV export here, or choose it below"
          fileLabel="EVV export file"
          description={<EvvFormats />}
          onUploaded={onUploaded}
        />
      )}
      history={
        <ImportHistory
          kind={shiftImportClient}
          emptyDescription="Files you upload here are listed with their status and a link to the shifts they brought in."
          resultLink={(file) => ({
            to: `/admin/shifts?csvFileId=${encodeURIComponent(file.id)}`,
            label: 'Shifts',
          })}
        />
      }
      renderMapping={(detail, onStarted, onCancel) => (
        <ColumnMappingStep<ShiftImportPreviewRow>
          kind={shiftImportClient}
          fields={shiftFields}
          detail={detail}
          formatHint="Dates may be US (MM/DD/YYYY) or ISO, times 12- or 24-hour; a clock-out earlier than its clock-in is read as the next day."
          previewNeeds="The preview appears once the mapping has a shift id, a caregiver, a client and a clock-in."
          renderPreview={(rows, timeZone) => <ColumnMappingPreview rows={rows} timeZone={timeZone} />}
          questions={namesakeQuestionsUi}
          onStarted={onStarted}
          onCancel={onCancel}
        />
      )}
      parseResult={(result) => shiftImportResult.safeParse(result).data}
      renderSummary={(result, csvFileId, originalName, startOver) => (
        <ImportSummary
          result={result}
          csvFileId={csvFileId}
          originalName={originalName}
          onImportAnother={startOver}
        />
      )}
      onFinished={onFinished}
      csvFailureHint="Check the column mapping and start again, or choose another file."
      jsonFailureHint="Check that the file is a Sandata OpenEVV visit export and upload it again."
    />
  );
}

/** What an EVV export may be: the formats Tend reads from the content. */
function EvvFormats() {
  return (
    <>
      <Text size="sm" c="dimmed">
        Tend keeps the original file and reads its format from the content:
      </Text>
      <List size="sm" c="dimmed" spacing={2} mt={4}>
        <List.Item>
          Sandata OpenEVV visit export (JSON): imported straight away, newer sequence numbers update their
          visits.
        </List.Item>
        <List.Item>
          A visit export as CSV or delimited text, one row per visit (GIV-style, any column names): you map
          its columns and check a preview before anything is imported.
        </List.Item>
      </List>
    </>
  );
}
