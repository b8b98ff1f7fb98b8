/**
 * `/admin/misctools/client-prime-import` (admin; docs/evv-import.md "Client prime"): import clients and
 * their budgets from a CSV, one row per budget line with the client's columns repeated, with the import
 * wizard (components/imports): choose file → map columns (preview) → import with live progress →
 * summary (budget lines created / updated / unchanged, clients created for review and updated, every
 * rejected row downloadable as CSV).
 */
import { useCallback } from 'react';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUpload, IconUserQuestion, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  budgetMeasureLabels,
  budgetMeasures,
  clientPrimeFieldSpec,
  clientPrimeImportEndpoints,
  importColumnMapProblems,
  importResult,
  type BudgetMeasure,
  type ImportPreviewRow,
  type ImportResult,
} from '@tend/contracts';
import { ColumnMappingStep, type ImportFieldsUi } from '../../../components/imports/column-mapping-step.tsx';
import type { ImportKindClient } from '../../../components/imports/import-api.ts';
import { ImportFileStep } from '../../../components/imports/import-file-step.tsx';
import { ImportHistory } from '../../../components/imports/import-history.tsx';
import { ImportPreviewTable, type PreviewColumn } from '../../../components/imports/import-preview-table.tsx';
import { DuplicateRows, RejectedRows, Stat } from '../../../components/imports/import-summary-parts.tsx';
import { ImportWizard } from '../../../components/imports/import-wizard.tsx';

const PAGE = '/admin/misctools/client-prime-import';

const clientPrimeClient: ImportKindClient<ImportPreviewRow> = {
  key: 'client-prime-imports',
  endpoints: clientPrimeImportEndpoints,
  pagePath: PAGE,
};

const fields: ImportFieldsUi = {
  groups: clientPrimeFieldSpec.groups,
  labels: clientPrimeFieldSpec.labels,
  problems: (map) => importColumnMapProblems(clientPrimeFieldSpec, map),
};

const isMeasure = (value: string): value is BudgetMeasure =>
  (budgetMeasures as readonly string[]).includes(value);

const previewColumns: PreviewColumn[] = [
  { key: 'client', label: 'Client' },
  { key: 'budgetClientId', label: 'Budget client id' },
  {
    key: 'procCode',
    label: 'Code',
    render: (value, row) =>
      `${value ?? '—'}${row.values.svcModifierCd ? ` + ${row.values.svcModifierCd}` : ''}`,
  },
  {
    key: 'units',
    label: 'Units',
    render: (value, row) => {
      const measure = row.values.measure;
      return `${value ?? '—'}${measure && isMeasure(measure) ? ` ${budgetMeasureLabels[measure]}` : ''}`;
    },
  },
  { key: 'term', label: 'Term' },
  {
    key: 'effectiveDate',
    label: 'Effective → expiration',
    render: (value, row) => `${value ?? '—'} → ${row.values.expirationDate ?? 'open-ended'}`,
  },
];

function ClientPrimeSummary({
  result,
  originalName,
  onImportAnother,
}: {
  result: ImportResult;
  originalName: string | null;
  onImportAnother: () => void;
}) {
  const rejected = new Set(result.rejected.map((r) => r.line)).size;
  const newClients = result.counts.newClients ?? 0;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        <Stat
          label="Budget lines created"
          value={result.created}
          color={result.created ? 'green.8' : undefined}
        />
        <Stat
          label="Budget lines updated"
          value={result.updated}
          color={result.updated ? 'blue.8' : undefined}
        />
        <Stat label="Unchanged" value={result.unchanged} />
        <Stat label="Duplicates" value={result.duplicates.length} />
        <Stat label="Rejected" value={rejected} color={rejected ? 'red.8' : undefined} />
        <Stat label="New clients" value={newClients} />
        <Stat label="Clients updated" value={result.counts.updatedClients ?? 0} />
      </SimpleGrid>
      {newClients ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconUserQuestion aria-hidden />}
          title="New clients to review"
        >
          {newClients} new client{newClients === 1 ? ' was' : 's were'} created from this file and flagged for
          review. Check their names and details on the{' '}
          <Anchor component={Link} to="/admin/clients?needsReview=true">
            Clients
          </Anchor>{' '}
          page.
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button component={Link} to="/admin/clients" leftSection={<IconUsers size={16} aria-hidden />}>
          View clients
        </Button>
        <Button
          variant="default"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={onImportAnother}
        >
          Import another file
        </Button>
      </Group>
      {result.created + result.updated === 0 && result.unchanged > 0 ? (
        <Text size="sm" c="dimmed">
          Nothing changed: every budget line was already in Tend as it is in this file.
        </Text>
      ) : null}
      {result.rejected.length ? (
        <RejectedRows
          rows={result.rejected}
          lineLabel="Line"
          idLabel="Budget line"
          originalName={originalName}
        />
      ) : null}
      {result.duplicates.length ? (
        <DuplicateRows rows={result.duplicates} lineLabel="Line" idLabel="Budget line" />
      ) : null}
    </Stack>
  );
}

/** The client prime import page. */
export function ClientPrimeImportPage() {
  const queryClient = useQueryClient();
  // Imported clients and budgets show on pages of other features: refresh whatever is cached.
  const onFinished = useCallback(() => void queryClient.invalidateQueries(), [queryClient]);
  return (
    <ImportWizard
      kind={clientPrimeClient}
      title="Client prime import"
      intro={
        <Text c="dimmed" size="sm" maw={760}>
          Bring in clients and their authorized budgets from a CSV, one row per budget line with the client’s
          columns on each row. Clients are matched by Medicaid prime id, budget client id or name; unknown
          clients are created for review. Importing the same file again changes nothing.
        </Text>
      }
      fileTypes="CSV or text"
      renderFileStep={(onUploaded) => (
        <ImportFileStep
          kind={clientPrimeClient}
          heading="Drop a client prime export here, or choose it below"
          fileLabel="Client prime file"
          description={
            <Text size="sm" c="dimmed">
              A CSV or delimited text file with one budget line per row (any column names): you map its
              columns and check a preview before anything is imported.
            </Text>
          }
          onUploaded={onUploaded}
        />
      )}
      history={
        <ImportHistory
          kind={clientPrimeClient}
          emptyDescription="Client prime files you upload here are listed with their status."
          resultLink={() => ({ to: '/admin/clients', label: 'Clients' })}
        />
      }
      renderMapping={(detail, onStarted, onCancel) => (
        <ColumnMappingStep<ImportPreviewRow>
          kind={clientPrimeClient}
          fields={fields}
          detail={detail}
          formatHint="Dates may be US (MM/DD/YYYY) or ISO; measures as hours, 15 min units, days or miles in any usual spelling."
          previewNeeds="The preview appears once the mapping has a budget client id, a procedure code, units and an effective date."
          renderPreview={(rows) => <ImportPreviewTable rows={rows} columns={previewColumns} />}
          onStarted={onStarted}
          onCancel={onCancel}
        />
      )}
      parseResult={(result) => importResult.safeParse(result).data}
      renderSummary={(result, _fileId, originalName, startOver) => (
        <ClientPrimeSummary result={result} originalName={originalName} onImportAnother={startOver} />
      )}
      onFinished={onFinished}
      csvFailureHint="Check the column mapping and start again, or choose another file."
    />
  );
}
