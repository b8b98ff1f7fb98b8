/**
 * The shift records (issue "shift records with EVV"; UX.md "Tables"), one component for two lists:
 * `/admin/shifts` (`ShiftsPage`, every visit) and `/production/shifts` (`ProductionShiftsPage`, the
 * shifts promoted from staging, `GET /api/production-shifts`). Filters (date range, caregiver, client, billing code, EVV status,
 * imported file, deleted), paging and sort live in the URL (`shiftListQuery`); totals for the filter
 * sit above the server-paged, virtualized table; "Export CSV" downloads the filtered set from the
 * server; a row opens `/admin/shifts/<id>`.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { shiftListQuery, shiftSortFields, type Shift } from '@tend/contracts';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { shiftExportUrl, useProductionShifts, useShifts } from '../api/shifts.ts';
import { EvvBadge } from '../components/evv-badge.tsx';
import { ShiftFilters } from '../components/shift-filters.tsx';
import { ShiftTotals } from '../components/shift-totals.tsx';
import { formatDurationBetween, formatZonedInstant } from '../../../lib/format/index.ts';
import { TimesIn } from '../../../components/ui/times-in.tsx';

/**
 * Dates and times stay on one line (the table scrolls sideways on narrow screens). Coordinates are
 * left to the shift page and the CSV: the EVV badge already says when a location is missing or wrong.
 */
const noWrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

const column = createColumnHelper<Shift>();
const columns = [
  column.accessor('date', { header: 'Date', cell: ({ row }) => noWrap(row.original.date) }),
  column.accessor('caregiverName', { header: 'Caregiver' }),
  column.accessor('clientName', { header: 'Client' }),
  column.accessor('billingCode', {
    header: 'Procedure',
    cell: ({ row }) =>
      `${row.original.billingCode ?? '—'}${row.original.mod1 ? ` + ${row.original.mod1}` : ''}`,
  }),
  column.accessor('evvInTime', {
    header: 'Clock-in',
    cell: ({ row }) => noWrap(formatZonedInstant(row.original.evvInTime, row.original.timeZone)),
  }),
  column.accessor('evvOutTime', {
    header: 'Clock-out',
    cell: ({ row }) => noWrap(formatZonedInstant(row.original.evvOutTime, row.original.timeZone)),
  }),
  column.display({
    id: 'hours',
    header: 'Duration',
    cell: ({ row }) => noWrap(formatDurationBetween(row.original.evvInTime, row.original.evvOutTime)),
  }),
  column.accessor('evvStatus', {
    header: 'EVV',
    cell: ({ row }) => <EvvBadge status={row.original.evvStatus} reason={row.original.evvStatusReason} />,
  }),
];

/** The empty state of a shift list (no shift at all, before any filter). */
interface EmptyState {
  title: string;
  description: string;
  action?: ReactNode;
}

const importButton = (
  <Button component={Link} to="/upload" leftSection={<IconUpload size={16} aria-hidden />}>
    Import EVV file
  </Button>
);

export interface ShiftRecordsPageProps {
  title: string;
  description: string;
  /** The list's query hook: every shift (`useShifts`) or the production shifts (`useProductionShifts`). */
  useList: typeof useShifts;
  /** The CSV export of the same filter (every shift only). */
  exportable: boolean;
  empty: EmptyState;
}

/** The shift records page; see the module comment. `title` also names the table. */
export function ShiftRecordsPage({ title, description, useList, exportable, empty }: ShiftRecordsPageProps) {
  const list = useListPage({ schema: shiftListQuery, useList, sortFields: shiftSortFields });
  const { query, setQuery } = list;
  const navigate = useNavigate();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm" mt={4} maw={720}>
            {description}
          </Text>
          <TimesIn extra="a visit recorded in another zone names that zone beside its time" />
        </div>
        {importButton}
      </Group>
      <ListPage
        list={list}
        filterLabel="Filter shifts"
        filters={<ShiftFilters query={query} setState={setQuery} />}
        label={title}
        noun={{ one: 'shift', other: 'shifts' }}
        summary={
          <ShiftTotals
            totals={list.result.data?.totals}
            exportUrl={exportable ? shiftExportUrl(query) : undefined}
          />
        }
        columns={columns}
        onRowOpen={(row) => void navigate(`/admin/shifts/${row.id}`)}
        noMatch={{
          title:
            query.state === 'deleted'
              ? 'No deleted shifts match these filters'
              : 'No shifts match these filters',
          description: 'Widen the date range, pick another caregiver or client, or clear the filters.',
        }}
        empty={empty}
      />
    </Stack>
  );
}

/** `/admin/shifts`: every EVV visit, to review and correct. */
export function ShiftsPage() {
  return (
    <ShiftRecordsPage
      title="Shifts"
      description="Every visit recorded by electronic visit verification (EVV): who worked, for whom, when and where. Filter, check the totals, open a shift to review or correct it."
      useList={useShifts}
      exportable
      empty={{
        title: 'No shifts yet — import an EVV export',
        description:
          'Shift records come from your EVV system: upload a Sandata OpenEVV visit file or a CSV export to bring in your caregivers’ visits.',
        action: importButton,
      }}
    />
  );
}

/**
 * `/production/shifts`: the shifts promoted from staging (a staging shift reviewed and uploaded as a
 * shift; spec s.3 StagingShift), not every imported visit (issue 16 item 11). The staging import comes
 * later: until then nothing is promoted and the page says so and points to Shifts.
 */
export function ProductionShiftsPage() {
  return (
    <ShiftRecordsPage
      title="Production shifts"
      description="Shifts promoted from staging: visits from the scheduling system, linked to Tend’s clients and caregivers and checked in staging, then uploaded as shift records. Visits imported from an EVV file are under Shifts."
      useList={useProductionShifts}
      exportable={false}
      empty={{
        title: 'No shifts promoted from staging yet',
        description:
          'Staging import from the scheduling system comes later; until then no shift is promoted here. Every visit imported from an EVV file is listed under Shifts.',
        action: (
          <Button component={Link} to="/admin/shifts" variant="default">
            Open Shifts
          </Button>
        ),
      }}
    />
  );
}
