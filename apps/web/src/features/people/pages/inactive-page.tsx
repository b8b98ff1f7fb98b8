/**
 * `/admin/inactive`: archived people, one tab each for clients, caregivers and case managers
 * (lists with `archived=true`), each row with an "Unarchive" button. The tab (`tab`) and each tab's
 * search, paging and sort (`clients.q`, `caregivers.page`, …) live in the URL.
 */
import { useCallback, useMemo } from 'react';
import { Button, Tabs, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchiveOff, IconSearch } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import {
  caregiverListQuery,
  caregiverSortFields,
  caseManagerListQuery,
  caseManagerSortFields,
  clientListQuery,
  clientSortFields,
  type Caregiver,
  type CaseManager,
  type Client,
} from '@tend/contracts';
import {
  DataTable,
  type CsvColumn,
  type DataTableColumn,
  type DataTableProps,
} from '../../../components/ui/data-table.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { fetchAllCaregivers, useCaregivers, useSetCaregiverArchived } from '../api/caregivers.ts';
import { fetchAllCaseManagers, useCaseManagers, useSetCaseManagerArchived } from '../api/case-managers.ts';
import { fetchAllClients, useClients, useSetClientArchived } from '../api/clients.ts';
import { caregiverTypeLabels } from '../components/caregiver-type.ts';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import { monthName } from '../components/months.ts';
import { FilterBar, PeoplePage } from '../components/people-page.tsx';

const tabs = [
  { value: 'clients', label: 'Clients' },
  { value: 'caregivers', label: 'Caregivers' },
  { value: 'case-managers', label: 'Case managers' },
] as const;
type TabValue = (typeof tabs)[number]['value'];
const isTab = (value: string | null): value is TabValue => tabs.some((tab) => tab.value === value);

interface Person {
  id: string;
  name: string;
}

/** Adds the "Unarchive" column (last) to a tab's columns. */
function withUnarchive<T extends Person>(
  columns: DataTableColumn<T>[],
  onUnarchive: (row: T) => void,
  pendingId: string | undefined,
): DataTableColumn<T>[] {
  const column = createColumnHelper<T>();
  return [
    ...columns,
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconArchiveOff size={14} aria-hidden />}
          loading={pendingId === row.original.id}
          onClick={() => onUnarchive(row.original)}
        >
          Unarchive
        </Button>
      ),
    }),
  ];
}

interface UnarchiveMutation<T> {
  mutate: (variables: { id: string; archived: boolean }, options: { onSuccess: (record: T) => void }) => void;
  isPending: boolean;
  variables?: { id: string } | undefined;
  error: unknown;
}

/** Runs the unarchive mutation and says so. */
function useUnarchive<T extends Person>(mutation: UnarchiveMutation<T>, listName: string) {
  const { mutate } = mutation;
  return useCallback(
    (row: T) =>
      mutate(
        { id: row.id, archived: false },
        {
          onSuccess: (saved) =>
            notifications.show({
              color: 'green',
              title: `${saved.name} unarchived`,
              message: `They are back in ${listName}.`,
            }),
        },
      ),
    [mutate, listName],
  );
}

type TabTableProps<T, S extends string> = Omit<DataTableProps<T, S>, 'empty'> & {
  q: string | undefined;
  onSearch: (q: string | undefined) => void;
  what: string;
  from: string;
};

/** Search bar and table of one tab. */
function InactiveTable<T, S extends string>({ q, onSearch, what, from, ...table }: TabTableProps<T, S>) {
  return (
    <>
      <FilterBar label={`Filter archived ${what}`}>
        <DebouncedTextInput
          label="Search"
          placeholder="Name, alternate name or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onCommit={onSearch}
          w={{ base: '100%', sm: 300 }}
        />
      </FilterBar>
      <DataTable<T, S>
        {...table}
        empty={
          q
            ? {
                title: `No archived ${what} match “${q}”`,
                description: 'Try another search, or clear it to see everyone archived.',
                action: (
                  <Button variant="default" onClick={() => onSearch(undefined)}>
                    Clear search
                  </Button>
                ),
              }
            : {
                title: `No archived ${what}`,
                description: `When ${what} leave your agency, archive them from the ${from} page; they are listed here and can be unarchived.`,
              }
        }
      />
    </>
  );
}

