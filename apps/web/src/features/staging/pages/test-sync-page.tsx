/**
 * `/test-sync` (admin; issue 23, decision 0062 addendum, docs/staging.md): a dry run of staging a GIV
 * export. The admin uploads a file (or picks an earlier staging upload), runs the test sync with the
 * column map saved for it or suggested from its header, watches the bar while every row is read, and
 * reads every row's fate in words (new / updated / unchanged / duplicate / rejected, READY or why not)
 * and the people no mapping links. Nothing is staged and no production shift changes; the way on is
 * Staging import with the same upload.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconFlask } from '@tabler/icons-react';
import { Link } from 'react-router';
import { columnMapProblems, shiftCsvFieldLabels, type ColumnMap, type TestSyncResult } from '@tend/contracts';
import { initialMap } from '../../../components/imports/column-mapping-step.tsx';
import { ImportFileStep } from '../../../components/imports/import-file-step.tsx';
import { importUrl, useImportDetail, useImports } from '../../../components/imports/import-api.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { formatExactTime } from '../../../lib/format/index.ts';
import { stagingImportClient, useTestSync } from '../api/staging.ts';
import { countsInWords, fateInWords } from '../test-sync-words.ts';

/** Step 1: upload a GIV export, or pick one uploaded before. */
function ChooseFile({ onChosen }: { onChosen: (id: string) => void }) {
  const uploads = useImports(stagingImportClient);
  const csvs = (uploads.data?.items ?? []).filter((item) => item.format === 'csv' || item.format === null);
  return (
    <Stack gap="md">
      <Text size="sm">
        No file chosen yet. Upload a GIV export, or pick one uploaded before, then run the test sync to see
        what staging would do with every row.
      </Text>
      <ImportFileStep
        kind={stagingImportClient}
        heading="Drop a GIV export here, or choose it below"
        fileLabel="GIV export file"
        description={
          <Text size="sm" c="dimmed">
            The file is kept like any upload; the test sync itself stages nothing.
          </Text>
        }
        onUploaded={(uploaded) => onChosen(uploaded.csvFileId)}
      />
      {csvs.length ? (
        <Select
          label="Or test an earlier upload"
          placeholder="Choose an upload"
          searchable
          data={csvs.map((item) => ({
            value: item.id,
            label: `${item.originalName} (${formatExactTime(item.uploadDate)})${item.latestJob ? ', staged' : ''}`,
          }))}
          onChange={(value) => (value ? onChosen(value) : undefined)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          No earlier uploads: files uploaded here or on Staging import are listed once there are some.
        </Text>
      )}
    </Stack>
  );
}

/** The bar while the dry run reads the file (one request: the bar runs until the answer arrives). */
function Running() {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} role="status" aria-live="polite">
        Reading every row and resolving it as staging would…
      </Text>
      <Progress value={100} striped animated aria-label="Test sync progress" size="lg" />
    </Stack>
  );
}

