/**
 * Step 4 of `/upload`: what an import did — created, updated, unchanged and rejected records, people
 * created for review — with every rejected row (line, field, reason; paged, downloadable as CSV) and
 * links to the imported shifts and to import another file.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconList, IconUpload, IconUserQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { RejectedRecord, ShiftImportResult } from '@tend/contracts';
import { downloadCsv, toCsv, type CsvColumn } from '../../../components/ui/data-table.tsx';
import { LabelledPagination } from '../../../components/ui/labelled-pagination.tsx';

const REJECTED_PAGE_SIZE = 25;
const numberFormat = new Intl.NumberFormat('en-US');

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={`${label}: ${value}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color}>
        {numberFormat.format(value)}
      </Text>
    </Card>
  );
}

/** The CSV file name of the rejected rows: "rejected-rows-<original name without extension>.csv". */
function rejectedFileName(originalName: string | null): string {
  const base = (originalName ?? 'import')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w.-]+/g, '_')
    .slice(0, 80);
  return `rejected-rows-${base || 'import'}.csv`;
}

/** Every rejected row, a page at a time, with the download of all of them. */
function RejectedRows({
  rows,
  lineLabel,
  originalName,
}: {
  rows: RejectedRecord[];
  lineLabel: string;
  originalName: string | null;
}) {
  const [page, setPage] = useState(1);
  const records = new Set(rows.map((r) => r.line)).size;
  const pageCount = Math.max(1, Math.ceil(rows.length / REJECTED_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = rows.slice((current - 1) * REJECTED_PAGE_SIZE, current * REJECTED_PAGE_SIZE);
  const columns: CsvColumn<RejectedRecord>[] = [
    { header: lineLabel, value: (r) => r.line },
    { header: 'Shift id', value: (r) => r.externalId },
    { header: 'Field', value: (r) => r.field },
    { header: 'Reason', value: (r) => r.reason },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={4}>
            Rejected rows ({numberFormat.format(records)}
            {records !== rows.length ? `, ${numberFormat.format(rows.length)} problems` : ''})
          </Title>
          <Text size="sm" c="dimmed">
            These were not imported. Fix them in the source system or the file, then import it again: rows
            already imported stay unchanged.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadCsv(rejectedFileName(originalName), toCsv(columns, rows))}
        >
          Download rejected rows (CSV)
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table withTableBorder striped aria-label="Rejected rows" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={90}>
                {lineLabel}
              </Table.Th>
              <Table.Th scope="col" w={220}>
                Shift id
              </Table.Th>
              <Table.Th scope="col" w={180}>
                Field
              </Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, index) => (
              <Table.Tr key={`${row.line}-${row.field}-${index}`}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{row.externalId ?? '—'}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{row.field}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pageCount > 1 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {numberFormat.format((current - 1) * REJECTED_PAGE_SIZE + 1)}–
            {numberFormat.format(Math.min(current * REJECTED_PAGE_SIZE, rows.length))} of{' '}
            {numberFormat.format(rows.length)}
          </Text>
          <LabelledPagination label="Rejected rows" total={pageCount} value={current} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}

export interface ImportSummaryProps {
  result: ShiftImportResult;
  csvFileId: string;
  originalName: string | null;
  onImportAnother: () => void;
}

/** Stat cards, the people-to-review note, the actions and the rejected rows of a finished import. */
export function ImportSummary({ result, csvFileId, originalName, onImportAnother }: ImportSummaryProps) {
  const rejectedRecords = new Set(result.rejected.map((r) => r.line)).size;
  const changed = result.created + result.updated;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        <Stat label="Created" value={result.created} color={result.created ? 'green.8' : undefined} />
        <Stat label="Updated" value={result.updated} color={result.updated ? 'blue.8' : undefined} />
        <Stat label="Unchanged" value={result.unchanged} />
        <Stat label="Rejected" value={rejectedRecords} color={rejectedRecords ? 'red.8' : undefined} />
        <Stat label="New caregivers" value={result.newCaregivers} />
        <Stat label="New clients" value={result.newClients} />
      </SimpleGrid>

      {result.newCaregivers || result.newClients ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconUserQuestion aria-hidden />}
          title="New people to review"
        >
          {result.newCaregivers} new caregiver{result.newCaregivers === 1 ? '' : 's'} and {result.newClients}{' '}
          new client{result.newClients === 1 ? '' : 's'} were created from this file and flagged for review.
          Check their names and details on the{' '}
          <Anchor component={Link} to="/admin/caregivers?needsReview=true">
            Caregivers
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to="/admin/clients?needsReview=true">
            Clients
          </Anchor>{' '}
          pages.
        </Alert>
      ) : null}

      <Group gap="sm">
        <Button
          component={Link}
          to={`/admin/shifts?csvFileId=${encodeURIComponent(csvFileId)}`}
          leftSection={<IconList size={16} aria-hidden />}
        >
          View imported shifts
        </Button>
        <Button
          variant="default"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={onImportAnother}
        >
          Import another file
        </Button>
      </Group>
      {changed === 0 && result.unchanged > 0 ? (
        <Text size="sm" c="dimmed">
          Nothing changed: every record was already in Tend as it is in this file.
        </Text>
      ) : null}

      {result.rejected.length ? (
        <RejectedRows
          rows={result.rejected}
          lineLabel={result.format === 'csv' ? 'Line' : 'Visit #'}
          originalName={originalName}
        />
      ) : null}
    </Stack>
  );
}