const clientColumnHelper = createColumnHelper<Client>();
const clientColumns: DataTableColumn<Client>[] = [
  clientColumnHelper.accessor('name', { header: 'Name' }),
  clientColumnHelper.accessor('pid', { header: 'PID', cell: ({ row }) => row.original.pid ?? '—' }),
  clientColumnHelper.accessor('serviceElement', {
    header: 'Service element',
    cell: ({ row }) => row.original.serviceElement ?? '—',
  }),
  clientColumnHelper.accessor('ispMonth', {
    header: 'ISP month',
    cell: ({ row }) => monthName(row.original.ispMonth) ?? '—',
  }),
  clientColumnHelper.accessor('caseManagerName', {
    header: 'Case manager',
    cell: ({ row }) => row.original.caseManagerName ?? '—',
  }),
  clientColumnHelper.accessor('email', { header: 'Email', cell: ({ row }) => row.original.email ?? '—' }),
];
const clientCsv: CsvColumn<Client>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'PID', value: (row) => row.pid },
  { header: 'Service element', value: (row) => row.serviceElement },
  { header: 'ISP month', value: (row) => monthName(row.ispMonth) },
  { header: 'Case manager', value: (row) => row.caseManagerName },
  { header: 'Email', value: (row) => row.email },
];

function ArchivedClients() {
  const { state, setState } = useUrlState(clientListQuery, { prefix: 'clients' });
  const query = useMemo(() => ({ ...state, archived: 'true' as const }), [state]);
  const list = useClients(query);
  const mutation = useSetClientArchived();
  const unarchive = useUnarchive(mutation, 'Clients');
  const columns = useMemo(
    () => withUnarchive(clientColumns, unarchive, mutation.isPending ? mutation.variables?.id : undefined),
    [unarchive, mutation.isPending, mutation.variables],
  );
  const onPageChange = useCallback((page: number) => setState({ page }), [setState]);
  return (
    <InactiveTable
      what="clients"
      from="Clients"
      q={state.q}
      onSearch={(q) => setState({ q }, { replace: true })}
      label="Archived clients"
      noun={{ one: 'archived client', other: 'archived clients' }}
      columns={columns}
      rows={list.data?.items}
      total={list.data?.total}
      getRowId={(row) => row.id}
      page={state.page}
      pageSize={state.pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={(pageSize) => setState({ pageSize })}
      sortFields={clientSortFields}
      sort={state.sort}
      order={state.order}
      onSortChange={(sort, order) => setState({ sort, order })}
      loading={list.isPending}
      fetching={list.isFetching}
      error={list.error ?? mutation.error ?? undefined}
      onRetry={() => void list.refetch()}
      fetchAll={() => fetchAllClients(query)}
      exportColumns={clientCsv}
      exportFileName="archived-clients"
    />
  );
}

const caregiverColumnHelper = createColumnHelper<Caregiver>();
const caregiverColumns: DataTableColumn<Caregiver>[] = [
  caregiverColumnHelper.accessor('name', { header: 'Name' }),
  caregiverColumnHelper.accessor('type', {
    header: 'Type',
    cell: ({ row }) => caregiverTypeLabels[row.original.type],
  }),
  caregiverColumnHelper.accessor('email', { header: 'Email', cell: ({ row }) => row.original.email ?? '—' }),
];
const caregiverCsv: CsvColumn<Caregiver>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Type', value: (row) => caregiverTypeLabels[row.type] },
  { header: 'Email', value: (row) => row.email },
];

