/**
 * `/admin/case-managers`: county (CDDP) and brokerage case managers and how many clients each has.
 * Filters (search, county, include archived), paging and sort live in the URL
 * (`caseManagerListQuery`); a row opens the edit drawer; the filtered set exports as CSV.
 */
import { useCallback } from 'react';
import { Badge, Button, Group, Switch, Text } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { caseManagerListQuery, caseManagerSortFields, type CaseManager } from '@tend/contracts';
import { DataTable, type CsvColumn } from '../../../components/ui/data-table.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { fetchAllCaseManagers, useCaseManagers } from '../api/case-managers.ts';
import { CaseManagerForm } from '../components/case-manager-form.tsx';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import { PersonDrawer, useDrawerTarget } from '../components/form-parts.tsx';
import { FilterBar, PeoplePage } from '../components/people-page.tsx';

const column = createColumnHelper<CaseManager>();

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
  column.accessor('county', { header: 'County', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('email', { header: 'Email', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('clientCount', { header: 'Clients', cell: (info) => info.getValue() }),
];

const csvColumns: CsvColumn<CaseManager>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'County', value: (row) => row.county },
  { header: 'Email', value: (row) => row.email },
  { header: 'Clients', value: (row) => row.clientCount },
  { header: 'Archived', value: (row) => (row.archived ? 'yes' : 'no') },
];

export function CaseManagersPage() {
  const { state: query, setState, resetState } = useUrlState(caseManagerListQuery);
  const caseManagers = useCaseManagers(query);
  const drawer = useDrawerTarget<CaseManager>();

  const hasFilters = Boolean(query.q || query.county || query.archived !== 'false');
  const onPageChange = useCallback((page: number) => setState({ page }), [setState]);
  const fetchAll = useCallback(() => fetchAllCaseManagers(query), [query]);

  return (
    <PeoplePage
      title="Case managers"
      description="County (CDDP) and brokerage staff who oversee your clients' plans, with how many clients each has."
      action={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={drawer.openNew}>
          New case manager
        </Button>
      }
    >
      <FilterBar label="Filter case managers">
        <DebouncedTextInput
          label="Search"
          placeholder="Name, county or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query.q}
          onCommit={(q) => setState({ q }, { replace: true })}
          w={{ base: '100%', sm: 300 }}
        />
        <DebouncedTextInput
          label="County"
          placeholder="Any county"
          value={query.county}
          onCommit={(county) => setState({ county }, { replace: true })}
          w={{ base: '100%', sm: 200 }}
        />
        <Switch
          label="Include archived"
          checked={query.archived !== 'false'}
          onChange={(event) => setState({ archived: event.currentTarget.checked ? 'all' : 'false' })}
          mb={8}
        />
      </FilterBar>

      <DataTable
        label="Case managers"
        noun={{ one: 'case manager', other: 'case managers' }}
        columns={columns}
        rows={caseManagers.data?.items}
        total={caseManagers.data?.total}
        getRowId={(row) => row.id}
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={onPageChange}
        onPageSizeChange={(pageSize) => setState({ pageSize })}
        sortFields={caseManagerSortFields}
        sort={query.sort}
        order={query.order}
        onSortChange={(sort, order) => setState({ sort, order })}
        loading={caseManagers.isPending}
        fetching={caseManagers.isFetching}
        error={caseManagers.error ?? undefined}
        onRetry={() => void caseManagers.refetch()}
        onRowOpen={drawer.openEdit}
        fetchAll={fetchAll}
        exportColumns={csvColumns}
        exportFileName="case-managers"
        empty={
          hasFilters
            ? {
                title: 'No case managers match these filters',
                description: 'Try another search or county, or clear the filters to see every case manager.',
                action: (
                  <Button variant="default" onClick={() => resetState()}>
                    Clear filters
                  </Button>
                ),
              }
            : {
                title: 'No case managers yet — add one or load the demo agency',
                description:
                  "Case managers oversee clients' plans and get dashboard access by email. Add them one at a time, or load the demo agency to explore Tend with sample data.",
                action: (
                  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={drawer.openNew}>
                    Add the first case manager
                  </Button>
                ),
              }
        }
      />

      <PersonDrawer
        opened={drawer.opened}
        onClose={drawer.close}
        title={drawer.record ? `Edit ${drawer.record.name}` : 'New case manager'}
      >
        <CaseManagerForm key={drawer.session} caseManager={drawer.record} onDone={drawer.close} />
      </PersonDrawer>
    </PeoplePage>
  );
}
