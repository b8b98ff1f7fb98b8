/**
 * Parts of every import summary (step 4 of an import page): a count card and the rows of each fate
 * other than created / updated / unchanged (docs/decisions/0036-a-fate-for-every-row.md) — the rejected
 * rows (line, id, field, reason; paged, downloadable as CSV: what to fix), the duplicates (a repeat of
 * an earlier row, imported once) and the out-of-date updates ignored (both Sandata SequenceIDs), each
 * with its own words. Each kind lays out its own counts and links.
 */
import { useState } from 'react';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { DuplicateRecord, RejectedRecord, StaleRecord } from '@tend/contracts';
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
          <Title order={3} size="h4">
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

/** One page of `rows` and the pager's state (`PAGE_SIZE` a page). */
function useRowsPage<T>(rows: T[]) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(rows.length / REJECTED_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = rows.slice((current - 1) * REJECTED_PAGE_SIZE, current * REJECTED_PAGE_SIZE);
  return { shown, current, pageCount, setPage };
}

/** The pager under a fate's table, when it has more than one page. */
function RowsPager({
  label,
  total,
  pager,
}: {
  label: string;
  total: number;
  pager: ReturnType<typeof useRowsPage>;
}) {
  if (pager.pageCount <= 1) return null;
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="sm" c="dimmed">
        {formatCount((pager.current - 1) * REJECTED_PAGE_SIZE + 1)}–
        {formatCount(Math.min(pager.current * REJECTED_PAGE_SIZE, total))} of {formatCount(total)}
      </Text>
      <LabelledPagination
        label={label}
        total={pager.pageCount}
        value={pager.current}
        onChange={pager.setPage}
      />
    </Group>
  );
}

/** A fate's table: its caption (the accessible name), column headers and cells. */
function FateTable<T>({
  label,
  headers,
  rows,
  cells,
}: {
  label: string;
  headers: string[];
  rows: T[];
  cells: (row: T) => (string | number)[];
}) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table withTableBorder striped aria-label={label} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header} scope="col">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {cells(row).map((cell, column) => (
                <Table.Td key={headers[column]} style={{ wordBreak: 'break-word' }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The rows that repeat an earlier row of the file (same shift id, visit version or note): each was
 * imported once, from its first copy; nothing to fix. `idLabel` names the id column.
 */
export function DuplicateRows({
  rows,
  lineLabel,
  idLabel,
}: {
  rows: DuplicateRecord[];
  lineLabel: string;
  idLabel: string;
}) {
  const pager = useRowsPage(rows);
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} size="h4">
          Duplicates ({formatCount(rows.length)})
        </Title>
        <Text size="sm" c="dimmed">
          These rows repeat an earlier row of the same file. Each was imported once, from its first copy;
          there is nothing to fix.
        </Text>
      </div>
      <FateTable
        label="Duplicate rows"
        headers={[lineLabel, idLabel, `Duplicate of ${lineLabel.toLowerCase()}`, 'Reason']}
        rows={pager.shown}
        cells={(row) => [row.line, row.externalId ?? '—', row.firstLine, row.reason]}
      />
      <RowsPager label="Duplicate rows" total={rows.length} pager={pager} />
    </Stack>
  );
}

/**
 * The out-of-date updates ignored: versions of a visit older than the one Tend holds (a lower Sandata
 * SequenceID after a higher one), with both SequenceIDs.
 */
export function StaleRows({ rows, lineLabel }: { rows: StaleRecord[]; lineLabel: string }) {
  const pager = useRowsPage(rows);
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} size="h4">
          Out-of-date updates ignored ({formatCount(rows.length)})
        </Title>
        <Text size="sm" c="dimmed">
          These are older versions of visits Tend already has in a newer version (a lower SequenceID). Tend
          kept the newer version.
        </Text>
      </div>
      <FateTable
        label="Out-of-date updates ignored"
        headers={[lineLabel, 'Shift id', 'SequenceID in this file', 'SequenceID in Tend']}
        rows={pager.shown}
        cells={(row) => [row.line, row.externalId, row.sequence, row.storedSequence]}
      />
      <RowsPager label="Out-of-date updates" total={rows.length} pager={pager} />
    </Stack>
  );
}