function ArchivedCaregivers() {
  const { state, setState } = useUrlState(caregiverListQuery, { prefix: 'caregivers' });
  const query = useMemo(() => ({ ...state, archived: 'true' as const }), [state]);
  const list = useCaregivers(query);
  const mutation = useSetCaregiverArchived();
  const unarchive = useUnarchive(mutation, 'Caregivers');
  const columns = useMemo(
    () => withUnarchive(caregiverColumns, unarchive, mutation.isPending ? mutation.variables?.id : undefined),
    [unarchive, mutation.isPending, mutation.variables],
  );
  const onPageChange = useCallback((page: number) => setState({ page }), [setState]);
  return (
    <InactiveTable
      what="caregivers"
      from="Caregivers"
      q={state.q}
      onSearch={(q) => setState({ q }, { replace: true })}
      label="Archived caregivers"
      noun={{ one: 'archived caregiver', other: 'archived caregivers' }}
      columns={columns}
      rows={list.data?.items}
      total={list.data?.total}
      getRowId={(row) => row.id}
      page={state.page}
      pageSize={state.pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={(pageSize) => setState({ pageSize })}
      sortFields={caregiverSortFields}
      sort={state.sort}
      order={state.order}
      onSortChange={(sort, order) => setState({ sort, order })}
      loading={list.isPending}
      fetching={list.isFetching}
      error={list.error ?? mutation.error ?? undefined}
      onRetry={() => void list.refetch()}
      fetchAll={() => fetchAllCaregivers(query)}
      exportColumns={caregiverCsv}
      exportFileName="archived-caregivers"
    />
  );
}

const caseManagerColumnHelper = createColumnHelper<CaseManager>();
const caseManagerColumns: DataTableColumn<CaseManager>[] = [
  caseManagerColumnHelper.accessor('name', { header: 'Name' }),
  caseManagerColumnHelper.accessor('county', {
    header: 'County',
    cell: ({ row }) => row.original.county ?? '—',
  }),
  caseManagerColumnHelper.accessor('email', {
    header: 'Email',
    cell: ({ row }) => row.original.email ?? '—',
  }),
  caseManagerColumnHelper.accessor('clientCount', { header: 'Clients' }),
];
const caseManagerCsv: CsvColumn<CaseManager>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'County', value: (row) => row.county },
  { header: 'Email', value: (row) => row.email },
  { header: 'Clients', value: (row) => row.clientCount },
];

function ArchivedCaseManagers() {
  const { state, setState } = useUrlState(caseManagerListQuery, { prefix: 'case-managers' });
  const query = useMemo(() => ({ ...state, archived: 'true' as const }), [state]);
  const list = useCaseManagers(query);
  const mutation = useSetCaseManagerArchived();
  const unarchive = useUnarchive(mutation, 'Case managers');
  const columns = useMemo(
    () =>
      withUnarchive(caseManagerColumns, unarchive, mutation.isPending ? mutation.variables?.id : undefined),
    [unarchive, mutation.isPending, mutation.variables],
  );
  const onPageChange = useCallback((page: number) => setState({ page }), [setState]);
  return (
    <InactiveTable
      what="case managers"
      from="Case managers"
      q={state.q}
      onSearch={(q) => setState({ q }, { replace: true })}
      label="Archived case managers"
      noun={{ one: 'archived case manager', other: 'archived case managers' }}
      columns={columns}
      rows={list.data?.items}
      total={list.data?.total}
      getRowId={(row) => row.id}
      page={state.page}
      pageSize={state.pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={(pageSize) => setState({ pageSize })}
      sortFields={caseManagerSortFields}
      sort={state.sort}
      order={state.order}
      onSortChange={(sort, order) => setState({ sort, order })}
      loading={list.isPending}
      fetching={list.isFetching}
      error={list.error ?? mutation.error ?? undefined}
      onRetry={() => void list.refetch()}
      fetchAll={() => fetchAllCaseManagers(query)}
      exportColumns={caseManagerCsv}
      exportFileName="archived-case-managers"
    />
  );
}

export function InactivePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'clients';
  const selectTab = (value: string | null) => {
    if (!isTab(value)) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === 'clients') next.delete('tab');
      else next.set('tab', value);
      return next;
    });
  };

  return (
    <PeoplePage
      title="Inactive"
      description="Archived clients, caregivers and case managers. Unarchive someone to bring them back into the active lists."
    >
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List aria-label="Archived people">
          {tabs.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="clients" pt="md">
          <ArchivedClients />
        </Tabs.Panel>
        <Tabs.Panel value="caregivers" pt="md">
          <ArchivedCaregivers />
        </Tabs.Panel>
        <Tabs.Panel value="case-managers" pt="md">
          <ArchivedCaseManagers />
        </Tabs.Panel>
      </Tabs>
    </PeoplePage>
  );
}
