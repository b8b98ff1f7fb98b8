/**
 * `/staging/import` (admin; issue 23, docs/staging.md): a GIV export into staging with the shared
 * import wizard (components/imports): choose file → map columns (the shift import's fields; unknown
 * headers are kept in the raw row) → staging job with progress → summary (READY / NOT_READY, rules
 * applied, rejected rows) with the way on to Staging manage. Nothing reaches production from here.
 */
import { useCallback } from 'react';
import { Anchor, Group, List, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  columnMapProblems,
  shiftCsvFieldLabels,
  stagingImportResult,
  type ColumnMap,
  type ShiftImportPreviewRow,
  type StagingImportResult,
} from '@tend/contracts';
import { ColumnMappingStep, type ImportFieldsUi } from '../../../components/imports/column-mapping-step.tsx';
import { ImportFileStep } from '../../../components/imports/import-file-step.tsx';
import { ImportHistory } from '../../../components/imports/import-history.tsx';
import { ImportWizard } from '../../../components/imports/import-wizard.tsx';
import { stagingImportClient, stagingKeys } from '../api/staging.ts';

const fields: ImportFieldsUi = {
  groups: [
    {
      group: 'Visit',
      fields: ['givShiftId', 'date', 'evvInTime', 'evvOutTime', 'timeZone', 'billingCode', 'mod1'],
    },
    { group: 'People', fields: ['caregiverName', 'caregiverExternalId', 'clientName', 'pid'] },
    {
      group: 'Location',
      fields: ['evvInCoordinates', 'evvOutCoordinates', 'evvInLat', 'evvInLong', 'evvOutLat', 'evvOutLong'],
    },
  ],
  labels: shiftCsvFieldLabels,
  problems: (map) => columnMapProblems(map as ColumnMap),
};

/** The first rows as staging would read them; a row with problems says why. */
function Preview({ rows }: { rows: ShiftImportPreviewRow[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Preview of the first rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Shift id</Table.Th>
            <Table.Th>Caregiver</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Problems</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.givShiftId ?? '—'}</Table.Td>
              <Table.Td>{row.caregiver ?? '—'}</Table.Td>
              <Table.Td>{row.client ?? '—'}</Table.Td>
              <Table.Td>{row.date ?? '—'}</Table.Td>
              <Table.Td>{row.billingCode ?? '—'}</Table.Td>
              <Table.Td>{row.errors.map((e) => `${e.field}: ${e.reason}`).join('; ') || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Summary({ result, onAgain }: { result: StagingImportResult; onAgain: () => void }) {
  return (
    <Stack gap="sm">
      <Text fw={600}>
        {result.total} rows staged: {result.ready} ready, {result.notReady} need attention
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>
          {result.created} new in staging, {result.updated} seen again
        </List.Item>
        <List.Item>{result.rulesApplied} values rewritten by resolution rules</List.Item>
        <List.Item>{result.rejected.length} rows rejected (not staged)</List.Item>
      </List>
      <Group>
        <Anchor component={Link} to="/staging/manage">
          Review mappings and rows in Staging manage
        </Anchor>
        <Anchor component="button" type="button" onClick={onAgain}>
          Stage another file
        </Anchor>
      </Group>
    </Stack>
  );
}

/** The staging import page. */
export function StagingImportPage() {
  const queryClient = useQueryClient();
  const onFinished = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: stagingKeys.all }),
    [queryClient],
  );
  return (
    <ImportWizard
      kind={stagingImportClient}
      title="Staging import"
      intro={
        <Text c="dimmed" size="sm">
          Bring a GIV export into staging first. Caregivers and clients are matched to Tend people; nothing
          reaches production until you compare and promote it.
        </Text>
      }
      fileTypes="CSV or text"
      renderFileStep={(onUploaded) => (
        <ImportFileStep
          kind={stagingImportClient}
          heading="Drop a GIV export here, or choose it below"
          fileLabel="GIV export file"
          description={
            <Text size="sm" c="dimmed">
              One row per shift, any column names; BOM, CRLF and 12-hour times are fine.
            </Text>
          }
          onUploaded={onUploaded}
        />
      )}
      history={
        <ImportHistory
          kind={stagingImportClient}
          emptyDescription="Exports you stage here are listed with their status."
          resultLink={() => ({ to: '/staging/manage', label: 'Staging manage' })}
        />
      }
      renderMapping={(detail, onStarted, onCancel) => (
        <ColumnMappingStep<ShiftImportPreviewRow>
          kind={stagingImportClient}
          fields={fields}
          detail={detail}
          formatHint="Dates may be US (MM/DD/YYYY) or ISO, times 12- or 24-hour; a clock-out earlier than its clock-in is read as the next day."
          previewNeeds="The preview appears once the mapping has a shift id, a caregiver, a client and a clock-in."
          renderPreview={(rows) => <Preview rows={rows} />}
          onStarted={onStarted}
          onCancel={onCancel}
        />
      )}
      parseResult={(result) => stagingImportResult.safeParse(result).data}
      renderSummary={(result, _csvFileId, _name, startOver) => (
        <Summary result={result} onAgain={startOver} />
      )}
      onFinished={onFinished}
      csvFailureHint="Check the column mapping and start again, or choose another file."
    />
  );
}
