/**
 * `/admin/caregivers`: the agency's caregivers (DSPs). Filters (search, type, include archived),
 * paging and sort live in the URL (`caregiverListQuery`); a row opens the edit drawer; "New
 * caregiver" opens an empty one; the filtered set exports as CSV.
 */
import { useCallback } from 'react';
import { Badge, Button, Group, Select, Switch, Text } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { caregiverListQuery, caregiverSortFields, caregiverType, type Caregiver } from '@tend/contracts';
import { DataTable, type CsvColumn } from '../../../components/ui/data-table.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { fetchAllCaregivers, useCaregivers } from '../api/caregivers.ts';
import { CaregiverForm } from '../components/caregiver-form.tsx';
import { caregiverTypeLabels, caregiverTypeOptions } from '../components/caregiver-type.ts';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import { PersonDrawer, useDrawerTarget } from '../components/form-parts.tsx';
import { FilterBar, PeoplePage } from '../components/people-page.tsx';

const column = createColumnHelper<Caregiver>();

const columns = [
  column.accessor('name', {
    header: 'Name',
    cell: ({ row }) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {row.original.name}
        </Text>
        {row.original.archived ? (
          <Badge color="gray" variant="light" size="sm">
            Archived
          </Badge>
        ) : null}
      </Group>
    ),
  }),
  column.accessor('type', { header: 'Type', cell: (info) => caregiverTypeLabels[info.getValue()] }),
  column.accessor('email', { header: 'Email', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('altNames', {
    header: 'Alternate names',
    cell: (info) => info.getValue().join(', ') || '—',
  }),
];

const csvColumns: CsvColumn<Caregiver>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Type', value: (row) => caregiverTypeLabels[row.type] },
  { header: 'Email', value: (row) => row.email },
  { header: 'Additional emails', value: (row) => row.emails },
  { header: 'Alternate names', value: (row) => row.altNames },
  { header: 'Archived', value: (row) => (row.archived ? 'yes' : 'no') },
];

export function CaregiversPage() {
  const { state: query, setState, resetState } = useUrlState(caregiverListQuery);
  const caregivers = useCaregivers(query);
  const drawer = useDrawerTarget<Caregiver>();

  const hasFilters = Boolean(query.q || query.type || query.archived !== 'false');
  const onPageChange = useCallback((page: number) => setState({ page }), [setState]);
  const fetchAll = useCallback(() => fetchAllCaregivers(query), [query]);

  return (
    <PeoplePage
      title="Caregivers"
      description="Direct support professionals who work shifts for your clients, and the programme each works under."
      action={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={drawer.openNew}>
          New caregiver
        </Button>
      }
    >
      <FilterBar label="Filter caregivers">
        <DebouncedTextInput
          label="Search"
          placeholder="Name, alternate name or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query.q}
          onCommit={(q) => setState({ q }, { replace: true })}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          label="Type"
          placeholder="Any type"
          data={caregiverTypeOptions}
          value={query.type ?? null}
          onChange={(value) => setState({ type: caregiverType.safeParse(value).data })}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
        <Switch
          label="Include archived"
          checked={query.archived !== 'false'}
          onChange={(event) => setState({ archived: event.currentTarget.checked ? 'all' : 'false' })}
          mb={8}
        />
      </FilterBar>

      <DataTable
        label="Caregivers"
        noun={{ one: 'caregiver', other: 'caregivers' }}
        columns={columns}
        rows={caregivers.data?.items}
        total={caregivers.data?.total}
        getRowId={(row) => row.id}
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={onPageChange}
        onPageSizeChange={(pageSize) => setState({ pageSize })}
        sortFields={caregiverSortFields}
        sort={query.sort}
        order={query.order}
        onSortChange={(sort, order) => setState({ sort, order })}
        loading={caregivers.isPending}
        fetching={caregivers.isFetching}
        error={caregivers.error ?? undefined}
        onRetry={() => void caregivers.refetch()}
        onRowOpen={drawer.openEdit}
        fetchAll={fetchAll}
        exportColumns={csvColumns}
        exportFileName="caregivers"
        empty={
          hasFilters
            ? {
                title: 'No caregivers match these filters',
                description: 'Try another search or type, or clear the filters to see every caregiver.',
                action: (
                  <Button variant="default" onClick={() => resetState()}>
                    Clear filters
                  </Button>
                ),
              }
            : {
                title: 'No caregivers yet — add one or load the demo agency',
                description:
                  'Caregivers clock in and out of shifts with your clients. Add them one at a time, or load the demo agency to explore Tend with sample data.',
                action: (
                  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={drawer.openNew}>
                    Add the first caregiver
                  </Button>
                ),
              }
        }
      />

      <PersonDrawer
        opened={drawer.opened}
        onClose={drawer.close}
        title={drawer.record ? `Edit ${drawer.record.name}` : 'New caregiver'}
      >
        <CaregiverForm key={drawer.session} caregiver={drawer.record} onDone={drawer.close} />
      </PersonDrawer>
    </PeoplePage>
  );
}
