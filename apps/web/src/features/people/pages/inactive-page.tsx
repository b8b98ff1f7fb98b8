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
} from '@tend/contracts';
import { DataTable, type CsvColumn, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import {
  noMatchEmpty,
  useDataTableProps,
  type TableQueryResult,
} from '../../../components/ui/table-props.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { fetchAllCaregivers, useCaregivers, useSetCaregiverArchived } from '../api/caregivers.ts';
import { fetchAllCaseManagers, useCaseManagers, useSetCaseManagerArchived } from '../api/case-managers.ts';
import { fetchAllClients, useClients, useSetClientArchived } from '../api/clients.ts';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import {
  archivedCaregiverColumns,
  archivedCaregiverCsv,
  archivedCaseManagerColumns,
  archivedCaseManagerCsv,
  archivedClientColumns,
  archivedClientCsv,
} from '../components/people-columns.tsx';
import type { PeopleListState, PersonRow, SetPeopleListState } from '../components/people-list-page.tsx';
import { FilterBar, PeoplePage } from '../components/people-page.tsx';

const tabs = [
  { value: 'clients', label: 'Clients' },
  { value: 'caregivers', label: 'Caregivers' },
  { value: 'case-managers', label: 'Case managers' },
] as const;
type TabValue = (typeof tabs)[number]['value'];
const isTab = (value: string | null): value is TabValue => tabs.some((tab) => tab.value === value);

/** Adds the "Unarchive" column (last) to a tab's columns. */
function withUnarchive<T extends PersonRow>(
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
function useUnarchive<T extends PersonRow>(mutation: UnarchiveMutation<T>, listName: string) {
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

/**
 * One kind of person on the Inactive page: its tab, names, hooks, columns and CSV. Kinds are module
 * constants, so a tab calls the same hooks on every render.
 */
interface ArchivedKind<T extends PersonRow, S extends string, Q extends PeopleListState<S>> {
  /** The tab's value, also the prefix of its URL parameters (`clients.q`). */
  tab: TabValue;
  /** "client" / "clients". */
  noun: { one: string; other: string };
  /** The page they come back to when unarchived, e.g. "Clients". */
  listName: string;
  /** The tab's state in the URL (`useUrlState` with the tab's prefix). */
  useListState: () => { state: Q; setState: SetPeopleListState<S> };
  useList: (query: Q) => TableQueryResult<T>;
  useSetArchived: () => UnarchiveMutation<T>;
  fetchAll: (query: Q) => Promise<T[]>;
  sortFields: readonly S[];
  columns: DataTableColumn<T>[];
  csv: CsvColumn<T>[];
}

/** One tab: search bar and the table of archived people of one kind, each with "Unarchive". */
function ArchivedTab<T extends PersonRow, S extends string, Q extends PeopleListState<S>>({
  kind,
}: {
  kind: ArchivedKind<T, S, Q>;
}) {
  const { noun, listName } = kind;
  const { state, setState } = kind.useListState();
  const query = useMemo(() => ({ ...state, archived: 'true' as const }), [state]);
  const list = kind.useList(query);
  const mutation = kind.useSetArchived();
  const unarchive = useUnarchive(mutation, listName);
  const columns = useMemo(
    () => withUnarchive(kind.columns, unarchive, mutation.isPending ? mutation.variables?.id : undefined),
    [kind.columns, unarchive, mutation.isPending, mutation.variables],
  );
  const table = useDataTableProps(state, setState, list, kind.sortFields);
  const onSearch = (q: string | undefined) => setState({ q }, { replace: true });
  const q = state.q;
  return (
    <>
      <FilterBar label={`Filter archived ${noun.other}`}>
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
        label={`Archived ${noun.other}`}
        noun={{ one: `archived ${noun.one}`, other: `archived ${noun.other}` }}
        columns={columns}
        error={list.error ?? mutation.error ?? undefined}
        fetchAll={() => kind.fetchAll(query)}
        exportColumns={kind.csv}
        exportFileName={`archived-${kind.tab}`}
        empty={
          q
            ? noMatchEmpty({
                title: `No archived ${noun.other} match “${q}”`,
                description: 'Try another search, or clear it to see everyone archived.',
                onClear: () => onSearch(undefined),
                clearLabel: 'Clear search',
              })
            : {
                title: `No archived ${noun.other}`,
                description: `When ${noun.other} leave your agency, archive them from the ${listName} page; they are listed here and can be unarchived.`,
              }
        }
      />
    </>
  );
}

/** Infers an `ArchivedKind`'s types from its members. */
const archivedKind = <T extends PersonRow, S extends string, Q extends PeopleListState<S>>(
  kind: ArchivedKind<T, S, Q>,
) => kind;

const archivedClients = archivedKind({
  tab: 'clients',
  noun: { one: 'client', other: 'clients' },
  listName: 'Clients',
  useListState: () => useUrlState(clientListQuery, { prefix: 'clients' }),
  useList: useClients,
  useSetArchived: useSetClientArchived,
  fetchAll: fetchAllClients,
  sortFields: clientSortFields,
  columns: archivedClientColumns,
  csv: archivedClientCsv,
});

const archivedCaregivers = archivedKind({
  tab: 'caregivers',
  noun: { one: 'caregiver', other: 'caregivers' },
  listName: 'Caregivers',
  useListState: () => useUrlState(caregiverListQuery, { prefix: 'caregivers' }),
  useList: useCaregivers,
  useSetArchived: useSetCaregiverArchived,
  fetchAll: fetchAllCaregivers,
  sortFields: caregiverSortFields,
  columns: archivedCaregiverColumns,
  csv: archivedCaregiverCsv,
});

const archivedCaseManagers = archivedKind({
  tab: 'case-managers',
  noun: { one: 'case manager', other: 'case managers' },
  listName: 'Case managers',
  useListState: () => useUrlState(caseManagerListQuery, { prefix: 'case-managers' }),
  useList: useCaseManagers,
  useSetArchived: useSetCaseManagerArchived,
  fetchAll: fetchAllCaseManagers,
  sortFields: caseManagerSortFields,
  columns: archivedCaseManagerColumns,
  csv: archivedCaseManagerCsv,
});

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
          <ArchivedTab kind={archivedClients} />
        </Tabs.Panel>
        <Tabs.Panel value="caregivers" pt="md">
          <ArchivedTab kind={archivedCaregivers} />
        </Tabs.Panel>
        <Tabs.Panel value="case-managers" pt="md">
          <ArchivedTab kind={archivedCaseManagers} />
        </Tabs.Panel>
      </Tabs>
    </PeoplePage>
  );
}
