/**
 * Parts of every import summary (step 4 of an import page): a count card and the rejected rows (line,
 * id, field, reason; paged, downloadable as CSV). Each kind lays out its own counts and links.
 */
import { useState } from 'react';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { RejectedRecord } from '@tend/contracts';
import { downloadCsv, toCsv, type CsvColumn } from '../ui/data-table.tsx';
import { LabelledPagination } from '../ui/labelled-pagination.tsx';
import { formatCount } from '../../lib/format/index.ts';

const REJECTED_PAGE_SIZE = 25;

/** One count of an import summary, as a card. */
export function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={`${label}: ${value}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color}>
        {formatCount(value)}
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

/**
 * Every rejected row (line, the record's id, field, reason), a page at a time, with the download of
 * all of them as CSV. `idLabel` names the id column (e.g. "Shift id").
 */
export function RejectedRows({
  rows,
  lineLabel,
  idLabel,
  originalName,
}: {
  rows: RejectedRecord[];
  lineLabel: string;
  idLabel: string;
  originalName: string | null;
}) {
  const [page, setPage] = useState(1);
  const records = new Set(rows.map((r) => r.line)).size;
  const pageCount = Math.max(1, Math.ceil(rows.length / REJECTED_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = rows.slice((current - 1) * REJECTED_PAGE_SIZE, current * REJECTED_PAGE_SIZE);
  const columns: CsvColumn<RejectedRecord>[] = [
    { header: lineLabel, value: (r) => r.line },
    { header: idLabel, value: (r) => r.externalId },
    { header: 'Field', value: (r) => r.field },
    { header: 'Reason', value: (r) => r.reason },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={4}>
            Rejected rows ({formatCount(records)}
            {records !== rows.length ? `, ${formatCount(rows.length)} problems` : ''})
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
      <RejectedRowsTable rows={shown} lineLabel={lineLabel} idLabel={idLabel} />
      {pageCount > 1 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {formatCount((current - 1) * REJECTED_PAGE_SIZE + 1)}–
            {formatCount(Math.min(current * REJECTED_PAGE_SIZE, rows.length))} of {formatCount(rows.length)}
          </Text>
          <LabelledPagination label="Rejected rows" total={pageCount} value={current} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  );
}

/** One page of rejected rows. */
function RejectedRowsTable({
  rows,
  lineLabel,
  idLabel,
}: {
  rows: RejectedRecord[];
  lineLabel: string;
  idLabel: string;
}) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table withTableBorder striped aria-label="Rejected rows" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={90}>
              {lineLabel}
            </Table.Th>
            <Table.Th scope="col" w={220}>
              {idLabel}
            </Table.Th>
            <Table.Th scope="col" w={180}>
              Field
            </Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
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
  );
}