/** The people the rows name that no mapping links, with how many rows name them. */
function Unmapped({ people }: { people: TestSyncResult['unmapped'] }) {
  if (!people.length)
    return <Text size="sm">Every caregiver and client of the file is linked to a Tend person.</Text>;
  return (
    <Stack gap={4}>
      <Text size="sm">
        Stage the file, then link these people in{' '}
        <Anchor component={Link} to="/staging/manage">
          Staging manage
        </Anchor>{' '}
        (or add a resolution rule there).
      </Text>
      <List size="sm" spacing={2} aria-label="People not linked">
        {people.map((person) => (
          <List.Item key={`${person.entityType}:${person.givId ?? ''}:${person.name ?? ''}`}>
            {person.entityType === 'CAREGIVER' ? 'Caregiver' : 'Client'} {person.name ?? '(no name)'}
            {person.givId ? ` (id ${person.givId})` : ''}:{' '}
            {person.status === 'PENDING_APPROVAL' ? 'a likely match needs approval' : 'not found in Tend'},{' '}
            {person.rows} {person.rows === 1 ? 'row' : 'rows'}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Every listed row's fate in a table (scrolls sideways on a narrow screen). */
function Fates({ result }: { result: TestSyncResult }) {
  return (
    <Stack gap={4}>
      {result.fates.length < result.rows ? (
        <Text size="sm" c="dimmed">
          The first {result.fates.length} of {result.rows} rows are listed; the counts above cover them all.
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={760}>
        <Table aria-label="What staging would do with each row" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Shift id</Table.Th>
              <Table.Th>Fate</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Caregiver</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>What would happen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.fates.map((row) => {
              const words = fateInWords(row);
              return (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{row.givShiftId ?? '—'}</Table.Td>
                  <Table.Td>{words.label}</Table.Td>
                  <Table.Td>{row.date ?? '—'}</Table.Td>
                  <Table.Td>{row.caregiver ?? '—'}</Table.Td>
                  <Table.Td>{row.client ?? '—'}</Table.Td>
                  <Table.Td>{words.detail}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The dry run's answer: the counts in words, the people not linked, every row's fate. */
function Result({ result }: { result: TestSyncResult }) {
  return (
    <Stack gap="md">
      <Alert color="blue" title="Dry run: nothing was staged and no production shift changed">
        <Text size="sm" data-testid="test-sync-counts">
          {countsInWords(result)}
        </Text>
        <Anchor
          component={Link}
          size="sm"
          to={importUrl(stagingImportClient.pagePath, { id: result.csvFileId, latestJob: null })}
        >
          Stage this file on Staging import
        </Anchor>
      </Alert>
      <Title order={2} size="h3">
        People not linked ({result.unmapped.length})
      </Title>
      <Unmapped people={result.unmapped} />
      <Title order={2} size="h3">
        Row by row
      </Title>
      <Fates result={result} />
    </Stack>
  );
}

/** Step 2: the upload, the column map it will be read with, the run and its answer. */
function RunTest({ id, onBack }: { id: string; onBack: () => void }) {
  const detail = useImportDetail(stagingImportClient, id);
  const run = useTestSync();
  // The upload's saved map, else the one suggested from its header (the mapping step's own start).
  const map = useMemo(() => (detail.data ? (initialMap(detail.data) as ColumnMap) : null), [detail.data]);
  if (detail.isPending) return <PageLoader />;
  if (detail.error || !detail.data || !map)
    return <ApiErrorAlert error={detail.error} hint="Choose another file." />;
  const problems = columnMapProblems(map);
  const mapped = Object.entries(map);
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap={6}>
          <Text fw={600}>{detail.data.file.originalName}</Text>
          <Text size="sm" c="dimmed">
            Read with{' '}
            {detail.data.file.columnMap ? 'the column map saved for it' : 'the suggested column map'}:{' '}
            {mapped
              .map(([header, field]) => `${header} → ${shiftCsvFieldLabels[field] ?? field}`)
              .join(', ') || 'no column mapped'}
            .
          </Text>
        </Stack>
      </Paper>
      {problems.length ? (
        <Alert color="orange" title="The columns of this file need mapping first">
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
          <Anchor
            component={Link}
            size="sm"
            to={importUrl(stagingImportClient.pagePath, { id, latestJob: null })}
          >
            Map its columns on Staging import
          </Anchor>
        </Alert>
      ) : null}
      <Group>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Choose another file
        </Button>
        <Button
          leftSection={<IconFlask size={16} aria-hidden />}
          disabled={problems.length > 0}
          loading={run.isPending}
          onClick={() => run.mutate({ id, options: { columnMap: map } })}
        >
          Run test sync
        </Button>
      </Group>
      {run.isPending ? <Running /> : null}
      {run.error ? (
        <ApiErrorAlert error={run.error} title="The test sync did not run" hint="Choose another file." />
      ) : null}
      {run.data && !run.isPending ? <Result result={run.data} /> : null}
    </Stack>
  );
}

/** The sync test page. */
export function TestSyncPage() {
  const [fileId, setFileId] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Sync test</Title>
        <Text c="dimmed" size="sm">
          A dry run of{' '}
          <Anchor component={Link} to="/staging/import">
            Staging import
          </Anchor>
          : see what staging would do with each row of a GIV export. Nothing is staged, no mapping is saved
          and no production shift changes.
        </Text>
      </div>
      {fileId ? (
        <RunTest key={fileId} id={fileId} onBack={() => setFileId(null)} />
      ) : (
        <ChooseFile onChosen={setFileId} />
      )}
    </Stack>
  );
}
