/**
 * The preview of a CSV import (step 2 of `/upload`): the first rows as Tend parsed them with the
 * current column map and time zone. Times are shown in each row's zone, zone named (UX.md "Time");
 * a row that would be rejected is highlighted, says so in words and lists each field's reason.
 */
import { Badge, List, Table, Text } from '@mantine/core';
import type { ShiftImportPreviewRow } from '@tend/contracts';
import {
  formatDurationBetween,
  formatRecordedCoordinate,
  formatZonedInstant,
} from '../../../lib/format/index.ts';

const headers = [
  'Line',
  'Shift id · service date',
  'Caregiver',
  'Client',
  'Code',
  'Clock-in → clock-out',
  'Duration',
  'Location in / out',
];

const nowrap = { whiteSpace: 'nowrap' } as const;
const wrapText = { minWidth: 110, maxWidth: 220, overflowWrap: 'anywhere' } as const;

const dash = (value: string | null) => value ?? '—';

/** The preview rows as a table; `timeZone` is the zone chosen for rows whose file names none. */
export function ColumnMappingPreview({
  rows,
  timeZone,
}: {
  rows: ShiftImportPreviewRow[];
  timeZone: string;
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The file has no data rows under its header.
      </Text>
    );
  return (
    <Table.ScrollContainer
      minWidth={820}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Preview rows (scrolls sideways on narrow screens)"
    >
      <Table
        aria-label="Preview of the first rows"
        verticalSpacing="xs"
        horizontalSpacing={6}
        fz="sm"
        withTableBorder
      >
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header} scope="col" style={{ whiteSpace: 'nowrap' }}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) =>
            row.errors.length > 0 ? (
              <RejectedPreviewRow key={row.line} row={row} />
            ) : (
              <PreviewRow key={row.line} row={row} timeZone={row.timeZone ?? timeZone} />
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row that would be rejected: its line, shift id, and each field's reason. */
function RejectedPreviewRow({ row }: { row: ShiftImportPreviewRow }) {
  return (
    <Table.Tr bg="var(--mantine-color-red-light)" data-rejected="">
      <Table.Td>{row.line}</Table.Td>
      <Table.Td style={nowrap}>{dash(row.givShiftId)}</Table.Td>
      <Table.Td colSpan={headers.length - 2}>
        <Badge color="red" variant="filled" size="sm" mb={4}>
          Would be rejected
        </Badge>
        <List size="sm" spacing={0}>
          {row.errors.map((error, index) => (
            <List.Item key={`${error.field}-${index}`}>
              <Text span fw={600} size="sm">
                {error.field}
              </Text>{' '}
              {error.reason}
            </List.Item>
          ))}
        </List>
      </Table.Td>
    </Table.Tr>
  );
}

/** A row that would be imported, its times in `zone`. */
function PreviewRow({ row, timeZone: zone }: { row: ShiftImportPreviewRow; timeZone: string }) {
  return (
    <Table.Tr>
      <Table.Td>{row.line}</Table.Td>
      <Table.Td style={nowrap}>
        <div>{dash(row.givShiftId)}</div>
        <Text size="xs" c="dimmed">
          {dash(row.date)}
        </Text>
      </Table.Td>
      <Table.Td style={wrapText}>{dash(row.caregiver)}</Table.Td>
      <Table.Td style={wrapText}>{dash(row.client)}</Table.Td>
      <Table.Td style={nowrap}>
        {row.billingCode ? `${row.billingCode}${row.mod1 ? ` + ${row.mod1}` : ''}` : '—'}
      </Table.Td>
      <Table.Td style={nowrap}>
        <div>{formatZonedInstant(row.evvInTime, zone)} →</div>
        <div>{formatZonedInstant(row.evvOutTime, zone)}</div>
      </Table.Td>
      <Table.Td style={nowrap}>{formatDurationBetween(row.evvInTime, row.evvOutTime)}</Table.Td>
      <Table.Td style={nowrap} fz="xs">
        <div>{formatRecordedCoordinate(row.evvInLat, row.evvInLong)}</div>
        <div>{formatRecordedCoordinate(row.evvOutLat, row.evvOutLong)}</div>
      </Table.Td>
    </Table.Tr>
  );
}
