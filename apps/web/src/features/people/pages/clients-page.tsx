/**
 * `/admin/clients`: the agency's clients. Filters (search, case manager, include archived), paging
 * and sort live in the URL (`clientListQuery`); a row opens the edit drawer; "New client" opens an
 * empty one; the filtered set exports as CSV.
 */
import { useCallback, useMemo } from 'react';
import { Badge, Button, Group, Select, Switch, Text } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { clientListQuery, clientSortFields, type Client } from '@tend/contracts';
import { DataTable, type CsvColumn } from '../../../components/ui/data-table.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { useCaseManagerOptions } from '../api/case-managers.ts';
import { fetchAllClients, useClients } from '../api/clients.ts';
import { ClientForm } from '../components/client-form.tsx';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import { PersonDrawer, useDrawerTarget } from '../components/form-parts.tsx';
import { monthName } from '../components/months.ts';
import { FilterBar, PeoplePage } from '../components/people-page.tsx';

const column = createColumnHelper<Client>();

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
  column.accessor('pid', { header: 'PID', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('serviceElement', { header: 'Service element', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('ispMonth', { header: 'ISP month', cell: (info) => monthName(info.getValue()) ?? '—' }),
  column.accessor('caseManagerName', { header: 'Case manager', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('email', { header: 'Email', cell: (info) => info.getValue() ?? '—' }),
];

const csvColumns: CsvColumn<Client>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'PID', value: (row) => row.pid },
  { header: 'Service element', value: (row) => row.serviceElement },
  { header: 'ISP month', value: (row) => monthName(row.ispMonth) },
  { header: 'Case manager', value: (row) => row.caseManagerName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Additional emails', value: (row) => row.emails },
  { header: 'Alternate names', value: (row) => row.altNames },
  { header: 'Budget client ID', value: (row) => row.budgetClientId },
  { header: 'Client prime', value: (row) => row.clientPrime },
  { header: 'Archived', value: (row) => (row.archived ? 'yes' : 'no') },
];

export function ClientsPage() {
  const { state: query, setState, resetState } = useUrlState(clientListQuery);
  const clients = useClients(query);
  const caseManagers = useCaseManagerOptions();
  const drawer = useDrawerTarget<Client>();

  const hasFilters = Boolean(query.q || query.caseManagerId || query.archived !== 'false');
  const onPageChange = useCallback((page: number) => setState({ page }), [setState]);
  const fetchAll = useCallback(() => fetchAllClients(query), [query]);
  const caseManagerData = useMemo(() => {
    const options = caseManagers.data ?? [];
    // A bookmarked filter on a case manager who has since been archived still shows a name.
    return query.caseManagerId && !options.some((option) => option.value === query.caseManagerId)
      ? [{ value: query.caseManagerId, label: 'Archived or unknown case manager' }, ...options]
      : options;
  }, [caseManagers.data, query.caseManagerId]);

  return (
    <PeoplePage
      title="Clients"
      description="The people your agency cares for: Medicaid PID, service element, ISP month and case manager."
      action={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={drawer.openNew}>
          New client
        </Button>
      }
    >
      <FilterBar label="Filter clients">
        <DebouncedTextInput
          label="Search"
          placeholder="Name, alternate name, email or PID"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query.q}
          onCommit={(q) => setState({ q }, { replace: true })}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          label="Case manager"
          placeholder="Any case manager"
          data={caseManagerData}
          value={query.caseManagerId ?? null}
          onChange={(caseManagerId) => setState({ caseManagerId })}
          searchable
          clearable
          nothingFoundMessage="No case manager by that name"
          w={{ base: '100%', sm: 260 }}
        />
        <Switch
          label="Include archived"
          checked={query.archived !== 'false'}
          onChange={(event) => setState({ archived: event.currentTarget.checked ? 'all' : 'false' })}
          mb={8}
        />
      </FilterBar>

      <DataTable
        label="Clients"
        noun={{ one: 'client', other: 'clients' }}
        columns={columns}
        rows={clients.data?.items}
        total={clients.data?.total}
        getRowId={(row) => row.id}
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={onPageChange}
        onPageSizeChange={(pageSize) => setState({ pageSize })}
        sortFields={clientSortFields}
        sort={query.sort}
        order={query.order}
        onSortChange={(sort, order) => setState({ sort, order })}
        loading={clients.isPending}
        fetching={clients.isFetching}
        error={clients.error ?? undefined}
        onRetry={() => void clients.refetch()}
        onRowOpen={drawer.openEdit}
        fetchAll={fetchAll}
        exportColumns={csvColumns}
        exportFileName="clients"
        empty={
          hasFilters
            ? {
                title: 'No clients match these filters',
                description: 'Try another search, or clear the filters to see every client.',
                action: (
                  <Button variant="default" onClick={() => resetState()}>
                    Clear filters
                  </Button>
                ),
              }
            : {
                title: 'No clients yet — add one or load the demo agency',
                description:
                  'Clients are the people your agency cares for. Add them one at a time, or load the demo agency to explore Tend with sample data.',
                action: (
                  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={drawer.openNew}>
                    Add the first client
                  </Button>
                ),
              }
        }
      />

      <PersonDrawer
        opened={drawer.opened}
        onClose={drawer.close}
        title={drawer.record ? `Edit ${drawer.record.name}` : 'New client'}
      >
        <ClientForm key={drawer.session} client={drawer.record} onDone={drawer.close} />
      </PersonDrawer>
    </PeoplePage>
  );
}
