/**
 * `/admin/shifts`: EVV shift records. Filters (date range, EVV status, import) and paging live in the
 * URL (`shiftListQuery`); a row opens the shift's detail drawer; the filtered set exports as CSV.
 */
import { useCallback, useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import {
  evvStatus,
  evvStatuses,
  evvStatusLabels,
  shiftListQuery,
  shiftSortFields,
  type Shift,
} from '@tend/contracts';
import { DataTable, fetchAllPages, type CsvColumn } from '../../../components/ui/data-table.tsx';
import { noMatchEmpty, useDataTableProps } from '../../../components/ui/table-props.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { findShifts, useShifts } from '../api/shifts.ts';
import { EvvBadge } from '../components/evv-badge.tsx';
import { formatCoordinates, formatDuration, formatEvvTime } from '../components/format.ts';
import { ShiftDrawer } from '../components/shift-drawer.tsx';

const column = createColumnHelper<Shift>();
const columns = [
  column.accessor('date', { header: 'Date' }),
  column.accessor('caregiverName', { header: 'Caregiver' }),
  column.accessor('clientName', { header: 'Client' }),
  column.accessor('billingCode', {
    header: 'Procedure',
    cell: ({ row }) =>
      `${row.original.billingCode ?? '—'}${row.original.mod1 ? ` + ${row.original.mod1}` : ''}`,
  }),
  column.accessor('evvInTime', {
    header: 'Clock-in',
    cell: ({ row }) => formatEvvTime(row.original.evvInTime, row.original.timeZone),
  }),
  column.accessor('evvOutTime', {
    header: 'Clock-out',
    cell: ({ row }) => formatEvvTime(row.original.evvOutTime, row.original.timeZone),
  }),
  column.display({
    id: 'location',
    header: 'Clock-in location',
    cell: ({ row }) => formatCoordinates(row.original.evvInLat, row.original.evvInLong),
  }),
  column.accessor('evvStatus', {
    header: 'EVV',
    cell: ({ row }) => <EvvBadge status={row.original.evvStatus} reason={row.original.evvStatusReason} />,
  }),
];

const csvColumns: CsvColumn<Shift>[] = [
  { header: 'Date', value: (r) => r.date },
  { header: 'External visit id', value: (r) => r.givShiftId },
  { header: 'Caregiver', value: (r) => r.caregiverName },
  { header: 'Client', value: (r) => r.clientName },
  { header: 'Procedure code', value: (r) => r.billingCode },
  { header: 'Modifier', value: (r) => r.mod1 },
  { header: 'Clock-in', value: (r) => r.evvInTime },
  { header: 'Clock-out', value: (r) => r.evvOutTime },
  { header: 'Duration', value: (r) => formatDuration(r.evvInTime, r.evvOutTime) },
  { header: 'Clock-in latitude', value: (r) => r.evvInLat },
  { header: 'Clock-in longitude', value: (r) => r.evvInLong },
  { header: 'Clock-out latitude', value: (r) => r.evvOutLat },
  { header: 'Clock-out longitude', value: (r) => r.evvOutLong },
  { header: 'EVV status', value: (r) => (r.evvStatus ? evvStatusLabels[r.evvStatus] : '') },
  { header: 'EVV reason', value: (r) => r.evvStatusReason },
];

const statusOptions = evvStatuses.map((value) => ({ value, label: evvStatusLabels[value] }));
const dateOrUndefined = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export function ShiftsPage() {
  const { state: query, setState, resetState } = useUrlState(shiftListQuery);
  const shifts = useShifts(query);
  const table = useDataTableProps(query, setState, shifts, shiftSortFields);
  const [openId, setOpenId] = useState<string | null>(null);
  const fetchAll = useCallback(
    () => fetchAllPages<Shift>((page, pageSize) => findShifts({ ...query, page, pageSize }), 500),
    [query],
  );
  const hasFilters = Boolean(
    query.from || query.to || query.evvStatus || query.csvFileId || query.caregiverId || query.clientId,
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Shifts</Title>
          <Text c="dimmed" size="sm">
            Every visit with its electronic visit verification: who, for whom, when and where.
          </Text>
        </div>
        <Button component={Link} to="/upload" leftSection={<IconUpload size={16} aria-hidden />}>
          Import EVV file
        </Button>
      </Group>
      <Group align="flex-end" gap="md" role="search" aria-label="Filter shifts">
        <TextInput
          label="From"
          type="date"
          value={query.from ?? ''}
          onChange={(e) => setState({ from: dateOrUndefined(e.currentTarget.value) })}
        />
        <TextInput
          label="To"
          type="date"
          value={query.to ?? ''}
          onChange={(e) => setState({ to: dateOrUndefined(e.currentTarget.value) })}
        />
        <Select
          label="EVV status"
          placeholder="Any status"
          data={statusOptions}
          value={query.evvStatus ?? null}
          onChange={(value) => setState({ evvStatus: evvStatus.safeParse(value).data })}
          clearable
          w={220}
        />
        {hasFilters ? (
          <Button variant="default" onClick={() => resetState()}>
            Clear filters
          </Button>
        ) : null}
      </Group>
      <DataTable
        {...table}
        label="Shifts"
        noun={{ one: 'shift', other: 'shifts' }}
        columns={columns}
        onRowOpen={(row) => setOpenId(row.id)}
        fetchAll={fetchAll}
        exportColumns={csvColumns}
        exportFileName="shifts"
        empty={
          hasFilters
            ? noMatchEmpty({
                title: 'No shifts match these filters',
                description: 'Widen the date range or clear the filters.',
                onClear: resetState,
              })
            : {
                title: 'No shifts yet — import an EVV export',
                description: 'Upload a Sandata OpenEVV visit file to bring in your caregivers’ visits.',
                action: (
                  <Button component={Link} to="/upload" leftSection={<IconUpload size={16} aria-hidden />}>
                    Import EVV file
                  </Button>
                ),
              }
        }
      />
      <ShiftDrawer shiftId={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
